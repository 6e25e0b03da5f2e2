import PropertyList
import ShortcutFormat

/// Finds the places where reading a workflow fell back to an untyped form for a serialization,
/// variable or aggrandizement type the model knows: each one is a gap in the typed model.
struct FallbackFinder {
    /// The `WFSerializationType`s that have a typed case.
    static let typedSerializations: Set<String> = [
        "WFTextTokenString", "WFTextTokenAttachment", "WFDictionaryFieldValue", "WFArrayParameterState",
        "WFNumberSubstitutableState", "WFQuantityFieldValue", "WFContentPredicateTableTemplate",
    ]
    /// The attachment `Type`s that have their own ``TokenAttachment/Kind`` case.
    static let typedAttachments: Set<String> = [
        "ActionOutput", "Variable", "ExtensionInput", "CurrentDate", "Clipboard", "Ask", "DeviceDetails",
    ]
    /// The aggrandizement `Type`s that have their own case.
    static let typedAggrandizements: Set<String> = [
        "WFCoercionVariableAggrandizement", "WFPropertyVariableAggrandizement",
        "WFDictionaryValueVariableAggrandizement", "WFDateFormatVariableAggrandizement",
    ]

    /// Each fallback as "where: what".
    private(set) var findings: [String] = []

    /// Collects the fallbacks of every action parameter of a workflow.
    static func findings(in workflow: Workflow) -> [String] {
        var finder = FallbackFinder()
        for (index, action) in workflow.actions.enumerated() {
            for (key, value) in action.parameters {
                finder.visit(value, at: "action \(index + 1) (\(action.shortIdentifier)) \(key)")
            }
        }
        return finder.findings
    }

    mutating func visit(_ value: ParameterValue, at path: String) {
        switch value {
        case .plain: break
        case .unknown(let raw):
            if let type = Self.firstTypedSerialization(in: raw) {
                findings.append("\(path): kept as .unknown although it holds \(type)")
            }
        case .array(let items), .arrayState(let items):
            for (position, item) in items.enumerated() { visit(item, at: "\(path)[\(position)]") }
        case .record(let record):
            if let type = record["WFSerializationType"]?.plainValue?.stringValue, Self.typedSerializations.contains(type) {
                findings.append("\(path): \(type) read as a plain record")
            }
            for (key, item) in record { visit(item, at: "\(path).\(key)") }
        case .text(let text), .bareText(let text):
            for (range, attachment) in text.attachments { visit(attachment, at: "\(path)\(range.key)") }
        case .attachment(let attachment), .bareAttachment(let attachment), .variablePicker(let attachment):
            visit(attachment, at: path)
        case .dictionaryField(let items):
            for (position, item) in items.enumerated() {
                if let key = item.key { visit(key, at: "\(path)[\(position)].WFKey") }
                if let value = item.value { visit(value, at: "\(path)[\(position)].WFValue") }
            }
        case .numberSubstitutable(let inner): visit(inner, at: path)
        case .quantity(let magnitude, _): if let magnitude { visit(magnitude, at: "\(path).Magnitude") }
        case .predicateTable(let table):
            for (position, template) in table.templates.enumerated() {
                for (key, item) in template { visit(item, at: "\(path)[\(position)].\(key)") }
            }
        case .serialized(let type, let inner):
            // A nested dictionary is wrapped twice: the outer wrapper's payload is the typed inner one.
            let isWrappedTwice = inner.propertyList["WFSerializationType"]?.stringValue == type
            if Self.typedSerializations.contains(type), !isWrappedTwice {
                findings.append("\(path): \(type) kept as an untyped .serialized payload")
            }
            visit(inner, at: path)
        }
    }

    private mutating func visit(_ attachment: TokenAttachment, at path: String) {
        if case .other(let type) = attachment.kind, Self.typedAttachments.contains(type) {
            findings.append("\(path): attachment Type \(type) read as .other")
        }
        for case .other(let fields) in attachment.aggrandizements {
            if let type = fields["Type"]?.stringValue, Self.typedAggrandizements.contains(type) {
                findings.append("\(path): aggrandizement \(type) read as .other")
            }
        }
    }

    /// The first typed `WFSerializationType` anywhere inside a raw value.
    private static func firstTypedSerialization(in value: PropertyListValue) -> String? {
        switch value {
        case .dictionary(let dictionary):
            if let type = dictionary["WFSerializationType"]?.stringValue, typedSerializations.contains(type) { return type }
            return dictionary.lazy.compactMap { firstTypedSerialization(in: $0.value) }.first
        case .array(let items): return items.lazy.compactMap(firstTypedSerialization(in:)).first
        default: return nil
        }
    }
}
