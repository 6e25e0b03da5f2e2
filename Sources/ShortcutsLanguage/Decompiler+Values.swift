import FoundationEssentials
import PropertyList
import ShortcutFormat

extension Decompiler {
    /// The most readable form of a value that compiles back to exactly it.
    mutating func valueSyntax(_ value: ParameterValue, context: ValueContext) -> ValueSyntax {
        if let candidate = readable(value, context: context), compiles(candidate, to: value, context: context) {
            return candidate
        }
        return rawSyntax(value)
    }

    /// Whether a written form compiles to exactly the value, with names bound to the original
    /// UUIDs (and the file's ``DictionaryTextShape``); a value that doesn't is written `#raw`, so
    /// every file's text compiles back to the file.
    func compiles(_ syntax: ValueSyntax, to value: ParameterValue, context: ValueContext) -> Bool {
        var checker = self.checker
        checker.log = DiagnosticLog()
        guard let compiled = checker.parameterValue(syntax, context: context), !checker.log.hasErrors else { return false }
        return (checker.rangesInDictionaries && dictionaryDepth > 0 ? compiled.withEmptyRanges() : compiled) == value
    }

    /// `#raw` with the value's property list.
    func rawSyntax(_ value: ParameterValue) -> ValueSyntax {
        .tagged("raw", [Self.unlabeled(plistSyntax(value.propertyList))], position: Self.nowhere)
    }

    static func unlabeled(_ value: ValueSyntax) -> Argument { Argument(label: nil, value: value, position: nowhere) }
    static func labeled(_ label: String, _ value: ValueSyntax) -> Argument { Argument(label: label, value: value, position: nowhere) }
    static func string(_ text: String) -> ValueSyntax { .string(text.isEmpty ? [] : [.literal(text)], position: nowhere) }
    static func word(_ name: String) -> ValueSyntax { .variable(VariableSyntax(base: .output(name), postfixes: [], position: nowhere)) }

    private mutating func readable(_ value: ParameterValue, context: ValueContext) -> ValueSyntax? {
        let tag = { (name: String, value: ValueSyntax) in ValueSyntax.tagged(name, [Self.unlabeled(value)], position: Self.nowhere) }
        switch value {
        case .plain(.string(let string)):
            return context == .plain ? Self.string(string) : tag("plain", Self.string(string))
        case .plain(.integer(let number)): return .integer(number, text: String(number), position: Self.nowhere)
        case .plain(.real(let number)) where number.isFinite: return .real(number, text: "\(number)", position: Self.nowhere)
        case .plain(.boolean(let flag)): return .boolean(flag, position: Self.nowhere)
        case .plain, .unknown: return nil
        case .array(let items): return .list(items.map { valueSyntax($0, context: context) }, position: Self.nowhere)
        case .record(let record): return tag("record", recordSyntax(record))
        case .text(let text):
            guard let parts = stringParts(text) else { return nil }
            return text.attachments.isEmpty && context == .plain
                ? tag("text", .string(parts, position: Self.nowhere)) : .string(parts, position: Self.nowhere)
        case .bareText(let text):
            guard let parts = stringParts(text) else { return nil }
            return tag("bare", .string(parts, position: Self.nowhere))
        case .attachment(let attachment): return .variable(variableSyntax(attachment))
        case .bareAttachment(let attachment): return tag("bareVariable", .variable(variableSyntax(attachment)))
        case .variablePicker(let attachment): return tag("picker", .variable(variableSyntax(attachment)))
        case .dictionaryField(let items):
            dictionaryDepth += 1
            defer { dictionaryDepth -= 1 }
            if let inferred = inferredDictionary(items), compiles(inferred, to: value, context: context) { return inferred }
            return tag("dictionary", .list(items.map { explicitItem($0) }, position: Self.nowhere))
        case .arrayState(let items): return tag("list", .list(items.map { valueSyntax($0, context: context) }, position: Self.nowhere))
        case .numberSubstitutable(let inner): return tag("number", valueSyntax(inner, context: .plain))
        case .quantity(let magnitude, let unit):
            return .tagged(
                "quantity",
                [
                    Self.unlabeled(magnitude.map { valueSyntax($0, context: .plain) } ?? .none(position: Self.nowhere)),
                    Self.labeled("unit", unit.map(Self.string) ?? .none(position: Self.nowhere)),
                ],
                position: Self.nowhere)
        case .predicateTable(let table):
            let mode: ValueSyntax
            switch table.prefix {
            case 1?: mode = Self.word("all")
            case 0?: mode = Self.word("any")
            case let prefix?: mode = .integer(prefix, text: String(prefix), position: Self.nowhere)
            case nil: mode = .none(position: Self.nowhere)
            }
            var arguments = [Self.unlabeled(mode), Self.unlabeled(.list(table.templates.map { recordSyntax($0) }, position: Self.nowhere))]
            if !table.extra.isEmpty { arguments.append(Self.labeled("#extra", plistSyntax(.dictionary(table.extra)))) }
            return .tagged("conditions", arguments, position: Self.nowhere)
        case .serialized(let type, let inner):
            return .tagged(
                "serialized", [Self.unlabeled(Self.string(type)), Self.unlabeled(valueSyntax(inner, context: context))],
                position: Self.nowhere)
        }
    }

