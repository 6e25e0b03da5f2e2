import AppActions
import Foundation
import ShortcutsContent
import ShortcutsRPC

/// App extension speed against the real `soupertask` built next to this binary: the warm round
/// trip of one call (median and p99 over thousands of calls) and the cold start of one extension
/// process (spawn → `initialize` answered). Targets: 100 µs and 10 ms.
///
/// Call it from `main` as `try runExtensionBenchmarks()`; build with `swift build -c release` so
/// `soupertask` is next to `shortcuts-benchmarks`.
func runExtensionBenchmarks(calls: Int = 2_000, starts: Int = 40) throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("soupertask").path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
        throw ExtensionBenchmarkError("soupertask is not built next to this benchmark (\(executable)); run `swift build -c release`")
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("extension-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var environment = ProcessInfo.processInfo.environment
    environment["SHORTCUTS_HOME"] = scratch.path + "/home"
    environment["SOUPERTASK_DATA"] = scratch.path + "/data"
    environment["XDG_STATE_HOME"] = scratch.path + "/state"
    let manifest = try printedManifest(of: executable, environment: environment)

    let host = ExtensionHost(configuration: .init(idleSeconds: 600, callTimeoutSeconds: 30, environment: environment))
    defer { host.stopAll() }
    try host.start(manifest)

    let ping = try Timings.measure(runs: calls, warmups: 200) {
        _ = try host.call(
            manifest, method: ExtensionProtocol.Method.initialize, params: ExtensionProtocol.InitializeParams(),
            as: ExtensionProtocol.InitializeResult.self, activity: "benchmarking")
    }
    let perform = try Timings.measure(runs: calls, warmups: 200) {
        _ = try host.perform(
            manifest, .init(intent: "FindTasksIntent", parameters: ["text": .text("nothing matches")], isInteractive: false))
    }
    let cold = try Timings.measure(runs: starts, warmups: 2) {
        host.stop(manifest.bundleIdentifier)
        try host.start(manifest)
    }

    print("App extension (soupertask), warm calls over \(calls), cold starts over \(starts):")
    var table = ResultTable("measure", "median", "p99", "target", "verdict")
    func microseconds(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }
    for (name, timings) in [("warm round trip: initialize", ping), ("warm round trip: intent.perform", perform)] {
        table.add(
            name, microseconds(timings.median), microseconds(timings.percentile(0.99)), "100 µs",
            timings.median <= 100e-6 ? "met" : "missed")
    }
    table.add(
        "cold start: spawn → initialize", milliseconds(cold.median) + " ms", milliseconds(cold.percentile(0.99)) + " ms", "10 ms",
        cold.median <= 10e-3 ? "met" : "missed")
    print(table.render())
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
