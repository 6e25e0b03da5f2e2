import Foundation
import ShortcutFormat
import ShortcutsContent
import Testing

@testable import ShortcutsEngine

/// Small actions for engine tests, so these tests don't depend on the built-in actions.
enum TestActions {
    /// `test.text`: outputs its `Text` parameter (a token string may hold variables).
    static let text = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "test.text", title: "Text", parameters: [ParameterMetadata(key: "Text", title: "Text", type: .text)])
    ) { parameters in
        let text = parameters["Text"]
        return { _, run in try run.content(text) }
    }

    /// `test.date`: the date its `Text` parameter holds, in ISO 8601.
    static let date = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "test.date", title: "Date", parameters: [ParameterMetadata(key: "Text", title: "Text", type: .text)])
    ) { parameters in
        let text = parameters["Text"]
        return { _, run in
            let value = try run.content(text).text
            guard let date = ISO8601DateFormatter().date(from: value) else { throw ActionFailure("not a date: \(value)") }
            return .date(date)
        }
    }

    /// `test.add`: adds `Operand` to its input number (`Input` is the input parameter).
    static let add = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "test.add", title: "Add",
            parameters: [
                ParameterMetadata(key: "Input", title: "Input", type: .number),
                ParameterMetadata(key: "Operand", title: "Operand", type: .number),
            ], inputParameter: "Input")
    ) { parameters in
        let operand = parameters["Operand"]
        return { input, run in
            guard let number = input.number else { throw ActionFailure("expected a number", parameter: "Input") }
            return .number(number + (try run.number(operand, parameter: "Operand") ?? 0))
        }
    }

    /// `test.record`: appends its input's text to a shared log and outputs its input.
    static func record(into log: Log) -> ActionDefinition {
        ActionDefinition(metadata: ActionMetadata(identifier: "test.record", title: "Record", inputParameter: "Input")) { _ in
            { input, _ in
                log.append(input.text)
                return input
            }
        }
    }

    static func catalog(log: Log = Log()) -> ActionCatalog { ActionCatalog([text, date, add, record(into: log)]) }
}

/// A thread-safe list of strings the record action writes to.
final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var entries: [String] { lock.withLock { lines } }
}

/// A prompter that answers from a script and remembers what it was asked.
final class ScriptedPrompter: Prompter, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String]
    private(set) var questions: [String] = []

    init(_ answers: [String]) { self.answers = answers }

    private func next(_ question: String) throws -> String {
        try lock.withLock {
            questions.append(question)
            guard !answers.isEmpty else { throw ActionFailure("no scripted answer for \(question)") }
            return answers.removeFirst()
        }
    }

    func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String { try next(prompt) }
    func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        let answer = try next(prompt)
        guard let position = options.firstIndex(of: answer) else { throw ActionFailure("\(answer) is not among \(options)") }
        return [position]
    }
    func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool { try next(title) == "yes" }
}

// MARK: Building workflows

func action(_ identifier: String, _ parameters: [String: ParameterValue] = [:], uuid: String? = nil) -> WorkflowAction {
    var dictionary = ParameterDictionary(parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    if let uuid { dictionary["UUID"] = .plain(.string(uuid)) }
    return WorkflowAction(identifier: identifier, parameters: dictionary)
}

func text(_ string: String) -> WorkflowAction { action("test.text", ["Text": .plain(.string(string))]) }

func block(_ identifier: String, _ mode: ControlFlowMode, group: String, _ parameters: [String: ParameterValue] = [:], uuid: String? = nil)
    -> WorkflowAction
{
    var parameters = parameters
    parameters["GroupingIdentifier"] = .plain(.string(group))
    parameters["WFControlFlowMode"] = .plain(.integer(mode.rawValue))
    return action(identifier, parameters, uuid: uuid)
}

func variable(_ name: String, _ aggrandizements: [Aggrandizement] = []) -> ParameterValue {
    .attachment(TokenAttachment(.variable(name: name), aggrandizements: aggrandizements))
}

func output(_ uuid: String, name: String = "Output", _ aggrandizements: [Aggrandizement] = []) -> ParameterValue {
    .attachment(TokenAttachment(.actionOutput(uuid: uuid, name: name), aggrandizements: aggrandizements))
}

func picker(_ value: ParameterValue) -> ParameterValue {
    guard case .attachment(let attachment) = value else { return value }
    return .variablePicker(attachment)
}

func tokens(_ segments: TokenString.Segment...) -> ParameterValue { .text(TokenString(segments: segments)) }

func setVariable(_ name: String, _ input: ParameterValue? = nil) -> WorkflowAction {
    var parameters: [String: ParameterValue] = ["WFVariableName": .plain(.string(name))]
    parameters["WFInput"] = input
    return action("is.workflow.actions.setvariable", parameters)
}

/// Compiles and runs actions with the test catalog, returning the output.
func run(
    _ actions: [WorkflowAction], input: Content = .nothing, log: Log = Log(),
    environment: RunEnvironment = RunEnvironment(), name: String? = "test"
) throws -> Content {
    let engine = Engine(sources: [TestActions.catalog(log: log)])
    let program = try engine.compile(Workflow(actions: actions), name: name)
    return try engine.run(program, input: input, environment: environment)
}

/// Runs actions expecting a failure, and returns it.
func runError(_ actions: [WorkflowAction], environment: RunEnvironment = RunEnvironment()) -> RunError? {
    do {
        _ = try run(actions, environment: environment)
        return nil
    } catch {
        return error as? RunError
    }
}
