import Foundation
import ShortcutFormat
import ShortcutsContent
import Testing

@testable import ShortcutsEngine

@Suite("Data flow between actions")
struct DataFlowTests {
    @Test("Each action's output is the next action's input when its input parameter is not set")
    func implicitInput() throws {
        let output = try run([
            text("41"),
            action("test.add", ["Operand": .plain(.integer(1))]),
        ])
        #expect(output == .number(42))
    }

    @Test("A set input parameter wins over the previous output")
    func explicitInput() throws {
        let output = try run([
            text("1"),
            action("test.add", ["Input": .plain(.integer(10)), "Operand": .plain(.integer(5))]),
        ])
        #expect(output == .number(15))
    }

    @Test("Magic variables refer to an action's output by UUID, in text and alone")
    func magicVariables() throws {
        let output = try run([
            action("test.text", ["Text": .plain("World")], uuid: "A"),
            text("ignored"),
            action(
                "test.text",
                ["Text": tokens(.literal("Hello, "), .variable(TokenAttachment(.actionOutput(uuid: "A", name: "Text"))), .literal("!"))]),
        ])
        #expect(output == .text("Hello, World!"))
    }

    @Test("A token string that is exactly one variable keeps the variable's type")
    func singleTokenKeepsType() throws {
        let output = try run([
            action("test.add", ["Input": .plain(.integer(2)), "Operand": .plain(.integer(3))], uuid: "N"),
            action("test.text", ["Text": tokens(.variable(TokenAttachment(.actionOutput(uuid: "N", name: "Sum"))))]),
        ])
        #expect(output == .number(5))
    }

    @Test("Set Variable, Add to Variable and Get Variable")
    func namedVariables() throws {
        let output = try run([
            text("a"),
            setVariable("letters"),
            text("b"),
            action("is.workflow.actions.appendvariable", ["WFVariableName": .plain("letters")]),
            text("c"),
            action("is.workflow.actions.appendvariable", ["WFVariableName": .plain("letters")]),
            action("is.workflow.actions.getvariable", ["WFVariable": variable("letters")]),
        ])
        #expect(output == .list([.text("a"), .text("b"), .text("c")]))
        #expect(output.text == "a\nb\nc")
    }

    @Test("Set Variable and Comment pass their input on to the next action")
    func passThrough() throws {
        let output = try run([
            text("7"),
            setVariable("x"),
            action("is.workflow.actions.comment", ["WFCommentActionText": .plain("note")]),
            action("test.add", ["Operand": .plain(.integer(1))]),
        ])
        #expect(output == .number(8))
    }

    @Test("An unset variable holds nothing")
    func unsetVariable() throws {
        let output = try run([
            action("test.text", ["Text": tokens(.literal("["), .variable(TokenAttachment(.variable(name: "never"))), .literal("]"))])
        ])
        #expect(output == .text("[]"))
    }

    @Test("Shortcut Input, Current Date, Clipboard and Ask")
    func specialVariables() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let prompter = ScriptedPrompter(["typed"])
        let environment = RunEnvironment(prompter: prompter, clipboard: MemoryClipboard(.text("copied")), now: { now })
        let output = try run(
            [
                action(
                    "test.text",
                    [
                        "Text": tokens(
                            .variable(TokenAttachment(.extensionInput)), .literal("|"),
                            .variable(TokenAttachment(.clipboard)), .literal("|"),
                            .variable(TokenAttachment(.ask, extra: ["Prompt": "Say?"])), .literal("|"),
                            .variable(
                                TokenAttachment(
                                    .currentDate, aggrandizements: [.dateFormat(.init(dateStyle: "ISO 8601", includeISOTime: false))])))
                    ])
            ], input: .text("in"), environment: environment)
        #expect(output == .text("in|copied|typed|2023-11-14"))
        #expect(prompter.questions == ["Say?"])
    }

    @Test("Aggrandizements: dictionary value, key path, coercion and property")
    func aggrandizements() throws {
        let json = #"{"user":{"name":"Ada","age":"36"},"site":"https://example.org/a/b?q=1"}"#
        let outputs = try [
            [
                Aggrandizement.dictionaryValue(key: "site"), .coercion(itemClass: "WFURLContentItem"),
                .property(name: "Host", userInfo: nil),
            ],
            [.dictionaryValue(key: "user.name")],
            [.dictionaryValue(key: "user"), .dictionaryValue(key: "age"), .coercion(itemClass: "WFNumberContentItem")],
            [.coercion(itemClass: "WFDictionaryContentItem"), .property(name: "Keys", userInfo: nil)],
        ].map { aggrandizements in
            try run([
                action("test.text", ["Text": .plain(.string(json))], uuid: "J"),
                action("test.text", ["Text": output("J", aggrandizements)]),
            ])
        }
        #expect(outputs == [.text("example.org"), .text("Ada"), .number(36), .list([.text("user"), .text("site")])])
    }
}
