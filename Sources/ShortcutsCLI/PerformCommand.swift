import AppActions
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRun

/// `shortcuts perform`: runs one action, built-in or from an app, and prints its output as
/// `shortcuts run` does.
///
/// ```text
/// $ shortcuts perform com.example.SouperTask.CreateTaskIntent --set title=Milk --set dueDate=2030-01-01T09:00:00Z
/// Milk
/// ```
enum PerformCommand {
    static let spec = CommandSpec(
        name: "perform", abstract: "Run one action with parameter values.",
        discussion: """
            Values are read by the parameter's type: dates in ISO 8601 (or words such as tomorrow), \
            numbers, yes/no, enumeration cases by identifier or title, entities by identifier or by \
            the app's text search. A parameter given several times gets a list. The input (-i, or \
            text piped to standard input) fills the action's input parameter when it isn't set. \
            `shortcuts actions` lists the actions and their parameters. Questions the action asks \
            are answered as with `shortcuts run`.
            """,
        arguments: [
            ArgumentSpec(
                "action-identifier", help: "The action's identifier, e.g. com.example.App.CreateTaskIntent or is.workflow.actions.gettext.")
        ],
        options: [set, inputPath, noInteraction, answers])

    static let set = RepeatableOption("set", value: "name=value", help: "Set a parameter (repeatable).")
    static let inputPath = RepeatableOption(
        "input-path", short: "i", value: "input-path", help: "A file to give the action as input (repeatable; - reads standard input).")
    static let noInteraction = Flag("no-interaction", help: "Never ask questions: an action that needs an answer fails.")
    static let answers = Option(
        "answers", value: "answers-file", help: "Answer the action's questions from a file, one per line (or SHORTCUTS_ANSWERS).")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        var identifier = arguments.positionals[0]
        if !identifier.contains(".") { identifier = WorkflowAction.builtinPrefix + identifier }
        let setup = RunSetup.commandLine(environment)
        let apps = setup.apps
        let engine = setup.engine
        let isAppAction = !identifier.hasPrefix(WorkflowAction.builtinPrefix)
        guard let metadata = engine.metadata(for: identifier), !isAppAction || apps.action(identifier) != nil else {
            throw CommandFailure(
                "No action has the identifier \(identifier)" + (isAppAction ? " (is its app installed? run it once)" : "")
                    + "; `shortcuts actions` lists them")
        }

        var parameters = ParameterDictionary()
        for (name, values) in try settings(arguments[set], for: metadata) {
            parameters[name] = values.count == 1 ? .plain(.string(values[0])) : .array(values.map { .plain(.string($0)) })
        }
        let input = try RunInput.content(
            paths: arguments[inputPath], standardInputIsTerminal: Console.isTerminal(0))
        let prompter = try RunCommand.makePrompter(
            answers: arguments[answers], noInteraction: arguments[noInteraction], environment: environment)
        let workflow = Workflow(actions: [WorkflowAction(identifier: identifier, parameters: parameters)])
        // The action and its parameters are the person's own words on the command line, not a
        // shortcut someone else wrote: it reaches what they can.
        var runEnvironment = setup.environment(prompter: prompter, input: input)
        runEnvironment.fileAccess = .unrestricted
        let output = try engine.run(
            setup.compile(workflow), input: input, environment: runEnvironment, cancellation: Interruption.install())
        var data = try RunOutput.data(for: output, type: nil)
        if !data.isEmpty {
            if !output.isFile, data.last != 0x0A { data.append(0x0A) }
            Console.write(data, to: Console.output)
        }
        return 0
    }

    /// The `--set NAME=VALUE` values by parameter name, in the order given.
    ///
    /// - Throws: ``UsageError`` for a value without `=` or a name the action doesn't have.
    static func settings(_ assignments: [String], for metadata: ActionMetadata) throws(UsageError) -> [(String, [String])] {
        var names: [String] = []
        var values: [String: [String]] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw UsageError("'--set' takes NAME=VALUE, got '\(assignment)'", command: spec.name)
            }
            let name = String(assignment[..<equals])
            guard metadata.parameter(name) != nil else {
                let valid = metadata.parameters.map(\.key)
                throw UsageError(
                    "Unknown parameter '\(name)' for \(metadata.identifier); "
                        + (valid.isEmpty ? "it takes no parameters" : "its parameters are \(valid.joined(separator: ", "))"),
                    command: spec.name)
            }
            if values[name] == nil { names.append(name) }
            values[name, default: []].append(String(assignment[assignment.index(after: equals)...]))
        }
        return names.map { ($0, values[$0] ?? []) }
    }
}
