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
    /// the app quits). Without a service it does nothing; a refusal is one line on standard error.
    public static func start(
        bundleIdentifier: String, name: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        serve: @escaping @Sendable (LineChannel) async -> Void
    ) {
        Thread.detachNewThread {
            switch register(bundleIdentifier: bundleIdentifier, environment: environment) {
            case .registered(let channel):
                Task {
                    await serve(channel)
                    close(channel.input)
                }
            case .noService:
                break
            case .refused(let reason):
                try? FileHandle.standardError.write(
                    contentsOf: Data("\(name): performing intents in the extension, not in this app: \(reason)\n".utf8))
            }
        }
    }
}
