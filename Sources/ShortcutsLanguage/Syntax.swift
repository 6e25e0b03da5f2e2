/// A place in a source text: 1-based line and column (columns count Unicode scalars).
public struct SourcePosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A parsed shortcut text: settings directives and statements in source order.
///
/// The parser builds it, the formatter prints it, the compiler turns it into a `Workflow` and the
/// decompiler builds it back from one, so one printer serves `format` and `decompile`.
struct SourceFile: Sendable {
    var statements: [Statement]
}

/// One line-level construct of the language.
indirect enum Statement: Sendable {
    /// `@name "Hello"`, `@setting WFKey: value`…
    case directive(Directive)
    /// `result = ChangeCase text, case: "UPPERCASE"`.
    case action(ActionStatement)
    /// `If …`, `Repeat …`, `RepeatEach …`, `Menu …` with their bodies.
    case block(BlockStatement)
    /// `// a note`, kept by the formatter.
    case comment(String)
    /// An empty line between statements, kept (collapsed to one) by the formatter.
    case blank
}

/// `@name args`: one of the shortcut's settings.
struct Directive: Sendable {
    var name: String
    var arguments: [Argument]
    var position: SourcePosition
}

/// How an action's output is bound: `name = …`, `_ = …` (kept but unnamed), optionally with the
/// name references show (`… as "Changed Case"`).
struct Binding: Sendable {
    /// `nil` for `_`.
    var name: String?
    var outputName: String?
    var position: SourcePosition
}

/// `[binding =] ActionName arguments`.
struct ActionStatement: Sendable {
    var binding: Binding?
    /// A friendly name (`ChangeCase`) or a raw identifier (`is.workflow.actions.text.changecase`).
    var name: String
    /// Whether the name was written as a raw identifier (dotted or in backticks).
    var isRawName: Bool
    var arguments: [Argument]
    var position: SourcePosition
}

/// A control-flow block: its kind, the start's arguments, and its sections.
struct BlockStatement: Sendable {
    enum Kind: String, Sendable {
        case ifBlock = "If", repeatCount = "Repeat", repeatEach = "RepeatEach", menu = "Menu"
    }

    var kind: Kind
    /// Binds the block's output (the End action's `UUID`).
    var binding: Binding?
    var arguments: [Argument]
    var body: [Statement]
    /// If only: the Otherwise part.
    var otherwise: Otherwise?
    /// Menu only: the cases, each with its arguments (title first) and body.
    var cases: [MenuCase]
    var position: SourcePosition
    /// Where the closing `}` is, for diagnostics.
    var endPosition: SourcePosition?
}

/// What follows `} Otherwise`: a body, or another If (`} Otherwise If …`).
indirect enum Otherwise: Sendable {
    case body([Statement], position: SourcePosition)
    case elseIf(BlockStatement)
}

/// `Case "Title"` and the statements under it.
struct MenuCase: Sendable {
    var arguments: [Argument]
    var body: [Statement]
    var position: SourcePosition
}

/// `label: value` or an unlabeled value.
struct Argument: Sendable {
    var label: String?
    var value: ValueSyntax
    var position: SourcePosition
    /// Whether the label was written in backticks: a raw key taken exactly as written.
    var isRawLabel = false
}

/// A value as written, before it is given meaning by its parameter.
indirect enum ValueSyntax: Sendable {
    /// A string literal; interpolations make it a text with variables.
    case string([StringPart], position: SourcePosition)
    case integer(Int64, text: String, position: SourcePosition)
    case real(Double, text: String, position: SourcePosition)
    case boolean(Bool, position: SourcePosition)
    /// `none`: absent (in plist literals and optional fields).
    case none(position: SourcePosition)
    /// A variable reference: magic, named or special, with aggrandizements.
    case variable(VariableSyntax)
    /// `[a, b]`.
    case list([ValueSyntax], position: SourcePosition)
    /// `{key: value, …}`.
    case dictionary([(key: ValueSyntax, value: ValueSyntax)], position: SourcePosition)
    /// `#tag value` or `#tag(arguments)`: the explicit forms (`#text`, `#raw`, `#quantity`…).
    case tagged(String, [Argument], position: SourcePosition)

    var position: SourcePosition {
        switch self {
        case .string(_, let position), .integer(_, _, let position), .real(_, _, let position),
            .boolean(_, let position), .none(let position), .list(_, let position), .dictionary(_, let position),
            .tagged(_, _, let position):
            return position
        case .variable(let variable): return variable.position
        }
    }
}

/// A piece of a string literal.
enum StringPart: Sendable {
    case literal(String)
    case interpolation(VariableSyntax)
}

/// A variable and the transformations applied to it (`file.Name`, `json["key"].as(number)`).
struct VariableSyntax: Sendable {
    enum Base: Sendable {
        /// A name bound by `name = …` (a magic variable).
        case output(String)
        /// `$Name` or `$"Name with spaces"`: a named variable.
        case named(String)
        /// `ShortcutInput`, `CurrentDate`, `Clipboard`, `Ask`, `DeviceDetails`, or `#special("Type")`.
        case special(String)
        /// `#attachment({…})`: an attachment dictionary written out.
        case raw(ValueSyntax)
    }

    enum Postfix: Sendable {
        /// `.Name` or `.property("File Extension", userInfo: …)`.
        case property(String, userInfo: ValueSyntax?)
        /// `["key"]`.
        case key(String)
        /// `.as(number)`.
        case coercion(String)
        /// `.dateFormat(style: …, time: …, format: …, isoTime: …)`.
        case dateFormat([Argument])
        /// `.aggrandizement({…})`: any other aggrandizement, written out.
        case raw(ValueSyntax)
        /// `.with({…})`: attachment keys not otherwise written (`Prompt`, `VariableUUID`…).
        case with(ValueSyntax)
    }

    var base: Base
    var postfixes: [Postfix]
    var position: SourcePosition
}
