import AppActions
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRPC
import ShortcutsRun
import Synchronization

/// Runs a tool through the engine, as `shortcuts run` and `shortcuts perform` would: a shortcut
/// from its file, an action as a one-action shortcut with the arguments as its parameters (so an
/// app action goes through the full resolve → confirm → perform lifecycle).
struct ToolRunner {
    /// The engine, the apps and the live environment, as `shortcuts run` has them.
    let setup: RunSetup
    var library: ShortcutLibrary { setup.library }
    var engine: Engine { setup.engine }
    var apps: AppActionSource { setup.apps }

    /// Calls a tool and returns the `tools/call` result; never throws: every failure is a result
    /// with `isError: true` that says what to do.
    ///   - catalog: the tools on offer, which `shortcuts.find` names.
    func call(_ tool: Tool, arguments: JSONObject, catalog: ToolCatalog? = nil, cancellation: Cancellation = Cancellation()) -> JSONValue {
        do {
            switch tool.target {
            case .shortcut(let location):
                return try runShortcut(location, tool: tool, arguments: arguments, cancellation: cancellation)
            case .action(let metadata, let app):
                return try runAction(metadata, app: app, tool: tool, arguments: arguments, cancellation: cancellation)
            case .history(let question):
                return try question.answer(arguments, history: setup.history, tool: tool)
            case .find:
                return try FindTool.answer(arguments, runner: self, catalog: catalog ?? ToolCatalog(tools: []), tool: tool)
            case .describe:
                return try DescribeTool.answer(arguments, runner: self, tool: tool, cancellation: cancellation)
            case .importShortcut:
                return try ImportTool.answer(arguments, runner: self, tool: tool)
            }
        } catch let problem as ToolArguments.Problem {
            return ToolResult.failure(problem.message)
        } catch {
            return ToolResult.failure("\(error)")
        }
    }

    // MARK: Shortcuts

    private func runShortcut(
        _ location: ShortcutLocation, tool: Tool, arguments: JSONObject, cancellation: Cancellation
    ) throws -> JSONValue {
        try rejectUnknown(arguments, known: ["input", "inputPaths", InputSchema.answersArgument, InputSchema.confirmArgument], tool: tool)
        var input = Content.nothing
        if let text = arguments["input"], !text.isNull {
            guard let string = text.stringValue else { throw ToolArguments.Problem("`input` takes text, got \(text.text)") }
            input = .text(string)
        }
        if let paths = arguments["inputPaths"], !paths.isNull {
            input = Content(items: input.items + (try ToolArguments.files(paths, argument: "inputPaths")))
        }
        let prompter = AgentPrompter(
            answers: try ToolArguments.strings(arguments[InputSchema.answersArgument], argument: InputSchema.answersArgument),
            isConfirmed: try ToolArguments.flag(arguments[InputSchema.confirmArgument], argument: InputSchema.confirmArgument))
        let workflow: Workflow
        do {
            workflow = try library.workflow(at: location)
        } catch {
            return ToolResult.failure("Couldn't read the shortcut “\(location.name)”: \(error.message)")
        }
        let running = RunningShortcut(name: location.name, identifier: try? library.identifier(of: location))
        return run(
            workflow, running: running, input: input, prompter: prompter, cancellation: cancellation, describe: \.description
        ) { question, _ in
            Guidance.forShortcut(question, tool: tool.name, answered: arguments[InputSchema.answersArgument]?.arrayValue?.count ?? 0)
        }
    }

    // MARK: Actions

