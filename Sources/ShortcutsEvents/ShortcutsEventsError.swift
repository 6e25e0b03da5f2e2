import Foundation
import ShortcutsRPC

/// Why a call to Shortcuts Events failed: the shortcut wasn't found, the service refused the
/// caller, the shortcut failed at an action, or the service couldn't be reached.
///
/// ```swift
/// do {
///     _ = try events.run("Report", input: "June")
/// } catch let error as ShortcutsEventsError where error.code == .actionFailed {
///     print("failed at action \(error.actionIndex ?? 0): \(error.message)")
/// }
/// ```
public struct ShortcutsEventsError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure; more may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// No shortcut has that name or identifier.
        public static let notFound = Code("notFound")
        /// The service refused this program (another user, or not on its allow-list).
        public static let denied = Code("denied")
        /// The shortcut ran and an action failed; ``ShortcutsEventsError/actionIndex`` says which.
        public static let actionFailed = Code("actionFailed")
        /// The run was cancelled.
        public static let cancelled = Code("cancelled")
        /// The service isn't running and couldn't be started, or went away mid-call.
        public static let serviceUnavailable = Code("serviceUnavailable")
        /// The shortcut can't be read, or a request was malformed.
        public static let invalid = Code("invalid")
    }

    public var code: Code
    /// The service's message, which names the failing action when there is one.
    public var message: String
    /// The failing action's position, counting from 1.
    public var actionIndex: Int?
    public var actionIdentifier: String?
    public var actionTitle: String?

    public init(_ code: Code, _ message: String, failure: EventsProtocol.RunFailure? = nil) {
        self.code = code
        self.message = message
        actionIndex = failure?.actionIndex
        actionIdentifier = failure?.actionIdentifier
        actionTitle = failure?.actionTitle
    }

    /// The error a JSON-RPC error object stands for.
    init(_ error: JSONRPC.ErrorObject) {
        let failure = error.data.flatMap { try? JSONRPC.decode(EventsProtocol.RunFailure.self, from: Data($0.utf8)) }
        let code: Code =
            switch error.code {
            case EventsProtocol.ErrorCode.notFound: .notFound
            case EventsProtocol.ErrorCode.denied: .denied
            case EventsProtocol.ErrorCode.actionFailed: .actionFailed
            case EventsProtocol.ErrorCode.cancelled: .cancelled
            case EventsProtocol.ErrorCode.shuttingDown, EventsProtocol.ErrorCode.busy: .serviceUnavailable
            default: .invalid
            }
        self.init(code, error.message, failure: failure)
    }

    public var description: String { message }
}
