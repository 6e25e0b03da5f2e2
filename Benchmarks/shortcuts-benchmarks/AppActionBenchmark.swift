import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRun

/// App actions as a shortcut calls them: a shortcut that repeats one app action 1,000 times,
/// against one that calls it once, so the difference divided by the 999 extra calls is one warm
/// call with everything a shortcut pays (engine, host, protocol, SDK, the app's `perform`).
///
/// Calls `benchmarkapp` (an intent that does nothing, one that returns 100 entities) and
/// `soupertask` (Create Task, at about 10 tasks and at 100,000), both built next to this binary.
enum AppActionBenchmark {
    static let noOpTargetSeconds = 50e-6
    static let listTargetSeconds = 150e-6
    static let calls = 1_000

    static func run(runs: Int) throws {
        var (scratch, environment) = scratchHome("app-action-benchmark")
        defer { try? FileManager.default.removeItem(at: scratch) }
        environment["SHORTCUTS_EXTENSION_IDLE_SECONDS"] = "600"
        // Each app writes its manifest into the scratch home when it runs, as a person's first run does.
        try runApp("benchmarkapp", [], environment: environment)
        try runApp("soupertask", ["list"], environment: environment)
        let setup = RunSetup(environment: environment, caller: .benchmark)
        var runEnvironment = setup.environment(prompter: NoInteraction())
        // Create Task's dialog would go to standard error 100,000 times.
        runEnvironment.show = { _ in }

        func perCall(_ identifier: String, _ parameters: ParameterDictionary, rounds: Int) throws -> (Double, Double) {
            let once = try setup.compile(repeating(identifier, parameters, times: 1), name: "Once")
            let many = try setup.compile(repeating(identifier, parameters, times: calls), name: "Many")
            _ = try setup.engine.run(once, environment: runEnvironment)
            var single = Timings(seconds: [])
            var repeated = Timings(seconds: [])
            for _ in 0..<rounds {
                single.seconds += try Timings.measure(runs: 1, warmups: 0) { _ = try setup.engine.run(once, environment: runEnvironment) }
                    .seconds
                repeated.seconds += try Timings.measure(runs: 1, warmups: 0) { _ = try setup.engine.run(many, environment: runEnvironment) }
                    .seconds
            }
            let extra = Double(calls - 1)
            return ((repeated.median - single.median) / extra, (repeated.minimum - single.minimum) / extra)
        }

        let app = "org.swiftshortcuts.BenchmarkApp."
        let noOp = try perCall(app + "DoNothingIntent", [:], rounds: runs)
        let list = try perCall(app + "ListItemsIntent", ["count": .plain(100)], rounds: runs)
        let create = "com.example.SouperTask.CreateTaskIntent"
        let task: ParameterDictionary = ["title": .text(TokenString(string: "Milk")), "dueDate": .plain("2031-05-05T09:00:00Z")]
        let few = try tasks(in: environment)
        let fewTasks = try perCall(create, task, rounds: 3)
        let afterFew = try tasks(in: environment)
        // Filled through the app as a person would, a thousand at a time.
        let fill = try setup.compile(repeating(create, task, times: calls), name: "Fill")
        while try tasks(in: environment) < 100_000 {
            for _ in 0..<10 { _ = try setup.engine.run(fill, environment: runEnvironment) }
        }
        let before = try tasks(in: environment)
        let manyTasks = try perCall(create, task, rounds: 3)
        let total = try tasks(in: environment)

        print("App actions in a shortcut: (Repeat \(calls) × the action) − (the action once), ÷ \(calls - 1); \(runs) runs")
        var table = ResultTable("one warm call of", "median", "best", "target", "verdict")
        func row(_ name: String, _ figures: (Double, Double), target: Double?) {
            table.add(
                name, microseconds(figures.0), microseconds(figures.1), target.map(microseconds) ?? "—",
                target.map { figures.0 <= $0 ? "met" : "missed" } ?? "")
        }
        row("Do Nothing (no parameters, no result)", noOp, target: noOpTargetSeconds)
        row("List Items (100 entities)", list, target: listTargetSeconds)
        row("SouperTask Create Task (\(grouped(Double(few))) to \(grouped(Double(afterFew))) tasks)", fewTasks, target: nil)
        row("SouperTask Create Task (\(grouped(Double(before))) to \(grouped(Double(total))) tasks)", manyTasks, target: nil)
        print(table.render())
        print(
            "Create Task at 100,000 tasks ÷ at 10 tasks: \(String(format: "%.2f", manyTasks.0 / fewTasks.0)) (target: about 1, the cost not growing with the tasks)"
        )
    }

    /// `Repeat times { identifier(parameters) }`.
    static func repeating(_ identifier: String, _ parameters: ParameterDictionary, times: Int) -> Workflow {
        let group = ParameterValue.plain("C0FFEE00-0000-4000-8000-000000000001")
        return Workflow(actions: [
            WorkflowAction(
                identifier: WorkflowAction.builtinPrefix + "repeat.count",
                parameters: ["GroupingIdentifier": group, "WFControlFlowMode": .plain(0), "WFRepeatCount": .plain(.integer(Int64(times)))]),
            WorkflowAction(identifier: identifier, parameters: parameters),
            WorkflowAction(
                identifier: WorkflowAction.builtinPrefix + "repeat.count",
                parameters: ["GroupingIdentifier": group, "WFControlFlowMode": .plain(2)]),
        ])
    }

    /// How many tasks SouperTask has, as `soupertask list` prints them.
    private static func tasks(in environment: [String: String]) throws -> Int {
        try runApp("soupertask", ["list"], environment: environment).split(separator: "\n").count
    }

    @discardableResult
    private static func runApp(_ name: String, _ arguments: [String], environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try builtApp(name))
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("\(name) \(arguments.joined(separator: " ")) failed") }
        return String(decoding: data, as: UTF8.self)
    }

    private static func microseconds(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }
}
