import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private world for one test: a library, a runtime directory, optionally a private D-Bus
/// session, and the built `shortcutsd` as a real process. Everything it starts it kills.
final class ServiceHarness: @unchecked Sendable {
    let directory: String
    var home: String { directory + "/home" }
    var runtime: String { directory + "/run" }
    var socketPath: String { runtime + "/shortcuts/events.sock" }
    var logPath: String { directory + "/shortcutsd.log" }
    private(set) var busAddress: String?
    private var bus: Process?
    private(set) var service: Process?
    var extra: [String: String] = [:]

    /// Whether the tests can start a private bus.
    static let hasDBus = FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")

    init() throws {
        // Short, so the socket path fits in sun_path.
        directory = "/tmp/svc-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try TestLibrary.write(to: home)
    }

    deinit {
        stopService()
        if let bus, bus.isRunning {
            // dbus-daemon ignores SIGTERM here; it holds nothing worth a clean exit.
            kill(bus.processIdentifier, SIGKILL)
            bus.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The environment the service and clients see.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["SHORTCUTS_ALLOW_RUNNING_SCRIPTS", "SHORTCUTS_SERVICE_SOCKET", "SHORTCUTS_SERVICE_ALLOWED_CLIENTS", "DBUS_SESSION_BUS_ADDRESS"] {
            environment[key] = nil
        }
        environment["SHORTCUTS_HOME"] = home
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["XDG_DATA_HOME"] = directory + "/data"
        environment["XDG_CONFIG_HOME"] = directory + "/config"
        environment["XDG_DATA_DIRS"] = directory + "/system"
        environment["SHORTCUTS_NO_APP_LAUNCH"] = "1"
        environment["SHORTCUTS_SERVICE_EXECUTABLE"] = try? Self.binary("shortcutsd")
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
        process.executableURL = URL(fileURLWithPath: try Self.binary("shortcutsd"))
        process.environment = environment
        FileManager.default.createFile(atPath: logPath, contents: nil)
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
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(socketPath.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
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

    /// Runs a program with arguments and returns its status, standard output and standard error.
    func run(_ executable: String, _ arguments: [String], timeout: Double = 30) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = Reader(output.fileHandleForReading), errorData = Reader(error.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("\(executable) \(arguments) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        return (process.terminationStatus, outputData.text, errorData.text)
    }

    /// Runs a Python script with /usr/bin/python3 (the one with python3-dbus).
    func python(_ script: String, _ arguments: [String] = []) throws -> (status: Int32, output: String, error: String) {
        try run("/usr/bin/python3", ["-c", script] + arguments)
    }

    /// A binary built next to the test bundle.
    static func binary(_ name: String) throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        Issue.record("\(name) was not found next to the test bundle; build it with `swift build` first")
        throw TimedOut()
    }
}

/// Reads a pipe to its end on a thread of its own.
final class Reader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = (try? handle.readToEnd()) ?? Data()
            done.signal()
        }
    }

    var text: String {
        done.wait()
        done.signal()
        return String(decoding: data, as: UTF8.self)
    }
}
