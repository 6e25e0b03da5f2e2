import AppActions
import Foundation
import ShortcutsEngine
import ShortcutsLibrary

extension MCPServer {
    /// What the server offers and how it runs things. The `shortcuts mcp` command fills it with
    /// the same action sources and live environment as `shortcuts run`.
    public struct Configuration: Sendable {
        /// The user's shortcuts.
        public var library: ShortcutLibrary
        /// Which tools to offer.
        public var selection: ToolSelection
        /// The built-in action sources (the engine adds its own actions in front).
        public var builtinSources: [any ActionSource]
        /// Makes the installed apps' action source; called again when the apps' manifests change.
        public var makeApps: @Sendable () -> AppActionSource
        /// The run environment for a tool call, given the prompter that answers for the agent.
        public var runEnvironment: @Sendable (any Prompter) -> RunEnvironment
        /// Folders whose changes change the tools: the library's shortcuts and the apps' manifests.
        public var watchedDirectories: [String]
        /// How often to look at ``watchedDirectories``, in seconds; 0 doesn't watch.
        public var pollInterval: Double
        /// Writes a log line (to standard error: standard output carries only protocol messages).
        public var log: @Sendable (String) -> Void

        public init(
            library: ShortcutLibrary, selection: ToolSelection = ToolSelection(), builtinSources: [any ActionSource],
            makeApps: @escaping @Sendable () -> AppActionSource,
            runEnvironment: @escaping @Sendable (any Prompter) -> RunEnvironment,
            environment: [String: String], pollInterval: Double = 1,
            log: @escaping @Sendable (String) -> Void = { _ in }
        ) {
            self.library = library
            self.selection = selection
            self.builtinSources = builtinSources
            self.makeApps = makeApps
            self.runEnvironment = runEnvironment
            self.watchedDirectories =
                [library.shortcutsDirectory] + AppManifestStore(home: library.home, environment: environment).directories
            self.pollInterval = pollInterval
            self.log = log
        }
    }

    /// The tools and what runs them, built together and replaced together when files change.
    struct State: Sendable {
        let catalog: ToolCatalog
        let runner: ToolRunner

        init(configuration: Configuration) {
            let apps = configuration.makeApps()
            let builtins = Engine(sources: configuration.builtinSources).sources.flatMap(\.allMetadata)
                .sorted { $0.identifier < $1.identifier }
            let engine = Engine(sources: configuration.builtinSources + [apps])
            catalog = ToolCatalog.build(
                library: configuration.library, builtins: builtins, apps: apps, engine: engine, selection: configuration.selection)
            runner = ToolRunner(library: configuration.library, engine: engine, apps: apps, environment: configuration.runEnvironment)
        }
    }
}
