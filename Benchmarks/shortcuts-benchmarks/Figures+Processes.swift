import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// The processes and the socket echo `Figures` measures against.

/// A child process run to its end (or started and stopped), timed from spawn to exit.
struct Spawned {
    var seconds: Double
    var status: Int32

    /// Runs `path` with its output on /dev/null.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Spawned {
        let start = ContinuousClock.now
        let pid = try spawn(path, arguments, environment: environment, output: nil)
        let status = wait(pid)
        let elapsed = ContinuousClock.now - start
        return Spawned(
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18, status: status)
    }

    /// Runs `path` and gives what it printed.
    static func output(_ path: String, _ arguments: [String], environment: [String: String]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("figures-output-\(UUID().uuidString)").path
        defer { unlink(file) }
        let pid = try spawn(path, arguments, environment: environment, output: file)
        let status = wait(pid)
        guard status == 0 else { throw BenchmarkError("\(path) \(arguments.joined(separator: " ")) exited with \(status)") }
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    /// A process left running: the service.
    struct Running {
        let pid: pid_t

        /// Its resident memory (kilobytes) and open descriptors now.
        func resources() -> (kilobytes: Int, descriptors: Int) {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
            return (kilobytes, descriptors)
        }

        func stop() {
            kill(pid, SIGTERM)
            Spawned.wait(pid)
        }
    }

    static func start(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Running {
        Running(pid: try spawn(path, arguments, environment: environment, output: nil))
    }

    private static func spawn(_ path: String, _ arguments: [String], environment: [String: String], output: String?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard result == 0 else { throw BenchmarkError("can't start \(path): \(String(cString: strerror(result)))") }
        return pid
    }

    @discardableResult
    fileprivate static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Exited normally: its code; killed: 128 + the signal, as a shell says.
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

/// The reference for an app action's round trip: a line written to a Unix socket and read back
/// from a thread that echoes it, the least any call to another process costs.
enum SocketEcho {
    static func roundTrip(calls: Int, bytes: Int) throws -> Double {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { throw BenchmarkError("socketpair failed") }
        let (near, far) = (pair[0], pair[1])
        defer {
            close(near)
        }
        let total = calls + 50
        let echo = Thread {
            var buffer = [UInt8](repeating: 0, count: bytes)
            for _ in 0..<total {
                var got = 0
                while got < bytes {
                    let count = buffer.withUnsafeMutableBytes { read(far, $0.baseAddress! + got, bytes - got) }
                    guard count > 0 else { return }
                    got += count
                }
                _ = buffer.withUnsafeBytes { write(far, $0.baseAddress!, bytes) }
            }
            close(far)
        }
        echo.start()
        var message = [UInt8](repeating: 0x61, count: bytes)
        message[bytes - 1] = 0x0A
        var answer = [UInt8](repeating: 0, count: bytes)
        func once() {
            _ = message.withUnsafeBytes { write(near, $0.baseAddress!, bytes) }
            var got = 0
            while got < bytes {
                let count = answer.withUnsafeMutableBytes { read(near, $0.baseAddress! + got, bytes - got) }
                guard count > 0 else { return }
                got += count
            }
        }
        for _ in 0..<50 { once() }
        let timings = Timings.measure(runs: calls, warmups: 0) { once() }
        return timings.median
    }
}
