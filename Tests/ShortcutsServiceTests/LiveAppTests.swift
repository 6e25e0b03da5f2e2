import Foundation
import ShortcutsEvents
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A running `soupertask serve` registers with the real `shortcutsd`, which then performs
/// SouperTask's intents inside it (its in-memory tasks show them, no extension is started);
/// when it quits or crashes, runs fall back to the extension process.
struct LiveAppTests {
    static let bundle = "com.example.SouperTask"

    /// A service and a client for it, with "Add Task" in the library.
    private func world() throws -> (ServiceHarness, ShortcutsEvents) {
        let harness = try ServiceHarness()
        try harness.writeAddTaskShortcut()
        try harness.startService()
        return (harness, ShortcutsEvents(startsService: false, environment: harness.environment))
    }

    private func waitUntilRegistered(_ expected: [String], _ harness: ServiceHarness, _ events: ShortcutsEvents) throws {
        try harness.waitUntil("the service's registered apps are \(expected)") { (try? events.status().registeredApps) == expected }
    }

    @Test func aRunningAppPerformsItsIntentsItselfAndAfterItQuitsTheExtensionDoes() throws {
        let (harness, events) = try world()
        let app = try RunningApp(harness)
        try waitUntilRegistered([Self.bundle], harness, events)

        #expect(try events.run("Add Task", input: "Milk") == "Milk")
        try app.waitFor("performed CreateTaskIntent “Milk” in pid \(app.pid)", harness: harness)
        #expect(harness.extensionProcesses().isEmpty, "the service started SouperTask's extension")
        // The app's memory has the task, though it never reads the file again.
        try app.send("list")
        try app.waitFor("end of list", harness: harness)
        #expect(app.output.contains("  Milk\n"), "\(app.output)")
        #expect(harness.tasksFile.contains("Milk"))

        // A foreground intent's result is handed to the running app, not to a new instance.
        try harness.writeOpenTaskShortcut()
        #expect(try events.run("Open Task", input: "Milk") == "Milk")
        try app.waitFor("Showing “Milk” (OpenTaskIntent)", harness: harness)

        app.end(signal: SIGTERM)
        try waitUntilRegistered([], harness, events)
        #expect(try events.run("Add Task", input: "Eggs") == "Eggs")
        #expect(harness.extensionProcesses().count == 1)
        #expect(harness.tasksFile.contains("Milk") && harness.tasksFile.contains("Eggs"), "\(harness.tasksFile)")
        #expect(!app.output.contains("Eggs"))
    }

    @Test func anAppThatCrashesMidIntentFailsThatRunNamingItAndTheNextRunUsesTheExtension() throws {
        let (harness, events) = try world()
        let app = try RunningApp(harness)
        try waitUntilRegistered([Self.bundle], harness, events)
        try app.send("hold")
        try app.waitFor("holding the next intent", harness: harness)

        let failure = Locked<ShortcutsEventsError?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do { _ = try events.run("Add Task", input: "Bread") } catch { failure.withLock { $0 = error as? ShortcutsEventsError } }
            done.signal()
        }
        try app.waitFor("holding CreateTaskIntent in pid \(app.pid)", harness: harness)
        app.end(signal: SIGKILL)
        #expect(done.wait(timeout: .now() + 5) == .success)
        let error = try #require(failure.withLock { $0 })
        #expect(error.code == .actionFailed)
        #expect(error.message.contains("com.example.SouperTask (the running app, pid \(app.pid)) quit"), "\(error.message)")
        #expect(error.actionIndex == 1)

        try waitUntilRegistered([], harness, events)
        #expect(try events.run("Add Task", input: "Jam") == "Jam")
        #expect(harness.extensionProcesses().count == 1)
        #expect(harness.tasksFile.contains("Jam") && !harness.tasksFile.contains("Bread"), "\(harness.tasksFile)")
    }
}
