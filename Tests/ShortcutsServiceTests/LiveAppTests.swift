import Foundation
import ShortcutsEvents
import ShortcutsTestSupport
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
        // The app lists the task it made.
        try app.send("list")
        try app.waitFor("end of list", harness: harness)
        #expect(app.output.contains("  Milk\n"), "\(app.output)")
        #expect(harness.tasks.contains("Milk"))
        // A task an extension process makes (the command line runs shortcuts itself) is in the
        // running app's list at once: both use the one database.
        let performed = try harness.run(
            try BuiltProducts.path(of: "shortcuts"),
            ["perform", "com.example.SouperTask.CreateTaskIntent", "--set", "title=Tea", "--set", "dueDate=2031-05-05T09:00:00Z"])
        #expect(performed.status == 0, "\(performed.error)")
        try app.send("list")
        try app.waitFor("  Tea\n", harness: harness)

        // A foreground intent's result is handed to the running app, not to a new instance.
        try harness.writeOpenTaskShortcut()
        #expect(try events.run("Open Task", input: "Milk") == "Milk")
        try app.waitFor("Showing “Milk” (OpenTaskIntent)", harness: harness)

        app.end(signal: SIGTERM)
        try waitUntilRegistered([], harness, events)
        #expect(try events.run("Add Task", input: "Eggs") == "Eggs")
        #expect(harness.extensionProcesses().count == 1)
        #expect(harness.tasks.contains("Milk") && harness.tasks.contains("Eggs"), "\(harness.tasks)")
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
        #expect(harness.tasks.contains("Jam") && !harness.tasks.contains("Bread"), "\(harness.tasks)")
    }
}

/// A running app stays connected: when `shortcutsd` stops and starts again, the app registers
/// again by itself and performs the service's intents in its own process, not in an extension.
struct LiveAppReconnectionTests {
    @Test(arguments: [SIGTERM, SIGKILL])
    func aRunningAppRegistersAgainWhenTheServiceRestarts(_ signal: Int32) throws {
        let harness = try ServiceHarness()
        try harness.writeAddTaskShortcut()
        try harness.startService()
        let events = ShortcutsEvents(startsService: false, environment: harness.environment)
        let app = try RunningApp(harness)
        try harness.waitUntil("SouperTask is registered") { (try? events.status().registeredApps) == [LiveAppTests.bundle] }

        harness.stopService(signal: signal)
        try harness.startService()
        try harness.waitUntil("SouperTask registered again after the restart (\(harness.log))") {
            (try? events.status().registeredApps) == [LiveAppTests.bundle]
        }
        #expect(try events.run("Add Task", input: "Soup") == "Soup")
        try app.waitFor("performed CreateTaskIntent “Soup” in pid \(app.pid)", harness: harness)
        #expect(harness.extensionProcesses().isEmpty, "the restarted service started SouperTask's extension")
    }

    /// A short command of the same app (`soupertask list`) registering and quitting hands the
    /// intents back to the app that serves.
    @Test func aShortCommandOfTheSameAppHandsTheIntentsBack() throws {
        let harness = try ServiceHarness()
        try harness.writeAddTaskShortcut()
        try harness.startService()
        let events = ShortcutsEvents(startsService: false, environment: harness.environment)
        let app = try RunningApp(harness)
        try harness.waitUntil("SouperTask is registered") { (try? events.status().registeredApps) == [LiveAppTests.bundle] }
        let listed = try harness.run(try BuiltProducts.path(of: "soupertask"), ["list"])
        #expect(listed.status == 0)
        // The command may quit before it registers; if it did register, the service gives the
        // intents back to the serving app when it goes away.
        try harness.waitUntil("the serving app performs the intents again (\(harness.log))") {
            let log = harness.log
            return log.components(separatedBy: "registered;").count == 2 || log.contains("pid \(app.pid) performs its intents again")
        }
        #expect(try events.run("Add Task", input: "Rice") == "Rice")
        try app.waitFor("performed CreateTaskIntent “Rice” in pid \(app.pid)", harness: harness)
    }
}
