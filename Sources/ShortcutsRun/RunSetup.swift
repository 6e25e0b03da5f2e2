import AppActions
import BuiltinActions
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary

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
    /// Who asked for the runs, for logs and (later) the run history.
    public enum Caller: String, Sendable {
        case commandLine = "command line", service, mcp = "MCP", benchmark
    }

    /// The user's shortcuts and settings.
    public let library: ShortcutLibrary
    /// The environment runs see: scripts get it, `TZ` sets the time zone.
    public let variables: [String: String]
    /// Where relative paths in actions start.
    public let workingDirectory: String
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
        engine = Engine(sources: [Builtins.catalog, apps])
    }

    // MARK: The environment of a run

    /// Whether scripts may run: `SHORTCUTS_ALLOW_RUNNING_SCRIPTS` when it is set, otherwise
    /// "Allow Running Scripts" in settings.json (off when the file can't be read, with a warning).
    public func allowsRunningScripts() -> Bool {
        if let override = Self.scriptsOverride(in: variables) { return override }
        do {
            return try library.settings().allowRunningScripts
        } catch {
            warn("Warning: \(error.message); running scripts stays off")
            return false
        }
    }

    /// The value of `SHORTCUTS_ALLOW_RUNNING_SCRIPTS`, or `nil` when it is not set.
    public static func scriptsOverride(in variables: [String: String]) -> Bool? {
        guard let value = variables["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"], !value.isEmpty else { return nil }
        return ["1", "true", "yes", "on"].contains(value.lowercased())
    }

    /// The live environment of one run: this machine's clipboard, notifications and URL
    /// handler, the setup's variables, time zone (`TZ`) and scripts policy (read now, once for
    /// the run), and Run Shortcut finding the library's shortcuts.
    ///
    /// - Parameter running: the shortcut being run when it isn't in the library (a file), so
    ///   Run Shortcut finds it by its name too.
    public func environment(prompter: any Prompter, running: (name: String, workflow: Workflow)? = nil) -> RunEnvironment {
        let library = self.library
        var environment = LiveSystem.environment(
            prompter: prompter, allowsRunningScripts: allowsRunningScripts(), variables: variables,
            findShortcut: { name in
                if let running, name == running.name { return running.workflow }
                guard let location = try? library.find(name) else { return nil }
                return try? library.workflow(at: location)
            })
        environment.workingDirectory = workingDirectory
        return environment
    }

    // MARK: Running

    /// Compiles a workflow for this setup's actions.
    public func compile(_ workflow: Workflow, name: String? = nil) throws(RunError) -> Program {
        try engine.compile(workflow, name: name)
    }

    /// Runs a compiled program in a live environment answered by `prompter`.
    public func run(
        _ program: Program, input: Content = .nothing, prompter: any Prompter, running: (name: String, workflow: Workflow)? = nil,
        cancellation: Cancellation = Cancellation()
    ) throws(RunError) -> Content {
        try engine.run(
            program, input: input, environment: environment(prompter: prompter, running: running), cancellation: cancellation)
    }

    /// Compiles and runs a workflow.
    public func run(
        _ workflow: Workflow, name: String, input: Content = .nothing, prompter: any Prompter, isInLibrary: Bool = true,
        cancellation: Cancellation = Cancellation()
    ) throws(RunError) -> Content {
        let program = try compile(workflow, name: name)
        return try run(
            program, input: input, prompter: prompter, running: isInLibrary ? nil : (name, workflow), cancellation: cancellation)
    }
}
