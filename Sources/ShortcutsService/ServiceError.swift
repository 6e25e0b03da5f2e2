import ShortcutsEngine
import ShortcutsRPC

/// Why the service could not do what a client asked, the same on both transports.
///
/// On the socket it is a JSON-RPC error with ``EventsProtocol/ErrorCode``; on D-Bus an error
/// named `org.swiftshortcuts.Error.<Code>`. A failed run carries the engine's ``RunError``
/// details, so either message names the action that failed.
public struct ServiceError: Error, CustomStringConvertible, Sendable {
    /// The kind of problem; more may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The D-Bus error's last component, e.g. `NotFound`.
        public let name: String
        /// The JSON-RPC error code.
        public let rpcCode: Int
        public init(_ name: String, rpcCode: Int) {
            self.name = name
            self.rpcCode = rpcCode
        }
        public var description: String { name }

        public static let notFound = Code("NotFound", rpcCode: EventsProtocol.ErrorCode.notFound)
        public static let denied = Code("Denied", rpcCode: EventsProtocol.ErrorCode.denied)
        public static let actionFailed = Code("ActionFailed", rpcCode: EventsProtocol.ErrorCode.actionFailed)
        public static let cancelled = Code("Cancelled", rpcCode: EventsProtocol.ErrorCode.cancelled)
        public static let shuttingDown = Code("ShuttingDown", rpcCode: EventsProtocol.ErrorCode.shuttingDown)
        public static let invalidShortcut = Code("InvalidShortcut", rpcCode: EventsProtocol.ErrorCode.invalidShortcut)
        public static let busy = Code("Busy", rpcCode: EventsProtocol.ErrorCode.busy)
        public static let invalidArguments = Code("InvalidArguments", rpcCode: JSONRPC.ErrorObject.invalidParamsCode)
        public static let unknownMethod = Code("UnknownMethod", rpcCode: JSONRPC.ErrorObject.methodNotFoundCode)
        /// The service couldn't do it for a reason of its own (the run history can't be read…).
        public static let failed = Code("Failed", rpcCode: JSONRPC.ErrorObject.internalErrorCode)
    }

    /// The prefix of the service's D-Bus error names.
    public static let dbusErrorPrefix = "org.swiftshortcuts.Error."

    public var code: Code
    public var message: String
    /// Where a run failed, when it did.
    public var failure: EventsProtocol.RunFailure?

    public init(_ code: Code, _ message: String, failure: EventsProtocol.RunFailure? = nil) {
        self.code = code
        self.message = message
        self.failure = failure
    }

    /// A failed run: the engine's message (which names the action) and its details.
    init(_ error: RunError) {
        let code: Code =
            switch error.code {
            case .cancelled: .cancelled
            case .invalidShortcut: .invalidShortcut
            default: .actionFailed
            }
        self.init(
            code, error.description,
            failure: EventsProtocol.RunFailure(
                code: error.code.name, message: error.message, actionIndex: error.actionIndex,
                actionIdentifier: error.actionIdentifier, actionTitle: error.actionTitle, parameter: error.parameter))
    }

    /// The D-Bus error name, e.g. `org.swiftshortcuts.Error.ActionFailed`.
    public var dbusName: String { Self.dbusErrorPrefix + code.name }

    public var description: String { message }
}
