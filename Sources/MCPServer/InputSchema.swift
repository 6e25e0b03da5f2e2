import ShortcutsContent
import ShortcutsRPC

/// JSON Schemas for tool inputs, generated from action metadata.
///
/// Each parameter becomes a property named by its key: its JSON type from the parameter's type,
/// `enum` from an enumeration's cases, `minimum`/`maximum` from its range, `default` from its
/// default, and a description from its title, description and what values it takes. Parameters
/// that are required and have no default are `required`. A list parameter is an array of them.
enum InputSchema {
    /// The argument that confirms an action that asks for confirmation (see docs/MCP.md).
    static let confirmArgument = "confirm"
    /// The argument that answers a shortcut's questions in order.
    static let answersArgument = "answers"

    /// Parameter types a one-action tool can't express: they only make sense inside a shortcut.
    static let unsupportedTypes: Set<ParameterMetadata.ValueType> = [.variableName, .condition]

    /// Whether an action can be a tool: it runs here and all its parameters can be given as JSON.
    static func canExpose(_ action: ActionMetadata) -> Bool {
        action.isAvailable && !action.parameters.contains { unsupportedTypes.contains($0.type) }
    }

    /// The schema of an action's arguments.
    ///
    /// - Parameter enumTitles: the titles of an enumeration parameter's cases, by parameter key
    ///   (app enums), so the description can show them beside the raw values.
    static func forAction(_ action: ActionMetadata, enumTitles: [String: [String]] = [:]) -> JSONValue {
        var properties = JSONObject()
        var required: [JSONValue] = []
        for parameter in action.parameters {
            properties[parameter.key] = property(
                parameter, isInput: parameter.key == action.inputParameter, titles: enumTitles[parameter.key])
            if parameter.isRequired, parameter.defaultValue == nil { required.append(.string(parameter.key)) }
        }
        if properties[confirmArgument] == nil, !action.isReadOnly {
            properties[confirmArgument] = [
                "type": "boolean",
                "description": "Set to true to confirm running this action when an earlier call said it needs confirmation.",
            ]
        }
        var schema: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required) }
        return .object(schema)
    }

    /// The schema of a shortcut's arguments: its input as text or files, and answers to its questions.
    static let forShortcut: JSONValue = [
        "type": "object",
        "properties": [
            "input": ["type": "string", "description": "Text to give the shortcut as its input."],
            "inputPaths": [
                "type": "array", "items": ["type": "string"],
                "description": "Paths of files to give the shortcut as its input (instead of text).",
            ],
            "answers": [
                "type": "array", "items": ["type": "string"],
                "description":
                    "Answers to the questions the shortcut asks (Ask for Input, Choose from Menu/List, alerts), in the order it asks them. A choice is answered with the option's text.",
            ],
            "confirm": [
                "type": "boolean",
                "description": "Set to true to confirm an action in the shortcut that an earlier call said needs confirmation.",
            ],
        ],
    ]

    private static func property(_ parameter: ParameterMetadata, isInput: Bool, titles: [String]?) -> JSONValue {
        var item = itemSchema(parameter, titles: titles)
        var notes: [String] = [parameter.title]
        if !parameter.description.isEmpty { notes.append(parameter.description) }
        if let note = valueNote(parameter) { notes.append(note) }
        if let cases = item["description"]?.stringValue { notes.append("Cases: " + cases) }
        if isInput { notes.append("This is the action's input.") }
        let description = notes.joined(separator: ". ")
        guard parameter.isList else {
            item["description"] = .string(description)
            return .object(item)
        }
        return ["type": "array", "items": .object(item), "description": .string(description)]
    }

    private static func itemSchema(_ parameter: ParameterMetadata, titles: [String]?) -> JSONObject {
        var schema: JSONObject
        switch parameter.type {
        case .number, .duration: schema = ["type": "number"]
        case .integer: schema = ["type": "integer"]
        case .boolean: schema = ["type": "boolean"]
        case .dictionary: schema = ["type": "object"]
        case .list: schema = ["type": "array"]
        case .url: schema = ["type": "string", "format": "uri"]
        case .enumeration where !parameter.options.isEmpty:
            schema = ["type": "string", "enum": .array(parameter.options.map(JSONValue.string))]
        default: schema = ["type": "string"]
        }
        if let minimum = parameter.minimum { schema["minimum"] = .number(minimum) }
        if let maximum = parameter.maximum { schema["maximum"] = .number(maximum) }
        if let value = parameter.defaultValue, let typed = defaultValue(value, for: parameter) { schema["default"] = typed }
        if let titles, titles != parameter.options {
            let pairs = zip(parameter.options, titles).map { "\($0) (\($1))" }
            schema["description"] = .string(pairs.joined(separator: ", "))
        }
        return schema
    }

    /// What values a parameter takes, when its JSON type doesn't say enough.
    private static func valueNote(_ parameter: ParameterMetadata) -> String? {
        switch parameter.type {
        case .date: return "A date: ISO 8601 such as 2030-01-31T09:00:00Z, or words such as tomorrow"
        case .duration: return "A duration in seconds"
        case .file: return "The path of a file"
        case .entity:
            let type = parameter.entityType ?? "item"
            return "A \(type): its identifier, or text to search for; a call without it lists the choices"
        case .shortcut: return "The name of a shortcut in the library"
        case .enumeration where parameter.options.isEmpty: return "One of the action's options, as text"
        default: return nil
        }
    }

    private static func defaultValue(_ text: String, for parameter: ParameterMetadata) -> JSONValue? {
        switch parameter.type {
        case .number, .duration, .integer:
            guard let number = Double(text) else { return nil }
            return parameter.type == .integer && number != number.rounded() ? nil : .number(number)
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "1", "on": return .bool(true)
            case "false", "no", "0", "off": return .bool(false)
            default: return nil
            }
        case .enumeration:
            return parameter.options.isEmpty || parameter.options.contains(text) ? .string(text) : nil
        case .dictionary, .list, .file, .entity:
            return nil
        default:
            return parameter.isList ? nil : .string(text)
        }
    }
}
