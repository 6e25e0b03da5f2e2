import Foundation
import RunHistory
import ShortcutsEngine

/// The run history's writes: 10,000 runs recorded as runs record them (a row when each starts,
/// then its end with a 5-step trace and profile, then the shortcut's runs past 100 pruned), each
/// its own transaction, in a fresh database; then listing and showing.
func runHistoryBenchmarks(runs: Int = 10_000) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let history = RunHistory(path: folder.path + "/runs.sqlite")
    let shortcuts = (0..<20).map { "Shortcut \($0)" }
    // A trace of five steps, as a short shortcut leaves.
    let program = try EngineThroughput.tracedProgram()
    let trace = RunTrace()
    _ = try program.engine.run(program.program, environment: program.environment, trace: trace)
    let identifiers = { (index: Int) in program.program.actionIdentifier(at: index) }

    let start = ContinuousClock.now
    for number in 0..<runs {
        let id = UUID().uuidString
        let shortcut = shortcuts[number % shortcuts.count]
        try history.begin(
            RunRecord(
                id: id, shortcut: shortcut, identifier: nil, fileHash: "0123456789abcdef", trigger: "benchmark", start: Date(),
                input: RunRecord.Summary(type: "Text", preview: "input \(number)")))
        try history.finish(
            id, status: .succeeded, output: RunRecord.Summary(type: "Text", preview: "output \(number)"), trace: trace,
            identifier: identifiers)
        try history.prune(keepPerShortcut: 100, keepDays: 30, shortcut: (shortcut, nil))
    }
    let written = seconds(ContinuousClock.now - start)
    let listing = try Timings.measure(runs: 50) { _ = try history.runs(RunQuery(limit: 50)) }
    let newest = try history.runs(RunQuery(limit: 1))[0].id
    let showing = try Timings.measure(runs: 50) { _ = try history.details(of: newest) }
    let size = (try? FileManager.default.attributesOfItem(atPath: history.path)[.size] as? Int) ?? 0

    print("Run history: \(grouped(Double(runs))) runs written as runs write them (begin, finish with a \(trace.totalSteps)-step trace, prune), then read")
    var table = ResultTable("measure", "value")
    table.add("runs written per second", grouped(Double(runs) / written))
    table.add("µs per run recorded", String(format: "%.1f", written / Double(runs) * 1e6))
    table.add("runs kept (20 shortcuts × 100)", grouped(Double(try history.count())))
    table.add("database size (KiB)", grouped(Double(size) / 1024))
    table.add("list 50 runs (ms, median)", String(format: "%.3f", listing.median * 1e3))
    table.add("show one run (ms, median)", String(format: "%.3f", showing.median * 1e3))
    print(table.render())
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}
