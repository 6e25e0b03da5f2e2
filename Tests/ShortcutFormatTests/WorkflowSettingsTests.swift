import Foundation
import PropertyList
import ShortcutFormat
import Testing

/// The typed views of a workflow's top-level settings.
@Suite("Workflow settings")
struct WorkflowSettingsTests {
    private func action(_ id: String, _ parameters: ParameterDictionary = [:]) -> WorkflowAction {
        WorkflowAction(identifier: "is.workflow.actions." + id, parameters: parameters)
    }

    @Test("a shortcut that never uses Shortcut Input doesn't accept input")
    func noInput() {
        let workflow = Workflow(actions: [
            action("gettext", ["WFTextActionText": .text(TokenString(segments: [.variable(TokenAttachment(.clipboard))]))])
        ])
        #expect(!workflow.acceptsInput)
    }

    @Test("Shortcut Input anywhere, even deep in a dictionary, means it accepts input")
    func usesShortcutInput() {
        let deep = ParameterValue.dictionaryField([
            DictionaryItem(
                itemType: 0, key: .text(TokenString(string: "k")),
                value: .text(TokenString(segments: [.literal("x "), .variable(TokenAttachment(.extensionInput))])))
        ])
        #expect(Workflow(actions: [action("dictionary", ["WFItems": deep])]).acceptsInput)
        #expect(Workflow(actions: [action("count", ["Input": .attachment(TokenAttachment(.extensionInput))])]).acceptsInput)
    }

    @Test("WFWorkflowHasShortcutInputVariables means it accepts input")
    func inputFlag() {
        var settings = Workflow.defaultSettings
        settings["WFWorkflowHasShortcutInputVariables"] = true
        #expect(Workflow(settings: settings).acceptsInput)
    }

    @Test("input classes with a share-sheet type mean it accepts input, as documented")
    func shareSheetInput() {
        var workflow = Workflow()
        workflow.inputContentClasses = ["WFStringContentItem", "WFURLContentItem"]
        workflow.types = ["ActionExtension"]
        #expect(workflow.acceptsInput)
    }

    @Test("icon colour: unsigned as Apple means it, signed values read as the same bits")
    func iconColor() {
        var settings = Workflow.defaultSettings
        #expect(Workflow(settings: settings).iconColor == 463_140_863)
        settings["WFWorkflowIcon"] = ["WFWorkflowIconStartColor": -2_873_601, "WFWorkflowIconGlyphNumber": 59511]
        var workflow = Workflow(settings: settings)
        #expect(workflow.iconColor == 4_292_093_695)
        #expect(workflow.iconColor == UInt32(bitPattern: -2_873_601))
        #expect(workflow.iconGlyph == 59511)

        workflow.iconColor = 4_282_601_983
        #expect(workflow.settings["WFWorkflowIcon"]?["WFWorkflowIconStartColor"] == 4_282_601_983)
        #expect(workflow.settings["WFWorkflowIcon"]?["WFWorkflowIconGlyphNumber"] == 59511, "setting the colour keeps the glyph")
        #expect(Workflow(settings: [:]).iconColor == nil)
    }

    @Test("types, input classes and name read and write their keys")
    func typesAndName() throws {
        var workflow = Workflow(actions: [action("nothing")])
        #expect(workflow.types.isEmpty)
        #expect(workflow.name == nil)
        workflow.types = ["MenuBar", "QuickActions"]
        workflow.name = "Résumé ✨"
        workflow.inputContentClasses = ["WFStringContentItem"]
        #expect(workflow.settings["WFWorkflowTypes"] == ["MenuBar", "QuickActions"])

        let reread = try ShortcutFile.read(ShortcutFile.write(workflow, format: .binary), path: "t.shortcut").workflow
        #expect(reread.types == ["MenuBar", "QuickActions"])
        #expect(reread.name == "Résumé ✨")
        #expect(reread.inputContentClasses == ["WFStringContentItem"])
        #expect(reread == workflow)

        workflow.name = nil
        #expect(workflow.settings["WFWorkflowName"] == nil)
    }

    @Test("types ignore entries that aren't strings")
    func typesIgnoreNonStrings() {
        var settings = Workflow.defaultSettings
        settings["WFWorkflowTypes"] = ["NCWidget", 3, "WatchKit"]
        #expect(Workflow(settings: settings).types == ["NCWidget", "WatchKit"])
    }
}
