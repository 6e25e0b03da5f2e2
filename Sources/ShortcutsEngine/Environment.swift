import DesktopBus
import Foundation
import ShortcutFormat
import ShortcutsContent
import Synchronization

/// Asks the person running a shortcut: text, a choice, a confirmation.
///
/// The CLI answers on the terminal; tests script the answers; a run that may not interact throws
/// a ``RunError`` with ``RunError/Code/needsInteraction`` naming the action and what it asked.
public protocol Prompter: Sendable {
    /// Asks for text. `inputType` is Shortcuts' `WFInputType` (`Text`, `Number`, `URL`, `Date`…).
    func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String
    /// Asks to choose among options; returns the chosen positions (one unless `multiple`).
    func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int]
    /// Shows an alert; returns false when the person cancels.
    func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool
}

/// The system clipboard.
public protocol Clipboard: Sendable {
    func read() throws -> Content
    func write(_ content: Content) throws
}

/// Everything outside the run that actions may touch: prompts, clipboard, notifications, output,
/// scripts, other shortcuts. The CLI fills it with live adapters; tests with scripted ones.
public struct RunEnvironment: Sendable {
    public var prompter: any Prompter
    public var clipboard: any Clipboard
    /// Shows a notification (title, body).
    public var notify: @Sendable (String, String) -> Void
    /// Shows a result to the person (Show Result, Quick Look).
    public var show: @Sendable (String) -> Void
    /// Opens a URL with the desktop's handler.
    public var openURL: @Sendable (URL) throws -> Void
    /// Downloads an `http` or `https` URL when the content graph needs what it holds (a URL used
    /// as a dictionary, a file, an image…). `nil`, the default, is a run without a network: such
    /// a conversion fails saying so. Every front end gives the built-in HTTP client (`RunSetup`).
    public var download: ContentGraph.Download?
    /// Sends the web actions' requests (``RunContext/send(_:parameter:)``), and the content
    /// graph's downloads when ``download`` is `nil`. `nil`, the default, is a run without a
    /// network: such an action fails saying so. Every front end gives libcurl's
    /// (`LiveSystem.environment`); tests give a scripted one.
    public var http: (any HTTPTransport)?
    /// Starts the programs actions run (scripts, desktop tools, encoders): ``RunContext/runProgram(_:arguments:input:environment:workingDirectory:timeout:capturesOutput:grace:)``.
    /// `nil`, the default, is a run that starts none: such an action fails saying so. Every
    /// front end gives the machine's (`LiveSystem.environment`); tests give a scripted one.
    public var programs: (any ProgramLauncher)?
    /// Opens the session and system buses the desktop services are reached on (their addresses
    /// from ``variables``). `nil`, the default, is a run that reaches no desktop service: such
    /// an action fails saying so. Every front end gives the machine's (`SystemBuses`).
    public var buses: (any BusOpener)?
    /// Reads a property that content knows only through a library, as a variable's property
    /// aggrandizement asks for it (an image file's `Width` or `Date Taken`); `nil` when it is not
    /// such a property of such an item, which then gives what ``Content/property(_:)`` gives.
    /// The built-in actions give theirs (`Builtins.contentProperty`).
    public var contentProperty: (@Sendable (Content, String) -> Content?)?
    /// Reads the text of files the content module can't (a PDF's), so a PDF used as text is its
    /// text; the built-in actions give theirs (`Builtins.fileText`).
    public var fileText: DateContext.FileText?
    /// Draws a document's pages as images, so a PDF needed as an image is its pages; the built-in
    /// actions give theirs (`Builtins.pageImages`).
    public var pageImages: ContentGraph.PageImages?
    /// Finds another shortcut by name or identifier for Run Shortcut.
    public var findShortcut: @Sendable (String) -> Workflow?
    /// Whether scripts may run ("Allow Running Scripts").
    public var allowsRunningScripts: Bool
    /// What the file actions may read and write. ``FileAccess/unrestricted`` unless given: every
    /// front end gives the privacy rules (`RunSetup`); tests and embedders choose.
    public var fileAccess: FileAccess
    /// The web services' base URLs and keys. Their defaults with the `SHORTCUTS_SERVICE_…`
    /// ``variables`` in their place unless given; the live one adds `settings.json`'s.
    public var services: ServiceSettings
    /// The language models Use Model and the Writing Tools actions reach. None named unless
    /// given, which is `OPENAI_BASE_URL` or llama.cpp's local server (``ModelEndpoints``); the
    /// live one adds `settings.json`'s.
    public var models = ModelEndpoints()
    /// Asked before a prompt goes to a model endpoint that isn't on this machine; throws to
    /// refuse. `nil`, the default, allows every endpoint (tests, embedders); every front end gives
    /// the person's grants (`RunSetup`), asking on a terminal.
    public var modelAccess: (@Sendable (ModelEndpoint) throws -> Void)?
    /// Told each piece of an answer as it streams in (Use Model), with the action's title: the
    /// command line shows it on a terminal. `nil`, the default, shows nothing until the answer is whole.
    public var partialAnswer: (@Sendable (_ action: String, _ text: String) -> Void)?
    /// Whether Wait to Return and its kin wait for the person (Return on a terminal) rather than
    /// continue at once. From `SHORTCUTS_WAIT_TO_RETURN` in the ``variables`` unless given; the
    /// live one adds `settings.json`'s.
    public var waitsToReturn: Bool
    /// How far the run may go (actions, time, memory). ``RunLimits/standard`` unless given.
    public var limits: RunLimits = .standard
    /// The working directory scripts run in; where relative file paths start unless
    /// ``filesFolder`` says otherwise.
    public var workingDirectory: String
    /// Where relative paths in the file actions start. Apple's file actions start at the
    /// Shortcuts folder in iCloud Drive, so live runs set the Shortcuts folder
    /// (`UserFolders.shortcutsFolder`); `nil`, the default, is the ``workingDirectory``.
    public var filesFolder: String?
    /// Environment variables for scripts.
    public var variables: [String: String]
    /// The clock; tests fix it.
    public var now: @Sendable () -> Date
    /// The run's time zone: dates show, parse and compare by days in it. From `TZ` in
    /// the ``variables`` the environment was made with, unless given (``TimeZoneVariable``).
    public var timeZone: TimeZone {
        get { lazyTimeZone.zone }
        set { lazyTimeZone = LazyTimeZone(newValue) }
    }
    /// ``timeZone``, worked out when a date first needs it.
    public private(set) var lazyTimeZone: LazyTimeZone
    /// The region dates, numbers and money show and read in. From the POSIX locale variables
    /// (`LC_ALL`, `LC_TIME`…, `LANG`) in the ``variables`` the environment was made with, unless
    /// given; English (US) when they name none (``UserLocale``).
    public var locale: UserLocale
    /// The run's calendar (Gregorian, in ``timeZone``), for days, weeks and date arithmetic.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
    /// Details of this device for Get Device Details (name, system version…).
    public var deviceDetails: @Sendable (String) -> Content
    /// Told as each action of the top-level shortcut starts and ends (the app marks its blocks
    /// with it); `nil`, the default, costs the runner one branch per action.
    public var observer: (any RunObserver)?

