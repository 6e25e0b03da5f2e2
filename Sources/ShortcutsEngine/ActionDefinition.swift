import ShortcutFormat
import ShortcutsContent

/// What an action does when it runs: takes its input and the run, returns its output.
public typealias ActionBody = @Sendable (_ input: Content, _ run: RunContext) throws -> Content

/// A built-in action: its metadata and how to prepare it from its compiled parameters.
///
/// Preparing happens once, when the shortcut is compiled, so an action reads its parameters'
/// expressions (and parses constant enumerations) once, not on every run.
///
/// ```swift
/// ActionDefinition(metadata: ActionMetadata(identifier: "is.workflow.actions.number", title: "Number",
///                                           parameters: [...], outputType: "Number")) { parameters in
///     let number = parameters["WFNumberActionNumber"]
///     return { _, run in .number(try run.number(number, parameter: "WFNumberActionNumber") ?? 0) }
/// }
/// ```
public struct ActionDefinition: Sendable {
    public var metadata: ActionMetadata
    /// Whether the action's output is its input (Comment, Set Variable), so content flows past it.
    public var passesInputThrough: Bool
    public var prepare: @Sendable (CompiledParameters) throws -> ActionBody

    public init(
        metadata: ActionMetadata, passesInputThrough: Bool = false,
        prepare: @escaping @Sendable (CompiledParameters) throws -> ActionBody
    ) {
        self.metadata = metadata
        self.passesInputThrough = passesInputThrough
        self.prepare = prepare
    }
}

/// An action's parameters, compiled: each key's ``ParameterExpression``.
public struct CompiledParameters: Sendable {
    /// The raw parameters as the file has them.
    public let raw: ParameterDictionary
    let expressions: [String: ParameterExpression]
    /// Named variable slots for actions that set variables by name.
    let variableSlots: [String: Int]

    /// The expression for a key, ``ParameterExpression/absent`` when the parameter is not set.
    public subscript(key: String) -> ParameterExpression { expressions[key] ?? .absent }

    /// The slot of a named variable (for Set Variable and Add to Variable).
    public func variableSlot(named name: String) -> Int? { variableSlots[name] }
}

/// Where actions come from. The engine asks each source in turn; built-in actions are one
/// source, app actions another. A source that doesn't know an identifier returns `nil`.
public protocol ActionSource: Sendable {
    /// The definition for an identifier, if this source provides it.
    func definition(for identifier: String) -> ActionDefinition?
    /// Every action this source provides.
    var allMetadata: [ActionMetadata] { get }
}

/// A source backed by a fixed table of definitions.
public struct ActionCatalog: ActionSource {
    private let definitions: [String: ActionDefinition]

    public init(_ definitions: [ActionDefinition]) {
        var table: [String: ActionDefinition] = [:]
        for definition in definitions { table[definition.metadata.identifier] = definition }
        self.definitions = table
    }

    public func definition(for identifier: String) -> ActionDefinition? { definitions[identifier] }

    public var allMetadata: [ActionMetadata] {
        definitions.values.map(\.metadata).sorted { $0.identifier < $1.identifier }
    }
}
