import Foundation
import ShortcutsRPC
import ShortcutsRun

/// `shortcuts.import`: adds a shortcut file or an iCloud link's shortcut to the library, as
/// `shortcuts import` does: a signed file's signer is checked and said, and one Apple doesn't
/// vouch for is refused unless `allowUnverified` (which an agent should set only on the
/// person's word). The shortcut then becomes a tool itself.
enum ImportTool {
    static let name = "shortcuts.import"
    static let arguments: Set<String> = ["source", "name", "replace", "allowUnverified"]

    static func definition(name: String) -> JSONValue {
        [
            "name": .string(name), "title": "Add a shortcut to the library",
            "description": """
            Adds the shortcut in a file (.shortcut, signed or not, .wflow, .sct) or behind an iCloud link \
            (https://www.icloud.com/shortcuts/…) to the person's library, and says who signed it. A file signed by \
            someone Apple doesn't vouch for is refused unless allowUnverified is true: ask the person first.
            """,
            "inputSchema": [
                "type": "object",
                "properties": [
                    "source": ["type": "string", "description": "A file path or an iCloud link."],
                    "name": ["type": "string", "description": "The name to give it (default: the file's or the link's)."],
                    "replace": ["type": "boolean", "description": "Replace a shortcut of the same name."],
                    "allowUnverified": [
                        "type": "boolean", "description": "Import a file whose signer Apple doesn't vouch for (the person agreed).",
                    ],
                ],
                "required": ["source"], "additionalProperties": false,
            ],
            "annotations": ["title": "Import a shortcut", "readOnlyHint": false, "openWorldHint": true],
        ]
    }

    static func answer(_ arguments: JSONObject, runner: ToolRunner, tool: Tool) throws -> JSONValue {
        if let unknown = arguments.keys.sorted().first(where: { !Self.arguments.contains($0) }) {
            throw ToolArguments.Problem(
                "\(tool.name) has no argument named `\(unknown)`; its arguments are \(Self.arguments.sorted().joined(separator: ", "))")
        }
        guard let source = arguments["source"]?.stringValue, !source.isEmpty else {
            throw ToolArguments.Problem("\(tool.name) needs `source`, a file path or an iCloud link")
        }
        let imported = try runner.setup.importShortcut(
            from: source, name: arguments["name"]?.stringValue,
            replacing: try ToolArguments.flag(arguments["replace"], argument: "replace"),
            allowsUnverified: try ToolArguments.flag(arguments["allowUnverified"], argument: "allowUnverified"),
            allowHint: "call again with allowUnverified true, once the person agrees,")
        var lines = ["Imported “\(imported.entry.name)” (\(imported.entry.identifier))."]
        if let signer = imported.signer { lines.insert(signer, at: 0) }
        return [
            "content": [["type": "text", "text": .string(lines.joined(separator: "\n"))]],
            "structuredContent": [
                "name": .string(imported.entry.name), "identifier": .string(imported.entry.identifier),
                "signer": imported.signer.map(JSONValue.string) ?? .null,
            ],
            "isError": false,
        ]
    }
}
