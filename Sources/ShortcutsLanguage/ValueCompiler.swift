import PropertyList
import ShortcutFormat
import ShortcutsContent

/// An action output a name is bound to: its `UUID` and the name references show.
struct BoundOutput {
    var uuid: String
    var outputName: String?
}

/// Where a value stands, which decides what a plain `"string"` means: Shortcuts writes text
/// fields as token strings (`WFTextTokenString`) and enumerations as plain strings.
enum ValueContext {
    case plain, text
}

/// Gives written values their meaning: parameter values, property-list literals and variables.
struct ValueCompiler {
    /// The names bound so far.
    var bindings: [String: BoundOutput] = [:]
    /// Every name bound anywhere in the file, for `#uuid(name)` and before-bound diagnostics.
    var laterBindings: [String: (uuid: String, position: SourcePosition)] = [:]
    var log: DiagnosticLog
    /// Whether dictionary items' texts are written with an empty `attachmentsByRange`
    /// (`@shape rangesInDictionaries`, ``DictionaryTextShape``).
    var rangesInDictionaries = false

    // MARK: Parameter values

    mutating func parameterValue(_ syntax: ValueSyntax, context: ValueContext) -> ParameterValue? {
        switch syntax {
        case .string(let parts, _):
            if parts.allSatisfy({ if case .literal = $0 { true } else { false } }) {
                let string = parts.map { if case .literal(let text) = $0 { text } else { "" } }.joined()
                return context == .text ? .text(TokenString(string: string)) : .plain(.string(string))
            }
            return tokenString(parts).map(ParameterValue.text)
        case .integer(let value, _, _): return .plain(.integer(value))
        case .real(let value, _, _): return .plain(.real(value))
        case .boolean(let value, _): return .plain(.boolean(value))
        case .none(let position):
            log.error("'none' can't be a parameter's value; leave the parameter out instead", at: position)
            return nil
        case .variable(let variable): return attachment(variable).map(ParameterValue.attachment)
        case .list(let items, _):
            var values: [ParameterValue] = []
            for item in items {
                guard let value = parameterValue(item, context: context) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .dictionary(let entries, _):
            var items: [DictionaryItem] = []
            for entry in entries {
                guard let item = inferredItem(key: entry.key, value: entry.value) else { return nil }
                items.append(item)
            }
            return .dictionaryField(items)
        case .tagged(let tag, let arguments, let position):
            return tagged(tag, arguments, at: position, context: context)
        }
    }

    /// A dictionary entry whose `WFItemType` follows from how the value is written.
    mutating func inferredItem(key: ValueSyntax?, value: ValueSyntax) -> DictionaryItem? {
        let compiledKey: ParameterValue?
        if let key {
            guard let keyValue = parameterValue(key, context: .text) else { return nil }
            compiledKey = keyValue
        } else {
            compiledKey = nil
        }
        let type: DictionaryItem.ItemType
        let compiledValue: ParameterValue?
        switch value {
        case .integer(_, let text, _), .real(_, let text, _):
            type = .number
            compiledValue = .text(TokenString(string: text))
        case .boolean(let flag, _):
            type = .boolean
            compiledValue = .numberSubstitutable(.plain(.boolean(flag)))
        case .dictionary:
            type = .dictionary
            compiledValue = parameterValue(value, context: .text).map { .serialized(type: "WFDictionaryFieldValue", value: $0) }
        case .list(let elements, _):
            type = .array
            var items: [ParameterValue] = []
            for element in elements {
                guard let item = inferredItem(key: nil, value: element) else { return nil }
                items.append(.record(ParameterDictionary(propertyList: item.propertyList)))
            }
            compiledValue = .arrayState(items)
        default:
            type = .text
            compiledValue = parameterValue(value, context: .text)
        }
        guard let compiledValue else { return nil }
        if rangesInDictionaries {
            return DictionaryItem(itemType: type.rawValue, key: compiledKey?.withEmptyRanges(), value: compiledValue.withEmptyRanges())
        }
        return DictionaryItem(itemType: type.rawValue, key: compiledKey, value: compiledValue)
    }

    /// Text with variables from the parts of an interpolated string.
    mutating func tokenString(_ parts: [StringPart]) -> TokenString? {
        var segments: [TokenString.Segment] = []
        for part in parts {
            switch part {
            case .literal(let text): segments.append(.literal(text))
            case .interpolation(let variable):
                guard let attachment = attachment(variable) else { return nil }
                segments.append(.variable(attachment))
            }
        }
        return TokenString(segments: segments)
    }

    // MARK: Variables

    mutating func attachment(_ variable: VariableSyntax) -> ShortcutFormat.TokenAttachment? {
        var attachment: ShortcutFormat.TokenAttachment
        switch variable.base {
        case .output(let name):
            guard let bound = bindings[name] else {
                if let later = laterBindings[name] {
                    log.error(
                        "'\(name)' is used before it is bound (at line \(later.position.line)); a magic variable can only refer to an earlier action",
                        at: variable.position)
                } else {
                    let candidates = Array(bindings.keys) + Parser.specialNames.keys
                    log.error(
                        "unknown variable '\(name)': no action's output is bound to that name\(Suggestion.didYouMean(name, among: candidates)) (named variables are written $\(name))",
                        at: variable.position)
                }
                return nil
            }
            attachment = .init(.actionOutput(uuid: bound.uuid, name: bound.outputName))
        case .named(let name): attachment = .init(.variable(name: name))
        case .special(let type):
            let kind: ShortcutFormat.TokenAttachment.Kind
            switch type {
            case "ExtensionInput": kind = .extensionInput
            case "CurrentDate": kind = .currentDate
            case "Clipboard": kind = .clipboard
            case "Ask": kind = .ask
            case "DeviceDetails": kind = .deviceDetails
            default: kind = .other(type)
            }
            attachment = .init(kind)
        case .raw(let syntax):
            guard let fields = plist(syntax)?.dictionaryValue, let decoded = ShortcutFormat.TokenAttachment(propertyList: fields) else {
                log.error(
                    "expected an attachment dictionary with a Type, such as {Type: \"Variable\", VariableName: \"x\"}", at: syntax.position)
                return nil
            }
            attachment = decoded
        }
        for postfix in variable.postfixes {
            switch postfix {
            case .property(let name, let userInfo):
                var info: PropertyListValue?
                if let userInfo {
                    guard let value = plist(userInfo) else { return nil }
                    info = value
                }
                attachment.aggrandizements.append(.property(name: name, userInfo: info))
            case .key(let key): attachment.aggrandizements.append(.dictionaryValue(key: key))
            case .coercion(let name): attachment.aggrandizements.append(.coercion(itemClass: ContentClasses.itemClass(name)))
            case .dateFormat(let arguments):
                guard let format = dateFormat(arguments) else { return nil }
                attachment.aggrandizements.append(.dateFormat(format))
            case .raw(let syntax):
                guard let fields = plist(syntax)?.dictionaryValue else {
                    log.error("expected an aggrandizement dictionary in .aggrandizement(…)", at: syntax.position)
                    return nil
                }
                attachment.aggrandizements.append(Aggrandizement(propertyList: fields))
            case .with(let syntax):
                guard let fields = plist(syntax)?.dictionaryValue else {
                    log.error("expected a dictionary of attachment keys in .with(…)", at: syntax.position)
                    return nil
                }
                for (key, value) in fields { attachment.extra[key] = value }
            }
        }
        return attachment
    }

    private mutating func dateFormat(_ arguments: [Argument]) -> Aggrandizement.DateFormat? {
        var format = Aggrandizement.DateFormat()
        for argument in arguments {
            let value = plist(argument.value)
            switch (argument.label, value) {
            case ("style", .string(let text)?): format.dateStyle = text
            case ("time", .string(let text)?): format.timeStyle = text
            case ("format", .string(let text)?): format.format = text
            case ("isoTime", .boolean(let flag)?): format.includeISOTime = flag
            default:
                log.error(
                    "expected style: \"…\", time: \"…\", format: \"…\" or isoTime: true/false in .dateFormat(…)", at: argument.position)
                return nil
            }
        }
        return format
    }
}
