import PropertyList

extension ParameterValue {
    /// Reads a parameter value from its property list, choosing the typed case that writes back
    /// identically, or ``unknown(_:)`` when none does.
    ///
    /// Plain values, arrays and records are exact by construction (their children are checked
    /// on their own), so only the typed serializations are written back and compared; that keeps
    /// reading linear in the depth of nested plain containers.
    public init(propertyList value: PropertyListValue) {
        let decoded = ParameterValue.decode(value)
        switch decoded {
        case .plain, .array, .record: self = decoded
        default: self = decoded.propertyList == value ? decoded : .unknown(value)
        }
    }

    /// The property list this value is written as.
    public var propertyList: PropertyListValue {
        switch self {
        case .plain(let value), .unknown(let value): return value
        case .array(let items): return .array(items.map(\.propertyList))
        case .record(let record): return .dictionary(record.propertyList)
        case .text(let text):
            if text.omitsValue { return .dictionary(["WFSerializationType": "WFTextTokenString"]) }
            return Self.wrap("WFTextTokenString", text.propertyList)
        case .bareText(let text): return text.propertyList
        case .attachment(let attachment): return Self.wrap("WFTextTokenAttachment", attachment.propertyList)
        case .bareAttachment(let attachment): return attachment.propertyList
        case .variablePicker(let attachment):
            return .dictionary([
                "Type": "Variable",
                "Variable": Self.wrap("WFTextTokenAttachment", attachment.propertyList),
            ])
        case .dictionaryField(let items):
            return Self.wrap(
                "WFDictionaryFieldValue",
                .dictionary(["WFDictionaryFieldValueItems": .array(items.map { .dictionary($0.propertyList) })]))
        case .arrayState(let items): return Self.wrap("WFArrayParameterState", .array(items.map(\.propertyList)))
        case .numberSubstitutable(let value): return Self.wrap("WFNumberSubstitutableState", value.propertyList)
        case .quantity(let magnitude, let unit):
            var payload = PropertyListDictionary()
            payload["Magnitude"] = magnitude?.propertyList
            payload["Unit"] = unit.map(PropertyListValue.string)
            return Self.wrap("WFQuantityFieldValue", .dictionary(payload))
        case .predicateTable(let table): return Self.wrap("WFContentPredicateTableTemplate", .dictionary(table.propertyList))
        case .serialized(let type, let value): return Self.wrap(type, value.propertyList)
        }
    }

    private static func wrap(_ type: String, _ value: PropertyListValue) -> PropertyListValue {
        .dictionary(["Value": value, "WFSerializationType": .string(type)])
    }

    /// The typed reading of a property list, before checking that it writes back identically.
    private static func decode(_ value: PropertyListValue) -> ParameterValue {
        switch value {
        case .array(let items): return .array(items.map(ParameterValue.init(propertyList:)))
        case .dictionary(let dictionary): return decode(dictionary)
        default: return .plain(value)
        }
    }

    private static func decode(_ dictionary: PropertyListDictionary) -> ParameterValue {
        if let type = dictionary["WFSerializationType"]?.stringValue {
            guard dictionary.count <= 2 else { return .record(ParameterDictionary(propertyList: dictionary)) }
            let payload = dictionary["Value"]
            switch type {
            case "WFTextTokenString":
                if let text = payload?.dictionaryValue.flatMap(TokenString.init(propertyList:)) { return .text(text) }
                if payload == nil {
                    var empty = TokenString(string: "")
                    empty.hasStringKey = false
                    empty.omitsValue = true
                    return .text(empty)
                }
            case "WFTextTokenAttachment":
                if let attachment = payload?.dictionaryValue.flatMap(TokenAttachment.init(propertyList:)) {
                    return .attachment(attachment)
                }
            case "WFDictionaryFieldValue":
                if let items = payload?["WFDictionaryFieldValueItems"]?.arrayValue, payload?.dictionaryValue?.count == 1 {
                    let decoded = items.compactMap { $0.dictionaryValue.map(DictionaryItem.init(propertyList:)) }
                    if decoded.count == items.count { return .dictionaryField(decoded) }
                }
            case "WFArrayParameterState":
                if let items = payload?.arrayValue { return .arrayState(items.map(ParameterValue.init(propertyList:))) }
            case "WFNumberSubstitutableState":
                if let payload { return .numberSubstitutable(ParameterValue(propertyList: payload)) }
            case "WFQuantityFieldValue":
                if let fields = payload?.dictionaryValue,
                    Set(fields.keys).isSubset(of: ["Magnitude", "Unit"]),
                    fields["Unit"] == nil || fields["Unit"]?.stringValue != nil
                {
                    return .quantity(
                        magnitude: fields["Magnitude"].map(ParameterValue.init(propertyList:)),
                        unit: fields["Unit"]?.stringValue)
                }
            case "WFContentPredicateTableTemplate":
                if let table = payload?.dictionaryValue.flatMap(PredicateTable.init(propertyList:)) {
                    return .predicateTable(table)
                }
            default: break
            }
            if let payload, dictionary.count == 2 {
                return .serialized(type: type, value: ParameterValue(propertyList: payload))
            }
            return .record(ParameterDictionary(propertyList: dictionary))
        }
        if dictionary.count == 2, dictionary["Type"]?.stringValue == "Variable",
            let inner = dictionary["Variable"]?.dictionaryValue,
            inner["WFSerializationType"]?.stringValue == "WFTextTokenAttachment",
            let attachment = inner["Value"]?.dictionaryValue.flatMap(TokenAttachment.init(propertyList:))
        {
            return .variablePicker(attachment)
        }
        if let type = dictionary["Type"]?.stringValue, TokenAttachment.knownTypes.contains(type),
            let attachment = TokenAttachment(propertyList: dictionary)
        {
            return .bareAttachment(attachment)
        }
        if dictionary["string"]?.stringValue != nil,
            Set(dictionary.keys).isSubset(of: ["string", "attachmentsByRange"]),
            let text = TokenString(propertyList: dictionary)
        {
            return .bareText(text)
        }
        return .record(ParameterDictionary(propertyList: dictionary))
    }
}

