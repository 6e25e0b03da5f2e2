import AppActions
import Foundation
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRun

extension MCPServer {
    /// What the server offers and how it runs things: the same run setup as `shortcuts run`.
    public struct Configuration: Sendable {
        /// The user's shortcuts.
        public var library: ShortcutLibrary
        /// Which tools to offer.
        public var selection: ToolSelection
        /// Makes the run setup; called again when the apps' manifests change, so they are read anew.
        public var makeSetup: @Sendable () -> RunSetup
        /// Folders whose changes change the tools: the library's shortcuts and the apps' manifests.
        public var watchedDirectories: [String]
        /// How often to look at ``watchedDirectories``, in seconds; 0 doesn't watch.
        public var pollInterval: Double
        /// The longest message read, in bytes; a longer one is skipped with an error reply.
        public var maximumLineLength = 64 << 20
        /// How many tools one `tools/list` page holds (`SHORTCUTS_MCP_PAGE_SIZE`); more come
        /// through `nextCursor`.
        public var pageSize = 100
        /// How many tool calls run at once (`SHORTCUTS_MCP_MAX_CALLS`); later ones wait their turn.
        public var maximumConcurrentCalls = 4
        /// Writes a log line (to standard error: standard output carries only protocol messages).
        public var log: @Sendable (String) -> Void

        public init(
            library: ShortcutLibrary, selection: ToolSelection = ToolSelection(), makeSetup: @escaping @Sendable () -> RunSetup,
            environment: [String: String], pollInterval: Double = 1,
            log: @escaping @Sendable (String) -> Void = { _ in }
        ) {
            self.library = library
            self.selection = selection
            self.makeSetup = makeSetup
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
            let setup = configuration.makeSetup()
            catalog = ToolCatalog.build(
                library: setup.library, builtins: RunSetup.builtinMetadata, apps: setup.apps, engine: setup.engine,
                selection: configuration.selection, pageSize: configuration.pageSize)
            runner = ToolRunner(setup: setup)
        }
    }
}
