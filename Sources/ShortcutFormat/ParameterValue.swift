import PropertyList

/// One action parameter's value, in the serialisations real `.shortcut` files use.
///
/// Reading a file turns each parameter into the typed case that describes it; writing turns it back
/// into exactly the property list it came from. A value whose typed form would not write back
/// identically stays ``unknown(_:)``, so nothing is ever lost.
public indirect enum ParameterValue: Hashable, Sendable {
    /// A plain string, integer, real, Boolean, date or data value.
    case plain(PropertyListValue)
    /// A plain array whose elements are parameter values themselves.
    case array([ParameterValue])
    /// A plain dictionary whose values are parameter values themselves.
    case record(ParameterDictionary)
    /// `WFTextTokenString`: text with variables inserted at UTF-16 ranges.
    case text(TokenString)
    /// The same text form without its `WFSerializationType` wrapper (menu item titles use it).
    case bareText(TokenString)
    /// `WFTextTokenAttachment`: a single variable.
    case attachment(TokenAttachment)
    /// A variable written without a wrapper, inside numbers and quantities.
    case bareAttachment(TokenAttachment)
    /// The variable picker form `{Type: Variable, Variable: <WFTextTokenAttachment>}`.
    case variablePicker(TokenAttachment)
    /// `WFDictionaryFieldValue`: the items of a Dictionary action or a dictionary-valued field.
    case dictionaryField([DictionaryItem])
    /// `WFArrayParameterState`: a list of items.
    case arrayState([ParameterValue])
    /// `WFNumberSubstitutableState`: a number or Boolean, or a variable standing for one.
    case numberSubstitutable(ParameterValue)
    /// `WFQuantityFieldValue`: a magnitude and a unit such as `min` or `days`.
    case quantity(magnitude: ParameterValue?, unit: String?)
    /// `WFContentPredicateTableTemplate`: the conditions of If and of filter actions.
    case predicateTable(PredicateTable)
    /// Any other `WFSerializationType` wrapper, with its payload read as a parameter value.
    case serialized(type: String, value: ParameterValue)
    /// A value kept verbatim because no typed form writes it back exactly.
    case unknown(PropertyListValue)
}

/// One entry of a `WFDictionaryFieldValue` (or a typed item of a list).
public struct DictionaryItem: Hashable, Sendable {
    /// What the value is: ``ItemType``.
    public var itemType: Int64?
    /// The key, usually text; absent for list items.
    public var key: ParameterValue?
    public var value: ParameterValue?
    /// Keys this model does not interpret, kept for writing back.
    public var extra: PropertyListDictionary

    /// The `WFItemType` codes.
    public enum ItemType: Int64, Sendable {
        case text = 0, dictionary = 1, array = 2, number = 3, boolean = 4
    }

    public init(
        itemType: Int64?, key: ParameterValue?, value: ParameterValue?,
        extra: PropertyListDictionary = PropertyListDictionary()
    ) {
        self.itemType = itemType
        self.key = key
        self.value = value
        self.extra = extra
    }
}

/// The conditions of a `WFContentPredicateTableTemplate`: all or any of several templates.
public struct PredicateTable: Hashable, Sendable {
    /// `WFActionParameterFilterPrefix`: 1 means all conditions must hold, 0 any of them.
    public var prefix: Int64?
    /// Each condition as its parameter keys (`WFCondition`, `WFInput`, … or `Operator`, `Property`, `Values`).
    public var templates: [ParameterDictionary]
    /// Other keys, such as `WFContentPredicateBoundedDate`.
    public var extra: PropertyListDictionary

    public init(prefix: Int64?, templates: [ParameterDictionary], extra: PropertyListDictionary = PropertyListDictionary()) {
        self.prefix = prefix
        self.templates = templates
        self.extra = extra
    }

    /// Whether every condition must hold (any other prefix means any one is enough).
    public var requiresAll: Bool { prefix != 0 }
}
