import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsContent
import ShortcutsLanguage
import ShortcutsRPC

/// A shortcut as the app's editor holds it, in JSON, and back.
///
/// Every parameter goes to the page with `ref`, its exact value as a base64 binary property
/// list, beside a form the page can show and edit (text with variable tokens, a number, a
/// boolean, a string). A value the page didn't change comes back with its `ref` and is restored
/// from it bit for bit; an edited one comes back without `ref` and is built from its form. So
/// opening and saving a shortcut changes nothing but what the person changed.
///
/// ```json
/// {"identifier": "is.workflow.actions.gettext", "title": "Text", "uuid": "…", "depth": 0,
///  "parameters": [{"key": "WFTextActionText", "value": {"t": "text", "parts": ["Hello, ", {"var": …}], "ref": "…"}}]}
/// ```
public enum EditorDocument {
    /// The document of a workflow: its actions with their blocks, parameters and outputs.
    public static func json(
        of workflow: Workflow, metadata: (String) -> ActionMetadata?
    ) -> JSONValue {
        let actions = workflow.actions
        let renderer = ParameterRenderer(actions: actions, metadata: metadata)
        let matched = BlockMatcher.match(actions)
        let roles = matched.roles(count: actions.count)
        var depth = 0
        var items: [JSONValue] = []
        items.reserveCapacity(actions.count)
        for (offset, action) in actions.enumerated() {
            let described = metadata(action.identifier)
            var object: JSONObject = [
                "identifier": .string(action.identifier),
                "title": .string(ControlFlowBlock.title(of: action) ?? described?.title ?? ParameterRenderer.fallbackTitle(action)),
            ]
            if let role = roles[offset] {
                if role.mode != .start { depth = max(0, depth - 1) }
                object["block"] = [
                    "kind": .string(matched.blocks[role.block].kind.identifier),
                    "mode": .number(Double(role.mode.rawValue)),
                ]
                object["depth"] = .number(Double(depth))
                if role.mode != .end { depth += 1 }
            } else {
                object["depth"] = .number(Double(depth))
            }
            if let uuid = action.uuid { object["uuid"] = .string(uuid) }
            if let name = renderer.outputs[action.uuid ?? ""]?.name { object["outputName"] = .string(name) }
            object["parameters"] = .array(
                action.parameters.map { key, value in
                    [
                        "key": .string(key),
                        "value": json(of: value, renderer: renderer, key: key),
                    ]
                })
            if !action.extra.isEmpty { object["extra"] = .string(reference(.dictionary(action.extra))) }
            items.append(.object(object))
        }
        return .array(items)
    }

    /// One value's editable form. A plain string, number or boolean is exact as it is; anything
    /// else carries its exact `ref`, and a label to show when the page has no control for it.
    static func json(of value: ParameterValue, renderer: ParameterRenderer, key: String) -> JSONValue {
        switch value {
        case .plain(.string(let string)): return ["t": "string", "value": .string(string)]
        case .plain(.integer(let integer)): return ["t": "number", "value": .number(Double(integer))]
        case .plain(.real(let real)):
            // JSON numbers here are written as the actions write them, not to the last digit: the ref keeps it.
            return ["t": "number", "value": .number(real), "real": true, "ref": .string(reference(value.propertyList))]
        case .plain(.boolean(let boolean)): return ["t": "bool", "value": .bool(boolean)]
        default: break
        }
        var object: JSONObject = ["ref": .string(reference(value.propertyList))]
        switch value {
        case .text(let text), .bareText(let text):
            object["t"] = "text"
            object["parts"] = .array(
                text.segments.map { segment in
                    switch segment {
                    case .literal(let literal): return .string(literal)
                    case .variable(let attachment): return ["var": token(attachment, renderer: renderer)]
                    }
                })
        case .attachment(let attachment), .bareAttachment(let attachment), .variablePicker(let attachment):
            object["t"] = "var"
            object["var"] = token(attachment, renderer: renderer)
        default:
            object["t"] = "other"
            object["label"] = .string(key == "WFCondition" ? renderer.condition(value) : renderer.render(value))
        }
        return .object(object)
    }

    /// A variable token: what it shows and, for a magic variable, which action made it.
    static func token(_ attachment: TokenAttachment, renderer: ParameterRenderer) -> JSONValue {
        var object: JSONObject = [
            "ref": .string(reference(ParameterValue.attachment(attachment).propertyList)),
            "label": .string(String(renderer.token(attachment).dropFirst().dropLast())),
        ]
        switch attachment.kind {
        case .actionOutput(let uuid, _):
            object["kind"] = "output"
            object["uuid"] = .string(uuid)
        case .variable(let name):
            object["kind"] = "variable"
            object["name"] = .string(name)
        case .extensionInput: object["kind"] = "input"
        case .currentDate: object["kind"] = "date"
        case .clipboard: object["kind"] = "clipboard"
        case .ask: object["kind"] = "ask"
        case .deviceDetails: object["kind"] = "device"
        case .other(let type): object["kind"] = .string(type)
        }
        return .object(object)
    }