    /// The parts of a token string (its file-shape flags, which mean nothing, left out).
    private mutating func stringParts(_ text: TokenString) -> [StringPart]? {
        text.segments.map { segment in
            switch segment {
            case .literal(let literal): return .literal(literal)
            case .variable(let attachment): return .interpolation(variableSyntax(attachment))
            }
        }
    }

    /// `{Key: value}` with keys as words where they can be.
    private mutating func recordSyntax(_ record: ParameterDictionary) -> ValueSyntax {
        .dictionary(record.map { (key: keySyntax($0.key), value: valueSyntax($0.value, context: .plain)) }, position: Self.nowhere)
    }

    func keySyntax(_ key: String) -> ValueSyntax {
        Printer.isIdentifier(key) && !Self.reservedNames.contains(key) && !["true", "false", "none"].contains(key)
            ? Self.word(key) : Self.string(key)
    }

    /// `{"key": value}` where each item's type follows from how its value is written.
    private mutating func inferredDictionary(_ items: [DictionaryItem]) -> ValueSyntax? {
        var entries: [(key: ValueSyntax, value: ValueSyntax)] = []
        for item in items {
            guard item.extra.isEmpty, let key = item.key, let value = inferredItemValue(item) else { return nil }
            entries.append((valueSyntax(key, context: .text), value))
        }
        return .dictionary(entries, position: Self.nowhere)
    }

    private mutating func inferredItemValue(_ item: DictionaryItem) -> ValueSyntax? {
        guard let value = item.value, let type = item.itemType.flatMap(DictionaryItem.ItemType.init(rawValue:)) else { return nil }
        switch (type, value) {
        case (.text, _): return valueSyntax(value, context: .text)
        case (.number, .text(let text)) where text.attachments.isEmpty:
            if let integer = Int64(text.string), String(integer) == text.string {
                return .integer(integer, text: text.string, position: Self.nowhere)
            }
            if let real = Double(text.string), real.isFinite, text.string.contains("."), !text.string.hasSuffix("."),
                !text.string.hasPrefix(".")
            {
                return .real(real, text: text.string, position: Self.nowhere)
            }
            return nil
        case (.boolean, .numberSubstitutable(.plain(.boolean(let flag)))): return .boolean(flag, position: Self.nowhere)
        case (.dictionary, .serialized("WFDictionaryFieldValue", .dictionaryField(let inner))): return inferredDictionary(inner)
        case (.array, .arrayState(let elements)):
            var values: [ValueSyntax] = []
            for element in elements {
                guard case .record(let record) = element, record.keys.allSatisfy({ ["WFItemType", "WFValue"].contains($0) }),
                    let itemValue = inferredItemValue(DictionaryItem(propertyList: record.propertyList))
                else { return nil }
                values.append(itemValue)
            }
            return .list(values, position: Self.nowhere)
        default: return nil
        }
    }

    private mutating func explicitItem(_ item: DictionaryItem) -> ValueSyntax {
        var arguments: [Argument] = []
        if let type = item.itemType { arguments.append(Self.labeled("type", .integer(type, text: String(type), position: Self.nowhere))) }
        if let key = item.key { arguments.append(Self.labeled("key", valueSyntax(key, context: .text))) }
        if let value = item.value { arguments.append(Self.labeled("value", valueSyntax(value, context: .text))) }
        if !item.extra.isEmpty { arguments.append(Self.labeled("#extra", plistSyntax(.dictionary(item.extra)))) }
        return .tagged("item", arguments, position: Self.nowhere)
    }

