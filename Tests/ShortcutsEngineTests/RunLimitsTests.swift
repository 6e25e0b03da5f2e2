import Foundation
import ShortcutFormat
import ShortcutsContent
import Testing

@testable import ShortcutsEngine

/// A run past one of its limits fails naming the action and the limit.
struct RunLimitsTests {
    func environment(_ change: (inout RunLimits) -> Void) -> RunEnvironment {
        var environment = RunEnvironment()
        var limits = RunLimits.standard
        change(&limits)
        environment.limits = limits
        return environment
    }

    func repeatCount(_ count: Int, _ body: [WorkflowAction]) -> [WorkflowAction] {
        [block("is.workflow.actions.repeat.count", .start, group: "R", ["WFRepeatCount": .plain(.integer(Int64(count)))])]
            + body + [block("is.workflow.actions.repeat.count", .end, group: "R")]
    }

    @Test func actionsExecutedIncludingEmptyLoops() throws {
        let error = runError(repeatCount(100, [text("x")]), environment: environment { $0.actions = 50 })
        #expect(error?.code == .limitExceeded)
        #expect(error?.actionIndex == 2 || error?.actionIndex == 3)
        #expect(error?.message.contains("more than 50 actions") == true && error?.message.contains("SHORTCUTS_MAX_ACTIONS") == true)
        // An empty loop still counts each End Repeat.
        let empty = runError(repeatCount(1_000_000_000, []), environment: environment { $0.actions = 1000 })
        #expect(empty?.code == .limitExceeded && empty?.actionIndex == 2, "\(String(describing: empty))")
        #expect(throws: Never.self) { try run(repeatCount(10, [text("x")]), environment: environment { $0.actions = 21 }) }
    }

    @Test func wallTimeStopsEvenALongAction() throws {
        let started = Date()
        let wait = ActionDefinition(metadata: ActionMetadata(identifier: "test.wait", title: "Wait")) { _ in
            { _, run in
                try run.wait(seconds: 30)
                return .nothing
            }
        }
        let engine = Engine(sources: [TestActions.catalog(), ActionCatalog([wait])])
        let program = try engine.compile(Workflow(actions: [text("a"), action("test.wait")]), name: "test")
        var error: RunError?
        do {
            _ = try engine.run(program, environment: environment { $0.seconds = 0.2 })
        } catch let failure {
            error = failure
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.actionIndex == 2)
        #expect(error?.message.contains("time limit of 0.2 s") == true, "\(String(describing: error))")
        // Stopped by the limit, not by the 30 s wait ending.
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func oneValuesSizeAndLength() throws {
        let grow = [
            text("x"), setVariable("v"),
            block("is.workflow.actions.repeat.count", .start, group: "R", ["WFRepeatCount": .plain(.integer(30))]),
            action(
                "test.text",
                ["Text": tokens(.variable(TokenAttachment(.variable(name: "v"))), .variable(TokenAttachment(.variable(name: "v"))))]),
            setVariable("v"),
            block("is.workflow.actions.repeat.count", .end, group: "R"),
        ]
        let error = runError(grow, environment: environment { $0.valueBytes = 1000 })
        #expect(error?.code == .limitExceeded)
        #expect(error?.actionIndex == 4 && error?.actionIdentifier == "test.text", "\(String(describing: error))")
        #expect(error?.message.contains("text of 1024 bytes") == true, "\(String(describing: error))")

        // A loop's collected results are a list too.
        let list = runError(repeatCount(100, [text("x")]), environment: environment { $0.listItems = 50 })
        #expect(list?.code == .limitExceeded && list?.actionIndex == 3, "\(String(describing: list))")
        #expect(list?.message.contains("a list of 51 items") == true && list?.message.contains("SHORTCUTS_MAX_LIST_ITEMS") == true)
    }

    @Test func everythingTheRunHolds() throws {
        let hundred = String(repeating: "a", count: 100)
        let adding = [text(hundred)] + repeatCount(1000, [action("is.workflow.actions.appendvariable", ["WFVariableName": .plain("all")])])
        let error = runError(adding, environment: environment { $0.runBytes = 50_000 })
        #expect(error?.code == .limitExceeded, "\(String(describing: error))")
        #expect(error?.message.contains("SHORTCUTS_MAX_RUN_BYTES") == true)
        // A variable replaced gives its bytes back: a thousand texts set one after another.
        let replacing = (0..<1000).flatMap { _ in [text(hundred), setVariable("one")] }
        #expect(throws: Never.self) { try run(replacing, environment: environment { $0.runBytes = 50_000 }) }
    }

    @Test func aShortcutItRunsCountsTowardsTheRun() throws {
        let child = Workflow(actions: repeatCount(40, [text("x")]))
        var environment = environment { $0.actions = 100 }
        environment.findShortcut = { $0 == "Child" ? child : nil }
        let runChild = action("is.workflow.actions.runworkflow", ["WFWorkflowName": .plain("Child")])
        #expect(throws: Never.self) { try run([runChild], environment: environment) }
        let error = runError([runChild, runChild, runChild], environment: environment)
        #expect(error?.code == .limitExceeded && error?.actionIndex == 2, "\(String(describing: error))")
    }

    /// Collecting a loop's results grows them in place: 200,000 iterations, each adding one.
    @Test func aLongLoopCollectsItsResults() throws {
        let output = try run(repeatCount(200_000, [text("x")]))
        #expect(output.items.count == 200_000)
    }

    @Test func limitsFromVariablesAndSettings() throws {
        var warnings: [String] = []
        let limits = RunLimits.standard.overridden(
            by: ["SHORTCUTS_MAX_ACTIONS": "10", "SHORTCUTS_MAX_RUN_SECONDS": "1.5", "SHORTCUTS_MAX_RUN_BYTES": "lots"],
            warn: { warnings.append($0) })
        #expect(limits.actions == 10 && limits.seconds == 1.5 && limits.runBytes == RunLimits.standard.runBytes)
        #expect(warnings == ["SHORTCUTS_MAX_RUN_BYTES=lots is not a limit (a number, 0 for none); it is ignored"])
        let decoded = try JSONDecoder().decode(RunLimits.self, from: Data(#"{"actions": 5}"#.utf8))
        #expect(decoded.actions == 5 && decoded.seconds == 3600)
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"{"actions":5}"#)
        #expect(RunLimits.value("2.5", for: RunLimits.all[0]) == nil)
        #expect(RunLimits.value("-1", for: RunLimits.all[1]) == nil)
    }
}