    // MARK: Back from the page

    /// The workflow the page's actions make, with `settings` from the file.
    ///
    /// - Throws: ``AppError`` naming the action (from 1) and the parameter that can't be read.
    public static func workflow(from actions: [JSONValue], settings: PropertyListDictionary) throws(AppError) -> Workflow {
        var made: [WorkflowAction] = []
        made.reserveCapacity(actions.count)
        for (offset, item) in actions.enumerated() {
            guard let object = item.objectValue, let identifier = object["identifier"]?.stringValue, !identifier.isEmpty else {
                throw AppError("action \(offset + 1) has no identifier")
            }
            var parameters: [(String, ParameterValue)] = []
            for parameter in object["parameters"]?.arrayValue ?? [] {
                guard let key = parameter["key"]?.stringValue, let value = parameter["value"] else {
                    throw AppError("action \(offset + 1) (\(identifier)) has a parameter without a key or value")
                }
                do throws(AppError) {
                    parameters.append((key, try self.value(from: value)))
                } catch {
                    throw AppError("action \(offset + 1) (\(identifier)), parameter \(key): \(error.description)")
                }
            }
            var extra = PropertyListDictionary()
            if let reference = object["extra"]?.stringValue {
                guard case .dictionary(let fields)? = try? decode(reference) else {
                    throw AppError("action \(offset + 1) (\(identifier)) has extra fields that can't be read")
                }
                extra = fields
            }
            made.append(WorkflowAction(identifier: identifier, parameters: ParameterDictionary(parameters), extra: extra))
        }
        return Workflow(actions: made, settings: settings)
    }

    /// A parameter value: from its `ref` when the page left it alone, else from its form.
    static func value(from json: JSONValue) throws(AppError) -> ParameterValue {
        if let reference = json["ref"]?.stringValue { return ParameterValue(propertyList: try decode(reference)) }
        switch json["t"]?.stringValue {
        case "text":
            var segments: [TokenString.Segment] = []
            for part in json["parts"]?.arrayValue ?? [] {
                if let literal = part.stringValue {
                    segments.append(.literal(literal))
                } else if let token = part["var"] {
                    segments.append(.variable(try attachment(from: token)))
                } else {
                    throw AppError("a part of the text is neither text nor a variable")
                }
            }
            return .text(TokenString(segments: segments))
        case "var":
            guard let token = json["var"] else { throw AppError("the variable is missing") }
            return .attachment(try attachment(from: token))
        case "string": return .plain(.string(json["value"]?.stringValue ?? ""))
        case "strings": return .plain(.array((json["items"]?.arrayValue ?? []).map { .string($0.stringValue ?? "") }))
        case "bool": return .plain(.boolean(json["value"]?.boolValue ?? false))
        case "number":
            guard let number = json["value"]?.numberValue, number.isFinite else { throw AppError("the number is not a number") }
            if json["real"]?.boolValue != true, number == number.rounded(), abs(number) < 1e15 { return .plain(.integer(Int64(number))) }
            return .plain(.real(number))
        default:
            throw AppError("the value has neither a ref nor a form the app knows")
        }
    }

    /// A token: the original when it has a `ref`, else a new one the page made.
    static func attachment(from json: JSONValue) throws(AppError) -> TokenAttachment {
        if let reference = json["ref"]?.stringValue {
            switch ParameterValue(propertyList: try decode(reference)) {
            case .attachment(let attachment), .bareAttachment(let attachment), .variablePicker(let attachment): return attachment
            default: throw AppError("the variable's ref is not a variable")
            }
        }
        switch json["kind"]?.stringValue {
        case "output":
            guard let uuid = json["uuid"]?.stringValue else { throw AppError("the magic variable names no action") }
            return TokenAttachment(.actionOutput(uuid: uuid, name: json["name"]?.stringValue))
        case "variable":
            guard let name = json["name"]?.stringValue, !name.isEmpty else { throw AppError("the variable has no name") }
            return TokenAttachment(.variable(name: name))
        case "input": return TokenAttachment(.extensionInput)
        case "date": return TokenAttachment(.currentDate)
        case "clipboard": return TokenAttachment(.clipboard)
        case "ask": return TokenAttachment(.ask)
        case "device": return TokenAttachment(.deviceDetails)
        default: throw AppError("the variable's kind is not one the app knows")
        }
    }

    // MARK: References

    static func reference(_ value: PropertyListValue) -> String {
        PropertyList.encode(value, format: .binary).base64EncodedString()
    }

    static func decode(_ reference: String) throws(AppError) -> PropertyListValue {
        guard let data = Data(base64Encoded: reference) else { throw AppError("its ref is not base64") }
        do {
            return try PropertyList.decode(data).value
        } catch {
            throw AppError("its ref is not a property list: \(error)")
        }
    }
}
