/// An action the app offers to Shortcuts, Siri and the `shortcuts` command.
///
/// Declare inputs with `@Parameter`, do the work in ``perform()``, and return a result with a
/// value, a dialog, or both:
///
/// ```swift
/// struct CreateTaskIntent: AppIntent {
///     static let title: LocalizedStringResource = "Create Task"
///     @Parameter(title: "Title") var title: String
///
///     func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
///         .result(value: title, dialog: "Created \(title).")
///     }
/// }
/// ```
///
/// Unlike on Apple's systems, intents are not found at build time: list them in your
/// ``IntentsApplication``'s `intents`.
public protocol AppIntent: Sendable {
    /// What `perform()` returns.
    associatedtype PerformResult: IntentResult
    /// The type of ``parameterSummary``.
    associatedtype SummaryContent: ParameterSummary

    /// The action's name.
    static var title: LocalizedStringResource { get }
    /// What the action does.
    static var description: IntentDescription { get }
    /// Whether performing the intent opens the app (replaced by ``supportedModes``).
    static var openAppWhenRun: Bool { get }
    /// Where the intent runs: in the background, or by bringing the app forward.
    static var supportedModes: IntentModes { get }
    /// Whether the action appears in Shortcuts' action list.
    static var isDiscoverable: Bool { get }
    /// The sentence the editor shows, e.g. `Summary("Create \(\.$title) due \(\.$dueDate)")`.
    static var parameterSummary: SummaryContent { get }

    init()

    /// Does the work. Every required parameter has a value when this is called.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription { IntentDescription("") }
    public static var openAppWhenRun: Bool { false }
    public static var supportedModes: IntentModes { openAppWhenRun ? .foreground : .background }
    public static var isDiscoverable: Bool { true }
}

extension AppIntent where SummaryContent == NoParameterSummary {
    public static var parameterSummary: NoParameterSummary { NoParameterSummary() }
}

extension AppIntent {
    /// Asks the person to confirm before going on; returns once the host says they did.
    ///
    /// - Throws: an error that ends `perform()` so the host can ask, then perform again confirmed.
    public func requestConfirmation(
        conditions: ConfirmationConditions = [], actionName: ConfirmationActionName = .continue, dialog: IntentDialog? = nil
    ) async throws {
        try confirmOrAsk(dialog)
    }

    /// Asks the person to confirm, with a result that carries the dialog (the iOS 16 form).
    public func requestConfirmation<Result: IntentResult & ProvidesDialog>(
        result: Result, confirmationActionName: ConfirmationActionName = .continue, showPrompt: Bool = true
    ) async throws {
        try confirmOrAsk((result as? any ResultContents)?.dialogValue)
    }

    private func confirmOrAsk(_ dialog: IntentDialog?) throws {
        if PerformContext.current?.isConfirmed == true { return }
        throw AppIntentError(kind: .confirmationRequired(parameter: nil, dialog: dialog))
    }
}

extension AppIntent {
    /// Stops `perform()` to go on in the app: the host opens it (the running app, or a new one
    /// with the intent's continuation). On Linux nothing asks first; `alwaysConfirm` is accepted.
    public func needsToContinueInForegroundError(_ dialog: IntentDialog? = nil, alwaysConfirm: Bool = true) -> AppIntentError {
        AppIntentError(kind: .continueInForeground(dialog: dialog, continuation: nil))
    }

    /// Asks for the app to come to the foreground; `perform()` goes on, and its result opens the app.
    public func continueInForeground(_ dialog: IntentDialog? = nil, alwaysConfirm: Bool = true) async throws {
        PerformContext.current?.continuesInForeground.request()
    }
}

/// An intent that starts in the background and may go on in the app (Apple's, deprecated
/// since iOS 26 in favour of `supportedModes` with `.foreground(.dynamic)`).
public protocol ForegroundContinuableIntent: AppIntent {}

extension ForegroundContinuableIntent {
    /// Stops `perform()`; the continuation runs in the app's process, then the app opens.
    public func needsToContinueInForegroundError(
        _ dialog: IntentDialog? = nil, continuation: (@MainActor () async throws -> Void)? = nil
    ) -> AppIntentError {
        AppIntentError(kind: .continueInForeground(dialog: dialog, continuation: continuation.map(ForegroundContinuation.init)))
    }

    /// Runs the continuation in the app's process and gives its value; the intent's result then
    /// opens the app.
    @discardableResult
    public func requestToContinueInForeground<ResultValue: Sendable>(
        _ dialog: IntentDialog? = nil, continuation: @MainActor () async throws -> ResultValue = { () }
    ) async throws -> ResultValue {
        PerformContext.current?.continuesInForeground.request()
        return try await continuation()
    }
}

/// When a confirmation is asked for (kept for source compatibility).
public struct ConfirmationConditions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// The verb on the confirm button.
public enum ConfirmationActionName: Sendable, Hashable {
    case add, `continue`, design, done, go, order, post, request, run, search, send, set, start, toggle, turnOff, turnOn, view, buy, book,
        call, checkIn, get, open, pay, play, save, share
    case custom(
        acceptLabel: LocalizedStringResource, acceptAlternatives: [LocalizedStringResource] = [], denyLabel: LocalizedStringResource,
        denyAlternatives: [LocalizedStringResource] = [], destructive: Bool = false)
}

/// Where an intent runs: in the background, or by bringing the app to the foreground.
public struct IntentModes: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Without showing the app.
    public static let background = IntentModes(rawValue: 1 << 0)
    /// Opens the app before performing (``foreground(_:)`` with `.immediate`).
    public static let foreground = IntentModes(rawValue: 1 << 1)
    private static let dynamic = IntentModes(rawValue: 1 << 2)
    private static let deferred = IntentModes(rawValue: 1 << 3)

    /// When a foreground intent opens the app.
    public enum ForegroundMode: Sendable, Hashable {
        /// Before performing.
        case immediate
        /// When the intent decides to continue in the app.
        case dynamic
        /// After performing, when the result asks.
        case deferred
    }

    /// Opens the app, at the moment the mode says.
    public static func foreground(_ mode: ForegroundMode) -> IntentModes {
        switch mode {
        case .immediate: return .foreground
        case .dynamic: return dynamic
        case .deferred: return deferred
        }
    }

    /// The manifest's names for the modes: `background`, `foreground`, `foreground(dynamic)`, `foreground(deferred)`.
    var names: [String] {
        [
            (IntentModes.background, "background"), (.foreground, "foreground"), (.dynamic, "foreground(dynamic)"),
            (.deferred, "foreground(deferred)"),
        ]
        .filter { contains($0.0) }.map(\.1)
    }
}

/// An intent that configures a widget (WidgetKit's). There are no widgets on Linux: such an
/// intent is an ordinary action here, listed and performed as any other.
public protocol WidgetConfigurationIntent: AppIntent {}

extension WidgetConfigurationIntent {
    /// A widget's configuration does nothing when performed, as Apple's default does: it only holds values.
    public func perform() async throws -> some IntentResult { .result() }
}

/// An app intent that replaces a SiriKit custom intent, so shortcuts that used the old intent
/// keep working.
public protocol CustomIntentMigratedAppIntent: AppIntent {
    /// The name of the SiriKit intent class it replaces (`OrderSoupIntent`).
    static var intentClassName: String { get }
}
