import AppActions
import BuiltinActions
import Foundation
import LibraryActions
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsPlatform

/// How every front end runs a shortcut: the CLI, `shortcutsd`, `shortcuts mcp` and the
/// benchmarks each make one setup and ask it for runs, so the engine, the action sources, the
/// live environment and the scripts policy are put together in one place.
///
/// ```swift
/// let setup = RunSetup(environment: ProcessInfo.processInfo.environment, caller: .commandLine)
/// let output = try setup.run(workflow, name: "Hello", input: .text("Ada"), prompter: NoInteraction())
/// ```
///
/// Making a setup reads nothing: the installed apps' manifests are read when a shortcut first
/// names an action that isn't built in, settings when a run starts.
public struct RunSetup: Sendable {
    /// Who asked for the runs, for logs and the run history (its trigger unless the run names one).
    public enum Caller: String, Sendable {
        case commandLine = "command line", service, mcp = "MCP", benchmark, automation
    }

    /// The user's shortcuts and settings.
    public let library: ShortcutLibrary
    /// The environment runs see: scripts get it, `TZ` sets the time zone.
    public let variables: [String: String]
    /// Where relative paths in actions start.
    public let workingDirectory: String
    /// Folders every run of this setup may use, besides each shortcut's own (`--allow-folder`).
    public var folderGrants: [FolderGrant] = []
    public let caller: Caller
    /// The installed apps' actions, read on first use.
    public let apps: AppActionSource
    /// Runs the engine's own, the built-in and the apps' actions.
    public let engine: Engine
    /// Where warnings go (a skipped manifest, damaged settings).
    public let warn: @Sendable (String) -> Void

    /// - Parameters:
    ///   - environment: the caller's environment variables (`SHORTCUTS_HOME`, `TZ`,
    ///     `SHORTCUTS_ALLOW_RUNNING_SCRIPTS`…), which runs and app extensions see.
    ///   - apps: an app source to share (the service keeps one whose host reaches running apps).
    public init(
        environment: [String: String], caller: Caller, library: ShortcutLibrary? = nil, apps: AppActionSource? = nil,
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        let library = library ?? ShortcutLibrary(environment: environment)
        self.library = library
        variables = environment
        self.workingDirectory = workingDirectory
        self.caller = caller
        self.warn = warn
        let apps = apps ?? AppActionSource(home: library.home, environment: environment, warn: { warn("Warning: \($0)") })
        self.apps = apps
        let actions = LibraryActions.catalog(library) {
            RunSetup.builtinMetadata + apps.allMetadata
        }
        engine = Engine(sources: [Builtins.catalog, actions, apps])
    }

    // MARK: The environment of a run

    /// Whether scripts may run: `SHORTCUTS_ALLOW_RUNNING_SCRIPTS` when it is set, otherwise
    /// "Allow Running Scripts" in settings.json (off when the file can't be read, with a warning).
    public func allowsRunningScripts() -> Bool {
        allowsRunningScripts(readSettings())
    }

    private func allowsRunningScripts(_ settings: LibrarySettings?) -> Bool {
        if let override = Self.scriptsOverride(in: variables) { return override }
        return settings?.allowRunningScripts ?? false
    }

    /// The run limits: settings.json's, with the `SHORTCUTS_MAX_…` variables taking their place.
    public func limits() -> RunLimits { limits(readSettings()) }

    private func limits(_ settings: LibrarySettings?) -> RunLimits {
        (settings?.limits ?? .standard).overridden(by: variables, warn: { warn("Warning: \($0)") })
    }

    /// The library's settings, or `nil` with a warning when they can't be read: scripts stay
    /// off and no remembered grant applies.
    private func readSettings() -> LibrarySettings? {
        do {
            return try library.settings()
        } catch {
            warn("Warning: \(error.message); running scripts stays off and no folder grant applies")
            return nil
        }
    }

    /// The value of `SHORTCUTS_ALLOW_RUNNING_SCRIPTS`, or `nil` when it is not set.
    public static func scriptsOverride(in variables: [String: String]) -> Bool? {
        guard let value = variables["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"], !value.isEmpty else { return nil }
        return ["1", "true", "yes", "on"].contains(value.lowercased())
    }

