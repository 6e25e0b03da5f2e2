import Foundation
import ShortcutsRPC
import ShortcutsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private world for one test: a library in a ``TemporaryHome``, a runtime directory,
/// optionally a private D-Bus session, and the built `shortcutsd` as a real process.
/// Everything it starts it kills.
final class ServiceHarness: @unchecked Sendable {
    let temporary: TemporaryHome
    var directory: String { temporary.directory.path }
    var home: String { temporary.home }
    var runtime: String { directory + "/run" }
    var socketPath: String { runtime + "/shortcuts/events.sock" }
    var logPath: String { directory + "/shortcutsd.log" }
    private(set) var busAddress: String?
    private var bus: Process?
    /// A second private bus standing in for the system bus, and the mocks on it.
    private var others: [Process] = []
    private(set) var service: Process?
    /// Variables added to (or overriding) the environment.
    var extra: [String: String] = [:]

    /// Whether the tests can start a private bus.
    static let hasDBus = FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")

    init() throws {
        // Short, so the socket path fits in sun_path.
        temporary = try TemporaryHome(prefix: "svc")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try TestLibrary.write(to: home)
    }

    deinit {
        stopService()
        for process in ([bus].compactMap { $0 } + others.reversed()) where process.isRunning {
            // dbus-daemon ignores SIGTERM here; it holds nothing worth a clean exit.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Starts a private bus that the service and clients take for the system bus
    /// (`DBUS_SYSTEM_BUS_ADDRESS`), for the system services' mocks.
    func startSystemBus() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        others.append(process)
        var address = Data()
        while !address.contains(0x0A), let chunk = try output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty {
            address.append(chunk)
        }
        extra["DBUS_SYSTEM_BUS_ADDRESS"] = String(decoding: address, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts one of python3-dbusmock's templates (`networkmanager`, `upower`) on the system
    /// bus and waits until it owns its name.
    func startMock(_ template: String, name: String, system: Bool = true, parameters: String? = nil) throws {
        try startMock(arguments: ["--template", template] + (parameters.map { ["--parameters", $0] } ?? []), name: name, system: system)
    }

    /// Starts python3-dbusmock with `arguments` (a template, or a bus name, path and interface
    /// of a bare mock) on the system or session bus and waits until it owns `name`.
    func startMock(arguments: [String], name: String, system: Bool = true) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "dbusmock", system ? "--system" : "--session"] + arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        others.append(process)
        try waitUntil("the mock owns \(name)") {
            let owned = try? run(
                "/usr/bin/gdbus",
                [
                    "call", system ? "--system" : "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                    "--method",
                    "org.freedesktop.DBus.NameHasOwner", name,
                ])
            return owned?.output.contains("true") == true
        }
    }

    /// Starts a program that runs until the harness ends; returns what it has printed so far
    /// (standard output and error), line by line, whenever it is asked.
    func startProcess(_ executable: String, _ arguments: [String]) throws -> () -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let printed = directory + "/process-\(others.count).out"
        _ = FileManager.default.createFile(atPath: printed, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: printed)
        process.standardError = process.standardOutput
        try process.run()
        others.append(process)
        return { ((try? String(contentsOfFile: printed, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
    }

    /// Starts a Python script with /usr/bin/python3 (unbuffered), as ``startProcess(_:_:)`` does.
    func startPython(_ script: String) throws -> () -> [String] {
        try startProcess("/usr/bin/python3", ["-u", "-c", script])
    }

    /// Whether python3-dbusmock is installed.
    static let hasDBusMock = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/__init__.py")

    /// The environment the service and clients see: the temporary home's, with a runtime
    /// directory of its own and the private bus (or none).
    var environment: [String: String] {
        var environment = temporary.environment
        for key in ["SHORTCUTS_SERVICE_SOCKET", "SHORTCUTS_SERVICE_ALLOWED_CLIENTS", "DBUS_SESSION_BUS_ADDRESS"] {
            environment[key] = nil
        }
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["XDG_CONFIG_HOME"] = directory + "/config"
        environment["SHORTCUTS_SERVICE_EXECUTABLE"] = try? BuiltProducts.path(of: "shortcutsd")
        if let busAddress { environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress } else { environment["SHORTCUTS_SERVICE_NO_DBUS"] = "1" }
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Starts a private session bus (`dbus-daemon --session --nofork`), killed with the harness.
    func startBus() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        // What the bus passes on to the services it activates.
        var busEnvironment = environment
        busEnvironment["SHORTCUTS_SERVICE_NO_DBUS"] = nil
        process.environment = busEnvironment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        bus = process
        var address = Data()
        while !address.contains(0x0A), let chunk = try output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty {
            address.append(chunk)
        }
        busAddress = String(decoding: address, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts the built `shortcutsd` and waits until its socket answers.
    func startService() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltProducts.path(of: "shortcutsd"))
        process.environment = environment
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        service = process
        try waitUntil("shortcutsd answers on \(socketPath)") { self.connects() || !process.isRunning }
        #expect(process.isRunning, "shortcutsd exited at start: \(log)")
        if busAddress != nil { try waitUntil("shortcutsd is on the bus") { self.log.contains("session bus") } }
    }

    /// Sends SIGTERM (or `signal`) and waits for the service to exit.
    func stopService(signal number: Int32 = SIGTERM) {
        guard let service, service.isRunning else { return }
        kill(service.processIdentifier, number)
        service.waitUntilExit()
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Whether something answers on the socket.
    func connects() -> Bool {
        guard let descriptor = LocalSocket.connect(to: socketPath) else { return false }
        close(descriptor)
        return true
    }

    /// Polls `condition` every 10 ms for up to `timeout` seconds; records an issue when it never holds.
    func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            usleep(10_000)
        }
        Issue.record("timed out waiting until \(what)")
        throw TimedOut()
    }

    struct TimedOut: Error {}

    /// Runs a program in the harness's environment and returns what it printed.
    func run(_ executable: String, _ arguments: [String], timeout: Double = 30) throws -> ProcessOutput {
        try ProcessRun.run(executable, arguments, environment: environment, timeout: timeout)
    }

    /// Runs a Python script with /usr/bin/python3 (the one with python3-dbus).
    func python(_ script: String, _ arguments: [String] = []) throws -> ProcessOutput {
        try run("/usr/bin/python3", ["-c", script] + arguments)
    }
}
