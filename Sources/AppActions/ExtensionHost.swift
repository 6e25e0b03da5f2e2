import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs apps' extensions: one warm process per app, started on the first call, kept for later
/// calls, and ended after it has been idle a while or when this process exits. An app that is
/// running and registered with the service is called over its own connection instead
/// (``attach(bundleIdentifier:channel:processIdentifier:)``).
///
/// Every call has a timeout. An extension that exits mid-call or hangs (it is killed) gives an
/// ``ExtensionError`` naming the app and what it was doing; the next call starts it again.
/// Calls to one app are serialized; calls to different apps run in parallel.
///
/// ```swift
/// let host = ExtensionHost()
/// let result = try host.perform(manifest, ExtensionProtocol.PerformParams(
///     intent: "CreateTaskIntent", parameters: ["title": .text("Milk")], isInteractive: false))
/// ```
/// Unchecked `Sendable`: its connections table is under `lock`; each connection serializes its own calls.
public final class ExtensionHost: @unchecked Sendable {
    /// How long extensions stay warm and how long a call may take.
    public struct Configuration: Sendable {
        /// Seconds an idle extension stays running (`SHORTCUTS_EXTENSION_IDLE_SECONDS`, default 30).
        public var idleSeconds: Double
        /// Seconds one call may take before the extension is killed (`SHORTCUTS_EXTENSION_TIMEOUT_SECONDS`, default 30).
        public var callTimeoutSeconds: Double
        /// The environment extensions start with.
        public var environment: [String: String]

        public init(
            idleSeconds: Double = 30, callTimeoutSeconds: Double = 30, environment: [String: String] = ProcessInfo.processInfo.environment
        ) {
            self.idleSeconds = idleSeconds
            self.callTimeoutSeconds = callTimeoutSeconds
            self.environment = environment
        }

        /// The settings the environment gives, falling back to the defaults.
        public init(environment: [String: String]) {
            func seconds(_ key: String) -> Double? {
                environment[key].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
            }
            self.init(
                idleSeconds: seconds("SHORTCUTS_EXTENSION_IDLE_SECONDS") ?? 30,
                callTimeoutSeconds: seconds("SHORTCUTS_EXTENSION_TIMEOUT_SECONDS") ?? 30,
                environment: environment)
        }
    }

    public let configuration: Configuration
    private let lock = NSLock()
    private var connections: [String: ExtensionConnection] = [:]

    public init(configuration: Configuration = Configuration(environment: ProcessInfo.processInfo.environment)) {
        self.configuration = configuration
        ExtensionHost.registry.add(self)
    }

    deinit { stopAll() }

    private func connection(for manifest: AppManifest) -> ExtensionConnection {
        connection(bundleIdentifier: manifest.bundleIdentifier)
    }

    private func connection(bundleIdentifier: String) -> ExtensionConnection {
        lock.withLock {
            if let existing = connections[bundleIdentifier] { return existing }
            let created = ExtensionConnection(bundleIdentifier: bundleIdentifier, configuration: configuration)
            connections[bundleIdentifier] = created
            return created
        }
    }

    /// Sends one request to the app's extension (starting it if needed) and returns its result.
    ///
    /// - Parameter activity: what the call does, for error messages ("performing CreateTaskIntent").
    /// - Throws: ``ExtensionError`` naming the app and the activity.
    /// - Parameter cancellation: the run's; once it is cancelled the extension is told and the
    ///   call fails with ``ExtensionError/Code/cancelled`` within ``Cancellation/pollInterval``
    ///   and a moment for the extension to answer.
    public func call<Params: Codable & Sendable, Result: Codable & Sendable>(
        _ manifest: AppManifest, method: String, params: Params, as type: Result.Type, activity: String,
        cancellation: Cancellation? = nil
    ) throws(ExtensionError) -> Result {
        try connection(for: manifest).call(
            manifest, method: method, params: params, as: type, activity: activity,
            isCancelled: cancellation.map { cancellation in { cancellation.isCancelled } })
    }

