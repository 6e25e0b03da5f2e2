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

    /// Calls in a row go over one connection, kept between them; an instance's connections close
    /// with it; a kept connection the service closed (it restarted) is never used.
    @Test func callsKeepTheirConnectionAndAClosedOneIsNotUsed() throws {
        let harness = try ServiceHarness()
        try harness.startService()
        let pid = try #require(harness.service?.processIdentifier)
        /// The Unix sockets the service holds: its listener and bus connections, and one per client connection.
        func serviceSockets() -> Int {
            let directory = "/proc/\(pid)/fd"
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return entries.filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0))?.hasPrefix("socket:") == true
            }
            .count
        }
        // The harness's probe connection closes a moment after it connected.
        try harness.waitUntil("the service's sockets settle") {
            let first = serviceSockets()
            usleep(100_000)
            return serviceSockets() == first
        }
        let before = serviceSockets()
        do {
            let events = ShortcutsEvents(startsService: false, environment: harness.environment)
            for number in 0..<20 { #expect(try events.run("Greet", input: "\(number)") == "Hello, \(number)!") }
            #expect(try events.shortcuts().count == 5)
            #expect(serviceSockets() == before + 1, "20 runs and a list over one connection")
        }
        try harness.waitUntil("the client's connection closes with it") { serviceSockets() == before }

        let events = ShortcutsEvents(startsService: false, environment: harness.environment)
        #expect(try events.run("Greet", input: "first") == "Hello, first!")
        harness.stopService()
        try harness.startService()
        // The kept connection is to the service that stopped: the call takes a new one.
        #expect(try events.run("Greet", input: "again") == "Hello, again!")
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
