import Foundation
import ShortcutFormat

/// The shortcuts in Examples/, built with our own writer so they are genuine binary-plist
/// `.shortcut` files. A test checks the committed files are up to date; run the tests with
/// `SHORTCUTS_RECORD_EXAMPLES=1` to rewrite them after changing this file.
enum ExampleShortcuts {
    static let examplesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    static let all: [(file: String, workflow: Workflow)] = [
        ("Hello.shortcut", hello),
        ("WordLengths.shortcut", wordLengths),
    ]

    /// Greets its input: "Hello, <input>!", or "Hello, World!" without input.
    static let hello: Workflow = {
        let group = "6C8E4F0A-5B1D-4D2E-9A43-1F0B7C2D3E01"
        return workflow(
            actions: [
                ifHasAnyValue(.extensionInput, group: group),
                action(
                    "gettext", ["WFTextActionText": text(.literal("Hello, "), .variable(TokenAttachment(.extensionInput)), .literal("!"))]),
                control("conditional", group: group, mode: .middle),
                action("gettext", ["WFTextActionText": text(.literal("Hello, World!"))]),
                control("conditional", group: group, mode: .end, uuid: "6C8E4F0A-5B1D-4D2E-9A43-1F0B7C2D3E02"),
            ],
            inputClasses: ["WFStringContentItem"])
    }()

    /// For each word of its input (or of a built-in list), a dictionary with the word and its length.
    static let wordLengths: Workflow = {
        let ifGroup = "0D5A9C61-7E2B-4F38-8C14-2B6E3A9D1F01"
        let repeatGroup = "0D5A9C61-7E2B-4F38-8C14-2B6E3A9D1F02"
        let words = "0D5A9C61-7E2B-4F38-8C14-2B6E3A9D1F03"
        let count = "0D5A9C61-7E2B-4F38-8C14-2B6E3A9D1F04"
        let repeatItem = TokenAttachment(.variable(name: "Repeat Item"))
        return workflow(
            actions: [
                ifHasAnyValue(.extensionInput, group: ifGroup),
                action(
                    "text.split",
                    [
                        "text": text(.variable(TokenAttachment(.extensionInput))),
                        "WFTextSeparator": .plain("Spaces"),
                    ]),
                control("conditional", group: ifGroup, mode: .middle),
                action(
                    "list",
                    [
                        "WFItems": .array(
                            ["Shortcuts", "run", "on", "Linux"].map { word in
                                .record(["WFItemType": .plain(0), "WFValue": text(.literal(word))])
                            })
                    ]),
                control("conditional", group: ifGroup, mode: .end, uuid: words),
                control(
                    "repeat.each", group: repeatGroup, mode: .start,
                    extra: [
                        "WFInput": .variablePicker(TokenAttachment(.actionOutput(uuid: words, name: "If Result")))
                    ]),
                action("count", ["Input": .attachment(repeatItem), "WFCountType": .plain("Characters"), "UUID": .plain(.string(count))]),
                action(
                    "dictionary",
                    [
                        "WFItems": .dictionaryField([
                            DictionaryItem(itemType: 0, key: text(.literal("word")), value: text(.variable(repeatItem))),
                            DictionaryItem(
                                itemType: 3, key: text(.literal("letters")),
                                value: text(.variable(TokenAttachment(.actionOutput(uuid: count, name: "Count"))))),
                        ])
                    ]),
                control("repeat.each", group: repeatGroup, mode: .end, uuid: "0D5A9C61-7E2B-4F38-8C14-2B6E3A9D1F05"),
            ],
            inputClasses: ["WFStringContentItem"])
    }()

    // MARK: Building blocks

    static func workflow(actions: [WorkflowAction], inputClasses: [String]) -> Workflow {
        var workflow = Workflow(actions: actions)
        workflow.inputContentClasses = inputClasses
        workflow.settings["WFWorkflowHasShortcutInputVariables"] = true
        return workflow
    }

    static func action(_ name: String, _ parameters: ParameterDictionary) -> WorkflowAction {
        WorkflowAction(identifier: WorkflowAction.builtinPrefix + name, parameters: parameters)
    }

    static func text(_ segments: TokenString.Segment...) -> ParameterValue {
        .text(TokenString(segments: segments))
    }

    static func control(
        _ name: String, group: String, mode: ControlFlowMode, uuid: String? = nil, extra: ParameterDictionary = [:]
    ) -> WorkflowAction {
        var parameters: ParameterDictionary = [
            "GroupingIdentifier": .plain(.string(group)), "WFControlFlowMode": .plain(.integer(mode.rawValue)),
        ]
        for (key, value) in extra { parameters[key] = value }
        if let uuid { parameters["UUID"] = .plain(.string(uuid)) }
        return action(name, parameters)
    }

    static func ifHasAnyValue(_ kind: TokenAttachment.Kind, group: String) -> WorkflowAction {
        control(
            "conditional", group: group, mode: .start,
            extra: [
                "WFInput": .variablePicker(TokenAttachment(kind)), "WFCondition": .plain(100),
            ])
    }
}
