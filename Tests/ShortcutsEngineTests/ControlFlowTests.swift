import Foundation
import ShortcutFormat
import ShortcutsContent
import Testing

@testable import ShortcutsEngine

private let conditional = "is.workflow.actions.conditional"

/// An If on the previous output with a legacy single condition, then "yes" / Otherwise "no".
private func ifElse(_ input: String, _ condition: ParameterValue, _ values: [String: ParameterValue]) -> [WorkflowAction] {
    var parameters = values
    parameters["WFCondition"] = condition
    return [
        text(input),
        block(conditional, .start, group: "G", parameters),
        text("yes"),
        block(conditional, .middle, group: "G"),
        text("no"),
        block(conditional, .end, group: "G"),
    ]
}

@Suite("Control flow")
struct ControlFlowTests {
    @Test(
        "Every numeric condition code",
        arguments: [
            ("3", 0, 5.0, "yes"), ("5", 0, 5.0, "no"),  // less than
            ("5", 1, 5.0, "yes"), ("6", 1, 5.0, "no"),  // less than or equal
            ("6", 2, 5.0, "yes"), ("5", 2, 5.0, "no"),  // greater than
            ("5", 3, 5.0, "yes"), ("4", 3, 5.0, "no"),  // greater than or equal
            ("5", 4, 5.0, "yes"), ("5.5", 4, 5.0, "no"),  // is
            ("4", 5, 5.0, "yes"), ("5", 5, 5.0, "no"),  // is not
        ])
    func numericConditions(input: String, code: Int64, value: Double, expected: String) throws {
        let output = try run(ifElse(input, .plain(.integer(code)), ["WFNumberValue": .plain(.real(value))]))
        #expect(output == .text(expected))
    }

    @Test(
        "Text conditions, case-insensitive as in Shortcuts",
        arguments: [
            ("Hello World", 4, "hello world", "yes"), ("Hello", 5, "hello", "no"),
            ("Hello World", 8, "hello", "yes"), ("Hello World", 8, "World", "no"),
            ("Hello World", 9, "WORLD", "yes"), ("Hello World", 99, "lo wo", "yes"),
            ("Hello World", 99, "xyz", "no"), ("Hello World", 999, "xyz", "yes"),
            ("Hello World", 999, "world", "no"),
        ])
    func textConditions(input: String, code: Int64, value: String, expected: String) throws {
        let output = try run(ifElse(input, .plain(.integer(code)), ["WFConditionalActionString": .plain(.string(value))]))
        #expect(output == .text(expected))
    }

    @Test("Has any value and has no value")
    func valueConditions() throws {
        #expect(try run(ifElse("x", .plain(100), [:])) == .text("yes"))
        #expect(try run(ifElse("", .plain(100), [:])) == .text("no"))
        #expect(try run(ifElse("", .plain(101), [:])) == .text("yes"))
        #expect(try run(ifElse("x", .plain(101), [:])) == .text("no"))
    }

    @Test("Is between (1003) for numbers")
    func between() throws {
        let values: [String: ParameterValue] = ["WFNumberValue": .plain(1), "WFAnotherNumber": .plain(10)]
        #expect(try run(ifElse("5", .plain(1003), values)) == .text("yes"))
        #expect(try run(ifElse("10", .plain(1003), values)) == .text("yes"))
        #expect(try run(ifElse("11", .plain(1003), values)) == .text("no"))
    }

    @Test("iOS 12 string conditions, with Contains as the default")
    func legacyStringConditions() throws {
        #expect(try run(ifElse("apple pie", .plain("Contains"), ["WFConditionalActionString": .plain("PIE")])) == .text("yes"))
        #expect(try run(ifElse("apple", .plain("Equals"), ["WFConditionalActionString": .plain("apple")])) == .text("yes"))
        #expect(try run(ifElse("12", .plain("Is Greater Than"), ["WFNumberValue": .plain(3)])) == .text("yes"))
        #expect(try run(ifElse("2", .plain("Is Less Than"), ["WFNumberValue": .plain(3)])) == .text("yes"))
        var actions = ifElse("apple pie", .plain("x"), ["WFConditionalActionString": .plain("pie")])
        actions[1].parameters["WFCondition"] = nil
        #expect(try run(actions) == .text("yes"))
    }

