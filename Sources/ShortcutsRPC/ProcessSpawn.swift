import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts programs with `posix_spawn`, for the host's app extensions and the client's
/// `shortcutsd`: the caller says where each standard stream goes, the child gets SIGPIPE back at
/// its default (hosts ignore it) and no blocked signals, and optionally a session of its own.
/// Descriptors the caller keeps must be close-on-exec, so parallel spawns never leak them.
///
/// ```swift
/// let pid = try ProcessSpawn.launch("/usr/bin/shortcutsd", environment: environment,
///                                   streams: (.null, .null, .null), newSession: true)
/// ```
public enum ProcessSpawn {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// The same as the caller's.
        case inherited
        /// `/dev/null`.
        case null
        /// This descriptor, duplicated onto the stream.
        case descriptor(Int32)
    }

    /// Why the program couldn't start: `errno`'s code.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    /// glibc's `POSIX_SPAWN_SETSID`, which Swift doesn't see.
    private static let setSession: Int32 = 0x80

    /// Starts `executable` (a path) and returns its process id; the caller reaps it.
    public static func launch(
        _ executable: String, arguments: [String] = [], environment: [String: String],
        streams: (input: Stream, output: Stream, error: Stream), newSession: Bool = false
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), streams.input), (1, streams.output), (2, streams.error)] {
            switch stream {
            case .inherited: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        // A program started on its own keeps none of the caller's other descriptors: one it
        // held open (a pipe its parent reads to the end) would keep the parent waiting.
        if newSession { closeFrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        let flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | (newSession ? setSession : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(code: result) }
        return pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), found at run time as
    /// Swift's Glibc module doesn't declare it; without it, descriptors from `lowest` up are
    /// closed one by one up to the soft limit.
    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
            return
        }
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let highest = Int32(min(limit.rlim_cur, 65_536))
        guard highest > lowest else { return }
        for descriptor in lowest..<highest where fcntl(descriptor, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// Runs a short-lived tool to its end and gives its exit status and standard output (at most
    /// `limit` bytes are kept); its standard input and error are `/dev/null`.
    public static func output(
        _ executable: String, arguments: [String] = [], environment: [String: String], limit: Int = 1 << 20
    ) throws(Failure) -> (status: Int32, output: String) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(code: errno) }
        // Close-on-exec, so a tool started meanwhile on another thread doesn't hold the pipe open.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        do {
            pid = try launch(executable, arguments: arguments, environment: environment, streams: (.null, .descriptor(ends[1]), .null))
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        var collected = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            if collected.count < limit { collected += chunk[0..<min(count, limit - collected.count)] }
        }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exit, String(decoding: collected, as: UTF8.self))
    }
}
