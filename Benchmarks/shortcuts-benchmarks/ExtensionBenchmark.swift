import AppActions
import Foundation
import ShortcutsContent
import ShortcutsRPC

/// App extension speed, part by part, against the real apps built next to this binary: the warm
/// round trip of the smallest call (`initialize`), a perform of an intent that does nothing, one
/// that returns 100 entities, what coding that answer costs in this process (the protocol's own
/// codec, and Foundation's `JSONEncoder`/`JSONDecoder` it replaced), and the cold start of an
/// extension process (spawn → `initialize` answered) of `benchmarkapp` and `soupertask`.
///
/// Call it from `main` as `try runExtensionBenchmarks()`; build with `swift build -c release` so
/// the apps are next to `shortcuts-benchmarks`.
func runExtensionBenchmarks(calls: Int = 2_000, starts startRuns: Int = 40) throws {
    let (scratch, environment) = scratchHome("extension-benchmark")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let benchmarkApp = try printedManifest(of: try builtApp("benchmarkapp"), environment: environment)
    let souperTask = try printedManifest(of: try builtApp("soupertask"), environment: environment)

    let host = ExtensionHost(configuration: .init(idleSeconds: 600, callTimeoutSeconds: 30, environment: environment))
    defer { host.stopAll() }
    try host.start(benchmarkApp)

    let ping = try Timings.measure(runs: calls, warmups: 200) {
        _ = try host.call(
            benchmarkApp, method: ExtensionProtocol.Method.initialize, params: ExtensionProtocol.InitializeParams(),
            as: ExtensionProtocol.InitializeResult.self, activity: "benchmarking")
    }
    let nothing = try Timings.measure(runs: calls, warmups: 200) {
        _ = try host.perform(benchmarkApp, .init(intent: "DoNothingIntent", parameters: [:], isInteractive: false))
    }
    var answer = ExtensionProtocol.PerformResult(outcome: .failure)
    let list = try Timings.measure(runs: calls / 4, warmups: 50) {
        answer = try host.perform(benchmarkApp, .init(intent: "ListItemsIntent", parameters: ["count": .number(100)], isInteractive: false))
    }
    guard answer.value?.items.count == 100 else { throw ExtensionBenchmarkError("List Items gave \(answer.value?.items.count ?? 0) items") }
    let codec = try Timings.measure(runs: calls / 4, warmups: 50) {
        _ = try ExtensionProtocol.PerformResult(json: answer.jsonBytes)
    }
    let foundation = try Timings.measure(runs: calls / 4, warmups: 50) {
        _ = try JSONDecoder().decode(ExtensionProtocol.PerformResult.self, from: try JSONEncoder().encode(answer))
    }
    // Only the start is timed: spawn, until the `initialize` answer is read. Ending the one
    // before (closing its input, reaping it) happens between the timed starts.
    var cold: [(String, Timings)] = []
    for manifest in [benchmarkApp, souperTask] {
        var starts = Timings(seconds: [])
        for round in 0..<(startRuns + 2) {
            host.stop(manifest.bundleIdentifier)
            let one = try Timings.measure(runs: 1, warmups: 0) { try host.start(manifest) }
            if round >= 2 { starts.seconds += one.seconds }
        }
        cold.append((manifest.name, starts))
    }

    print("App extensions, part by part: warm calls over \(calls) (100-entity ones over \(calls / 4)), cold starts over \(startRuns):")
    var table = ResultTable("measure", "median", "p99", "target", "verdict")
    func microseconds(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }
    func row(_ name: String, _ timings: Timings, target: Double?) {
        table.add(
            name, microseconds(timings.median), microseconds(timings.percentile(0.99)), target.map(microseconds) ?? "—",
            target.map { timings.median <= $0 ? "met" : "missed" } ?? "")
    }
    row("round trip: initialize", ping, target: nil)
    row("round trip: perform Do Nothing", nothing, target: 50e-6)
    row("round trip: perform List Items (100 entities)", list, target: 150e-6)
    row("  of which the answer's coding (write + read)", codec, target: nil)
    row("  the same with JSONEncoder + JSONDecoder", foundation, target: nil)
    for (name, timings) in cold {
        table.add(
            "cold start: spawn → initialize (\(name))", milliseconds(timings.median) + " ms",
            milliseconds(timings.percentile(0.99)) + " ms", "10 ms", timings.median <= 10e-3 ? "met" : "missed")
    }
    print(table.render())
}

/// A temporary folder for a benchmark's home, apps' data and state, and the environment that
/// points there.
func scratchHome(_ name: String) -> (folder: URL, environment: [String: String]) {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    var environment = ProcessInfo.processInfo.environment
    environment["SHORTCUTS_HOME"] = scratch.path + "/home"
    environment["SOUPERTASK_DATA"] = scratch.path + "/data"
    environment["XDG_STATE_HOME"] = scratch.path + "/state"
    return (scratch, environment)
}

/// An app built next to this benchmark.
func builtApp(_ name: String) throws -> String {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
        throw ExtensionBenchmarkError("\(name) is not built next to this benchmark (\(executable)); run `swift build -c release`")
    }
    return executable
}

extension Timings {
    /// The value below which `fraction` of the runs fall (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}

/// The manifest `soupertask --print-manifest` prints.
private func printedManifest(of executable: String, environment: [String: String]) throws -> AppManifest {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--print-manifest"]
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = try output.fileHandleForReading.readToEnd() ?? Data()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ExtensionBenchmarkError("soupertask --print-manifest failed") }
    return try JSONDecoder().decode(AppManifest.self, from: data)
}

struct ExtensionBenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