    public init(
        prompter: any Prompter = NoInteraction(), clipboard: any Clipboard = MemoryClipboard(),
        notify: @escaping @Sendable (String, String) -> Void = { _, _ in },
        show: @escaping @Sendable (String) -> Void = { _ in },
        openURL: @escaping @Sendable (URL) throws -> Void = { url in
            throw ActionFailure("can't open \(url.absoluteString): no desktop here")
        },
        findShortcut: @escaping @Sendable (String) -> Workflow? = { _ in nil },
        allowsRunningScripts: Bool = false,
        fileAccess: FileAccess = .unrestricted,
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        variables: [String: String] = [:],
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone? = nil,
        locale: UserLocale? = nil,
        deviceDetails: @escaping @Sendable (String) -> Content = { _ in .nothing }
    ) {
        self.prompter = prompter
        self.clipboard = clipboard
        self.notify = notify
        self.show = show
        self.openURL = openURL
        self.findShortcut = findShortcut
        self.allowsRunningScripts = allowsRunningScripts
        self.fileAccess = fileAccess
        self.workingDirectory = workingDirectory
        self.variables = variables
        self.now = now
        lazyTimeZone = timeZone.map { LazyTimeZone($0) } ?? LazyTimeZone { TimeZoneVariable.zone(in: variables) }
        self.locale = locale ?? UserLocale(environment: variables)
        services = ServiceSettings.standard.overridden(by: variables)
        waitsToReturn = Self.waitToReturnOverride(in: variables) ?? false
        self.deviceDetails = deviceDetails
    }
}

/// Watches a run's actions as they go, for a live view of the run.
///
/// Indices count from 0 over the workflow's actions, control-flow actions included; actions of
/// shortcuts it starts with Run Shortcut are not reported. Called on the running thread, so it
/// must return quickly.
public protocol RunObserver: Sendable {
    /// The action at `index` is about to run (or its block is entered, passed or left).
    func actionStarted(_ index: Int)
    /// The action at `index` ran and gave `output`.
    func actionFinished(_ index: Int, output: Content)
}

/// A prompter for runs that may not ask anything: every question is an error saying what was asked.
public struct NoInteraction: Prompter {
    /// Where an alert that asks nothing is said instead (the command line's standard error);
    /// nil: nowhere.
    let tell: (@Sendable (String) -> Void)?

    public init(tell: (@Sendable (String) -> Void)? = nil) { self.tell = tell }

    public func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String {
        throw ActionFailure(
            "needs an answer to \"\(prompt)\" but this run can't ask (no terminal, or --no-interaction)",
            code: .needsInteraction)
    }

    public func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        let shown = options.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
        throw ActionFailure(
            "needs a choice for \"\(prompt)\" among \(shown)\(options.count > 5 ? ", …" : "") but this run can't ask (no terminal, or --no-interaction)",
            code: .needsInteraction)
    }

    public func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool {
        guard allowsCancel else {
            // An alert with only OK asks nothing: it is said, and the run goes on.
            tell?("Alert: " + [title, message].filter { !$0.isEmpty }.joined(separator: ": "))
            return true
        }
        throw ActionFailure(
            "needs a confirmation of \"\(title.isEmpty ? message : title)\" but this run can't ask (no terminal, or --no-interaction)",
            code: .needsInteraction)
    }
}

/// A clipboard that lives in memory, for tests and machines without a desktop clipboard.
public final class MemoryClipboard: Clipboard, Sendable {
    private let content: Mutex<Content>

    public init(_ content: Content = .nothing) { self.content = Mutex(content) }

    public func read() throws -> Content { content.withLock { $0 } }
    public func write(_ content: Content) throws { self.content.withLock { $0 = content } }
}

extension RunEnvironment {
    /// `SHORTCUTS_WAIT_TO_RETURN` (`1`/`0`, `on`/`off`…) when it is set.
    public static func waitToReturnOverride(in variables: [String: String]) -> Bool? {
        guard let value = variables["SHORTCUTS_WAIT_TO_RETURN"]?.lowercased(), !value.isEmpty else { return nil }
        return ["1", "true", "yes", "on"].contains(value)
    }
}
