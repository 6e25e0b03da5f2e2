import FoundationEssentials
import PropertyList
import ShortcutFormat
import ShortcutsContent

extension ValueCompiler {
    /// The explicit forms: `#text`, `#plain`, `#bare`, `#number`, `#list`, `#record`, `#dictionary`,
    /// `#item`, `#quantity`, `#conditions`, `#serialized`, `#picker`, `#bareVariable`, `#raw`.
    mutating func tagged(_ tag: String, _ arguments: [Argument], at position: SourcePosition, context: ValueContext) -> ParameterValue? {
        let first = arguments.first?.label == nil ? arguments.first?.value : nil
        func needsValue(_ what: String) -> ParameterValue? {
            log.error("#\(tag) needs \(what)", at: position)
            return nil
        }
        switch tag {
        case "text", "bare":
            guard case .string(let parts, _)? = first, let text = tokenString(parts) else { return needsValue("text in quotes") }
            return tag == "text" ? .text(text) : .bareText(text)
        case "plain":
            guard case .string(let parts, _)? = first else { return needsValue("text in quotes") }
            var string = ""
            for part in parts {
                guard case .literal(let literal) = part else {
                    log.error("#plain text can't contain variables; use \"…\" or #text", at: position)
                    return nil
                }
                string += literal
            }
            return .plain(.string(string))
        case "number":
            guard let first else { return needsValue("a number, Boolean or variable") }
            return parameterValue(first, context: .plain).map(ParameterValue.numberSubstitutable)
        case "list":
            guard case .list(let items, _)? = first else { return needsValue("a list in brackets") }
            var values: [ParameterValue] = []
            for item in items {
                guard let value = parameterValue(item, context: context) else { return nil }
                values.append(value)
            }
            return .arrayState(values)
        case "record":
            guard let first, let record = record(first) else { return needsValue("a dictionary in braces") }
            return .record(record)
        case "dictionary":
            guard case .list(let items, _)? = first else { return needsValue("a list of #item(…) entries") }
            var entries: [DictionaryItem] = []
            for item in items {
                guard case .tagged("item", let fields, let itemPosition) = item, let entry = explicitItem(fields, at: itemPosition) else {
                    log.error("each entry of #dictionary is an #item(type:, key:, value:)", at: item.position)
                    return nil
                }
                entries.append(entry)
            }
            return .dictionaryField(entries)
        case "quantity":
            var magnitude: ParameterValue?
            if let first, !first.isNone {
                guard let value = parameterValue(first, context: .plain) else { return nil }
                magnitude = value
            }
            var unit: String?
            if let unitSyntax = arguments.first(where: { $0.label == "unit" })?.value, !unitSyntax.isNone {
                guard case .string(let text)? = plist(unitSyntax) else { return needsValue("unit: \"…\" as text") }
                unit = text
            }
            return .quantity(magnitude: magnitude, unit: unit)
        case "conditions": return conditions(arguments, at: position)
        case "serialized":
            guard case .string(let type)? = first.flatMap({ plist($0) }), arguments.count == 2 else {
                return needsValue("a serialization type and a value: #serialized(\"Type\", value)")
            }
            return parameterValue(arguments[1].value, context: context).map { .serialized(type: type, value: $0) }
        case "picker", "bareVariable":
            guard case .variable(let variable)? = first, let attachment = attachment(variable) else { return needsValue("a variable") }
            return tag == "picker" ? .variablePicker(attachment) : .bareAttachment(attachment)
        case "raw":
            // Read as a file's parameter is read, so it runs as it runs in the file (a
            // `.unknown` value would run as the property list's text).
            guard let first, let value = plist(first) else { return needsValue("a property-list value") }
            return ParameterValue(propertyList: value)
        case "item":
            log.error("#item(…) is only allowed inside #dictionary [ … ]", at: position)
            return nil
        default:
            let known = [
                "text", "plain", "bare", "number", "list", "record", "dictionary", "quantity", "conditions", "serialized", "picker",
                "bareVariable", "raw",
            ]
            log.error("unknown form '#\(tag)'\(Suggestion.didYouMean(tag, among: known))", at: position)
            return nil
        }
    }

    /// `#item(type: 0, key: "k", value: "v", #extra: {…})`: one entry of a dictionary, written out.
    private mutating func explicitItem(_ fields: [Argument], at position: SourcePosition) -> DictionaryItem? {
        var item = DictionaryItem(itemType: nil, key: nil, value: nil)
        for field in fields where !field.value.isNone {
            switch field.label {
            case "type":
                guard case .integer(let type)? = plist(field.value) else { return nil }
                item.itemType = type
            case "key": item.key = parameterValue(field.value, context: .text)
            case "value": item.value = parameterValue(field.value, context: .text)
            case "#extra":
                guard let extra = plist(field.value)?.dictionaryValue else { return nil }
                item.extra = extra
            default:
                log.error("#item takes type:, key:, value: and #extra:", at: field.position)
                return nil
            }
        }
        if rangesInDictionaries {
            item.key = item.key?.withEmptyRanges()
            item.value = item.value?.withEmptyRanges()
        }
        return item
    }

    /// `#record {Key: value}`: a plain dictionary of parameter values.
    mutating func record(_ syntax: ValueSyntax) -> ParameterDictionary? {
        guard case .dictionary(let entries, _) = syntax else { return nil }
        var record = ParameterDictionary()
        for entry in entries {
            guard let key = dictionaryKey(entry.key), let value = parameterValue(entry.value, context: .plain) else { return nil }
            record[key] = value
        }
        return record
    }