    /// The live environment of one run: this machine's clipboard, notifications and URL
    /// handler, the setup's variables, time zone (`TZ`), scripts policy and the shortcut's file
    /// access (settings read now, once for the run), and Run Shortcut finding the library's shortcuts.
    ///
    /// - Parameters:
    ///   - running: the shortcut being run; when it isn't in the library (a file), Run Shortcut
    ///     finds it by its name too.
    ///   - input: the run's input, whose files the shortcut may use.
    ///   - asksForAccess: whether a folder the shortcut wasn't allowed is asked about through
    ///     `prompter` (only the command line on a terminal or with an answers file asks).
    public func environment(
        prompter: any Prompter, running: RunningShortcut? = nil, input: Content = .nothing, asksForAccess: Bool = false
    ) -> RunEnvironment {
        environment(prompter: prompter, running: running, input: input, asksForAccess: asksForAccess, settings: readSettings())
    }

    private func environment(
        prompter: any Prompter, running: RunningShortcut?, input: Content, asksForAccess: Bool, settings: LibrarySettings?
    ) -> RunEnvironment {
        let library = self.library
        var environment = LiveSystem.environment(
            prompter: prompter, allowsRunningScripts: allowsRunningScripts(settings), variables: variables,
            findShortcut: { name in
                if let running, let workflow = running.workflow, name == running.name { return workflow }
                guard let location = try? library.find(name) else { return nil }
                return try? library.workflow(at: location)
            })
        // Image, PDF and song properties come from the media actions' libraries.
        environment.contentProperty = Builtins.contentProperty
        environment.fileText = Builtins.fileText
        environment.pageImages = Builtins.pageImages
        environment.workingDirectory = workingDirectory
        // Relative paths in file actions start at the Shortcuts folder, as Apple's start in iCloud
        // Drive's; it is read once (user-dirs.dirs) for this and the file access below.
        let shortcutsFolder = UserFolders.shortcutsFolder(in: variables)
        environment.filesFolder = shortcutsFolder
        environment.limits = limits(settings)
        environment.services = ServiceSettings(settings?.services ?? [:]).overridden(by: variables)
        environment.models = ModelEndpoints(settings?.models ?? [])
        environment.waitsToReturn = RunEnvironment.waitToReturnOverride(in: variables) ?? settings?.waitToReturn ?? false
        let access = fileAccess(
            for: running ?? RunningShortcut(name: "This shortcut", identifier: nil), settings: settings,
            ask: asksForAccess ? Self.asking(prompter) : nil, shortcutsFolder: shortcutsFolder)
        access.allowItems(in: input)
        environment.fileAccess = access
        environment.modelAccess = modelAccess(
            for: running ?? RunningShortcut(name: "This shortcut", identifier: nil), settings: settings,
            prompter: asksForAccess ? prompter : nil)
        return environment
    }

