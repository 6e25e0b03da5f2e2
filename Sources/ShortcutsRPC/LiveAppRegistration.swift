import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How a running app offers to perform its own intents: it connects to the Shortcuts Events
/// service, sends `apps.register`, and from then on serves the extension protocol on that
/// connection, the service being the host (docs/SERVICE.md). Both app SDKs use it.
///
/// ```swift
/// LiveAppRegistration.start(bundleIdentifier: "com.example.SouperTask", name: "SouperTask") { channel in
///     await IntentServer(bundleIdentifier: "com.example.SouperTask", intents: intents).serve(channel)
/// }
/// ```
public enum LiveAppRegistration {
    /// What registering came to.
    public enum Outcome: Sendable {
        /// The service took the app; the channel carries the extension protocol.
        case registered(LineChannel)
        /// No service answers on the socket (nothing to do: calls go to the app's extension).
        case noService
        /// The service answered with an error, or didn't answer in time.
        case refused(String)
    }

    /// Registers the app with the service the environment points at, waiting at most `timeout`
    /// seconds for its answer. Never starts the service.
    public static func register(
        bundleIdentifier: String, environment: [String: String] = ProcessInfo.processInfo.environment, timeout: Double = 5
    ) -> Outcome {
        guard let descriptor = LocalSocket.connect(to: EventsProtocol.socketPath(in: environment)) else { return .noService }
        let channel = LineChannel(input: descriptor, output: descriptor)
        let answer: Data
        do {
            let request = JSONRPC.Request(
                id: .number(1), method: EventsProtocol.Method.registerApp,
                params: EventsProtocol.RegisterParams(bundleIdentifier: bundleIdentifier))
            try channel.writeLine(try JSONRPC.encode(request))
            answer = try channel.readLine(timeout: timeout)
        } catch {
            close(descriptor)
            return .refused("shortcutsd didn't answer the registration: \(error)")
        }
        if let error = (try? JSONRPC.decode(JSONRPC.Envelope.self, from: answer))?.error {
            close(descriptor)
            return .refused(error.message)
        }
        return .registered(channel)
    }

    /// Registers on a thread of its own, so the app's start isn't delayed, and when the service
    /// takes the app runs `serve` with the connection until it returns (the service went away or
    /// the app quits). A refusal is one line on standard error.
    ///
    /// While the app runs it stays registered: when there is no service, or the connection ends
    /// because the service stopped (SIGTERM, a crash, a restart), it watches the socket and
    /// registers again as soon as a service listens there, so its intents keep running in the
    /// app rather than in a fresh extension.
    public static func start(
        bundleIdentifier: String, name: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        serve: @escaping @Sendable (LineChannel) async -> Void
    ) {
        let socketPath = EventsProtocol.socketPath(in: environment)
        Thread.detachNewThread {
            var pause = 0.05
            while true {
                switch register(bundleIdentifier: bundleIdentifier, environment: environment) {
                case .registered(let channel):
                    let started = Date()
                    let ended = DispatchSemaphore(value: 0)
                    Task {
                        await serve(channel)
                        close(channel.input)
                        ended.signal()
                    }
                    ended.wait()
                    // A service that takes the app and drops it at once is not asked again in a spin.
                    pause = Date().timeIntervalSince(started) > 1 ? 0.05 : min(pause * 2, 2)
                case .noService:
                    break
                case .refused(let reason):
                    try? FileHandle.standardError.write(
                        contentsOf: Data("\(name): performing intents in the extension, not in this app: \(reason)\n".utf8))
                    return
                }
                usleep(useconds_t(pause * 1_000_000))
                SocketWatch.waitForListener(at: socketPath)
            }
        }
    }
}

/// Waits for a service to listen on a Unix socket: woken by inotify when the socket file is made
/// in its folder, and checking every couple of seconds besides (the folder may not exist yet, or
/// a socket-activated service's socket is there all along).
enum SocketWatch {
    static func waitForListener(at path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let watcher = inotify_init1(Int32(IN_CLOEXEC))
        defer { if watcher >= 0 { close(watcher) } }
        if watcher >= 0 { _ = inotify_add_watch(watcher, folder, UInt32(IN_CREATE | IN_MOVED_TO | IN_ATTRIB)) }
        while !listens(at: path) {
            guard watcher >= 0 else {
                usleep(500_000)
                continue
            }
            var descriptor = pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 2000) > 0 else { continue }
            // Any event in the folder is a reason to look; whether it was the socket, connecting tells.
            var events = [UInt8](repeating: 0, count: 4096)
            _ = events.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
        }
    }

    private static func listens(at path: String) -> Bool {
        guard let descriptor = LocalSocket.connect(to: path) else { return false }
        close(descriptor)
        return true
    }
}
