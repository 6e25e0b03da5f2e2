import Foundation
import ShortcutFormat
import ShortcutsEvents

#if canImport(Glibc)
    import Glibc
#endif

/// How soon a cancelled run stops, each way a run can be stopped, against the built
/// `shortcutsd` and `shortcuts`: from the cancel (the `runs.cancel` call, the closed socket, the
/// signal) until the caller has the run's end (its error reply, the process's exit). Runs that
/// run a script are timed only once the script's background child is there, and the child
/// must be gone afterwards. Target: 100 ms (docs/SECURITY.md).
enum CancelBenchmark {
    static let target = 0.1

    static func run(rounds count: Int) throws {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let daemon = folder.appendingPathComponent("shortcutsd").path
        let cli = folder.appendingPathComponent("shortcuts").path
        guard FileManager.default.isExecutableFile(atPath: daemon), FileManager.default.isExecutableFile(atPath: cli) else {
            throw BenchmarkError("shortcutsd and shortcuts are not built next to this benchmark; run `swift build -c release`")
        }
        let world = try World()
        defer { world.remove() }
        try world.write("Wait", [action("delay", ["WFDelayTime": .plain(.real(60))])])
        try world.write("Script", [script("sleep 60 & echo $! > \"$CHILD_FILE\"; wait")])
        try world.write("Stubborn", [script("trap '' TERM; sleep 60 & echo $! > \"$CHILD_FILE\"; wait")])

        var table = ResultTable("stopping", "median", "max", "target", "verdict")
        func add(_ name: String, _ timings: Timings) {
            let worst = timings.seconds.max() ?? .nan
            table.add(name, milliseconds(timings.median) + " ms", milliseconds(worst) + " ms", "100 ms", worst < target ? "met" : "missed")
        }

        let service = try world.startService(daemon)
        let events = ShortcutsEvents(startsService: false, environment: world.environment)
        func rounds(_ count: Int, _ stop: () throws -> Duration) throws -> Timings {
            Timings(seconds: try (0..<count).map { _ in try stop() / .seconds(1) })
        }
        for (name, label) in [("Wait", "a Wait"), ("Script", "a script"), ("Stubborn", "a script ignoring SIGTERM")] {
            add("runs.cancel, \(label)", try rounds(count) { try cancelOverSocket(name, events, world) })
        }
        add("socket closed, a script", try rounds(count) { try closeSocket(world) })
        service.terminate()
        service.waitUntilExit()

        add("SIGTERM to shortcuts run, a script ignoring it", try rounds(count) { try signalCLI(cli, world) })
        add("SIGTERM to shortcutsd, a script ignoring it", try rounds(max(3, count / 4)) { try signalService(daemon, world) })

        print("Stopping a run: from the cancel until the caller has the run's end, \(count) rounds")
        print(table.render())
    }

    /// Runs `name` with a run id on a thread, cancels it from another call, and times the cancel
    /// until the run's error.
    private static func cancelOverSocket(_ name: String, _ events: ShortcutsEvents, _ world: World) throws -> Duration {
        world.clearChild()
        let runID = UUID().uuidString
        let ended = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Thread.detachNewThread {
            do { _ = try events.run(name, runID: runID) } catch let error as ShortcutsEventsError { outcome.set(error.code) } catch {}
            ended.signal()
        }
        if name == "Wait" {
            try waitFor("the run to start") { (try? events.status().runningRuns) == 1 }
        } else {
            _ = try world.waitForChild()
        }
        let start = ContinuousClock.now
        try events.cancel(runID: runID)
        guard ended.wait(timeout: .now() + 10) == .success else { throw BenchmarkError("\(name) did not stop within 10 s") }
        let elapsed = ContinuousClock.now - start
        guard outcome.code == .cancelled else {
            throw BenchmarkError("\(name) ended with \(String(describing: outcome.code)), not cancelled")
        }
        try world.expectChildGone()
        return elapsed
    }