    /// Asks the app to perform an intent (one round of the resolve, confirm, perform lifecycle).
    public func perform(
        _ manifest: AppManifest, _ params: ExtensionProtocol.PerformParams, cancellation: Cancellation? = nil
    ) throws(ExtensionError) -> ExtensionProtocol.PerformResult {
        try call(
            manifest, method: ExtensionProtocol.Method.perform, params: params,
            as: ExtensionProtocol.PerformResult.self, activity: "performing \(params.intent)", cancellation: cancellation)
    }

    /// Finds entities by identifier or text, or the suggested ones.
    public func queryEntities(_ manifest: AppManifest, _ params: ExtensionProtocol.QueryParams) throws(ExtensionError) -> [Content] {
        try call(
            manifest, method: ExtensionProtocol.Method.queryEntities, params: params,
            as: ExtensionProtocol.QueryResult.self, activity: "finding \(params.entityType) entities"
        ).entities
    }

    /// The choices the app offers for a parameter.
    public func options(_ manifest: AppManifest, _ params: ExtensionProtocol.OptionsParams) throws(ExtensionError) -> [ExtensionProtocol
        .Option]
    {
        try call(
            manifest, method: ExtensionProtocol.Method.listOptions, params: params,
            as: ExtensionProtocol.OptionsResult.self, activity: "listing the options of \(params.intent).\(params.parameter)"
        ).options
    }

    /// Starts the app's extension now (if it isn't running) and waits for its `initialize` answer.
    public func start(_ manifest: AppManifest) throws(ExtensionError) {
        try connection(for: manifest).start(manifest)
    }

    /// Whether the app's extension is running.
    public func isRunning(_ bundleIdentifier: String) -> Bool {
        lock.withLock { connections[bundleIdentifier] }?.isRunning ?? false
    }

    /// The process id of the app's running extension, if any.
    public func processIdentifier(of bundleIdentifier: String) -> Int32? {
        lock.withLock { connections[bundleIdentifier] }?.processIdentifier
    }

    /// Sends the app's calls to the running app over `channel` from now on, as Apple's systems
    /// hand intents to a running app (`application(_:handlerFor:)`); a spawned extension of the
    /// app is ended. The channel stays its owner's: nothing here closes it or ends the app, except
    /// that it is shut down when the app hangs past the timeout or breaks the protocol. A call that
    /// fails because the connection closed lets go of it, so the next call starts the extension.
    public func attach(bundleIdentifier: String, channel: LineChannel, processIdentifier: Int32) {
        connection(bundleIdentifier: bundleIdentifier).attach(channel: channel, processIdentifier: processIdentifier)
    }

    /// Lets go of the running app's channel (it quit), so the next call starts the extension.
    /// Waits for a call in progress to the app to finish.
    public func detach(bundleIdentifier: String) {
        lock.withLock { connections[bundleIdentifier] }?.detach()
    }

    /// Whether calls to the app go to its running process (see ``attach(bundleIdentifier:channel:processIdentifier:)``).
    public func isAttached(_ bundleIdentifier: String) -> Bool {
        lock.withLock { connections[bundleIdentifier] }?.isAttached ?? false
    }

    /// Ends the app's extension, if it is running.
    public func stop(_ bundleIdentifier: String) {
        lock.withLock { connections[bundleIdentifier] }?.stop()
    }

    /// Ends every extension this host started.
    public func stopAll() {
        for connection in lock.withLock({ Array(connections.values) }) { connection.stop() }
    }

    // MARK: Ending extensions at exit

    private static let registry = Registry()

    /// The live hosts, so an `atexit` handler can end their extensions when the process exits.
    private final class Registry: Sendable {
        private struct State {
            var hosts: [Weak] = []
            var isHandlerInstalled = false
        }
        private let state = Mutex(State())

        struct Weak { weak var host: ExtensionHost? }

        func add(_ host: ExtensionHost) {
            state.withLock { state in
                state.hosts.removeAll { $0.host == nil }
                state.hosts.append(Weak(host: host))
                if !state.isHandlerInstalled {
                    state.isHandlerInstalled = true
                    atexit { ExtensionHost.registry.stopEverything() }
                }
            }
        }

        func stopEverything() {
            for host in state.withLock({ $0.hosts.compactMap(\.host) }) { host.stopAll() }
        }
    }
}
