import ShortcutsContent

/// Why a shortcut failed: what happened and where, naming the action and parameter.
///
/// ```text
/// Error: report.shortcut: action 3 (is.workflow.actions.math, "Calculate"), parameter WFMathOperand: expected a number, got "abc"
/// ```
public struct RunError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure; more may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// An action reported a failure.
        public static let actionFailed = Code("actionFailed")
        /// The action can't run on Linux or its app is not installed.
        public static let unsupportedAction = Code("unsupportedAction")
        /// The shortcut's structure is broken (unbalanced blocks…).
        public static let invalidShortcut = Code("invalidShortcut")
        /// An action needs an answer and the run may not ask.
        public static let needsInteraction = Code("needsInteraction")
        /// The user cancelled a prompt.
        public static let cancelled = Code("cancelled")
        /// Running scripts is not allowed.
        public static let scriptsNotAllowed = Code("scriptsNotAllowed")
        /// The shortcut may not touch that file or folder.
        public static let notPermitted = Code("notPermitted")
        /// The run went past one of its ``RunLimits``.
        public static let limitExceeded = Code("limitExceeded")
        /// Run Shortcut went too deep or a shortcut was not found.
        public static let runShortcutFailed = Code("runShortcutFailed")
    }

    public var code: Code
    public var message: String
    /// The shortcut's file or name, when known.
    public var shortcut: String?
    /// The action's position, counting from 1 as the editor does.
    public var actionIndex: Int?
    public var actionIdentifier: String?
    public var actionTitle: String?
    public var parameter: String?
    /// The error that caused it (a file system error, an app's error…), when there was one.
    public var underlying: (any Error & Sendable)?

    public init(
        _ code: Code, _ message: String, shortcut: String? = nil, actionIndex: Int? = nil,
        actionIdentifier: String? = nil, actionTitle: String? = nil, parameter: String? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        // What a file put in a message is shown escaped and bounded (``TextExcerpt``).
        self.message = TextExcerpt.safe(message)
        self.shortcut = shortcut
        self.actionIndex = actionIndex
        self.actionIdentifier = actionIdentifier
        self.actionTitle = actionTitle
        self.parameter = parameter
        self.underlying = underlying
    }

    /// The one mapping from whatever an action threw to a run error naming where it happened:
    /// an ``ActionFailure`` keeps its code, message, parameter and cause; a ``RunError`` (from a
    /// nested run) stays as it is; anything else fails the action with its description, kept as
    /// the cause.
    public init(
        _ error: any Error, shortcut: String?, actionIndex: Int?, actionIdentifier: String?, actionTitle: String?
    ) {
        switch error {
        case let error as RunError:
            self = error
        case let failure as ActionFailure:
            self.init(
                failure.code, failure.message, shortcut: shortcut, actionIndex: actionIndex, actionIdentifier: actionIdentifier,
                actionTitle: actionTitle, parameter: failure.parameter, underlying: failure.underlying)
        default:
            self.init(
                .actionFailed, "\(error)", shortcut: shortcut, actionIndex: actionIndex, actionIdentifier: actionIdentifier,
                actionTitle: actionTitle, underlying: error)
        }
    }

    public var description: String {
        var place: [String] = []
        if let shortcut { place.append(shortcut) }
        if let actionIndex {
            var action = "action \(actionIndex)"
            if let actionIdentifier {
                action += " (\(actionIdentifier)" + (actionTitle.map { ", \"\($0)\"" } ?? "") + ")"
            }
            place.append(action)
        }
        var text = place.joined(separator: ": ")
        if let parameter { text += (text.isEmpty ? "" : ", ") + "parameter \(parameter)" }
        // The shortcut's name, the action's identifier and title and the parameter come from the file too.
        text = TextExcerpt.safe(text, limit: 400)
        return text.isEmpty ? message : text + ": " + message
    }
}

/// What an action throws when it fails: a message and, when one is to blame, the parameter.
///
/// The engine adds the action's index, identifier and title and turns it into a ``RunError``.
public struct ActionFailure: Error, Sendable {
    public var code: RunError.Code
    public var message: String
    public var parameter: String?
    /// The error behind it, kept for callers that look deeper than the message.
    public var underlying: (any Error & Sendable)?

    public init(
        _ message: String, parameter: String? = nil, code: RunError.Code = .actionFailed, underlying: (any Error & Sendable)? = nil
    ) {
        self.message = message
        self.parameter = parameter
        self.code = code
        self.underlying = underlying
    }
}
