import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsContent

/// Renders parameter values as people read them: text with `{Variable}` tokens, magic variables
/// as `{Output Name ⟨action N⟩}`, aggrandizements as `{Dictionary.key}` or `{x as Number}`.
/// `shortcuts view` and the app's editor both show values through it.
public struct ParameterRenderer: Sendable {
    /// Each output UUID's action index and output name.
    public let outputs: [String: (index: Int, name: String)]

    public init(outputs: [String: (index: Int, name: String)]) { self.outputs = outputs }

    /// A renderer for a workflow's actions, naming each magic variable by its action's custom
    /// output name, its output name or its title.
    public init(actions: [WorkflowAction], metadata: (String) -> ActionMetadata?) {
        var names: [String: (index: Int, name: String)] = [:]
        for (offset, action) in actions.enumerated() {
            guard let uuid = action.uuid, names[uuid] == nil else { continue }
            let described = metadata(action.identifier)
            let name =
                action.customOutputName ?? described?.outputName ?? ControlFlowBlock(identifier: action.identifier)?.outputName
                ?? described?.title ?? Self.fallbackTitle(action)
            names[uuid] = (offset + 1, name)
        }
        self.init(outputs: names)
    }

    /// A title for an action nobody describes: its App Intent name or the identifier's last part.
    public static func fallbackTitle(_ action: WorkflowAction) -> String {
        if case .record(let descriptor)? = action.parameters["AppIntentDescriptor"],
            let name = descriptor["AppIntentIdentifier"]?.stringValue
        {
            return name
        }
        return action.identifier.split(separator: ".").last.map(String.init) ?? action.identifier
    }

    public func render(_ value: ParameterValue) -> String {
        switch value {
        case .plain(let plain): return render(plain)
        case .array(let items), .arrayState(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
        case .record(let record):
            if let inner = record["WFValue"], record["WFItemType"] != nil, record.count == 2 { return render(inner) }
            if record.isEmpty { return "[:]" }
            return "[" + record.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "]"
        case .text(let text), .bareText(let text): return render(text)
        case .attachment(let attachment), .bareAttachment(let attachment), .variablePicker(let attachment):
            return token(attachment)
        case .dictionaryField(let items):
            if items.isEmpty { return "[:]" }
            return "["
                + items.map { item in
                    let key = item.key.map(render) ?? "\"\""
                    let value = item.value.map(render) ?? "nothing"
                    return item.key == nil ? value : "\(key): \(value)"
                }.joined(separator: ", ") + "]"
        case .numberSubstitutable(let inner): return render(inner)
        case .quantity(let magnitude, let unit):
            return [magnitude.map(render), unit].compactMap { $0 }.joined(separator: " ")
        case .predicateTable(let table):
            let clauses = table.templates.map(clause)
            return (table.requiresAll ? "all of: " : "any of: ") + clauses.joined(separator: "; ")
        case .serialized(let type, let inner): return "\(type)(\(render(inner)))"
        case .unknown(let plain): return render(plain)
        }
    }

    /// `WFCondition` as words: `has any value`, `is greater than`…
    public func condition(_ value: ParameterValue) -> String {
        if let code = value.integerValue, let name = Self.conditionNames[code] { return name }
        return render(value)
    }

    /// One condition of a predicate table: `{Input} is "x"`, or its keys when it is a filter.
    private func clause(_ template: ParameterDictionary) -> String {
        guard let code = template["WFCondition"] else {
            return "[" + template.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "]"
        }
        var parts = [template["WFInput"].map(render) ?? "input", condition(code)]
        for key in [
            "WFConditionalActionString", "WFNumberValue", "WFAnotherNumber", "WFDate", "WFAnotherDate",
            "WFBooleanValue", "WFEnumerationValue", "WFDuration",
        ] {
            if let operand = template[key] { parts.append(render(operand)) }
        }
        return parts.joined(separator: " ")
    }

    private func render(_ text: TokenString) -> String {
        var result = "\""
        for segment in text.segments {
            switch segment {
            case .literal(let literal): result += Self.escaped(literal)
            case .variable(let attachment): result += token(attachment)
            }
        }
        return result + "\""
    }

    /// A variable as `{Name}`, with its aggrandizements.
    public func token(_ attachment: TokenAttachment) -> String {
        var name: String
        switch attachment.kind {
        case .actionOutput(let uuid, let outputName):
            if let output = outputs[uuid] {
                name = "\(outputName ?? output.name) ⟨action \(output.index)⟩"
            } else {
                name = "\(outputName ?? "Output") ⟨missing action⟩"
            }
        case .variable(let variable): name = variable
        case .extensionInput: name = "Shortcut Input"
        case .currentDate: name = "Current Date"
        case .clipboard: name = "Clipboard"
        case .ask: name = attachment.prompt.map { "Ask Each Time: \($0)" } ?? "Ask Each Time"
        case .deviceDetails: name = "Device Details"
        case .other(let type): name = type
        }
        for aggrandizement in attachment.aggrandizements {
            switch aggrandizement {
            case .coercion(let itemClass): name += " as " + (ContentClass(rawValue: itemClass)?.displayName ?? itemClass)
            case .property(let property, _): name += "." + property
            case .dictionaryValue(let key): name += "." + key
            case .dateFormat(let format):
                name += " formatted " + (format.format.map { "\"\($0)\"" } ?? format.dateStyle ?? "as date")
            case .other(let fields): name += " (\(fields["Type"]?.stringValue ?? "aggrandized"))"
            }
        }
        return "{" + name + "}"
    }

    private func render(_ plain: PropertyListValue) -> String {
        switch plain {
        case .string(let string): return "\"" + Self.escaped(string) + "\""
        case .integer(let integer): return String(integer)
        case .real(let real): return NumberText.format(real)
        case .boolean(let boolean): return boolean ? "true" : "false"
        case .date(let date): return ISO8601DateFormatter().string(from: date)
        case .data(let data): return "<\(data.count) bytes>"
        case .uid(let uid): return "uid(\(uid))"
        case .array(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
        case .dictionary(let dictionary):
            if dictionary.isEmpty { return "[:]" }
            return "[" + dictionary.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "]"
        }
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result
    }

    /// The `WFCondition` codes, as the editor words them (``ConditionCode/phrase``).
    public static let conditionNames: [Int64: String] = Dictionary(
        uniqueKeysWithValues: ConditionCode.allCases.map { ($0.rawValue, $0.phrase) })
}
