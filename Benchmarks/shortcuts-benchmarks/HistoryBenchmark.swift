import Dispatch
import Foundation
import RunHistory
import ShortcutsEngine

/// The run history's writes: 10,000 runs recorded as runs record them (a row when each starts,
/// then its end with a 5-step trace and profile, and the shortcut's runs past 100 pruned), once
/// each change at once as the command line does, once through the service's batching writer
/// from 4 threads, each in a fresh database; then listing and showing.
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

    let template = RunEnding(id: "", status: .succeeded, trace: trace, identifier: identifiers)
    @Sendable func record(_ number: Int) -> (begin: RunRecord, end: RunEnding) {
        let id = UUID().uuidString
        let shortcut = shortcuts[number % shortcuts.count]
        let begin = RunRecord(
            id: id, shortcut: shortcut, identifier: nil, fileHash: "0123456789abcdef", trigger: "benchmark", start: Date(),
            input: RunRecord.Summary(type: "Text", preview: "input \(number)"))
        var end = template
        end.id = id
        end.end = Date()
        end.output = RunRecord.Summary(type: "Text", preview: "output \(number)")
        end.retention = .init(keepPerShortcut: 100, keepDays: 30, shortcut: shortcut, identifier: nil)
        return (begin, end)
    }
    // As the command line records its run: each change written at once.
    let start = ContinuousClock.now
    for number in 0..<runs {
        let run = record(number)
        try history.begin(run.begin)
        try history.finish(run.end)
    }
    let written = seconds(ContinuousClock.now - start)
    // As the service records its runs: 4 threads hand them to the writer, which batches them.
    let batched = RunHistory(path: folder.path + "/batched.sqlite")
    let writer = HistoryWriter.shared(for: batched, warn: { print("warning: \($0)") })
    let batchStart = ContinuousClock.now
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for number in stride(from: thread, to: runs, by: 4) {
            let run = record(number)
            writer.submit(.begin(run.begin))
            writer.submit(.finish(run.end))
        }
    }
    let handedIn = seconds(ContinuousClock.now - batchStart)
    writer.flush()
    let batchWritten = seconds(ContinuousClock.now - batchStart)
    guard try batched.count() == 2_000 else { throw BenchmarkError("the writer kept \(try batched.count()) runs, expected 2,000") }
    let listing = try Timings.measure(runs: 50) { _ = try history.runs(RunQuery(limit: 50)) }
    let newest = try history.runs(RunQuery(limit: 1))[0].id
    let showing = try Timings.measure(runs: 50) { _ = try history.details(of: newest) }
    let size = (try? FileManager.default.attributesOfItem(atPath: history.path)[.size] as? Int) ?? 0

    print(
        "Run history: \(grouped(Double(runs))) runs recorded (a row when each starts; its end, a \(trace.totalSteps)-step trace "
            + "and pruning when it ends), at once and through the service's writer, then read")
    var table = ResultTable("measure", "value")
    table.add("at once (command line): runs per second", grouped(Double(runs) / written))
    table.add("at once: µs per run", String(format: "%.1f", written / Double(runs) * 1e6))
    table.add("writer (service), 4 threads: runs per second", grouped(Double(runs) / batchWritten))
    table.add("writer: µs per run on the run's thread", String(format: "%.2f", handedIn / Double(runs) * 1e6))
    table.add("runs kept (20 shortcuts × 100)", grouped(Double(try history.count())))
    table.add("database size (KiB)", grouped(Double(size) / 1024))
    table.add("list 50 runs (ms, median)", String(format: "%.3f", listing.median * 1e3))
    table.add("show one run (ms, median)", String(format: "%.3f", showing.median * 1e3))
    print(table.render())
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}
