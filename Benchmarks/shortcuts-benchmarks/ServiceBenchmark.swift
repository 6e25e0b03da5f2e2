import CSDBusLoader
import Foundation
import ShortcutFormat
import ShortcutsEvents

/// Shortcuts Events speed against the real `shortcutsd` built next to this binary, in a private
/// D-Bus session: the round trip of one run of a one-action shortcut over the Unix socket (the
/// Swift client) and over D-Bus (sd-bus), and runs per second from 16 concurrent socket clients.
/// Target: each round trip under 1 ms.
func runServiceBenchmarks(calls: Int = 500, seconds: Double = 3) throws {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let daemon = folder.appendingPathComponent("shortcutsd").path
    guard FileManager.default.isExecutableFile(atPath: daemon) else {
        throw BenchmarkError("shortcutsd is not built next to this benchmark; run `swift build -c release`")
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("service-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch.appendingPathComponent("home/Shortcuts"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: scratch.appendingPathComponent("runtime"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let hello = Workflow(actions: [
        WorkflowAction(identifier: "is.workflow.actions.gettext", parameters: ["WFTextActionText": .plain("Hello")])
    ])
    try ShortcutFile.write(hello).write(to: scratch.appendingPathComponent("home/Shortcuts/Hello.shortcut"))

    let bus = try PrivateSessionBus()
    defer { bus.stop() }
    var environment = ProcessInfo.processInfo.environment
    environment["SHORTCUTS_HOME"] = scratch.path + "/home"
    environment["XDG_RUNTIME_DIR"] = scratch.path + "/runtime"
    // The runs are recorded, as a user's are, in the scratch folder's history.
    environment["XDG_STATE_HOME"] = scratch.path + "/state"
    environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
    environment["SHORTCUTS_SERVICE_IDLE_SECONDS"] = "0"
    let service = Process()
    service.executableURL = URL(fileURLWithPath: daemon)
    service.environment = environment
    service.standardError = FileHandle.nullDevice
    try service.run()
    defer {
        service.terminate()
        service.waitUntilExit()
    }

    let events = ShortcutsEvents(startsService: false, environment: environment)
    let ready = Date().addingTimeInterval(10)
    while (try? events.run("Hello")) != "Hello" {
        guard Date() < ready else { throw BenchmarkError("shortcutsd did not answer within 10 s") }
        Thread.sleep(forTimeInterval: 0.02)
    }
    let socket = try Timings.measure(runs: calls, warmups: 50) { _ = try events.run("Hello") }

    setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
    var connection: UnsafeMutableRawPointer?
    guard ssd_open_user(&connection) >= 0, let connection else { throw BenchmarkError("can't open the private session bus") }
    defer { ssd_close(connection) }
    let dbus = try Timings.measure(runs: calls, warmups: 50) {
        var result: UnsafeMutablePointer<CChar>?
        var message = [CChar](repeating: 0, count: 256)
        let code = ssd_call_string2(
            connection, "org.swiftshortcuts.Events", "/org/swiftshortcuts/Events", "org.swiftshortcuts.Events1",
            "RunShortcut", "Hello", "", &result, &message, message.count)
        defer { free(result) }
        guard code >= 0, result.map({ String(cString: $0) }) == "Hello" else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw BenchmarkError("RunShortcut over D-Bus failed: \(text)")
        }
    }

    let completed = LockedCounter()
    let clientEnvironment = environment
    let deadline = Date().addingTimeInterval(seconds)
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
        let client = ShortcutsEvents(startsService: false, environment: clientEnvironment)
        while Date() < deadline {
            if (try? client.run("Hello")) == "Hello" { completed.add() }
        }
    }

    print("Shortcuts Events (shortcutsd), one-action shortcut, \(calls) runs each:")
    var table = ResultTable("measure", "median", "p99", "target", "verdict")
    for (name, timings) in [("run over the Unix socket", socket), ("run over D-Bus", dbus)] {
        table.add(
            name, milliseconds(timings.median) + " ms", milliseconds(timings.percentile(0.99)) + " ms", "1 ms",
            timings.median < 1e-3 ? "met" : "missed")
    }
    print(table.render())
    print("16 concurrent socket clients: \(grouped(Double(completed.value) / seconds)) runs/s")
}

/// A `dbus-daemon --session` of our own, ended when the benchmark ends.
struct PrivateSessionBus {
    let address: String
    let pid: Int32

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
            throw BenchmarkError("dbus-daemon is not installed (apt-get install dbus-daemon)")
        }
        // The forked daemon would hold a pipe open forever, so it prints into a file.
        let printed = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: printed) }
        // Foundation's Process waits on descriptors the forked daemon inherits, so `system` starts it.
        guard system("/usr/bin/dbus-daemon --session --fork --print-address=1 --print-pid=1 > '\(printed.path)' 2>/dev/null") == 0 else {
            throw BenchmarkError("dbus-daemon did not start")
        }
        let lines = ((try? String(contentsOf: printed, encoding: .utf8)) ?? "").split(separator: "\n")
        guard lines.count >= 2, let pid = Int32(lines[1]) else { throw BenchmarkError("dbus-daemon did not start") }
        address = String(lines[0])
        self.pid = pid
    }

    /// dbus-daemon ignores SIGTERM here, so it is killed.
    func stop() { kill(pid, SIGKILL) }
}

/// A counter shared by threads.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
