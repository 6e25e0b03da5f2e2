import PropertyList

/// A shortcut: its actions in order and its settings, read losslessly from a `.shortcut` file.
///
/// Settings live in ``settings`` exactly as the file has them (unknown keys included); the typed
/// properties read and write those keys.
public struct Workflow: Hashable, Sendable {
    public var actions: [WorkflowAction]
    /// Every top-level key except `WFWorkflowActions`, in file order.
    public var settings: PropertyListDictionary

    public init(actions: [WorkflowAction] = [], settings: PropertyListDictionary = Workflow.defaultSettings) {
        self.actions = actions
        self.settings = settings
    }

    /// The settings a new shortcut gets, as current Shortcuts versions write them.
    public static let defaultSettings: PropertyListDictionary = [
        "WFWorkflowClientVersion": "2106.0.3",
        "WFWorkflowMinimumClientVersion": 900,
        "WFWorkflowMinimumClientVersionString": "900",
        "WFWorkflowIcon": ["WFWorkflowIconStartColor": 463_140_863, "WFWorkflowIconGlyphNumber": 61440],
        "WFWorkflowImportQuestions": [],
        "WFWorkflowTypes": [],
        "WFWorkflowInputContentItemClasses": [],
    ]

    /// `WFWorkflowName`, which files exported by the share sheet may carry.
    public var name: String? {
        get { settings["WFWorkflowName"]?.stringValue }
        set { settings["WFWorkflowName"] = newValue.map(PropertyListValue.string) }
    }

    /// The icon colour as Apple stores it: RRGGBBAA in an unsigned 32-bit integer.
    public var iconColor: UInt32? {
        get {
            guard let raw = settings["WFWorkflowIcon"]?["WFWorkflowIconStartColor"]?.integerValue else { return nil }
            return UInt32(truncatingIfNeeded: raw)  // Apple sometimes writes the same bits signed.
        }
        set { setIcon("WFWorkflowIconStartColor", newValue.map { .integer(Int64($0)) }) }
    }

    /// The glyph number of the icon (a private-use code point such as 59511).
    public var iconGlyph: Int64? {
        get { settings["WFWorkflowIcon"]?["WFWorkflowIconGlyphNumber"]?.integerValue }
        set { setIcon("WFWorkflowIconGlyphNumber", newValue.map(PropertyListValue.integer)) }
    }

    private mutating func setIcon(_ key: String, _ value: PropertyListValue?) {
        var icon = settings["WFWorkflowIcon"]?.dictionaryValue ?? PropertyListDictionary()
        icon[key] = value
        settings["WFWorkflowIcon"] = .dictionary(icon)
    }

    /// The content classes the shortcut accepts as input (`WFStringContentItem`…).
    public var inputContentClasses: [String] {
        get { strings("WFWorkflowInputContentItemClasses") }
        set { settings["WFWorkflowInputContentItemClasses"] = .array(newValue.map(PropertyListValue.string)) }
    }

    /// The content classes the shortcut outputs.
    public var outputContentClasses: [String] {
        get { strings("WFWorkflowOutputContentItemClasses") }
        set { settings["WFWorkflowOutputContentItemClasses"] = .array(newValue.map(PropertyListValue.string)) }
    }

    /// Where the shortcut shows up: `MenuBar`, `QuickActions`, `ActionExtension`…
    public var types: [String] {
        get { strings("WFWorkflowTypes") }
        set { settings["WFWorkflowTypes"] = .array(newValue.map(PropertyListValue.string)) }
    }

    /// Whether the shortcut accepts input: it uses Shortcut Input, or declares input types and a
    /// share-sheet or quick-action type.
    public var acceptsInput: Bool {
        if settings["WFWorkflowHasShortcutInputVariables"]?.boolValue == true { return true }
        let receivingTypes: Set<String> = [
            "ActionExtension", "QuickActions", "ReceivesOnScreenContent", "WFWorkflowTypeReceivesInputFromSearch",
        ]
        if !inputContentClasses.isEmpty, types.contains(where: receivingTypes.contains) { return true }
        return actions.contains { action in
            action.parameters.contains { $0.value.references { $0.kind == .extensionInput } }
        }
    }

    private func strings(_ key: String) -> [String] {
        settings[key]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}

extension ParameterValue {
    /// Whether this value refers anywhere to a variable matching the predicate.
    public func references(where predicate: (TokenAttachment) -> Bool) -> Bool {
        switch self {
        case .plain, .unknown: return false
        case .array(let items), .arrayState(let items): return items.contains { $0.references(where: predicate) }
        case .record(let record): return record.contains { $0.value.references(where: predicate) }
        case .text(let text), .bareText(let text): return text.attachments.contains { predicate($0.attachment) }
        case .attachment(let attachment), .bareAttachment(let attachment), .variablePicker(let attachment):
            return predicate(attachment)
        case .dictionaryField(let items):
            return items.contains {
                ($0.key?.references(where: predicate) ?? false) || ($0.value?.references(where: predicate) ?? false)
            }
        case .numberSubstitutable(let value), .serialized(_, let value): return value.references(where: predicate)
        case .quantity(let magnitude, _): return magnitude?.references(where: predicate) ?? false
        case .predicateTable(let table):
            return table.templates.contains { $0.contains { $0.value.references(where: predicate) } }
        }
    }
}
