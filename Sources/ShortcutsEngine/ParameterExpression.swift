import ShortcutFormat
import ShortcutsContent

/// A parameter value compiled for running: variable names and output UUIDs already resolved to
/// slots, so evaluating it touches arrays, not dictionaries of strings.
public indirect enum ParameterExpression: Sendable {
    /// The parameter is not set.
    case absent
    case constant(Content)
    /// A variable with its aggrandizements.
    case reference(Reference, [Aggrandizement])
    /// Text with variables in it.
    case text([TextPiece])
    /// A Dictionary action's items or a dictionary field.
    case dictionary([DictionaryEntry])
    case list([ParameterExpression])
    /// A magnitude and a unit (`WFQuantityFieldValue`).
    case quantity(ParameterExpression, unit: String?)
    /// A plain dictionary of values (such as a filter condition's `Values`), each compiled.
    case record([String: ParameterExpression])
    /// The conditions of a filter (`WFContentPredicateTableTemplate`), each template's values compiled.
    case predicates(PredicateTableExpression)
    /// A value the action interprets itself.
    case structured(ParameterValue)

    /// Whether the parameter was not set.
    public var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }

    /// The value when it is a constant plain string (enumerations usually are).
    public var constantText: String? {
        switch self {
        case .constant(.text(let text)): return text
        case .text(let pieces) where pieces.count == 1:
            if case .literal(let text) = pieces[0] { return text }
            return nil
        default: return nil
        }
    }
}

/// A filter's conditions: all or any of the templates, each a compiled dictionary of its keys
/// (`Property`, `Operator`, `Values`…).
public struct PredicateTableExpression: Sendable {
    public var requiresAll: Bool
    public var templates: [[String: ParameterExpression]]
}

/// A piece of text with variables: literal text or a variable.
public enum TextPiece: Sendable {
    case literal(String)
    case reference(Reference, [Aggrandizement])
}

/// One key and value of a dictionary expression, with the item's declared type.
public struct DictionaryEntry: Sendable {
    public var key: ParameterExpression
    public var value: ParameterExpression
    /// The `WFItemType` (0 text, 1 dictionary, 2 array, 3 number, 4 Boolean).
    public var itemType: Int64?
}

/// What a variable refers to, resolved when the shortcut is compiled.
public enum Reference: Sendable, Equatable {
    /// The output of the action with the given output slot (a magic variable).
    case output(slot: Int)
    /// A magic variable whose action is not in the shortcut; it holds nothing.
    case missingOutput(name: String)
    /// A named variable's slot.
    case variable(slot: Int)
    case shortcutInput
    case currentDate
    case clipboard
    /// Ask for a value each time the shortcut runs.
    case ask(prompt: String?)
    case deviceDetails
    /// `Repeat Item` of the loop at a depth (1 is the outermost).
    case repeatItem(depth: Int)
    /// `Repeat Index` of the loop at a depth (1 is the outermost).
    case repeatIndex(depth: Int)
    /// A variable type this engine does not know; it holds nothing.
    case unsupported(type: String)
}
