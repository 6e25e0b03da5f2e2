import MCPServer
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRun

/// `shortcuts mcp`: a Model Context Protocol server on standard input and output, offering the
/// library's shortcuts and the actions as tools to an agent.
///
/// ```json
/// { "mcpServers": { "shortcuts": { "command": "shortcuts", "args": ["mcp"] } } }
/// ```
enum McpCommand {
    static let spec = CommandSpec(
        name: "mcp", abstract: "Serve shortcuts and actions to AI agents over the Model Context Protocol.",
        discussion: """
            Speaks MCP (JSON-RPC 2.0, one message per line) on standard input and output until \
            standard input closes; logs go to standard error. Each shortcut in the library is a tool \
            named shortcut.<name>; each built-in and installed app's action is a tool named by its \
            identifier. Scripts run only with "Allow Running Scripts" (shortcuts settings, or \
            SHORTCUTS_ALLOW_RUNNING_SCRIPTS). See docs/MCP.md.
            """,
        options: [shortcutsOnly, app, allow, allowFile])

    static let shortcutsOnly = Flag("shortcuts-only", help: "Offer only the library's shortcuts, no actions.")
    static let app = RepeatableOption(
        "app", value: "bundle-id", help: "Offer only this app's actions (repeatable; with --shortcuts-only, the shortcuts too).")
    static let allow = RepeatableOption(
        "allow", value: "name", help: "Offer only the tools named (a tool name, action identifier or shortcut name; repeatable).")
    static let allowFile = Option(
        "allow-file", value: "path", help: "Offer only the tools named in this file, one per line (# starts a comment).")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        var allowList: Set<String>?
        let allowed = arguments[allow]
        if let path = arguments[allowFile] {
            allowList = Set(allowed + (try ToolSelection.allowList(contentsOf: path)))
        } else if !allowed.isEmpty {
            allowList = Set(allowed)
        }
        let library = ShortcutLibrary(environment: environment)
        let configuration = MCPServer.Configuration(
            library: library,
            selection: ToolSelection(
                isShortcutsOnly: arguments[shortcutsOnly], apps: arguments[app], allowList: allowList),
            makeSetup: { RunSetup(environment: environment, caller: .mcp, library: library, warn: { Console.err($0 + "\n") }) },
            environment: environment,
            log: { Console.err($0 + "\n") })
        var limited = configuration
        if let bytes = environment["SHORTCUTS_MCP_MAX_LINE_BYTES"].flatMap(Int.init), bytes > 0 { limited.maximumLineLength = bytes }
        if let size = environment["SHORTCUTS_MCP_PAGE_SIZE"].flatMap(Int.init), size >= 0 { limited.pageSize = size }
        if let calls = environment["SHORTCUTS_MCP_MAX_CALLS"].flatMap(Int.init), calls > 0 { limited.maximumConcurrentCalls = calls }
        MCPServer(configuration: limited).serve()
        return 0
    }
}
