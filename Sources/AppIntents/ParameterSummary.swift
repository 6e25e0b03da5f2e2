/// The sentence that shows an action's main parameters in the editor, e.g. "Create ${title} due ${dueDate}".
public protocol ParameterSummary: Sendable {
    /// The sentence with each parameter written as `${name}`, or nil.
    var renderedSummary: String? { get }
}

/// An intent without a parameter summary.
public struct NoParameterSummary: ParameterSummary {
    public init() {}
    public var renderedSummary: String? { nil }
}

/// `Summary("Create \(\.$title) due \(\.$dueDate)") { \.$notes }`: a sentence with parameters in it,
/// and the parameters listed below it.
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary {
    let format: ParameterSummaryString<Intent>

    public init(_ format: ParameterSummaryString<Intent>) {
        self.format = format
    }

    public init(_ format: ParameterSummaryString<Intent>, @ParameterSummaryTableBuilder<Intent> table: () -> ParameterSummaryTable<Intent>)
    {
        self.format = format
    }

    public var renderedSummary: String? {
        format.pieces.map { piece -> String in
            switch piece {
            case .text(let text): return text
            case .parameter(let name): return "${\(name ?? "")}"
            }
        }.joined()
    }
}

/// The sentence of a summary: text with parameters interpolated by key path (`\(\.$title)`).
public struct ParameterSummaryString<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
    /// A piece of the text. A parameter is kept by its name, looked up from its key path as the
    /// string is built, since key paths aren't `Sendable`.
    enum Piece: Sendable {
        case text(String)
        case parameter(name: String?)
    }

    var pieces: [Piece]

    public init(stringLiteral value: String) {
        pieces = [.text(value)]
    }

    public init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            pieces.append(.text(literal))
        }

        public mutating func appendInterpolation<Value>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>) {
            pieces.append(.parameter(name: IntentReflection.parameterName(keyPath, in: Intent.self)))
        }
    }
}

/// The parameters listed below a summary's sentence (accepted; the manifest keeps only the sentence).
public struct ParameterSummaryTable<Intent: AppIntent>: Sendable {
    init() {}
}

/// Builds a summary's table from key paths: `{ \.$notes; \.$priority }`.
@resultBuilder
public enum ParameterSummaryTableBuilder<Intent: AppIntent> {
    public static func buildExpression<Value>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>) -> ParameterSummaryTable<Intent> {
        ParameterSummaryTable()
    }

    public static func buildBlock(_ components: ParameterSummaryTable<Intent>...) -> ParameterSummaryTable<Intent> {
        ParameterSummaryTable()
    }
}

extension AppIntent {
    /// `Summary("…")` inside an intent: a summary of this intent's parameters.
    public typealias Summary = IntentParameterSummary<Self>
}
