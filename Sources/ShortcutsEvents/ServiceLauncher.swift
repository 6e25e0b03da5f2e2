import Foundation
import ShortcutsRPC

#if canImport(Glibc)
    import Glibc
#endif

/// Connects to the service's socket, starting `shortcutsd` when nothing answers.
enum ServiceLauncher {
    /// glibc's `POSIX_SPAWN_SETSID`, which Swift doesn't see.
    private static let spawnSetSID: Int32 = 0x80

    /// The `shortcutsd` to start: `SHORTCUTS_SERVICE_EXECUTABLE`, the one beside this program,
    /// or the first on `PATH`.
    static func executable(environment: [String: String]) -> String? {
        if let configured = environment["SHORTCUTS_SERVICE_EXECUTABLE"], !configured.isEmpty { return configured }
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let beside = (own as NSString).deletingLastPathComponent + "/shortcutsd"
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin").split(separator: ":") {
            let candidate = "\(directory)/shortcutsd"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts `shortcutsd` detached (its own session, output to /dev/null) and waits up to
    /// `timeout` seconds for its socket to answer.
    static func start(socketPath: String, environment: [String: String], timeout: Double) throws(ShortcutsEventsError) -> Int32 {
        guard let executable = executable(environment: environment) else {
            throw ShortcutsEventsError(
                .serviceUnavailable,
                "shortcutsd isn't running and wasn't found (beside this program or on PATH); install it or set SHORTCUTS_SERVICE_EXECUTABLE"
            )
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, flags) in [(Int32(0), O_RDONLY), (1, O_WRONLY), (2, O_WRONLY)] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(spawnSetSID | Int32(POSIX_SPAWN_SETSIGDEF)))
        let arguments = [executable]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = withCStrings(arguments) { argv in
            withCStrings(variables) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        guard result == 0 else {
            throw ShortcutsEventsError(.serviceUnavailable, "couldn't start \(executable): \(String(cString: strerror(result)))")
        }
        // Reap it when it exits, so a long-lived client collects no zombie.
        let started = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(started, &status, 0) < 0, errno == EINTR {}
        }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let descriptor = LocalSocket.connect(to: socketPath) { return descriptor }
            if kill(pid, 0) != 0 {
                // It exited at once; another client's service may have won the race.
                if let descriptor = LocalSocket.connect(to: socketPath) { return descriptor }
            }
            usleep(5_000)
        }
        throw ShortcutsEventsError(
            .serviceUnavailable, "started \(executable), but it didn't answer on \(socketPath) within \(Int(timeout)) s")
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