    private func runAction(
        _ metadata: ActionMetadata, app: AppManifest?, tool: Tool, arguments: JSONObject, cancellation: Cancellation
    ) throws -> JSONValue {
        try rejectUnknown(arguments, known: Set(metadata.parameters.map(\.key) + [InputSchema.confirmArgument]), tool: tool)
        var parameters = ParameterDictionary()
        var input = Content.nothing
        for parameter in metadata.parameters {
            guard let value = arguments[parameter.key], !value.isNull else { continue }
            if parameter.type == .file, parameter.key == metadata.inputParameter {
                input = Content(items: try ToolArguments.files(value, argument: parameter.key))
            } else if let converted = ToolArguments.parameterValue(value) {
                parameters[parameter.key] = converted
            }
        }
        let isConfirmed =
            metadata.parameter(InputSchema.confirmArgument) == nil
            ? try ToolArguments.flag(arguments[InputSchema.confirmArgument], argument: InputSchema.confirmArgument) : false
        let prompter = AgentPrompter(answers: [], isConfirmed: isConfirmed)
        let workflow = Workflow(actions: [WorkflowAction(identifier: metadata.identifier, parameters: parameters)])
        // One action: which action failed goes without saying; the parameter and message are what count.
        let describe = { (error: RunError) in (error.parameter.map { "`\($0)`: " } ?? "") + error.message }
        let running = RunningShortcut(name: metadata.title, identifier: nil)
        return run(workflow, running: running, input: input, prompter: prompter, cancellation: cancellation, describe: describe) {
            question, error in
            let parameter = error.parameter.flatMap(metadata.parameter)
            let choices = parameter.flatMap { entityChoices(for: $0, app: app, given: arguments[$0.key]?.stringValue) }
            return Guidance.forAction(question, parameter: parameter, choices: choices, tool: tool.name)
        }
    }

    /// The entities an agent may choose for a parameter, with their identifiers; `nil` when the
    /// parameter isn't an entity or the app can't list them.
    private func entityChoices(for parameter: ParameterMetadata, app: AppManifest?, given: String?) -> [String]? {
        guard parameter.type == .entity, let app, let type = parameter.entityType else { return nil }
        let query =
            given.map { ExtensionProtocol.QueryParams(entityType: type, matching: $0) }
            ?? ExtensionProtocol.QueryParams(entityType: type, suggested: true)
        guard let entities = try? apps.host.queryEntities(app, query) else { return nil }
        return entities.prefix(25).compactMap { content in
            guard case .entity(let entity) = content else { return nil }
            return "“\(entity.displayTitle)”" + (entity.subtitle.map { " (\($0))" } ?? "") + " — identifier \(entity.identifier)"
        }
    }

    // MARK: Running

    /// Compiles and runs a workflow; a question the run couldn't ask becomes guidance for the agent.
    private func run(
        _ workflow: Workflow, running: RunningShortcut, input: Content, prompter: AgentPrompter, cancellation: Cancellation,
        describe: (RunError) -> String, guidance: (AgentPrompter.Question, RunError) -> String
    ) -> JSONValue {
        let shown = ShownMessages()
        do {
            let program = try engine.compile(workflow, name: running.name)
            // An agent is never asked for access: a folder the shortcut wasn't allowed is an error.
            let output = try setup.run(
                program, input: input, prompter: prompter, running: running, cancellation: cancellation,
                show: { text in
                    shown.append(text)
                    RunSetup.showOnStandardError(text)
                })
            return ToolResult.success(output, shown: shown.all)
        } catch {
            if error.code == .needsInteraction, let question = prompter.pending {
                return ToolResult.failure(guidance(question, error))
            }
            return ToolResult.failure(describe(error))
        }
    }

    private func rejectUnknown(_ arguments: JSONObject, known: Set<String>, tool: Tool) throws(ToolArguments.Problem) {
        let unknown = arguments.keys.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw ToolArguments.Problem(
                "\(tool.name) has no argument named \(unknown.map { "`\($0)`" }.joined(separator: ", ")); its arguments are "
                    + known.sorted().map { "`\($0)`" }.joined(separator: ", "))
        }
    }
}

/// What the run showed (dialogs, Show Result), collected for the result.
private final class ShownMessages: Sendable {
    private let messages = Mutex<[String]>([])

    func append(_ text: String) { messages.withLock { $0.append(text) } }
    var all: [String] { messages.withLock { $0 } }
}
