import Foundation
import LanguageModels
import ShortcutFormat
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRPC

/// `shortcuts.describe`: writes a shortcut from a sentence with the person's language model, as
/// `shortcuts describe` does, so an agent can build, check and save shortcuts. The text it gives
/// back compiles; with `save` it is added to the library (and so becomes a tool itself).
enum DescribeTool {
    static let name = "shortcuts.describe"
    static let arguments: Set<String> = ["description", "name", "save", "replace", "attempts"]

    static func definition(name: String) -> JSONValue {
        [
            "name": .string(name), "title": "Write a shortcut from a description",
            "description": """
            Writes a shortcut in the shortcut text language from a sentence ("ask for my name and greet me") with \
            the language model the person set up, checks it with the compiler (its errors go back to the model, a \
            few times), and returns its text; with save it is added to the library under its name.
            """,
            "inputSchema": [
                "type": "object",
                "properties": [
                    "description": ["type": "string", "description": "What the shortcut should do."],
                    "name": ["type": "string", "description": "The name to save it under (default: the model's)."],
                    "save": ["type": "boolean", "description": "Add it to the library (default false: only return its text)."],
                    "replace": ["type": "boolean", "description": "With save: replace a shortcut of the same name."],
                    "attempts": [
                        "type": "integer", "minimum": 1, "maximum": 10, "description": "How many answers to ask for at most (3).",
                    ],
                ],
                "required": ["description"], "additionalProperties": false,
            ],
            "annotations": ["title": "Write a shortcut", "readOnlyHint": false, "openWorldHint": true],
        ]
    }

    static func answer(_ arguments: JSONObject, runner: ToolRunner, tool: Tool, cancellation: Cancellation) throws -> JSONValue {
        if let unknown = arguments.keys.sorted().first(where: { !Self.arguments.contains($0) }) {
            throw ToolArguments.Problem(
                "\(tool.name) has no argument named `\(unknown)`; its arguments are \(Self.arguments.sorted().joined(separator: ", "))")
        }
        guard let description = arguments["description"]?.stringValue, !description.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ToolArguments.Problem("\(tool.name) needs `description`, what the shortcut should do")
        }
        var attempts = 3
        if let given = arguments["attempts"], !given.isNull {
            guard let number = given.numberValue, number == number.rounded(), (1...10).contains(number) else {
                throw ToolArguments.Problem("`attempts` takes a whole number from 1 to 10, got \(given.text)")
            }
            attempts = Int(number)
        }
        let save = try ToolArguments.flag(arguments["save"], argument: "save")
        let replace = try ToolArguments.flag(arguments["replace"], argument: "replace")
        let described: DescribedShortcut
        do {
            described = try runner.setup.describeShortcut(description, attempts: attempts, cancellation: cancellation)
        } catch let failure as DescriptionFailure {
            return ToolResult.failure("\(failure)\nIts last text:\n\(failure.text)")
        } catch let failure as ActionFailure {
            return ToolResult.failure("Couldn't write the shortcut: \(failure.message)")
        }
        let name = arguments["name"]?.stringValue ?? (described.name.isEmpty ? "Described Shortcut" : described.name)
        var structured: JSONObject = [
            "name": .string(name), "text": .string(described.text), "attempts": .number(Double(described.attempts)),
        ]
        // When the sentence says it runs by itself (`at 07:30`, `every 15m`, `at login`): an
        // automation the agent can add with the person's word (`shortcuts automation add`).
        structured["when"] = described.when.map(JSONValue.string) ?? .null
        var lines = ["“\(name)”, which compiles (answer \(described.attempts)):", described.text]
        if save {
            guard let workflow = runner.setup.compileText(described.text, path: name + ".sct").workflow else {
                return ToolResult.failure("The shortcut no longer compiles, so it wasn't saved")
            }
            let entry = try runner.library.importShortcut(
                ShortcutFile.write(workflow, format: .binary), source: tool.name, name: name, replacing: replace)
            structured["saved"] = .string(entry.location.path)
            lines.append("Saved to the library as “\(entry.name)”.")
        }
        return [
            "content": [["type": "text", "text": .string(lines.joined(separator: "\n"))]], "structuredContent": .object(structured),
            "isError": false,
        ]
    }
}