    @Test("Date conditions: before, after, is today, in the next days")
    func dateConditions() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let environment = RunEnvironment(now: { now })
        func check(_ date: Date, _ code: Int64, _ extra: [String: ParameterValue]) throws -> Content {
            try run(
                [
                    action("test.text", ["Text": .plain(.date(date))]),
                    block(conditional, .start, group: "D", extra.merging(["WFCondition": .plain(.integer(code))]) { $1 }),
                    text("yes"),
                    block(conditional, .middle, group: "D"),
                    text("no"),
                    block(conditional, .end, group: "D"),
                ], environment: environment)
        }
        let later = now.addingTimeInterval(3_600)
        #expect(try check(now, 0, ["WFDate": .plain(.date(later))]) == .text("yes"))
        #expect(try check(later, 2, ["WFDate": .plain(.date(now))]) == .text("yes"))
        #expect(try check(now.addingTimeInterval(60), 1002, [:]) == .text("yes"))
        #expect(
            try check(now.addingTimeInterval(3 * 86_400), 1000, ["WFDuration": .quantity(magnitude: .plain(7), unit: "days")])
                == .text("yes"))
        #expect(
            try check(now.addingTimeInterval(9 * 86_400), 1000, ["WFDuration": .quantity(magnitude: .plain(7), unit: "days")])
                == .text("no"))
    }

    @Test("Multi-condition If (WFConditions) with all and any")
    func multipleConditions() throws {
        func check(prefix: Int64) throws -> Content {
            let table = PredicateTable(
                prefix: prefix,
                templates: [
                    ["WFCondition": .plain(4), "WFInput": picker(variable("a")), "WFNumberValue": .plain(1)],
                    ["WFCondition": .plain(4), "WFInput": picker(variable("b")), "WFConditionalActionString": .plain("x")],
                ])
            return try run([
                text("1"), setVariable("a"),
                text("y"), setVariable("b"),
                block(conditional, .start, group: "M", ["WFConditions": .predicateTable(table)]),
                text("yes"),
                block(conditional, .middle, group: "M"),
                text("no"),
                block(conditional, .end, group: "M"),
            ])
        }
        #expect(try check(prefix: 1) == .text("no"))
        #expect(try check(prefix: 0) == .text("yes"))
    }

    @Test("A block's output is the last output of the branch taken; nothing when no branch runs")
    func blockOutput() throws {
        let taken = try run([
            text("5"),
            block(conditional, .start, group: "B", ["WFCondition": .plain(2), "WFNumberValue": .plain(1)]),
            text("big"),
            block(conditional, .end, group: "B", uuid: "END"),
            action(
                "test.text",
                ["Text": tokens(.literal("<"), .variable(TokenAttachment(.actionOutput(uuid: "END", name: "If Result"))), .literal(">"))]),
        ])
        #expect(taken == .text("<big>"))
        let skipped = try run([
            text("0"),
            block(conditional, .start, group: "B", ["WFCondition": .plain(2), "WFNumberValue": .plain(1)]),
            text("big"),
            block(conditional, .end, group: "B", uuid: "END"),
        ])
        #expect(skipped == .nothing)
    }

    @Test("Repeat collects each iteration's last output and numbers Repeat Index from 1")
    func repeatCount() throws {
        let output = try run([
            block("is.workflow.actions.repeat.count", .start, group: "R", ["WFRepeatCount": .plain(3)]),
            action("test.text", ["Text": tokens(.literal("#"), .variable(TokenAttachment(.variable(name: "Repeat Index"))))]),
            block("is.workflow.actions.repeat.count", .end, group: "R"),
        ])
        #expect(output == .list([.text("#1"), .text("#2"), .text("#3")]))
    }

    @Test("Repeat with Each, nested, with Repeat Item and Repeat Item 2")
    func nestedRepeatEach() throws {
        let log = Log()
        _ = try run(
            [
                action("test.text", ["Text": .plain("a\nb")]), action("is.workflow.actions.comment"),
                setVariable("outer", .attachment(TokenAttachment(.actionOutput(uuid: "none", name: "x")))),
                block("is.workflow.actions.repeat.each", .start, group: "O", ["WFInput": .array([.plain("a"), .plain("b")])]),
                block("is.workflow.actions.repeat.each", .start, group: "I", ["WFInput": .array([.plain("1"), .plain("2")])]),
                action(
                    "test.text",
                    [
                        "Text": tokens(
                            .variable(TokenAttachment(.variable(name: "Repeat Item"))),
                            .variable(TokenAttachment(.variable(name: "Repeat Item 2"))), .literal("@"),
                            .variable(TokenAttachment(.variable(name: "Repeat Index 2"))))
                    ]),
                action("test.record"),
                block("is.workflow.actions.repeat.each", .end, group: "I"),
                block("is.workflow.actions.repeat.each", .end, group: "O"),
            ], log: log)
        #expect(log.entries == ["a1@1", "a2@2", "b1@1", "b2@2"])
    }

    @Test("Inside Repeat with Each, the implicit input is the Repeat Item")
    func repeatEachInput() throws {
        let output = try run([
            block("is.workflow.actions.repeat.each", .start, group: "E", ["WFInput": .array([.plain("1"), .plain("2")])]),
            action("test.add", ["Operand": .plain(10)]),
            block("is.workflow.actions.repeat.each", .end, group: "E"),
        ])
        #expect(output == .list([.number(11), .number(12)]))
    }

    @Test("Choose from Menu runs the chosen case")
    func menu() throws {
        let prompter = ScriptedPrompter(["Two"])
        let output = try run(
            [
                block(
                    "is.workflow.actions.choosefrommenu", .start, group: "M",
                    ["WFMenuPrompt": .plain("Pick"), "WFMenuItems": .array([.plain("One"), .plain("Two")])]),
                block("is.workflow.actions.choosefrommenu", .middle, group: "M", ["WFMenuItemTitle": .plain("One")]),
                text("first"),
                block("is.workflow.actions.choosefrommenu", .middle, group: "M", ["WFMenuItemTitle": .plain("Two")]),
                text("second"),
                block("is.workflow.actions.choosefrommenu", .end, group: "M"),
            ], environment: RunEnvironment(prompter: prompter))
        #expect(output == .text("second"))
        #expect(prompter.questions == ["Pick"])
    }

    @Test("A menu with no way to ask fails naming the action and the choices")
    func menuWithoutInteraction() throws {
        let error = runError([
            text("x"),
            block("is.workflow.actions.choosefrommenu", .start, group: "M", ["WFMenuPrompt": .plain("Pick")]),
            block("is.workflow.actions.choosefrommenu", .middle, group: "M", ["WFMenuItemTitle": .plain("One")]),
            block("is.workflow.actions.choosefrommenu", .end, group: "M"),
        ])
        #expect(error?.code == .needsInteraction)
        #expect(error?.actionIndex == 2)
        #expect(error?.description.contains("\"One\"") == true)
    }

    @Test("Stop and Output ends the run with its output; Stop This Shortcut with nothing")
    func stopping() throws {
        let log = Log()
        let output = try run(
            [
                text("kept"),
                action("is.workflow.actions.output"),
                text("never"), action("test.record"),
            ], log: log)
        #expect(output == .text("kept"))
        #expect(log.entries.isEmpty)
        #expect(try run([text("x"), action("is.workflow.actions.exit"), text("never")]) == .nothing)
        #expect(try run([text("x"), action("is.workflow.actions.nothing")]) == .nothing)
    }

    @Test("Unbalanced blocks are reported with the action's index")
    func unbalanced() throws {
        let engine = Engine(sources: [TestActions.catalog()])
        #expect(throws: RunError.self) {
            try engine.compile(Workflow(actions: [text("a"), block(conditional, .end, group: "X")]))
        }
        do {
            _ = try engine.compile(Workflow(actions: [text("a"), block(conditional, .middle, group: "X")]))
        } catch {
            #expect(error.actionIndex == 2)
            #expect(error.code == .invalidShortcut)
        }
    }

    @Test("A block left open at the end is closed there, with a warning")
    func openBlock() throws {
        let engine = Engine(sources: [TestActions.catalog()])
        let program = try engine.compile(
            Workflow(actions: [
                text("5"),
                block(conditional, .start, group: "B", ["WFCondition": .plain(2), "WFNumberValue": .plain(1)]),
                text("big"),
            ]))
        #expect(program.warnings.count == 1)
        #expect(try engine.run(program) == .text("big"))
    }
}

/// Blocks that don't fit are refused when compiled, naming the action.
@Suite("Malformed blocks")
struct MalformedBlockTests {
    @Test func aRepeatWithAMiddleIsRefused() {
        let error = runError([
            block("is.workflow.actions.repeat.count", .start, group: "R", ["WFRepeatCount": .plain(.integer(2))]),
            text("a"),
            block("is.workflow.actions.repeat.count", .middle, group: "R"),
            text("b"),
            block("is.workflow.actions.repeat.count", .end, group: "R"),
        ])
        #expect(error?.code == .invalidShortcut)
        #expect(error?.actionIndex == 1)
        // It crashed the runner before the engine shared the block matcher.
        #expect(error?.message == "this Repeat has 1 middle action (Otherwise or a menu case); it may have none")
    }

    @Test func anEndOfAnOuterBlockFirstIsRefused() {
        let error = runError([
            block(conditional, .start, group: "A", ["WFCondition": .plain(.integer(100))]),
            block("is.workflow.actions.repeat.count", .start, group: "R"),
            block(conditional, .end, group: "A"),
        ])
        #expect(error?.actionIndex == 3)
        #expect(error?.message == "this block ends before the block started at action 2 is closed")
    }
}
