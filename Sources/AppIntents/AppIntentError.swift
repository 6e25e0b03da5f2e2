import ShortcutsRPC
import Synchronization

/// An error that stops `perform()` so that Shortcuts can ask the person something and perform the
/// intent again from the start with the answer (Apple's `restartPerform`).
///
/// Make one with a parameter's `$name.needsValueError(_:)` or `needsDisambiguationError(among:dialog:)`
/// and throw it.
public struct AppIntentError: Error, Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        /// A parameter needs a value.
        case needsValue(parameter: String, dialog: IntentDialog?)
        /// A parameter's value is chosen among options.
        case disambiguation(parameter: String, options: [ExtensionProtocol.Option], dialog: IntentDialog?)
        /// The person confirms the intent (parameter nil) or a parameter's value.
        case confirmationRequired(parameter: String?, dialog: IntentDialog?)
        /// A parameter's value can't be used.
        case unsupported(parameter: String, reason: String)
        /// Perform again from the start.
        case restartPerform
        /// The person said no.
        case userCancelled
        /// The person chooses among options (`requestChoice`).
        case choice(options: [IntentChoiceOption], dialog: IntentDialog?)
        /// Stop here and go on in the app (in the foreground), after running the continuation.
        case continueInForeground(dialog: IntentDialog?, continuation: ForegroundContinuation?)
    }

    let kind: Kind

    /// Performs the intent again from the start.
    public static let restartPerform = AppIntentError(kind: .restartPerform)
    /// The person cancelled.
    public static let userCancelled = AppIntentError(kind: .userCancelled)

    public var description: String {
        switch kind {
        case .needsValue(let parameter, _): return "the parameter '\(parameter)' needs a value"
        case .disambiguation(let parameter, let options, _):
            return "the parameter '\(parameter)' needs a choice among \(options.count) options"
        case .confirmationRequired(let parameter?, _): return "the value of '\(parameter)' needs confirmation"
        case .confirmationRequired(nil, _): return "the intent needs confirmation"
        case .unsupported(let parameter, let reason): return "the parameter '\(parameter)' can't be used: \(reason)"
        case .restartPerform: return "the intent asked to be performed again"
        case .userCancelled: return "the request was cancelled"
        case .choice(let options, _): return "the intent needs a choice among \(options.count) options"
        case .continueInForeground: return "the intent continues in the app"
        }
    }
}

/// A continuation an intent gives when it goes on in the app; run in the app's process.
struct ForegroundContinuation: Sendable {
    let run: @MainActor () async throws -> Void
}

/// What the host said about this call: whether it is confirmed and which answers it carries.
struct PerformContext: Sendable {
    var isConfirmed: Bool
    var confirmedParameters: Set<String>
    var isInteractive: Bool
    /// The host's answers to `requestChoice`, in the order `perform()` asks.
    var choices = ChoiceAnswers([])
    /// Set when `perform()` asks to go on in the app; the result then opens it.
    let continuesInForeground = ForegroundRequest()

    @TaskLocal static var current: PerformContext?
}

/// Whether an intent asked, while performing, to continue in the foreground.
final class ForegroundRequest: Sendable {
    private let requested = Mutex(false)
    var isRequested: Bool { requested.withLock { $0 } }
    func request() { requested.withLock { $0 = true } }
}