extension ParameterDictionary {
    /// Reads each value of a plain dictionary as a parameter value.
    public init(propertyList dictionary: PropertyListDictionary) {
        self.init(dictionary.map { ($0.key, ParameterValue(propertyList: $0.value)) })
    }

    /// The dictionary as written in files.
    public var propertyList: PropertyListDictionary {
        PropertyListDictionary(entries.map { ($0.key, $0.value.propertyList) })
    }
}

extension TokenString {
    /// Reads `{string, attachmentsByRange}`; `nil` if a range key or attachment is malformed.
    public init?(propertyList dictionary: PropertyListDictionary) {
        guard let string = dictionary["string"]?.stringValue ?? (dictionary["string"] == nil ? "" : nil) else {
            return nil
        }
        var attachments: [(Range, TokenAttachment)] = []
        if let byRange = dictionary["attachmentsByRange"] {
            guard let byRange = byRange.dictionaryValue else { return nil }
            for (key, value) in byRange {
                guard let range = Range(key: key), let fields = value.dictionaryValue,
                    let attachment = TokenAttachment(propertyList: fields)
                else { return nil }
                attachments.append((range, attachment))
            }
        }
        self.init(string: string, attachments: attachments)
        hasStringKey = dictionary["string"] != nil
        hasRangesKey = dictionary["attachmentsByRange"] != nil
    }

    /// The text as written in files.
    public var propertyList: PropertyListValue {
        var dictionary = PropertyListDictionary()
        if hasStringKey { dictionary["string"] = .string(string) }
        if hasRangesKey || !attachments.isEmpty {
            dictionary["attachmentsByRange"] = .dictionary(
                PropertyListDictionary(attachments.map { ($0.range.key, $0.attachment.propertyList) }))
        }
        return .dictionary(dictionary)
    }
}

extension TokenAttachment {
    /// Reads an attachment dictionary; `nil` when it has no `Type` or a malformed aggrandizement list.
    public init?(propertyList dictionary: PropertyListDictionary) {
        guard let type = dictionary["Type"]?.stringValue else { return nil }
        var extra = dictionary
        extra["Type"] = nil
        var aggrandizements: [Aggrandizement] = []
        if let list = extra["Aggrandizements"] {
            guard let items = list.arrayValue else { return nil }
            for item in items {
                guard let fields = item.dictionaryValue else { return nil }
                aggrandizements.append(Aggrandizement(propertyList: fields))
            }
            extra["Aggrandizements"] = nil
        }
        let kind: Kind
        switch type {
        case "ActionOutput":
            guard let uuid = extra["OutputUUID"]?.stringValue else { return nil }
            kind = .actionOutput(uuid: uuid, name: extra["OutputName"]?.stringValue)
            extra["OutputUUID"] = nil
            if extra["OutputName"]?.stringValue != nil { extra["OutputName"] = nil }
        case "Variable":
            guard let name = extra["VariableName"]?.stringValue else { return nil }
            kind = .variable(name: name)
            extra["VariableName"] = nil
        case "ExtensionInput": kind = .extensionInput
        case "CurrentDate": kind = .currentDate
        case "Clipboard": kind = .clipboard
        case "Ask": kind = .ask
        case "DeviceDetails": kind = .deviceDetails
        default: kind = .other(type)
        }
        self.init(kind, aggrandizements: aggrandizements, extra: extra)
        hasAggrandizementsKey = dictionary["Aggrandizements"] != nil
    }

    /// The attachment as written in files.
    public var propertyList: PropertyListValue {
        var dictionary = PropertyListDictionary()
        dictionary["Type"] = .string(typeName)
        switch kind {
        case .actionOutput(let uuid, let name):
            dictionary["OutputUUID"] = .string(uuid)
            if let name { dictionary["OutputName"] = .string(name) }
        case .variable(let name): dictionary["VariableName"] = .string(name)
        default: break
        }
        for (key, value) in extra { dictionary[key] = value }
        if hasAggrandizementsKey || !aggrandizements.isEmpty {
            dictionary["Aggrandizements"] = .array(aggrandizements.map { .dictionary($0.propertyList) })
        }
        return .dictionary(dictionary)
    }

