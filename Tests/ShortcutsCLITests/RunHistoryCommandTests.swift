import Foundation
import RunHistory
import ShortcutsTestSupport
import Testing

/// The run history through the built binaries: `shortcuts run` records, `shortcuts runs` reads,
/// several writer processes at once, a writer killed mid-run, pruning, and long loops.
@Suite(.serialized)
struct RunHistoryCommandTests {
    /// The runs `shortcuts runs --json` lists.
    private func runs(_ shell: CommandRunner, _ arguments: [String] = []) throws -> [[String: Any]] {
        let listed = try shell.run(["runs", "--json", "--limit", "10000"] + arguments)
        try #require(listed.status == 0, "\(listed.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]], "\(listed.output)")
    }

    private func details(_ shell: CommandRunner, _ id: String) throws -> [String: Any] {
        let shown = try shell.run(["runs", "show", id, "--json"])
        try #require(shown.status == 0, "\(shown.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown.output)")
    }

    /// Starts `count` history-writer processes at once, each running `source` `times` times into
    /// the history under `state`, and gives each one's exit status and standard error.
    private func writers(
        _ count: Int, running source: String, times: Int, shell: CommandRunner, state: String
    ) throws -> [(status: Int32, said: String)] {
        let writer = try BuiltProducts.path(of: "history-writer")
        let environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_STATE_HOME": state, "SHORTCUTS_HOME": shell.home, "SHORTCUTS_HISTORY": "1"]
        ) { _, new in new }
        let processes = try (0..<count).map { _ -> (Process, Pipe) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: writer)
            process.arguments = [source, String(times)]
            process.environment = environment
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return (process, errors)
        }
        // Waited for by their exit, not by their pipes' end (``drainWithoutWaiting(_:)`` says why);
        // a writer says at most a few lines.
        return processes.map { process, errors in
            process.waitUntilExit()
            return (process.terminationStatus, drainWithoutWaiting(errors))
        }
    }

    @Test func aFailingRunIsListedAndShownAtTheActionThatFailed() throws {
        let shell = try CommandRunner()
        let hello = try shell.write(Data("Text \"Hello, \\(ShortcutInput)!\"\n".utf8), to: "Hello.sct")
        let fails = try shell.write(
            Data("Text \"before\"\nCalculate \"\\(ShortcutInput)\", operation: \"+\", WFMathOperand: 1\n".utf8), to: "Fails.sct")
        #expect(try shell.run(["run", hello], input: Data("Ada".utf8)).output == "Hello, Ada!\n")
        let failed = try shell.run(["run", fails], input: Data("abc".utf8))
        #expect(failed.status == 1)

        let all = try runs(shell)
        #expect(all.count == 2)
        let newest = try #require(all.first)
        #expect((newest["shortcut"] as? [String: Any])?["name"] as? String == "Fails")
        #expect(newest["status"] as? String == "failed")
        #expect(newest["trigger"] as? String == "command line")
        let error = try #require(newest["error"] as? [String: Any])
        #expect(error["actionIndex"] as? Int == 2)
        #expect(error["identifier"] as? String == "is.workflow.actions.math")
        #expect(error["parameter"] as? String == "WFInput")
        #expect((error["message"] as? String)?.contains("expected a number") == true, "\(error)")
        #expect((newest["input"] as? [String: Any])?["preview"] as? String == "abc")
        #expect(all[1]["status"] as? String == "succeeded")
        #expect((all[1]["output"] as? [String: Any])?["preview"] as? String == "Hello, Ada!")
        #expect(try runs(shell, ["--failed"]).count == 1)
        #expect(try runs(shell, ["Hello"]).count == 1)
        #expect(try runs(shell, ["--since", "1h"]).count == 2)
        #expect(try runs(shell, ["--since", "2999-01-01"]).isEmpty)

        // The trace ends at the failing step, which the text marks.
        let id = try #require(newest["id"] as? String)
        let shown = try details(shell, String(id.prefix(8)))
        let trace = try #require(shown["trace"] as? [[String: Any]])
        #expect(trace.map { $0["actionIndex"] as? Int } == [1, 2])
        #expect((trace[0]["output"] as? [String: Any])?["preview"] as? String == "before")
        let text = try shell.run(["runs", "show", String(id.prefix(6))])
        #expect(text.status == 0)
        #expect(text.output.contains("Error: action 2 (is.workflow.actions.math), parameter WFInput: expected a number"), "\(text.output)")
        #expect(text.output.contains("✗ failed here: WFInput: expected a number"), "\(text.output)")
        let listing = try shell.run(["runs"])
        #expect(listing.output.contains("failed") && listing.output.contains("action 2 (is.workflow.actions.math)"), "\(listing.output)")

        let unknown = try shell.run(["runs", "show", "nope"])
        #expect(unknown.status != 0 && unknown.error.contains("no run has the id nope"), "\(unknown.error)")
        let badSince = try shell.run(["runs", "--since", "someday"])
        #expect(badSince.status != 0 && badSince.error.contains("--since someday"), "\(badSince.error)")
    }

    @Test func theDatabaseIsTheOwnersAloneAndTheHistoryCanBeTurnedOff() throws {
        let shell = try CommandRunner()
        let hello = try shell.write(Data("Text \"hi\"\n".utf8), to: "Hello.sct")
        _ = try shell.run(["run", hello])
        let database = shell.directory.path + "/state/shortcuts/runs.sqlite"
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: shell.directory.path + "/state/shortcuts")[.posixPermissions]
        #expect((folderMode as? Int).map { $0 & 0o777 } == 0o700)

        shell.extraEnvironment["SHORTCUTS_HISTORY"] = "0"
        _ = try shell.run(["run", hello])
        shell.extraEnvironment["SHORTCUTS_HISTORY"] = nil
        #expect(try runs(shell).count == 1)

        let off = try shell.run(["settings", "--history", "off"])
        #expect(off.output.contains("Run history: off"), "\(off.output)")
        _ = try shell.run(["run", hello])
        #expect(try runs(shell).count == 1)
        shell.extraEnvironment["SHORTCUTS_HISTORY"] = "1"
        _ = try shell.run(["run", hello])
        #expect(try runs(shell).count == 2)
        shell.extraEnvironment["SHORTCUTS_HISTORY"] = nil
        _ = try shell.run(["settings", "--history", "on", "--history-limit", "previews=off"])
        _ = try shell.run(["run", hello])
        let newest = try #require(try runs(shell).first)
        #expect((newest["output"] as? [String: Any])?["type"] as? String == "Text")
        #expect((newest["output"] as? [String: Any])?["preview"] == nil)
    }

    @Test func eachShortcutKeepsItsLastRunsAsSet() throws {
        let shell = try CommandRunner()
        let one = try shell.write(Data("Text \"one\"\n".utf8), to: "One.sct")
        let two = try shell.write(Data("Text \"two\"\n".utf8), to: "Two.sct")
        let set = try shell.run(["settings", "--history-limit", "runs=3"])
        #expect(set.output.contains("the last 3 runs of each shortcut"), "\(set.output)")
        for _ in 0..<5 { _ = try shell.run(["run", one]) }
        _ = try shell.run(["run", two])
        let kept = try runs(shell)
        #expect(kept.filter { ($0["shortcut"] as? [String: Any])?["name"] as? String == "One" }.count == 3)
        #expect(kept.filter { ($0["shortcut"] as? [String: Any])?["name"] as? String == "Two" }.count == 1)
        let bad = try shell.run(["settings", "--history-limit", "runs=0"])
        #expect(bad.status != 0 && bad.error.contains("--history-limit runs=0"), "\(bad.error)")
    }

    @Test func aLongLoopKeepsItsFirstStepsAndExactCounts() throws {
        let shell = try CommandRunner()
        let loop = try shell.write(Data("Number 0\nRepeat 100000 {\n    Number 1\n}\nText \"done\"\n".utf8), to: "Loop.sct")
        #expect(try shell.run(["run", loop], timeout: 120).output == "done\n")
        let id = try #require(try runs(shell).first?["id"] as? String)
        let shown = try details(shell, id)
        // Number, Repeat, then 100,000 × (Number, End Repeat), then Text.
        #expect(shown["steps"] as? Int == 200_003)
        #expect((shown["trace"] as? [Any])?.count == 1_000)
        let profile = try #require(shown["profile"] as? [[String: Any]])
        #expect(profile.map { $0["count"] as? Int } == [1, 1, 100_000, 100_000, 1])
        #expect(profile.map { $0["actionIndex"] as? Int } == [1, 2, 3, 4, 5])
        let text = try shell.run(["runs", "show", id])
        #expect(text.output.contains("Trace (the first 1000 of 200003 steps)"), "\(text.output.prefix(600))")
        let profileLines = text.output.split(separator: "\n").drop { !$0.hasPrefix("Profile") }
        #expect(profileLines.contains { $0.contains(" number ") && $0.contains(" 100000 ") }, "\(text.output.suffix(600))")
    }

    /// Past the kept steps the profile still times every action: a second's wait is a second.
    @Test func stepsPastTheKeptOnesAreTimedInTheProfile() throws {
        let shell = try CommandRunner()
        _ = try shell.run(["settings", "--history-limit", "steps=5"])
        let slow = try shell.write(Data("Repeat 10 {\n    Number 1\n}\nWait 1\nText \"done\"\n".utf8), to: "Slow.sct")
        #expect(try shell.run(["run", slow]).output == "done\n")
        let id = try #require(try runs(shell).first?["id"] as? String)
        let shown = try details(shell, id)
        #expect((shown["trace"] as? [Any])?.count == 5)
        let profile = try #require(shown["profile"] as? [[String: Any]])
        let wait = try #require(profile.first { $0["identifier"] as? String == "is.workflow.actions.delay" })
        let milliseconds = try #require(wait["totalMilliseconds"] as? Double)
        #expect(milliseconds >= 990 && milliseconds < 1_500, "Wait 1 took \(milliseconds) ms in the profile")
        #expect(profile.first { $0["identifier"] as? String == "is.workflow.actions.number" }?["count"] as? Int == 10)
    }

    @Test func eightWritersAtOnceLoseNoRun() throws {
        let shell = try CommandRunner()
        let source = try shell.write(Data("Text \"written by \\(ShortcutInput)\"\n".utf8), to: "Writer.sct")
        // Every run of the writers is kept: the per-shortcut limit is above 1,600.
        _ = try shell.run(["settings", "--history-limit", "runs=5000"])
        for (status, said) in try writers(8, running: source, times: 200, shell: shell, state: shell.directory.path + "/state") {
            #expect(status == 0, "\(said)")
            #expect(said.isEmpty, "a writer warned: \(said)")
        }
        let all = try runs(shell)
        #expect(all.count == 1_600)
        #expect(all.allSatisfy { $0["status"] as? String == "succeeded" && $0["trigger"] as? String == "history-writer" })
        let byWriter = Dictionary(grouping: all) { ($0["output"] as? [String: Any])?["preview"] as? String ?? "" }
        #expect(byWriter.count == 8 && byWriter.values.allSatisfy { $0.count == 200 }, "\(byWriter.mapValues(\.count))")
        #expect(Set(all.compactMap { $0["id"] as? String }).count == 1_600)
    }

    /// Processes that open a new database at the same moment all record their run: the moment
    /// before one has switched it to WAL passes, and each waits it out.
    @Test func processesOpeningANewDatabaseAtOnceAllRecord() throws {
        let shell = try CommandRunner()
        let source = try shell.write(Data("Text \"first\"\n".utf8), to: "First.sct")
        for round in 0..<10 {
            let state = shell.directory.path + "/state-\(round)"
            for (_, said) in try writers(8, running: source, times: 1, shell: shell, state: state) {
                #expect(said.isEmpty, "round \(round): a writer warned: \(said)")
            }
            let history = RunHistory(path: state + "/shortcuts/runs.sqlite")
            #expect(try history.count() == 8, "round \(round)")
        }
    }

    @Test func aWriterKilledMidRunLeavesItsRunFailedAsUnfinished() throws {
        let shell = try CommandRunner()
        let slow = try shell.write(Data("Text \"start\"\nWait 60\nText \"never\"\n".utf8), to: "Slow.sct")
        let process = try shell.start(["run", slow])
        // Wait until the run's row is written (it is, before its first action).
        var running: [String: Any]?
        for _ in 0..<200 where running == nil {
            running = try runs(shell).first { $0["status"] as? String == "running" }
            if running == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let row = try #require(running, "the run never showed as running")
        #expect(row["pid"] as? Int == Int(process.processIdentifier))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        // The next process to open the history marks it.
        let after = try #require(try runs(shell).first)
        #expect(after["id"] as? String == row["id"] as? String)
        #expect(after["status"] as? String == "failed")
        let error = try #require(after["error"] as? [String: Any])
        #expect(error["code"] as? String == "unfinished")
        #expect((error["message"] as? String)?.contains("its process (pid \(process.processIdentifier)) ended") == true, "\(error)")
        // The database is whole: another run records as usual.
        _ = try shell.run(["run", try shell.write(Data("Text \"fine\"\n".utf8), to: "Fine.sct")])
        #expect(try runs(shell).first?["status"] as? String == "succeeded")
    }
}
