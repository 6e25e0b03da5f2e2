import PropertyList

/// A reference to a variable inside a parameter: a magic variable, a named variable or a special one.
///
/// This is the `Value` of a `WFTextTokenAttachment`, an entry of a token string's
/// `attachmentsByRange`, and the inner variable of the variable-picker form.
public struct TokenAttachment: Hashable, Sendable {
    /// Which variable this is (the `Type` key and the keys that go with it).
    public enum Kind: Hashable, Sendable {
        /// An earlier action's output, by its `UUID` (a magic variable).
        case actionOutput(uuid: String, name: String?)
        /// A named variable, including `Repeat Item`, `Repeat Index` and their numbered forms.
        case variable(name: String)
        /// The shortcut's input.
        case extensionInput
        case currentDate
        case clipboard
        /// Asks the user each time the shortcut runs.
        case ask
        case deviceDetails
        /// Any other type, such as `CurrentApp` or `Input`.
        case other(String)
    }

    public var kind: Kind
    /// Transformations applied to the variable's value, in order.
    public var aggrandizements: [Aggrandizement]
    /// Keys not modelled (e.g. `VariableUUID`, an Ask's `Prompt`), kept for writing back.
    public var extra: PropertyListDictionary
    /// Whether the file wrote an `Aggrandizements` key even when it is empty.
    public var hasAggrandizementsKey = false

    public init(_ kind: Kind, aggrandizements: [Aggrandizement] = [], extra: PropertyListDictionary = PropertyListDictionary()) {
        self.kind = kind
        self.aggrandizements = aggrandizements
        self.extra = extra
    }

    /// The `Type` string written in files.
    public var typeName: String {
        switch kind {
        case .actionOutput: return "ActionOutput"
        case .variable: return "Variable"
        case .extensionInput: return "ExtensionInput"
        case .currentDate: return "CurrentDate"
        case .clipboard: return "Clipboard"
        case .ask: return "Ask"
        case .deviceDetails: return "DeviceDetails"
        case .other(let type): return type
        }
    }

    /// The attachment `Type`s this model reads as variables.
    static let knownTypes: Set<String> = [
        "ActionOutput", "Variable", "ExtensionInput", "CurrentDate", "Clipboard", "Ask",
        "DeviceDetails", "CurrentApp", "Input",
    ]
}

/// A transformation of a variable's value (Shortcuts calls them aggrandizements).
public enum Aggrandizement: Hashable, Sendable {
    /// `WFCoercionVariableAggrandizement`: treat the value as a content class (`WFNumberContentItem`…).
    case coercion(itemClass: String)
    /// `WFPropertyVariableAggrandizement`: a property such as `Name`, `File Extension` or `Day`.
    case property(name: String, userInfo: PropertyListValue?)
    /// `WFDictionaryValueVariableAggrandizement`: the value for a key.
    case dictionaryValue(key: String)
    /// `WFDateFormatVariableAggrandizement`: the date as formatted text.
    case dateFormat(DateFormat)
    /// Any other aggrandizement, kept verbatim.
    case other(PropertyListDictionary)

    /// The settings of a date-format aggrandizement.
    public struct DateFormat: Hashable, Sendable {
        public var dateStyle: String?
        public var timeStyle: String?
        public var format: String?
        public var includeISOTime: Bool?

        public init(dateStyle: String? = nil, timeStyle: String? = nil, format: String? = nil, includeISOTime: Bool? = nil) {
            self.dateStyle = dateStyle
            self.timeStyle = timeStyle
            self.format = format
            self.includeISOTime = includeISOTime
        }
    }
}
