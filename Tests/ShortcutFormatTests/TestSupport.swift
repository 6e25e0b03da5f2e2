import FoundationEssentials
import PropertyList
import ShortcutFormat
import Testing

/// Decodes a parameter value and checks that it writes back to exactly the same property list,
/// directly and through both file encodings.
func decodeRoundTrip(
    _ plist: PropertyListValue, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ParameterValue {
    let value = ParameterValue(propertyList: plist)
    #expect(value.propertyList == plist, "writes back differently", sourceLocation: sourceLocation)
    for format in [PropertyListFormat.binary, .xml] {
        let bytes = PropertyList.encode(value.propertyList, format: format)
        let reread = try PropertyList.decode(bytes).value
        #expect(reread == plist, "differs after a \(format) round trip", sourceLocation: sourceLocation)
        #expect(ParameterValue(propertyList: reread) == value, sourceLocation: sourceLocation)
    }
    return value
}

/// `{Value: payload, WFSerializationType: type}`, the wrapper files use.
func serialized(_ type: String, _ payload: PropertyListValue) -> PropertyListValue {
    ["Value": payload, "WFSerializationType": .string(type)]
}

/// A `WFTextTokenString` whose text is plain.
func plainText(_ string: String) -> PropertyListValue {
    serialized("WFTextTokenString", ["string": .string(string)])
}

/// An attachment dictionary for a named variable.
func variableAttachment(_ name: String) -> PropertyListValue {
    ["Type": "Variable", "VariableName": .string(name)]
}

// Accessors that say which case a value decoded to, so tests assert the case and not just equality.
extension ParameterValue {
    var plainValue: PropertyListValue? { if case .plain(let v) = self { v } else { nil } }
    var arrayItems: [ParameterValue]? { if case .array(let v) = self { v } else { nil } }
    var recordValue: ParameterDictionary? { if case .record(let v) = self { v } else { nil } }
    var tokenString: TokenString? { if case .text(let v) = self { v } else { nil } }
    var bareTokenString: TokenString? { if case .bareText(let v) = self { v } else { nil } }
    var attachmentValue: TokenAttachment? { if case .attachment(let v) = self { v } else { nil } }
    var bareAttachmentValue: TokenAttachment? { if case .bareAttachment(let v) = self { v } else { nil } }
    var pickedVariable: TokenAttachment? { if case .variablePicker(let v) = self { v } else { nil } }
    var dictionaryItems: [DictionaryItem]? { if case .dictionaryField(let v) = self { v } else { nil } }
    var arrayStateItems: [ParameterValue]? { if case .arrayState(let v) = self { v } else { nil } }
    var substitutedNumber: ParameterValue? { if case .numberSubstitutable(let v) = self { v } else { nil } }
    var quantityFields: (magnitude: ParameterValue?, unit: String?)? {
        if case .quantity(let magnitude, let unit) = self { (magnitude, unit) } else { nil }
    }
    var predicateTableValue: PredicateTable? { if case .predicateTable(let v) = self { v } else { nil } }
    var serializedPayload: (type: String, value: ParameterValue)? {
        if case .serialized(let type, let value) = self { (type, value) } else { nil }
    }
    var unknownValue: PropertyListValue? { if case .unknown(let v) = self { v } else { nil } }
}
