import ShortcutsContent
import ShortcutsEngine

/// How a run meets whoever started it: who answers its questions, who watches its actions,
/// where its results are shown, and how it is stopped. Socket and D-Bus runs ask nothing and
/// are watched by nobody; the app's page does all four.
public struct RunFront: Sendable {
    public var prompter: any Prompter
    public var observer: (any RunObserver)?
    /// Where Show Result and Quick Look go; `nil` keeps the service's default.
    public var show: (@Sendable (String) -> Void)?
    /// Cancelling it stops the run (the app's Stop button holds it).
    public var cancellation: Cancellation
    /// Given the run's output when it succeeds, before the reply is made.
    public var finished: @Sendable (Content) -> Void
    /// What started the run, for the run history (`socket`, `D-Bus`, `app`…).
    public var trigger: String
    /// Told each piece of a model's answer as it streams in, with the action's title (the app
    /// shows it as it comes); `nil` for fronts that wait for the whole.
    public var partialAnswer: (@Sendable (String, String) -> Void)?

    public init(
        prompter: any Prompter = NoInteraction(), observer: (any RunObserver)? = nil,
        show: (@Sendable (String) -> Void)? = nil, cancellation: Cancellation = Cancellation(),
        trigger: String = "socket", partialAnswer: (@Sendable (String, String) -> Void)? = nil,
        finished: @escaping @Sendable (Content) -> Void = { _ in }
    ) {
        self.trigger = trigger
        self.partialAnswer = partialAnswer
        self.prompter = prompter
        self.observer = observer
        self.show = show
        self.cancellation = cancellation
        self.finished = finished
    }
}

/// The Shortcuts app's web server, as the service sees it: started on the first `app.open`,
/// stopped with the service. `ShortcutsApp` provides it; `shortcutsd` passes it in.
public protocol AppTransport: Sendable {
    /// Starts serving if it isn't yet, and gives the page's address with its secret.
    func open() throws(ServiceError) -> String
    /// Whether a page is connected (the service doesn't idle out meanwhile).
    var isInUse: Bool { get }
    /// Stops serving, closing every page's connection.
    func stop()
}
