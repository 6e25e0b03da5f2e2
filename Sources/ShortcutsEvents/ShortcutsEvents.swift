import Foundation
import ShortcutsContent
import ShortcutsRPC
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Lists and runs the user's shortcuts through the Shortcuts Events service (`shortcutsd`),
/// as Scripting Bridge does against Shortcuts Events on a Mac. Starts the service when it isn't
/// running.
///
/// ```swift
/// let events = ShortcutsEvents()
/// if let hello = try events.shortcut(named: "Hello") {
///     print(try events.run(hello.name, input: "Ada"))    // Hello, Ada!
/// }
/// ```
///
/// One instance may be used from many threads at once: each call has a connection to itself
/// while it lasts, and keeps it afterwards for a later call (up to ``keptConnections`` of them,
/// each for ``keptConnectionSeconds``), so calls in a row don't pay for connecting. A call that is
/// abandoned (its thread ends the process) cancels its run.
public final class ShortcutsEvents: Sendable {
    /// A shortcut as the service lists it.
    public typealias Shortcut = EventsProtocol.ShortcutInfo
    /// A folder and how many shortcuts it holds.
    public typealias Folder = EventsProtocol.FolderInfo

    /// The socket the service listens on.
    public let socketPath: String
    /// Whether a call starts `shortcutsd` when nothing answers.
    public let startsService: Bool
    private let environment: [String: String]
    /// Connections kept between calls, the most recently used last.
    private let kept = Mutex<[KeptConnection]>([])

    /// How many idle connections are kept for later calls (each holds a thread in the service
    /// while it is open); calls from more threads at once than this connect for themselves.
    public static let keptConnections = 8
    /// How long an idle connection is kept: well under the service's own idle limit (120 s), so
    /// the service never closes one as it is picked up.
    public static let keptConnectionSeconds = 10.0

    /// A connection between calls.
    private struct KeptConnection: Sendable {
        var descriptor: Int32
        var channel: LineChannel
        var since: ContinuousClock.Instant
        /// Whether an earlier call used it.
        var isReused = false
    }

    /// The methods that change nothing, sent again when a kept connection turns out closed.
    private static let readOnlyMethods: Set<String> = [
        EventsProtocol.Method.listShortcuts, EventsProtocol.Method.listFolders, EventsProtocol.Method.listRuns,
        EventsProtocol.Method.listHistory, EventsProtocol.Method.showRun, EventsProtocol.Method.status,
    ]

    /// How long an idle connection is kept: ``keptConnectionSeconds``, or half the service's own
    /// idle limit when this environment sets a shorter one, so the service never closes one first.
    private var keepingSeconds: Double {
        guard let limit = environment["SHORTCUTS_SERVICE_CONNECTION_IDLE_SECONDS"].flatMap(Double.init), limit > 0 else {
            return Self.keptConnectionSeconds
        }
        return min(Self.keptConnectionSeconds, limit / 2)
    }

    /// A client for the service the environment points at.
    ///
    /// - Parameters:
    ///   - socketPath: the socket; by default `$XDG_RUNTIME_DIR/shortcuts/events.sock`.
    ///   - startsService: whether to start `shortcutsd` when it isn't running.
    public init(
        socketPath: String? = nil, startsService: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.socketPath = socketPath ?? EventsProtocol.socketPath(in: environment)
        self.startsService = startsService
        self.environment = environment
    }

    /// Every shortcut, sorted by name.
    public func shortcuts() throws(ShortcutsEventsError) -> [Shortcut] {
        try call(EventsProtocol.Method.listShortcuts, JSONRPC.Empty(), as: EventsProtocol.ListResult.self).shortcuts
    }

    /// The folders.
    public func folders() throws(ShortcutsEventsError) -> [Folder] {
        try call(EventsProtocol.Method.listFolders, JSONRPC.Empty(), as: EventsProtocol.FoldersResult.self).folders
    }

    /// The shortcut with this name (ignoring case) or identifier, or `nil`.
    public func shortcut(named name: String) throws(ShortcutsEventsError) -> Shortcut? {
        try shortcuts().first {
            $0.name.caseInsensitiveCompare(name) == .orderedSame || $0.identifier.caseInsensitiveCompare(name) == .orderedSame
        }
    }

    /// Runs a shortcut with text input and returns its output as text.
    ///
    /// - Parameter runID: an id to cancel the run with from elsewhere (``cancel(runID:)``).
    /// - Throws: ``ShortcutsEventsError``: not found, denied, failed at action N, cancelled.
    public func run(_ shortcut: String, input: String? = nil, runID: String? = nil) throws(ShortcutsEventsError) -> String {
        try call(
            EventsProtocol.Method.run, EventsProtocol.RunParams(shortcut: shortcut, input: input, runID: runID),
            as: EventsProtocol.RunResult.self
        ).output
    }

    /// Runs a shortcut with files as input and returns the paths of its output files.
    public func run(_ shortcut: String, inputPaths: [String], runID: String? = nil) throws(ShortcutsEventsError) -> [String] {
        try call(
            EventsProtocol.Method.run, EventsProtocol.RunParams(shortcut: shortcut, inputPaths: inputPaths, runID: runID),
            as: EventsProtocol.RunResult.self
        ).outputPaths ?? []
    }

