import Foundation
import ShortcutsEvents
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The Swift client library against the real service.
struct ClientLibraryTests {
    @Test func listsFindsRunsAndTypesItsErrors() throws {
        let harness = try ServiceHarness()
        try harness.startService()
        let events = ShortcutsEvents(startsService: false, environment: harness.environment)
        #expect(try events.shortcuts().map(\.name) == ["Greet", "Nap", "Report", "Script", "Slow"])
        #expect(try events.folders() == [ShortcutsEvents.Folder(name: "Work", shortcutCount: 1)])
        let report = try #require(try events.shortcut(named: "report"))
        #expect(report.folder == "Work" && report.actionCount == 1 && report.acceptsInput)
        #expect(try events.shortcut(named: report.identifier)?.name == "Report")
        #expect(try events.run(report.identifier, input: "Id") == "Hello, Id!")

        let input = harness.directory + "/in.txt"
        try Data("File".utf8).write(to: URL(fileURLWithPath: input))
        let outputs = try events.run("Greet", inputPaths: [input])
        #expect(outputs.count == 1)
        #expect(try String(contentsOfFile: outputs[0], encoding: .utf8) == "Hello, File!")

        let notFound = #expect(throws: ShortcutsEventsError.self) { try events.run("Nope") }
        #expect(notFound?.code == .notFound)
        let failed = #expect(throws: ShortcutsEventsError.self) { try events.run("Script") }
        #expect(failed?.code == .actionFailed)
        #expect(failed?.actionIndex == 2 && failed?.actionIdentifier == "is.workflow.actions.runshellscript")
        #expect(failed?.message.contains("action 2") == true)
    }

    @Test func runsInParallelAndCancels() throws {
        let harness = try ServiceHarness()
        try harness.startService()
        let events = ShortcutsEvents(startsService: false, environment: harness.environment)
        // Eight runs at once, each answered with its own output.
        let outputs = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let output = (try? events.run("Nap")) ?? "failed"
            outputs.withLock { $0.append(output) }
        }
        #expect(outputs.withLock { $0 } == Array(repeating: "slept", count: 8))

        let failure = Locked<ShortcutsEventsError?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                _ = try events.run("Slow", runID: "slow-1")
            } catch {
                failure.withLock { $0 = error as? ShortcutsEventsError }
            }
            done.signal()
        }
        try harness.waitUntil("the slow run starts") { (try? events.status().runningRuns) == 1 }
        #expect(try events.cancel(runID: "slow-1"))
        #expect(done.wait(timeout: .now() + 3) == .success)
        #expect(failure.withLock { $0 }?.code == .cancelled)
    }

    @Test func startsTheServiceWhenItIsNotRunning() throws {
        let harness = try ServiceHarness()
        harness.extra["SHORTCUTS_SERVICE_IDLE_SECONDS"] = "1"
        let events = ShortcutsEvents(environment: harness.environment)
        #expect(try events.run("Greet", input: "Started") == "Hello, Started!")
        let pid = try events.status().processIdentifier
        #expect(pid != getpid() && kill(pid, 0) == 0)
        // It exits by itself after the idle period.
        try harness.waitUntil("the started service exits when idle") { kill(pid, 0) != 0 }
    }

    @Test func refusesAProgramNotOnTheAllowListAndLogsIt() throws {
        let harness = try ServiceHarness()
        harness.extra["SHORTCUTS_SERVICE_ALLOWED_CLIENTS"] = "/usr/bin/true"
        try harness.startService()
        let events = ShortcutsEvents(startsService: false, environment: harness.environment)
        let refused = #expect(throws: ShortcutsEventsError.self) { try events.run("Greet") }
        #expect(refused?.code == .denied)
        #expect(refused?.message.contains("is not in the allowed clients") == true)
        #expect(harness.log.contains("refused shortcuts.run from"), "\(harness.log)")
    }
}

/// A value shared between threads.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
}
