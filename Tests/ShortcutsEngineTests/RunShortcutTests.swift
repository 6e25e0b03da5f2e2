import Foundation
import ShortcutFormat
import ShortcutsContent
import Testing

@testable import ShortcutsEngine

@Suite("Run Shortcut, unsupported actions and errors")
struct RunShortcutTests {
    @Test("Run Shortcut runs another shortcut by name with input and returns its output")
    func runByName() throws {
        let shout = Workflow(actions: [action("test.text", ["Text": tokens(.variable(TokenAttachment(.extensionInput)), .literal("!"))])])
        let environment = RunEnvironment(findShortcut: { $0 == "Shout" ? shout : nil })
        let output = try run(
            [
                text("hey"),
                action(
                    "is.workflow.actions.runworkflow", ["WFWorkflow": .record(["workflowName": .plain("Shout"), "isSelf": .plain(false)])]),
            ], environment: environment)
        #expect(output == .text("hey!"))
    }

    @Test("Recursion through Run Shortcut is bounded and reported")
    func recursionBound() throws {
        let loop = Workflow(actions: [action("is.workflow.actions.runworkflow", ["WFWorkflowName": .plain("Loop")])])
        let environment = RunEnvironment(findShortcut: { $0 == "Loop" ? loop : nil })
        let error = runError([action("is.workflow.actions.runworkflow", ["WFWorkflowName": .plain("Loop")])], environment: environment)
        #expect(error?.code == .runShortcutFailed)
        #expect(error?.description.contains("32 levels deep") == true)
    }

    @Test("A missing shortcut names itself")
    func missingShortcut() throws {
        let error = runError([action("is.workflow.actions.runworkflow", ["WFWorkflowName": .plain("Nope")])])
        #expect(error?.description.contains("no shortcut named \"Nope\"") == true)
    }

    @Test("An action that can't run here fails only when reached, naming index, identifier and title")
    func unsupportedAction() throws {
        let log = Log()
        #expect(throws: Never.self) {
            _ = try run(
                [
                    text("a"),
                    block(
                        "is.workflow.actions.conditional", .start, group: "S",
                        ["WFCondition": .plain(4), "WFConditionalActionString": .plain("b")]),
                    action("is.workflow.actions.takephoto"),
                    block("is.workflow.actions.conditional", .end, group: "S"),
                    action("test.record"),
                ], log: log)
        }
        #expect(log.entries == [""])
        let error = runError([text("a"), action("is.workflow.actions.takephoto")])
        #expect(error?.code == .unsupportedAction)
        #expect(error?.actionIndex == 2)
        #expect(error?.description == "test: action 2 (is.workflow.actions.takephoto, \"takephoto\"): this action isn't available on Linux")
    }

    @Test("An app action with an AppIntentDescriptor that no installed app provides names the intent")
    func missingAppAction() throws {
        let error = runError([
            action(
                "com.example.App.DoThingIntent",
                [
                    "AppIntentDescriptor": .record([
                        "AppIntentIdentifier": .plain("DoThingIntent"), "BundleIdentifier": .plain("com.example.App"),
                    ])
                ])
        ])
        #expect(error?.description.contains("com.example.App.DoThingIntent") == true)
        #expect(error?.actionTitle == "DoThingIntent")
    }

    @Test("An action's failure names the parameter")
    func parameterInError() throws {
        let error = runError([text("abc"), action("test.add", ["Operand": .plain(1)])])
        #expect(error?.description == "test: action 2 (test.add, \"Add\"), parameter Input: expected a number")
    }

    @Test("A failure while evaluating an If's input names the If")
    func failureInControlFlow() throws {
        struct BrokenClipboard: Clipboard {
            func read() throws -> Content { throw ActionFailure("no clipboard tool found") }
            func write(_ content: Content) throws {}
        }
        let error = runError(
            [
                text("x"),
                block(
                    "is.workflow.actions.conditional", .start, group: "C",
                    ["WFCondition": .plain(100), "WFInput": .variablePicker(TokenAttachment(.clipboard))]),
                block("is.workflow.actions.conditional", .end, group: "C"),
            ], environment: RunEnvironment(clipboard: BrokenClipboard()))
        #expect(error?.description == "test: action 2 (is.workflow.actions.conditional, \"If\"): no clipboard tool found")
    }

    @Test("Cancelling wakes an action that is waiting")
    func cancelWhileWaiting() throws {
        let wait = ActionDefinition(metadata: ActionMetadata(identifier: "test.wait", title: "Wait")) { _ in
            { input, run in
                try run.wait(seconds: 30)
                return input
            }
        }
        let engine = Engine(sources: [ActionCatalog([wait])])
        let program = try engine.compile(Workflow(actions: [action("test.wait")]))
        let cancellation = Cancellation()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { cancellation.cancel() }
        do {
            _ = try engine.run(program, cancellation: cancellation)
            Issue.record("the wait ran to its end")
        } catch {
            #expect(error.code == .cancelled)
            #expect(error.actionIdentifier == "test.wait")
        }
    }

    @Test("A cancelled run stops before its next action")
    func cancellation() throws {
        let engine = Engine(sources: [TestActions.catalog()])
        let program = try engine.compile(Workflow(actions: [text("a"), text("b")]))
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: RunError.self) { try engine.run(program, cancellation: cancellation) }
    }
}
