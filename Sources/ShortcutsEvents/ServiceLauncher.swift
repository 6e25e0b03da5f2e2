import Foundation
import ShortcutsRPC

#if canImport(Glibc)
    import Glibc
#endif

extension ShortcutsEvents {
    /// The `shortcutsd` a client would start: `SHORTCUTS_SERVICE_EXECUTABLE`, the one beside
    /// this program, or the first on `PATH`; `nil` when there is none.
    public static func serviceExecutable(environment: [String: String]) -> String? {
        ServiceLauncher.executable(environment: environment)
    }
}

/// Connects to the service's socket, starting `shortcutsd` when nothing answers.
enum ServiceLauncher {
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
        let pid: pid_t
        do {
            pid = try ProcessSpawn.launch(executable, environment: environment, streams: (.null, .null, .null), newSession: true)
        } catch {
            throw ShortcutsEventsError(.serviceUnavailable, "couldn't start \(executable): \(error)")
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
}
