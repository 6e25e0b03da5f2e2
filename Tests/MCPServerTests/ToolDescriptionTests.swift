import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC
import Testing

@testable import MCPServer

/// Tool names, input schemas and results, without a server.
struct ToolDescriptionTests {
    @Test func namesAreValidStableAndUnique() {
        let originals = [
            "com.example.SouperTask.CreateTaskIntent", "shortcut.Hello", "shortcut.Word Lengths", "shortcut.Word_Lengths",
            "shortcut.Wörter zählen", "shortcut." + String(repeating: "x", count: 80),
        ]
        let names = ToolNames.assign(originals)
        #expect(names[0] == "com.example.SouperTask.CreateTaskIntent")
        #expect(names[1] == "shortcut.Hello")
        // The name that fits keeps it; the one that had to change gets a hash of its original.
        #expect(names[3] == "shortcut.Word_Lengths")
        #expect(names[2] == "shortcut.Word_Lengths-" + ToolNames.hash("shortcut.Word Lengths"))
        #expect(names[4] == "shortcut.W_rter_z_hlen")
        #expect(names[5].utf8.count == 64 && names[5].hasSuffix("-" + ToolNames.hash(originals[5])))
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy(ToolNames.isValid))
        // The same originals in another order get the same names.
        #expect(ToolNames.assign(originals.reversed()) == names.reversed())
        // FNV-1a, the same on every machine and run (Swift's hashValue is seeded per process).
        #expect(ToolNames.hash("shortcut.Hello") == "961eaffd")
    }

    @Test func schemasFollowTheParameterMetadata() throws {
        let action = ActionMetadata(
            identifier: "com.example.App.Intent", title: "Intent",
            parameters: [
                ParameterMetadata(
                    key: "count", title: "Count", type: .integer, isRequired: true, defaultValue: "3", minimum: 1, maximum: 10),
                ParameterMetadata(key: "mode", title: "Mode", type: .enumeration, isRequired: true, options: ["fast", "slow"]),
                ParameterMetadata(key: "when", title: "When", type: .date),
                ParameterMetadata(key: "tags", title: "Tags", type: .text, isList: true),
                ParameterMetadata(key: "task", title: "Task", type: .entity, entityType: "TaskEntity"),
                ParameterMetadata(key: "flag", title: "Flag", type: .boolean, defaultValue: "yes"),
            ],
            isReadOnly: false)
        let schema = InputSchema.forAction(action, enumTitles: ["mode": ["Fast", "Slow"]])
        let properties = try #require(schema["properties"])
        #expect(properties["count"]?["type"] == "integer")
        #expect(properties["count"]?["minimum"] == 1 && properties["count"]?["maximum"] == 10 && properties["count"]?["default"] == 3)
        #expect(properties["mode"]?["enum"] == ["fast", "slow"])
        #expect(properties["mode"]?["description"]?.stringValue?.contains("fast (Fast)") == true)
        #expect(properties["tags"]?["type"] == "array" && properties["tags"]?["items"]?["type"] == "string")
        #expect(properties["task"]?["description"]?.stringValue?.contains("TaskEntity") == true)
        #expect(properties["flag"]?["default"] == true)
        #expect(properties["confirm"]?["type"] == "boolean")
        // Required without a default: count has a default, so only mode is required.
        #expect(schema["required"] == ["mode"])
        #expect(
            !InputSchema.canExpose(
                ActionMetadata(
                    identifier: "is.workflow.actions.setvariable", title: "Set Variable",
                    parameters: [ParameterMetadata(key: "WFVariableName", title: "Variable", type: .variableName)])))
    }

    @Test func structuredOutputIsAnObject() {
        let list = ToolResult.success(.list([.dictionary(["a": .number(1)]), .text("b")]), shown: ["Done."])
        #expect(list["structuredContent"] == ["items": [["a": 1], "b"]])
        #expect(list["content"] == [["type": "text", "text": #"[{"a":1},"b"]"#], ["type": "text", "text": "Done."]])
        let entity = ToolResult.success(
            .entity(EntityContent(typeName: "TaskEntity", identifier: "t1", displayTitle: "Milk", properties: ["title": .text("Milk")])),
            shown: [])
        #expect(entity["structuredContent"] == ["title": "Milk", "id": "t1"])
        let text = ToolResult.success(.text("hi"), shown: [])
        #expect(text["structuredContent"] == nil && text["isError"] == false)
        let image = ToolResult.success(.file(FileContent(name: "dot.png", data: Data([0x89, 0x50]))), shown: [])
        #expect(image["content"]?.arrayValue?.first?["type"] == "image")
        #expect(image["content"]?.arrayValue?.first?["mimeType"] == "image/png")
    }

    @Test func argumentsBecomeParameterValues() {
        #expect(ToolArguments.parameterValue(3) == .plain(.integer(3)))
        #expect(ToolArguments.parameterValue(2.5) == .plain(.real(2.5)))
        #expect(ToolArguments.parameterValue(["a", nil]) == .array([.plain(.string("a"))]))
        #expect(ToolArguments.parameterValue(nil) == nil)
    }

    @Test func theAgentPrompterAnswersInOrderAndRemembersWhatItCouldNot() throws {
        let prompter = AgentPrompter(answers: ["Ada", "slow"], isConfirmed: false)
        #expect(try prompter.ask("Name?", defaultAnswer: nil, inputType: "Text") == "Ada")
        #expect(try prompter.choose("Speed?", options: ["Fast", "Slow"], multiple: false) == [1])
        #expect(throws: ActionFailure.self) { try prompter.choose("Colour?", options: ["Red"], multiple: false) }
        #expect(prompter.pending?.kind == .choice && prompter.pending?.options == ["Red"])
        #expect(throws: ActionFailure.self) { try prompter.confirm(title: "Delete?", message: "", allowsCancel: true) }
        #expect(prompter.pending?.kind == .confirmation)
        #expect(try AgentPrompter(answers: [], isConfirmed: true).confirm(title: "Delete?", message: "", allowsCancel: true))
    }
}
