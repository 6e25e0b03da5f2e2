import ShortcutsDesktop
import ShortcutsLibrary
import ShortcutsRPC

/// `shortcuts.find`: what a phrase or search names, with the same matcher as `shortcuts ask`
/// and the desktop's search, so an agent that is told "ask AskMeAnything about Swift" finds the
/// tool to call and the arguments the phrase gave.
enum FindTool {
    static let name = "shortcuts.find"

    static func definition(name: String) -> JSONValue {
        [
            "name": .string(name), "title": "Find a shortcut",
            "description": """
            Finds the shortcuts and App Shortcuts a phrase names ("Ask AskMeAnything about Swift") or a search \
            finds ("morning"), forgiving case, punctuation and small typos: the best match with the parameters \
            the phrase gave (or the close matches, when it could mean several), then what a search finds; \
            each with the tool that runs it.
            """,
            "inputSchema": [
                "type": "object",
                "properties": ["phrase": ["type": "string", "description": "What the person said or typed."]],
                "required": ["phrase"], "additionalProperties": false,
            ],
            "annotations": ["title": "Find a shortcut", "readOnlyHint": true],
        ]
    }

    /// The matches for the phrase, as text and as `structuredContent`.
    static func answer(_ arguments: JSONObject, runner: ToolRunner, catalog: ToolCatalog, tool: Tool) throws -> JSONValue {
        if let unknown = arguments.keys.first(where: { $0 != "phrase" }) {
            throw ToolArguments.Problem("\(tool.name) has no argument named `\(unknown)`; its argument is `phrase`")
        }
        guard let phrase = arguments["phrase"]?.stringValue, !phrase.isEmpty else {
            throw ToolArguments.Problem("\(tool.name) needs `phrase`, the text to match")
        }
        let settings = (try? LibrarySettings.read(from: runner.library.settingsPath)) ?? LibrarySettings()
        let found = DesktopCatalog(shortcuts: try runner.library.summaries(), settings: settings, apps: runner.apps.manifests)
        func describe(_ entry: DesktopCatalog.Entry, extra: JSONObject = [:]) -> JSONValue {
            var object: JSONObject = ["title": .string(entry.title), "from": .string(entry.subtitle)]
            object["tool"] = toolName(for: entry, in: catalog).map(JSONValue.string) ?? .null
            for (key, value) in extra { object[key] = value }
            return .object(object)
        }
        var lines: [String] = []
        var structured: JSONObject = [:]
        switch found.understand(phrase) {
        case .matched(let entry, let parameters):
            structured["match"] = describe(
                entry,
                extra: [
                    "arguments": .object(JSONObject(parameters.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
                ])
            let given = parameters.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
            lines.append("“\(phrase)” names \(entry.label)" + (given.isEmpty ? "" : " with \(given)") + callHint(entry, catalog))
        case .ambiguous(let entries):
            structured["closeMatches"] = .array(entries.map { describe($0) })
            lines.append("“\(phrase)” could mean any of: " + entries.map(\.label).joined(separator: ", ") + "; ask which")
        case .none:
            lines.append("No phrase or name matches “\(phrase)” as a whole")
        }
        let hits = found.search([phrase], limit: 10)
        structured["searchResults"] = .array(
            hits.map { hit in describe(hit.entry, extra: hit.input.map { ["input": .string($0)] } ?? [:]) })
        if !hits.isEmpty {
            lines.append(
                "Search finds: " + hits.map { $0.entry.label + ($0.input.map { " with input “\($0)”" } ?? "") }.joined(separator: ", "))
        }
        return [
            "content": [["type": "text", "text": .string(lines.joined(separator: "\n"))]], "structuredContent": .object(structured),
            "isError": false,
        ]
    }

    private static func callHint(_ entry: DesktopCatalog.Entry, _ catalog: ToolCatalog) -> String {
        toolName(for: entry, in: catalog).map { "; call the tool \($0)" } ?? ""
    }

    /// The tool that runs an entry, when this server offers it.
    static func toolName(for entry: DesktopCatalog.Entry, in catalog: ToolCatalog) -> String? {
        catalog.tools.first { tool in
            switch (entry.target, tool.target) {
            case (.appShortcut(_, let action), .action(let metadata, _)): return metadata.identifier == action
            case (.shortcut, .shortcut(let location)): return location.name == entry.title && (location.folder ?? "") == entry.subtitle
            default: return false
            }
        }?.name
    }
}