    /// Starts a script run on a raw socket connection and closes it; times until the script's
    /// child is gone (the run has no caller left to answer).
    private static func closeSocket(_ world: World) throws -> Duration {
        world.clearChild()
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchmarkError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(world.socketPath.utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.map { UInt8(bitPattern: $0) }) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw BenchmarkError("connect: \(String(cString: strerror(errno)))") }
        let request = #"{"jsonrpc":"2.0","id":1,"method":"shortcuts.run","params":{"shortcut":"Script"}}"# + "\n"
        _ = request.withCString { write(descriptor, $0, strlen($0)) }
        let child = try world.waitForChild()
        let start = ContinuousClock.now
        close(descriptor)
        try waitFor("the script's child to go", timeout: 10) { isGone(child) }
        return ContinuousClock.now - start
    }

    /// `shortcuts run` of a script shortcut, then SIGTERM; times until it exits.
    private static func signalCLI(_ cli: String, _ world: World) throws -> Duration {
        world.clearChild()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cli)
        process.arguments = ["run", world.home + "/Shortcuts/Stubborn.shortcut"]
        process.environment = world.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = try world.waitForChild()
        let start = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        guard process.terminationStatus == 143 else { throw BenchmarkError("shortcuts run exited \(process.terminationStatus), not 143") }
        try world.expectChildGone()
        return elapsed
    }

    /// A fresh `shortcutsd` running a script that ignores SIGTERM, then SIGTERM to the service;
    /// times until the service has exited.
    private static func signalService(_ daemon: String, _ world: World) throws -> Duration {
        world.clearChild()
        let service = try world.startService(daemon)
        let events = ShortcutsEvents(startsService: false, environment: world.environment)
        let ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? events.run("Stubborn")
            ended.signal()
        }
        _ = try world.waitForChild()
        let start = ContinuousClock.now
        kill(service.processIdentifier, SIGTERM)
        service.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        _ = ended.wait(timeout: .now() + 5)
        try world.expectChildGone()
        return elapsed
    }

    // MARK: Helpers

    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: ShortcutsEventsError.Code?
        func set(_ code: ShortcutsEventsError.Code) { lock.withLock { stored = code } }
        var code: ShortcutsEventsError.Code? { lock.withLock { stored } }
    }

    /// A scratch library, runtime folder and child-pid file for the runs.
    final class World {
        let scratch: URL
        var home: String { scratch.path + "/home" }
        var socketPath: String { scratch.path + "/runtime/shortcuts/events.sock" }
        var childFile: String { scratch.path + "/child" }
        let environment: [String: String]

        init() throws {
            scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cancel-benchmark-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: scratch.appendingPathComponent("home/Shortcuts"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: scratch.appendingPathComponent("runtime"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var environment = ProcessInfo.processInfo.environment
            environment["SHORTCUTS_HOME"] = scratch.path + "/home"
            environment["XDG_RUNTIME_DIR"] = scratch.path + "/runtime"
            environment["XDG_STATE_HOME"] = scratch.path + "/state"
            environment["SHORTCUTS_SERVICE_IDLE_SECONDS"] = "0"
            environment["SHORTCUTS_SERVICE_NO_DBUS"] = "1"
            environment["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] = "1"
            environment["CHILD_FILE"] = scratch.path + "/child"
            self.environment = environment
        }

        func remove() { try? FileManager.default.removeItem(at: scratch) }

        func write(_ name: String, _ actions: [WorkflowAction]) throws {
            try ShortcutFile.write(Workflow(actions: actions)).write(to: URL(fileURLWithPath: home + "/Shortcuts/\(name).shortcut"))
        }

        func startService(_ daemon: String) throws -> Process {
            let service = Process()
            service.executableURL = URL(fileURLWithPath: daemon)
            service.environment = environment
            service.standardOutput = FileHandle.nullDevice
            service.standardError = FileHandle.nullDevice
            try service.run()
            let events = ShortcutsEvents(startsService: false, environment: environment)
            try waitFor("shortcutsd to answer") { (try? events.status()) != nil }
            return service
        }

        func clearChild() { unlink(childFile) }

        /// The pid the script wrote, once it is there.
        func waitForChild() throws -> Int32 {
            var child: Int32 = 0
            try waitFor("the script's child to start") {
                child =
                    (try? String(contentsOfFile: childFile, encoding: .utf8)).flatMap {
                        Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
                    } ?? 0
                return child > 0
            }
            return child
        }

        func expectChildGone() throws {
            guard let text = try? String(contentsOfFile: childFile, encoding: .utf8),
                let child = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            else { return }
            try waitFor("the script's child \(child) to go", timeout: 2) { isGone(child) }
        }
    }

    private static func action(_ name: String, _ parameters: ParameterDictionary) -> WorkflowAction {
        WorkflowAction(identifier: WorkflowAction.builtinPrefix + name, parameters: parameters)
    }

    private static func script(_ text: String) -> WorkflowAction {
        action("runshellscript", ["Script": .text(TokenString(segments: [.literal(text)])), "Shell": .plain("/bin/sh")])
    }

    /// Whether a process has ended (a zombie waiting for init counts).
    static func isGone(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 && errno == ESRCH { return true }
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
        return state == "Z"
    }

    static func waitFor(_ what: String, timeout: Double = 20, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw BenchmarkError("timed out waiting for \(what)") }
            usleep(1000)
        }
    }
}