    /// The prompt of an Ask attachment, when the file gives one.
    public var prompt: String? { extra["Prompt"]?.stringValue }
}

extension Aggrandizement {
    /// Reads an aggrandizement; anything not modelled exactly stays ``other(_:)``.
    public init(propertyList fields: PropertyListDictionary) {
        let decoded: Aggrandizement
        switch fields["Type"]?.stringValue {
        case "WFCoercionVariableAggrandizement":
            decoded = fields["CoercionItemClass"]?.stringValue.map { .coercion(itemClass: $0) } ?? .other(fields)
        case "WFPropertyVariableAggrandizement":
            decoded =
                fields["PropertyName"]?.stringValue.map { .property(name: $0, userInfo: fields["PropertyUserInfo"]) } ?? .other(fields)
        case "WFDictionaryValueVariableAggrandizement":
            decoded = fields["DictionaryKey"]?.stringValue.map { .dictionaryValue(key: $0) } ?? .other(fields)
        case "WFDateFormatVariableAggrandizement":
            decoded = .dateFormat(
                DateFormat(
                    dateStyle: fields["WFDateFormatStyle"]?.stringValue,
                    timeStyle: fields["WFTimeFormatStyle"]?.stringValue,
                    format: fields["WFDateFormat"]?.stringValue,
                    includeISOTime: fields["WFISO8601IncludeTime"]?.boolValue))
        default: decoded = .other(fields)
        }
        self = decoded.propertyList == fields ? decoded : .other(fields)
    }

    /// The aggrandizement as written in files.
    public var propertyList: PropertyListDictionary {
        switch self {
        case .coercion(let itemClass):
            return ["Type": "WFCoercionVariableAggrandizement", "CoercionItemClass": .string(itemClass)]
        case .property(let name, let userInfo):
            var fields: PropertyListDictionary = ["Type": "WFPropertyVariableAggrandizement", "PropertyName": .string(name)]
            fields["PropertyUserInfo"] = userInfo
            return fields
        case .dictionaryValue(let key):
            return ["Type": "WFDictionaryValueVariableAggrandizement", "DictionaryKey": .string(key)]
        case .dateFormat(let format):
            var fields: PropertyListDictionary = ["Type": "WFDateFormatVariableAggrandizement"]
            fields["WFDateFormatStyle"] = format.dateStyle.map(PropertyListValue.string)
            fields["WFTimeFormatStyle"] = format.timeStyle.map(PropertyListValue.string)
            fields["WFDateFormat"] = format.format.map(PropertyListValue.string)
            fields["WFISO8601IncludeTime"] = format.includeISOTime.map(PropertyListValue.boolean)
            return fields
        case .other(let fields): return fields
        }
    }
}

extension DictionaryItem {
    /// Reads a `{WFItemType, WFKey, WFValue}` entry.
    public init(propertyList dictionary: PropertyListDictionary) {
        var extra = dictionary
        extra["WFItemType"] = nil
        extra["WFKey"] = nil
        extra["WFValue"] = nil
        self.init(
            itemType: dictionary["WFItemType"]?.integerValue,
            key: dictionary["WFKey"].map(ParameterValue.init(propertyList:)),
            value: dictionary["WFValue"].map(ParameterValue.init(propertyList:)),
            extra: extra)
        if dictionary["WFItemType"] != nil, itemType == nil { self.extra["WFItemType"] = dictionary["WFItemType"] }
    }

    /// The entry as written in files.
    public var propertyList: PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        dictionary["WFItemType"] = itemType.map(PropertyListValue.integer)
        dictionary["WFKey"] = key?.propertyList
        dictionary["WFValue"] = value?.propertyList
        for (key, value) in extra { dictionary[key] = value }
        return dictionary
    }
}

extension PredicateTable {
    /// Reads the payload of a `WFContentPredicateTableTemplate`.
    public init?(propertyList dictionary: PropertyListDictionary) {
        var extra = dictionary
        var templates: [ParameterDictionary] = []
        if let list = dictionary["WFActionParameterFilterTemplates"] {
            guard let items = list.arrayValue else { return nil }
            for item in items {
                guard let fields = item.dictionaryValue else { return nil }
                templates.append(ParameterDictionary(propertyList: fields))
            }
        }
        extra["WFActionParameterFilterTemplates"] = nil
        let prefix = dictionary["WFActionParameterFilterPrefix"]?.integerValue
        if prefix != nil { extra["WFActionParameterFilterPrefix"] = nil }
        self.init(prefix: prefix, templates: templates, extra: extra)
    }

    /// The payload as written in files.
    public var propertyList: PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        dictionary["WFActionParameterFilterPrefix"] = prefix.map(PropertyListValue.integer)
        dictionary["WFActionParameterFilterTemplates"] = .array(templates.map { .dictionary($0.propertyList) })
        for (key, value) in extra { dictionary[key] = value }
        return dictionary
    }
}