    // MARK: Variables

    /// A variable reference, checked to compile back to the same attachment; else `#attachment({…})`.
    mutating func variableSyntax(_ attachment: ShortcutFormat.TokenAttachment) -> VariableSyntax {
        if let readable = readableVariable(attachment) {
            var checker = self.checker
            checker.log = DiagnosticLog()
            if checker.attachment(readable) == attachment, !checker.log.hasErrors { return readable }
        }
        return VariableSyntax(base: .raw(plistSyntax(attachment.propertyList)), postfixes: [], position: Self.nowhere)
    }

    private func readableVariable(_ attachment: ShortcutFormat.TokenAttachment) -> VariableSyntax? {
        let base: VariableSyntax.Base
        switch attachment.kind {
        case .actionOutput(let uuid, _):
            guard let name = names[uuid], !name.isEmpty, checker.bindings[name]?.uuid == uuid else { return nil }
            base = .output(name)
        case .variable(let name): base = .named(name)
        case .extensionInput: base = .special("ExtensionInput")
        case .currentDate: base = .special("CurrentDate")
        case .clipboard: base = .special("Clipboard")
        case .ask: base = .special("Ask")
        case .deviceDetails: base = .special("DeviceDetails")
        case .other(let type): base = .special(type)
        }
        var postfixes: [VariableSyntax.Postfix] = []
        for aggrandizement in attachment.aggrandizements {
            switch aggrandizement {
            case .coercion(let itemClass): postfixes.append(.coercion(ContentClasses.friendlyName(itemClass) ?? itemClass))
            case .property(let name, let userInfo): postfixes.append(.property(name, userInfo: userInfo.map(plistSyntax)))
            case .dictionaryValue(let key): postfixes.append(.key(key))
            case .dateFormat(let format):
                var arguments: [Argument] = []
                if let style = format.dateStyle { arguments.append(Self.labeled("style", Self.string(style))) }
                if let time = format.timeStyle { arguments.append(Self.labeled("time", Self.string(time))) }
                if let text = format.format { arguments.append(Self.labeled("format", Self.string(text))) }
                if let iso = format.includeISOTime { arguments.append(Self.labeled("isoTime", .boolean(iso, position: Self.nowhere))) }
                postfixes.append(.dateFormat(arguments))
            case .other(let fields): postfixes.append(.raw(plistSyntax(.dictionary(fields))))
            }
        }
        if !attachment.extra.isEmpty { postfixes.append(.with(plistSyntax(.dictionary(attachment.extra)))) }
        return VariableSyntax(base: base, postfixes: postfixes, position: Self.nowhere)
    }

    // MARK: Property lists

    /// A property-list literal; strings that are bound outputs' UUIDs become `#uuid(name)`.
    func plistSyntax(_ value: PropertyListValue) -> ValueSyntax {
        let tag = { (name: String, value: ValueSyntax) in ValueSyntax.tagged(name, [Self.unlabeled(value)], position: Self.nowhere) }
        switch value {
        case .string(let string):
            if let name = names[string], !name.isEmpty { return tag("uuid", Self.word(name)) }
            return Self.string(string)
        case .integer(let number): return .integer(number, text: String(number), position: Self.nowhere)
        case .real(let number):
            guard number.isFinite else { return tag("real", Self.string("\(number)")) }
            return .real(number, text: "\(number)", position: Self.nowhere)
        case .boolean(let flag): return .boolean(flag, position: Self.nowhere)
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            return tag("date", .real(seconds, text: "\(seconds)", position: Self.nowhere))
        case .data(let data): return tag("data", Self.string(data.base64EncodedString()))
        case .uid(let uid): return tag("uid", .integer(Int64(uid), text: String(uid), position: Self.nowhere))
        case .array(let items): return .list(items.map(plistSyntax), position: Self.nowhere)
        case .dictionary(let dictionary):
            return .dictionary(dictionary.map { (key: keySyntax($0.key), value: plistSyntax($0.value)) }, position: Self.nowhere)
        }
    }
}
