import BuiltinActions
import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Synchronization

/// Builds shortcuts from actions and runs them through the real engine with the built-in catalog.
///
/// ```swift
/// let output = try runActions([
///     action("number", ["WFNumberActionNumber": 2]),
///     action("math", ["WFMathOperation": "×", "WFMathOperand": 21]),
/// ])
/// #expect(output == .number(42))
/// ```
public enum ActionTest {
    public static let engine = Engine(sources: [Builtins.catalog])
}

/// A built-in action by its short identifier (`gettext` for `is.workflow.actions.gettext`).
public func action(_ shortIdentifier: String, _ parameters: ParameterDictionary = [:], uuid: String? = nil) -> WorkflowAction {
    var action = WorkflowAction(identifier: WorkflowAction.builtinPrefix + shortIdentifier, parameters: parameters)
    if let uuid { action.uuid = uuid }
    return action
}

/// A magic variable: the output of the action with a UUID.
public func output(of uuid: String, name: String? = nil, aggrandizements: [Aggrandizement] = []) -> ParameterValue {
    .attachment(TokenAttachment(.actionOutput(uuid: uuid, name: name), aggrandizements: aggrandizements))
}

/// A named variable.
public func variable(_ name: String) -> ParameterValue {
    .attachment(TokenAttachment(.variable(name: name)))
}

/// Text with variables, as the editor writes it.
public func text(_ segments: TokenString.Segment...) -> ParameterValue {
    .text(TokenString(segments: segments))
}

/// A plain list parameter (`WFItems` of List).
public func list(_ items: [ParameterValue]) -> ParameterValue { .array(items) }

/// Runs actions as a shortcut and returns its output.
public func runActions(
    _ actions: [WorkflowAction], input: Content = .nothing, prompter: any Prompter = NoInteraction()
) throws(RunError) -> Content {
    let program = try ActionTest.engine.compile(Workflow(actions: actions), name: "Test")
    let environment = RunEnvironment(prompter: prompter, variables: [:], now: { Date(timeIntervalSince1970: 0) })
    return try ActionTest.engine.run(program, input: input, environment: environment)
}

/// Runs actions that must fail, and returns the error.
public func runError(_ actions: [WorkflowAction], input: Content = .nothing) -> RunError? {
    do {
        _ = try runActions(actions, input: input)
        return nil
    } catch {
        return error
    }
}

/// The texts of an output's items.
public func texts(_ content: Content) -> [String] { content.items.map(\.text) }

/// A prompter that gives scripted answers to Choose from List and records each question asked.
public final class ChoiceRecorder: Prompter {
    public struct Question: Equatable, Sendable {
        public var prompt: String
        public var options: [String]
        public var multiple: Bool

        public init(prompt: String, options: [String], multiple: Bool) {
            self.prompt = prompt
            self.options = options
            self.multiple = multiple
        }
    }

    private let state: Mutex<(choices: [[Int]], questions: [Question])>

    public init(choices: [[Int]]) { state = Mutex((choices, [])) }

    public var questions: [Question] { state.withLock { $0.questions } }

    public func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String {
        throw ActionFailure("unexpected question \"\(prompt)\"")
    }

    public func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        try state.withLock { state in
            state.questions.append(Question(prompt: prompt, options: options, multiple: multiple))
            guard !state.choices.isEmpty else { throw ActionFailure("no scripted answer for \"\(prompt)\"") }
            return state.choices.removeFirst()
        }
    }

    public func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool { true }
}

// Literals for parameters, so tests read like the files: `["WFInput": 3, "WFMode": "Encode"]`.
extension ParameterValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    public init(stringLiteral value: String) { self = .plain(.string(value)) }
    public init(integerLiteral value: Int64) { self = .plain(.integer(value)) }
    public init(floatLiteral value: Double) { self = .plain(.real(value)) }
    public init(booleanLiteral value: Bool) { self = .plain(.boolean(value)) }
}