    /// The file access of a shortcut under Apple's privacy rules: the Shortcuts folder, the
    /// folders this setup grants every run (`--allow-folder`), and the shortcut's remembered grants.
    /// `shortcutsFolder` spares reading `user-dirs.dirs` again when the caller has it.
    public func fileAccess(
        for running: RunningShortcut, settings: LibrarySettings?,
        ask: (@Sendable (FileAccessQuestion) throws -> FileAccessAnswer)? = nil, shortcutsFolder: String? = nil
    ) -> FileAccess {
        var grants = [FolderGrant(path: shortcutsFolder ?? UserFolders.shortcutsFolder(in: variables))] + folderGrants
        if let identifier = running.identifier, let settings {
            grants += settings.folderAccess(for: identifier).map { FolderGrant(path: $0.path, readOnly: $0.readOnly) }
        }
        let library = self.library
        var remember: (@Sendable (FolderGrant) throws -> Void)?
        if let identifier = running.identifier {
            let name = running.name
            remember = { @Sendable (grant: FolderGrant) throws -> Void in
                let access = LibrarySettings.FolderAccess(identifier: identifier, name: name, path: grant.path, readOnly: grant.readOnly)
                try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in settings.allow(access) }
            }
        }
        return FileAccess(
            shortcut: FileAccess.Shortcut(name: running.name, identifier: running.identifier), grants: grants,
            home: UserFolders.homeFolder(in: variables),
            remedies: FileAccess.Remedies(
                grantCommand: "shortcuts settings --allow {shortcut} --folder {folder}",
                oneRunOption: caller == .commandLine ? "--allow-folder {folder}" : nil),
            ask: ask, remember: remember,
            forCalled: { [self] name in
                if name == running.name, running.workflow != nil { return fileAccess(for: running, settings: settings, ask: ask) }
                guard let location = try? library.find(name), let identifier = try? library.identifier(of: location) else {
                    return fileAccess(for: RunningShortcut(name: name, identifier: nil), settings: settings, ask: ask)
                }
                return fileAccess(
                    for: RunningShortcut(name: location.name, identifier: identifier), settings: readSettings(), ask: ask)
            })
    }

    /// Asks through a prompter: "Allow Once", "Always Allow" (when it can be remembered), "Don't Allow".
    static func asking(_ prompter: any Prompter) -> @Sendable (FileAccessQuestion) throws -> FileAccessAnswer {
        { question in
            let answers: [(String, FileAccessAnswer)] =
                question.canRemember
                ? [("Allow Once", .once), ("Always Allow", .always), ("Don't Allow", .deny)]
                : [("Allow Once", .once), ("Don't Allow", .deny)]
            let chosen = try prompter.choose(question.prompt, options: answers.map(\.0), multiple: false)
            guard let index = chosen.first, answers.indices.contains(index) else { return .deny }
            return answers[index].1
        }
    }

    // MARK: Running

    /// Where Show Result and Quick Look go by default: standard error, keeping standard output
    /// for the shortcut's output.
    public static let showOnStandardError: @Sendable (String) -> Void = LiveSystem.show

    /// Compiles a workflow for this setup's actions.
    public func compile(_ workflow: Workflow, name: String? = nil) throws(RunError) -> Program {
        try engine.compile(workflow, name: name)
    }

    /// Runs a compiled program in a live environment answered by `prompter`, recorded in the
    /// run history (unless it is off) with its trace.
    ///
    /// - Parameters:
    ///   - observer: told as each action starts and ends (the app's live view of a run).
    ///   - show: where Show Result and Quick Look go instead of this machine's default.
    ///   - trigger: what started the run, for the history (the caller's name when `nil`).
    ///   - runID: the run's id in the history (a new UUID when `nil`).
    public func run(
        _ program: Program, input: Content = .nothing, prompter: any Prompter, running: RunningShortcut? = nil,
        asksForAccess: Bool = false, cancellation: Cancellation = Cancellation(), observer: (any RunObserver)? = nil,
        show: (@Sendable (String) -> Void)? = nil, trigger: String? = nil, runID: String? = nil,
        partialAnswer: (@Sendable (String, String) -> Void)? = nil
    ) throws(RunError) -> Content {
        let settings = readSettings()
        var environment = environment(
            prompter: prompter, running: running, input: input, asksForAccess: asksForAccess, settings: settings)
        environment.observer = observer
        environment.partialAnswer = partialAnswer
        if let show { environment.show = show }
        let recording = HistoryRecording.start(
            self, settings: settings?.history ?? HistorySettings(), id: runID ?? UUID().uuidString, trigger: trigger ?? caller.rawValue,
            shortcut: running ?? RunningShortcut(name: program.name ?? "Untitled", identifier: nil), input: input)
        do {
            let output = try engine.run(
                program, input: input, environment: environment, cancellation: cancellation, trace: recording?.trace)
            recording?.finish(program, output: output)
            return output
        } catch {
            recording?.finish(program, error: error)
            throw error
        }
    }
}

/// The shortcut a run is for: who the file access rules are for, and how Run Shortcut finds it.
public struct RunningShortcut: Sendable {
    public var name: String
    /// Its identifier in the library, or `nil` for a file run without importing it.
    public var identifier: String?
    /// The workflow of a shortcut that isn't in the library, so Run Shortcut finds it by name.
    public var workflow: Workflow?
    /// A hash of its file (``RunHistory/RunRecord/fileHash(of:)``), for the run history.
    public var fileHash: String?

    public init(name: String, identifier: String?, workflow: Workflow? = nil, fileHash: String? = nil) {
        self.name = name
        self.identifier = identifier
        self.workflow = workflow
        self.fileHash = fileHash
    }
}
