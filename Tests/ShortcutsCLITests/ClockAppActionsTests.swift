import Foundation
import ShortcutsTestSupport
import Testing

/// The Clock app's world clocks and stopwatch through the built `shortcuts`: files in
/// `$SHORTCUTS_HOME/Clock` that the test reads, and writes to set the stopwatch's past.
@Suite(.serialized) struct ClockAppActionsTests {
    let runner: CommandRunner
    var clock: String { runner.home + "/Clock" }

    init() throws {
        runner = try CommandRunner()
        runner.extraEnvironment["LANG"] = "en_GB.UTF-8"
    }

    func run(_ source: String) throws -> ProcessOutput {
        let file = try runner.write(Data("\(source)\n".utf8), to: "clock-\(UUID().uuidString).sct")
        return try runner.run(["run", file])
    }

    func now(in zone: String) throws -> String {
        let shown = try ProcessRun.run(
            "/usr/bin/python3",
            ["-c", "import datetime, zoneinfo, sys; print(datetime.datetime.now(zoneinfo.ZoneInfo(sys.argv[1])).strftime('%H:%M'))", zone])
        return shown.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func worldClocksAreCitiesByTheirTimeZones() throws {
        let added = try run(
            """
            com.apple.clock.AddWorldClockIntent city: "Tokyo"
            com.apple.clock.AddWorldClockIntent city: "new york"
            com.apple.clock.AddWorldClockIntent city: "America/Argentina/Buenos_Aires"
            city = com.apple.clock.AddWorldClockIntent city: "TOKYO"
            Text "\\(city.Name) \\(city."Time Zone")"
            """)
        #expect(added.status == 0 && added.output == "Tokyo Asia/Tokyo\n", "\(added.output) \(added.error)")
        let listed = try String(contentsOfFile: clock + "/world-clocks", encoding: .utf8)
        #expect(listed == "Asia/Tokyo\nAmerica/New_York\nAmerica/Argentina/Buenos_Aires\n")

        let before = try now(in: "Asia/Tokyo")
        let time = try run(#"com.apple.clock.GetTimeForCityIntent city: "Tokyo""#)
        let after = try now(in: "Asia/Tokyo")
        #expect(time.status == 0 && [before + "\n", after + "\n"].contains(time.output), "\(time.output) \(time.error)")

        let removed = try run(#"com.apple.clock.RemoveWorldClockIntent entities: ["New York", "Buenos Aires"]"#)
        #expect(removed.status == 0, "\(removed.error)")
        #expect(try String(contentsOfFile: clock + "/world-clocks", encoding: .utf8) == "Asia/Tokyo\n")

        let unknown = try run(#"com.apple.clock.GetTimeForCityIntent city: "Atlantis""#)
        #expect(unknown.status == 1 && unknown.error.contains("parameter city: no time zone is named after “Atlantis”"), "\(unknown.error)")
        let absent = try run(#"com.apple.clock.RemoveWorldClockIntent entities: "Paris""#)
        #expect(absent.status == 1 && absent.error.contains("parameter entities: Paris is not among the world clocks"), "\(absent.error)")
    }

    @Test func theStopwatchRunsLapsStopsAndResets() throws {
        let started = try run("com.apple.clock.StartStopwatchIntent")
        #expect(started.status == 0, "\(started.error)")
        let state = clock + "/stopwatch.json"
        let first = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any])
        #expect(first["startedAt"] is String && first["before"] as? Double == 0, "\(first)")

        // Set its start 90 s back, as if it had run that long.
        let past = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-90))
        try Data(#"{"before": 10, "laps": [], "startedAt": "\#(past)"}"#.utf8).write(to: URL(fileURLWithPath: state))
        let lapped = try run(
            """
            watch = com.apple.clock.LapStopwatchIntent
            Text "\\(watch."Elapsed Time") \\(watch."Is Running")"
            """)
        #expect(lapped.status == 0, "\(lapped.error)")
        let parts = lapped.output.split(separator: " ")
        let elapsed = try #require(Double(parts.first.map(String.init) ?? ""), "\(lapped.output)")
        #expect(elapsed >= 100 && elapsed < 160 && parts.last == "Yes\n", "\(lapped.output)")

        let stopped = try run(
            """
            watch = com.apple.clock.StopStopwatchIntent
            Text "\\(watch."Is Running")"
            """)
        #expect(stopped.status == 0 && stopped.output == "No\n", "\(stopped.output) \(stopped.error)")
        let after = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any])
        #expect(after["startedAt"] == nil && (after["before"] as? Double ?? 0) >= 100 && (after["laps"] as? [Any])?.count == 1, "\(after)")
        // Stopped, it stays stopped: a lap is refused, and a second stop changes nothing.
        let lap = try run("com.apple.clock.LapStopwatchIntent")
        #expect(lap.status == 1 && lap.error.contains("the stopwatch isn't running"), "\(lap.error)")

        let reset = try run("com.apple.clock.ResetStopwatchIntent")
        #expect(reset.status == 0, "\(reset.error)")
        let zero = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any])
        #expect(zero["before"] as? Double == 0 && (zero["laps"] as? [Any])?.isEmpty == true && zero["startedAt"] == nil, "\(zero)")
    }
}
