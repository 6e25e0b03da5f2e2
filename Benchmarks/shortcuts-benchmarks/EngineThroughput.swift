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

    /// A short shortcut (Set Variable, then Get Variable and Calculate twice) compiled for a
    /// history benchmark's trace.
    static func tracedProgram() throws -> (engine: Engine, program: Program, environment: RunEnvironment) {
        let setup = RunSetup(environment: ["SHORTCUTS_HOME": "/nonexistent"], caller: .benchmark)
        var workflow = workflow()
        workflow.actions = [workflow.actions[0], workflow.actions[2], workflow.actions[3], workflow.actions[2], workflow.actions[3]]
        return (setup.engine, try setup.compile(workflow, name: "Short"), setup.environment(prompter: NoInteraction()))
    }

    /// Compiles once and runs it `runs` times untraced and `runs` times traced as the run
    /// history traces (the first 1,000 steps kept, every action profiled), alternating, so the
    /// two are measured under the same conditions; checks each run counted to the end.
    static func measure(runs: Int) throws -> (plain: Timings, traced: Timings) {
        let setup = RunSetup(environment: ["SHORTCUTS_HOME": "/nonexistent"], caller: .benchmark)
        let program = try setup.compile(workflow(), name: "Throughput")
        let environment = setup.environment(prompter: NoInteraction())
        var plain = Timings(seconds: [])
        var traced = Timings(seconds: [])
        var lastOutput = Content.nothing
        let trace = RunTrace(stepLimit: 1_000)
        for round in 0..<(runs + 1) {
            let one = try Timings.measure(runs: 1, warmups: 0) {
                lastOutput = try setup.engine.run(program, environment: environment)
            }
            let two = try Timings.measure(runs: 1, warmups: 0) {
                lastOutput = try setup.engine.run(program, environment: environment, trace: trace)
            }
            // The first round warms up.
            if round > 0 {
                plain.seconds += one.seconds
                traced.seconds += two.seconds
            }
        }
        guard lastOutput.text == String(iterations) else {
            throw BenchmarkError("the throughput shortcut ended with \(lastOutput.text), expected \(iterations)")
        }
        guard trace.totalSteps == actionsPerRun, trace.profile.first(where: { $0.index == 2 })?.count == iterations else {
            throw BenchmarkError("the trace counted \(trace.totalSteps) steps, expected \(actionsPerRun)")
        }
        return (plain, traced)
    }
}

/// Long loops: `Repeat n { Text "x" }` then Count, so the loop's results are collected and used.
/// The cost per iteration must not grow with the count (it did: 40,000 iterations took 15 s).
enum RepeatCollection {
    static let counts = [10_000, 100_000, 1_000_000]

    /// The best time per iteration of `runs` runs for each count.
    static func measure(runs: Int) throws -> [(iterations: Int, secondsPerIteration: Double)] {
        let setup = RunSetup(environment: ["SHORTCUTS_HOME": "/nonexistent"], caller: .benchmark)
        let environment = setup.environment(prompter: NoInteraction())
        return try counts.map { count in
            let program = try setup.compile(workflow(iterations: count), name: "Collect")
            var output = Content.nothing
            let timings = try Timings.measure(runs: runs, warmups: 0) {
                output = try setup.engine.run(program, environment: environment)
            }
            guard output.text == String(count) else {
                throw BenchmarkError("the loop of \(count) collected \(output.text) results")
            }
            return (count, timings.minimum / Double(count))
        }
    }

    private static func workflow(iterations: Int) -> Workflow {
        let group = ParameterValue.plain("B0A1E2C3-0000-4000-8000-000000000003")
        func action(_ id: String, _ parameters: ParameterDictionary) -> WorkflowAction {
            WorkflowAction(identifier: WorkflowAction.builtinPrefix + id, parameters: parameters)
        }
        return Workflow(actions: [
            action(
                "repeat.count",
                ["GroupingIdentifier": group, "WFControlFlowMode": .plain(0), "WFRepeatCount": .plain(.integer(Int64(iterations)))]),
            action("gettext", ["WFTextActionText": .text(TokenString(string: "x"))]),
            action("repeat.count", ["GroupingIdentifier": group, "WFControlFlowMode": .plain(2)]),
            action("count", ["WFCountType": .plain("Items")]),
        ])
    }
}

/// A benchmark that could not run, with the reason.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
