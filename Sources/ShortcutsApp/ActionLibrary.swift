import BuiltinActions
import ShortcutFormat
import ShortcutsContent
import ShortcutsRPC

/// The editor's action library: every action this machine can run, grouped as Shortcuts groups
/// them, with the sentence each block shows (its parameter summary).
enum ActionLibrary {
    /// The catalog as the page reads it, from every action source's descriptions.
    static func json(_ metadata: [ActionMetadata]) -> JSONValue {
        var items = ControlFlowBlock.allCases.map(blockEntry)
        for action in metadata where ControlFlowBlock(identifier: action.identifier) == nil {
            var object: JSONObject = [
                "identifier": .string(action.identifier),
                "title": .string(action.title),
                "description": .string(action.description),
                "category": .string(category(of: action.identifier)),
                "keywords": .array(action.keywords.map(JSONValue.string)),
                "available": .bool(action.isAvailable),
                "parameters": .array(action.parameters.map(parameter)),
            ]
            if let summary = action.summary { object["summary"] = .string(summary) }
            if let input = action.inputParameter { object["inputParameter"] = .string(input) }
            if let output = action.outputName { object["outputName"] = .string(output) }
            items.append(.object(object))
        }
        return .array(items)
    }

    /// The library category: the built-in family's, Scripting for the engine's and the
    /// library's own actions, and Apps for installed apps' actions.
    static func category(of identifier: String) -> String {
        if let category = Builtins.categories[identifier] { return category }
        let own =
            identifier.hasPrefix(WorkflowAction.builtinPrefix) || identifier.hasPrefix("com.apple.shortcuts.")
            || identifier.hasPrefix("org.swiftshortcuts.")
        return own ? "Scripting" : "Apps"
    }

    private static func parameter(_ parameter: ParameterMetadata) -> JSONValue {
        var object: JSONObject = [
            "key": .string(parameter.key),
            "title": .string(parameter.title),
            "type": .string(parameter.type.rawValue),
        ]
        if !parameter.options.isEmpty { object["options"] = .array(parameter.options.map(JSONValue.string)) }
        if let value = parameter.defaultValue { object["default"] = .string(value) }
        if parameter.isList { object["isList"] = true }
        if !parameter.description.isEmpty { object["description"] = .string(parameter.description) }
        if parameter.type == .condition { object["conditions"] = conditions }
        return .object(object)
    }

    /// A condition's choices: each `WFCondition` code with its words (``ConditionCode``).
    private static let conditions: JSONValue = .array(
        ConditionCode.allCases.map { ["code": .number(Double($0.rawValue)), "phrase": .string($0.phrase)] })

    /// If, Repeat, Repeat with Each and Choose from Menu: added as a whole block, described as
    /// the engine describes them (``ControlFlowBlock/metadata``).
    private static func blockEntry(_ block: ControlFlowBlock) -> JSONValue {
        let metadata = block.metadata
        return [
            "identifier": .string(block.identifier),
            "title": .string(block.title(.start)),
            // What the editor titles its start, middle (none for a Repeat's; a menu's are its items) and end.
            "titles": .array([
                .string(block.title(.start)), block == .conditional ? .string(block.title(.middle)) : .null, .string(block.title(.end)),
            ]),
            "description": .string(metadata.description),
            "category": "Scripting",
            "block": true,
            "available": true,
            "summary": .string(block.summary),
            "outputName": .string(block.outputName),
            "parameters": .array(metadata.parameters.map(parameter)),
        ]
    }
}