    /// Cancels a run started with `runID`; returns whether one was going.
    @discardableResult
    public func cancel(runID: String) throws(ShortcutsEventsError) -> Bool {
        try call(EventsProtocol.Method.cancel, EventsProtocol.CancelParams(runID: runID), as: EventsProtocol.CancelResult.self).cancelled
            > 0
    }

    /// Past runs from the run history, newest first, each as `shortcuts runs --json` gives it
    /// (docs/HISTORY.md); the service writes its own runs first, so they are all there.
    public func history(_ query: EventsProtocol.HistoryParams = EventsProtocol.HistoryParams()) throws(ShortcutsEventsError) -> [JSONValue]
    {
        try call(EventsProtocol.Method.listHistory, query, as: HistoryList.self).runs
    }

    private struct HistoryList: Codable, Sendable { var runs: [JSONValue] }

    /// The service's version, process and load.
    public func status() throws(ShortcutsEventsError) -> EventsProtocol.StatusResult {
        try call(EventsProtocol.Method.status, JSONRPC.Empty(), as: EventsProtocol.StatusResult.self)
    }

    /// Starts serving the Shortcuts app, if the service isn't yet, and gives the page's address
    /// (with the secret that lets a browser in).
    public func openApp() throws(ShortcutsEventsError) -> String {
        try call(EventsProtocol.Method.openApp, JSONRPC.Empty(), as: EventsProtocol.AppResult.self).address
    }

    // MARK: The call

    /// Sends one request and waits for its answer, on a kept connection or a new one.
    func call<Params: Codable & Sendable, Result: Codable & Sendable>(
        _ method: String, _ params: Params, as type: Result.Type
    ) throws(ShortcutsEventsError) -> Result {
        var connection = try takeConnection()
        var line: Data?
        while line == nil {
            do {
                try connection.channel.writeLine(try JSONRPC.requestLine(id: .number(1), method: method, params: params))
                line = try connection.channel.readLine()
            } catch let failure as LineChannel.Failure {
                close(connection.descriptor)
                // A kept connection the service closed just as it was picked up: a call that
                // changes nothing is sent again on a new one (a run, an import or a cancel isn't:
                // the service may have had it).
                if connection.isReused, Self.readOnlyMethods.contains(method) {
                    connection = try newConnection()
                    continue
                }
                throw ShortcutsEventsError(.serviceUnavailable, "shortcutsd went away during \(method): \(failure)")
            } catch {
                close(connection.descriptor)
                throw ShortcutsEventsError(.invalid, "couldn't send \(method): \(error)")
            }
        }
        guard let line else { throw ShortcutsEventsError(.invalid, "shortcutsd gave no answer to \(method)") }
        // Answered whole: the connection is fit for the next call.
        keep(connection)
        let bytes = [UInt8](line)
        let message: JSONRPC.ScannedMessage
        do {
            message = try JSONRPC.ScannedMessage(bytes)
        } catch {
            throw ShortcutsEventsError(.invalid, "shortcutsd answered \(method) with something that isn't JSON-RPC")
        }
        if let error = message.error { throw ShortcutsEventsError(error) }
        do {
            // A run's result reads itself; the others go through `JSONDecoder`.
            if let readable = Result.self as? any JSONReadable.Type, let range = message.result,
                let result = try message.read(range, as: readable) as? Result
            {
                return result
            }
            return try JSONRPC.decode(JSONRPC.Response<Result>.self, from: line).result
        } catch {
            throw ShortcutsEventsError(.invalid, "shortcutsd's answer to \(method) isn't what this client expects: \(error)")
        }
    }

    /// A connection kept from an earlier call that the service hasn't closed, or a new one.
    private func takeConnection() throws(ShortcutsEventsError) -> KeptConnection {
        let now = ContinuousClock.now
        while let connection = kept.withLock({ $0.popLast() }) {
            // Quiet for too long, or closed by the service (it stopped, or restarted): a kept
            // connection has nothing to read unless it was closed.
            var descriptor = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
            if now - connection.since < .seconds(keepingSeconds), poll(&descriptor, 1, 0) == 0, !connection.channel.hasBufferedInput {
                var reused = connection
                reused.isReused = true
                return reused
            }
            close(connection.descriptor)
        }
        return try newConnection()
    }

    private func newConnection() throws(ShortcutsEventsError) -> KeptConnection {
        let descriptor = try connect()
        return KeptConnection(descriptor: descriptor, channel: LineChannel(input: descriptor, output: descriptor), since: .now)
    }

    /// Keeps a connection whose call was answered for a later call, or closes it when enough are kept.
    private func keep(_ connection: KeptConnection) {
        var connection = connection
        connection.since = .now
        let closing = kept.withLock { kept -> KeptConnection? in
            guard kept.count < Self.keptConnections else { return connection }
            kept.append(connection)
            return nil
        }
        if let closing { close(closing.descriptor) }
    }

    private func connect() throws(ShortcutsEventsError) -> Int32 {
        if let descriptor = LocalSocket.connect(to: socketPath) { return descriptor }
        guard startsService else {
            throw ShortcutsEventsError(.serviceUnavailable, "shortcutsd isn't running (nothing answers on \(socketPath))")
        }
        return try ServiceLauncher.start(socketPath: socketPath, environment: environment, timeout: 10)
    }

    deinit {
        for connection in kept.withLock({ $0 }) { close(connection.descriptor) }
    }
}