    /// `#conditions(all, [{…}, …], #extra: {…})`: If's and filters' condition tables.
    private mutating func conditions(_ arguments: [Argument], at position: SourcePosition) -> ParameterValue? {
        var prefix: Int64?
        var templates: [ParameterDictionary] = []
        var extra = PropertyListDictionary()
        for (offset, argument) in arguments.enumerated() {
            if argument.label == "#extra" {
                guard let fields = plist(argument.value)?.dictionaryValue else { return nil }
                extra = fields
            } else if offset == 0 {
                switch argument.value {
                case .variable(let word) where word.postfixes.isEmpty && word.isWord("all"): prefix = 1
                case .variable(let word) where word.postfixes.isEmpty && word.isWord("any"): prefix = 0
                case .integer(let value, _, _): prefix = value
                case .none: prefix = nil
                default:
                    log.error("#conditions starts with all, any, a number or none", at: argument.position)
                    return nil
                }
            } else {
                guard case .list(let items, _) = argument.value else {
                    log.error("#conditions needs a list of conditions, each a dictionary", at: argument.position)
                    return nil
                }
                for item in items {
                    guard let template = record(item) else { return nil }
                    templates.append(template)
                }
            }
        }
        return .predicateTable(PredicateTable(prefix: prefix, templates: templates, extra: extra))
    }

    /// A dictionary key: a string literal or a bare word.
    mutating func dictionaryKey(_ syntax: ValueSyntax) -> String? {
        switch syntax {
        case .string(let parts, _):
            if parts.isEmpty { return "" }
            if parts.count == 1, case .literal(let key) = parts[0] { return key }
        case .variable(let word) where word.postfixes.isEmpty:
            if case .output(let key) = word.base { return key }
        default: break
        }
        log.error("expected a key: a word or text in quotes", at: syntax.position)
        return nil
    }

    // MARK: Property-list literals

    /// A property-list value: strings, numbers, Booleans, lists, dictionaries, `#date(seconds)`,
    /// `#data("base64")`, `#uid(n)`, `#real("nan")` and `#uuid(name)` (the UUID of a bound output).
    mutating func plist(_ syntax: ValueSyntax) -> PropertyListValue? {
        switch syntax {
        case .string(let parts, let position):
            var string = ""
            for part in parts {
                guard case .literal(let literal) = part else {
                    log.error("text in a property-list literal can't contain variables", at: position)
                    return nil
                }
                string += literal
            }
            return .string(string)
        case .integer(let value, _, _): return .integer(value)
        case .real(let value, _, _): return .real(value)
        case .boolean(let value, _): return .boolean(value)
        case .list(let items, _):
            var values: [PropertyListValue] = []
            for item in items {
                guard let value = plist(item) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .dictionary(let entries, _):
            var dictionary = PropertyListDictionary()
            for entry in entries {
                guard let key = dictionaryKey(entry.key), let value = plist(entry.value) else { return nil }
                dictionary[key] = value
            }
            return .dictionary(dictionary)
        case .tagged(let tag, let arguments, let position):
            let first = arguments.first?.value
            switch (tag, first) {
            case ("date", .real(let seconds, _, _)?): return .date(Date(timeIntervalSinceReferenceDate: seconds))
            case ("date", .integer(let seconds, _, _)?): return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
            case ("uid", .integer(let value, _, _)?) where value >= 0: return .uid(UInt64(value))
            case ("data", .string(let parts, _)?):
                if parts.isEmpty { return .data(Data()) }
                if case .literal(let text) = parts[0], let data = Data(base64Encoded: text) { return .data(data) }
            case ("real", .string(let parts, _)?):
                if case .literal(let text) = parts.first, let value = Double(text) { return .real(value) }
            case ("uuid", .variable(let word)?):
                if case .output(let name) = word.base {
                    if let uuid = bindings[name]?.uuid ?? laterBindings[name]?.uuid { return .string(uuid) }
                    log.error("#uuid(\(name)): no action's output is bound to '\(name)'", at: position)
                    return nil
                }
            default: break
            }
            log.error(
                "expected #date(seconds), #data(\"base64\"), #uid(n), #real(\"nan\") or #uuid(name) in a property-list literal",
                at: position)
            return nil
        case .none, .variable:
            log.error("expected a property-list value (text, number, Boolean, list or dictionary)", at: syntax.position)
            return nil
        }
    }
}

extension ValueSyntax {
    var isNone: Bool { if case .none = self { true } else { false } }
}

extension VariableSyntax {
    /// Whether this is the bare word `name`, as keywords inside values are written.
    func isWord(_ name: String) -> Bool {
        if case .output(name) = base, postfixes.isEmpty { return true }
        return false
    }
}

/// Friendly names of content classes, for `.as(number)` and `@input text, url`.
enum ContentClasses {
    /// `number` → `WFNumberContentItem`; anything else is taken as the raw class name.
    static func itemClass(_ name: String) -> String {
        ContentClass.allCases.first { "\($0)" == name }?.rawValue ?? name
    }

    /// `WFNumberContentItem` → `number`, or `nil` for classes without a friendly name.
    static func friendlyName(_ itemClass: String) -> String? {
        ContentClass(rawValue: itemClass).map { "\($0)" }
    }
}
