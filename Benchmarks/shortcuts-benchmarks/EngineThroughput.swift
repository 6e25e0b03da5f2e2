import BuiltinActions
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRun

/// Engine throughput: a counting loop of ordinary actions and control flow, compiled once and run
/// several times.
///
/// The shortcut, built in code:
///
///     Set Variable n to "0"
///     Repeat 100,000 times
///         Get Variable n  →  Calculate + 1  →  Set Variable n
///         If Variable n < 1e12
///         End If
///     End Repeat
///     Get Variable n
enum EngineThroughput {
    static let iterations = 100_000
    /// Actions stepped through per iteration: Get Variable, Calculate, Set Variable, If, End If, End Repeat.
    static let actionsPerIteration = 6
    /// The ordinary (non-control-flow) actions per iteration: Get Variable, Calculate, Set Variable.
    static let ordinaryActionsPerIteration = 3
    /// Actions run once: the first Set Variable, Repeat and the last Get Variable.
    static let actionsOutsideTheLoop = 3

    static var actionsPerRun: Int { iterations * actionsPerIteration + actionsOutsideTheLoop }

    /// The counting shortcut.
    static func workflow() -> Workflow {
        let variableN = TokenAttachment(.variable(name: "n"))
        func action(_ id: String, _ parameters: ParameterDictionary) -> WorkflowAction {
            WorkflowAction(identifier: WorkflowAction.builtinPrefix + id, parameters: parameters)
        }
        let loop = ParameterValue.plain("B0A1E2C3-0000-4000-8000-000000000001")
        let test = ParameterValue.plain("B0A1E2C3-0000-4000-8000-000000000002")
        return Workflow(actions: [
            action("setvariable", ["WFVariableName": .plain("n"), "WFInput": .text(TokenString(string: "0"))]),
            action(
                "repeat.count",
                [
                    "GroupingIdentifier": loop, "WFControlFlowMode": .plain(0),
                    "WFRepeatCount": .plain(.integer(Int64(iterations))),
                ]),
            action("getvariable", ["WFVariable": .attachment(variableN)]),
            action("math", ["WFMathOperation": .plain("+"), "WFMathOperand": .plain(1)]),
            action("setvariable", ["WFVariableName": .plain("n")]),
            action(
                "conditional",
                [
                    "GroupingIdentifier": test, "WFControlFlowMode": .plain(0),
                    "WFInput": .variablePicker(variableN), "WFCondition": .plain(0), "WFNumberValue": .plain(1e12),
                ]),
            action("conditional", ["GroupingIdentifier": test, "WFControlFlowMode": .plain(2)]),
            action("repeat.count", ["GroupingIdentifier": loop, "WFControlFlowMode": .plain(2)]),
            action("getvariable", ["WFVariable": .attachment(variableN)]),
        ])
    }

    /// Compiles once, runs `runs` times, and checks each run counted to the end.
    static func measure(runs: Int) throws -> Timings {
        let setup = RunSetup(environment: ["SHORTCUTS_HOME": "/nonexistent"], caller: .benchmark)
        let program = try setup.compile(workflow(), name: "Throughput")
        let environment = setup.environment(prompter: NoInteraction())
        var lastOutput = Content.nothing
        let timings = try Timings.measure(runs: runs) {
            lastOutput = try setup.engine.run(program, environment: environment)
        }
        guard lastOutput.text == String(iterations) else {
            throw BenchmarkError("the throughput shortcut ended with \(lastOutput.text), expected \(iterations)")
        }
        return timings
    }
}

/// A benchmark that could not run, with the reason.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
