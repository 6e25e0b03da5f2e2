/// Why talking to an app's extension failed: it couldn't start, exited, hung, or spoke the
/// protocol wrongly. The message names the app and what the host was doing.
///
/// ```text
/// com.example.SouperTask's extension exited with signal 9 while performing CreateTaskIntent
/// ```
public struct ExtensionError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure; more may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The executable could not be started.
        public static let launchFailed = Code("launchFailed")
        /// The extension exited (or closed its output) before answering.
        public static let exited = Code("exited")
        /// The extension did not answer within the timeout and was stopped.
        public static let timedOut = Code("timedOut")
        /// The extension speaks another protocol version, or another app answered.
        public static let protocolMismatch = Code("protocolMismatch")
        /// The extension sent something that is not a valid message.
        public static let invalidMessage = Code("invalidMessage")
        /// The extension answered with a JSON-RPC error.
        public static let remoteError = Code("remoteError")
        /// The run was cancelled while the extension worked.
        public static let cancelled = Code("cancelled")
    }

    public var code: Code
    /// The app whose extension failed.
    public var bundleIdentifier: String
    /// The whole sentence, naming the app and the activity.
    public var message: String

    public init(_ code: Code, bundleIdentifier: String, message: String) {
        self.code = code
        self.bundleIdentifier = bundleIdentifier
        self.message = message
    }

    public var description: String { message }
}
