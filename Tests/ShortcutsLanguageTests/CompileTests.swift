import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsContent
import ShortcutsLanguage
import Testing

/// What text compiles to: the parameter values, references and settings Shortcuts writes.
@Suite("Compiling")
struct CompileTests {
    func workflow(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Workflow {
        let result = language.compile(source)
        for diagnostic in result.diagnostics where diagnostic.isError { Issue.record("\(diagnostic)", sourceLocation: sourceLocation) }
        return try #require(result.workflow, sourceLocation: sourceLocation)
    }

    @Test("a bound output is a magic variable with the action's UUID and output name")
    func magicVariables() throws {
        let shortcut = try workflow(
            """
            greeting = Text "hello"
            ChangeCase "\\(greeting)!", case: "UPPERCASE"
            """)
        #expect(shortcut.actions.map(\.identifier) == ["is.workflow.actions.gettext", "is.workflow.actions.text.changecase"])
        let uuid = try #require(shortcut.actions[0].uuid)
        guard case .text(let text)? = shortcut.actions[1].parameters["text"] ?? shortcut.actions[1].parameters["WFInput"] else {
            Issue.record("the input is not a token string: \(shortcut.actions[1].parameters.keys)")
            return
        }
        #expect(text.string == "\u{FFFC}!")
        #expect(text.attachments.first?.attachment.kind == .actionOutput(uuid: uuid, name: "Text"))
        #expect(shortcut.actions[1].parameters["WFCaseType"] == .plain(.string("UPPERCASE")))
    }

    @Test("aggrandizements and special variables")
    func aggrandizements() throws {
        let shortcut = try workflow(
            """
            ShowResult "\\(ShortcutInput.Name)\\($dict["key"].as(number))\\(CurrentDate.dateFormat(style: "Custom", format: "yyyy"))"
            """)
        let text = try #require(shortcut.actions[0].parameters.entries.first?.value)
        guard case .text(let tokens) = text else { Issue.record("not text: \(text)"); return }
        let attachments = tokens.attachments.map(\.attachment)
        #expect(attachments[0].kind == .extensionInput)
        #expect(attachments[0].aggrandizements == [.property(name: "Name", userInfo: nil)])
        #expect(attachments[1].kind == .variable(name: "dict"))
        #expect(attachments[1].aggrandizements == [.dictionaryValue(key: "key"), .coercion(itemClass: "WFNumberContentItem")])
        #expect(attachments[2].aggrandizements == [.dateFormat(.init(dateStyle: "Custom", format: "yyyy"))])
    }

    @Test("blocks share a grouping identifier, with start, middle and end modes")
    func blocks() throws {
        let shortcut = try workflow(
            """
            result = If ShortcutInput, is: equals, text: "a" {
                Text "yes"
            } Otherwise If ShortcutInput, is: hasAnyValue {
                Text "other"
            }
            Menu "Pick" {
                Case "One"
                Case "Two"
            }
            """)
        let modes = shortcut.actions.map { $0.controlFlowMode?.rawValue ?? -1 }
        #expect(modes == [0, -1, 1, 0, -1, 2, 2, 0, 1, 1, 2])
        #expect(shortcut.actions[0].groupingIdentifier == shortcut.actions[6].groupingIdentifier)
        #expect(shortcut.actions[3].groupingIdentifier == shortcut.actions[5].groupingIdentifier)
        #expect(shortcut.actions[0].parameters["WFCondition"] == .plain(.integer(4)))
        #expect(shortcut.actions[6].uuid != nil && shortcut.actions[5].uuid == nil)
        #expect(shortcut.actions[7].parameters["WFMenuItems"] == .array([.plain(.string("One")), .plain(.string("Two"))]))
    }

    @Test("dictionaries infer their item types")
    func dictionaries() throws {
        let shortcut = try workflow(#"Dictionary {"name": "Ada", "age": 36, "ok": true, "tags": ["a"], "inner": {"x": "y"}}"#)
        guard case .dictionaryField(let items)? = shortcut.actions[0].parameters.entries.first?.value else {
            Issue.record("not a dictionary"); return
        }
        #expect(items.map(\.itemType) == [0, 3, 4, 2, 1])
        #expect(items[1].value == .text(TokenString(string: "36")))
    }

    @Test("settings directives")
    func settings() throws {
        let shortcut = try workflow(
            """
            @name "Tool"
            @color 0xFF4351FF
            @glyph 59511
            @input text, "WFCustomContentItem"
            @types MenuBar
            @setting WFWorkflowMinimumClientVersionString: none
            @setting Custom: {a: [1, 2.5, true, #data "AAE="]}
            """)
        #expect(shortcut.name == "Tool")
        #expect(shortcut.iconColor == 0xFF43_51FF && shortcut.iconGlyph == 59511)
        #expect(shortcut.inputContentClasses == ["WFStringContentItem", "WFCustomContentItem"])
        #expect(shortcut.types == ["MenuBar"])
        #expect(shortcut.settings["WFWorkflowMinimumClientVersionString"] == nil)
        #expect(shortcut.settings["Custom"] == ["a": [1, 2.5, true, .data(Data([0, 1]))]])
    }

    @Test("decompiling hand-written text gives text that compiles to the same shortcut")
    func decompileThenCompile() throws {
        let source = """
            @input text
            words = SplitText ShortcutInput, separator: "Spaces"
            RepeatEach words {
                n = Count RepeatItem, type: "Characters"
                Dictionary {"word": "\\(RepeatItem)", "letters": #number n}
            }
            """
        let original = try workflow(source)
        let again = try workflow(language.decompile(original))
        var comparison = RenamingComparison(original: original)
        #expect(comparison.difference(ShortcutFile.propertyList(of: original), ShortcutFile.propertyList(of: again)) == nil)
    }
}

/// Two actions with one title: Shortcuts' classic action keeps the name, a newer one is written
/// by its identifier; two newer ones share it and neither has it.
@Test func aSharedTitleStaysTheClassicActions() throws {
    func metadata(_ identifier: String) -> ActionMetadata {
        ActionMetadata(
            identifier: identifier, title: "Create Folder", parameters: [ParameterMetadata(key: "name", title: "Name", type: .text)],
            inputParameter: "name")
    }
    let text = ShortcutText(metadata: [
        metadata("com.apple.shortcuts.CreateFolderAction"), metadata("is.workflow.actions.file.createfolder"),
    ])
    let compiled = text.compile("CreateFolder \"A\"\n")
    #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
    #expect(compiled.workflow?.actions.first?.identifier == "is.workflow.actions.file.createfolder")
    let newer = try #require(text.compile("com.apple.shortcuts.CreateFolderAction name: \"B\"\n").workflow)
    #expect(text.decompile(newer).contains("com.apple.shortcuts.CreateFolderAction "))
    let both = ShortcutText(metadata: [metadata("com.example.One"), metadata("com.example.Two")])
    #expect(both.compile("CreateFolder \"A\"\n").diagnostics.first?.message.contains("names several actions") == true)
}

/// Two of Shortcuts' classic actions with one title, one a variant of the other (the Finder's
/// Convert Image, `image.convert.finder`): the original keeps the name.
@Test func aVariantLeavesTheNameToItsOriginal() throws {
    func metadata(_ identifier: String) -> ActionMetadata {
        ActionMetadata(
            identifier: identifier, title: "Convert Image", parameters: [ParameterMetadata(key: "WFInput", title: "Image", type: .file)],
            inputParameter: "WFInput")
    }
    let text = ShortcutText(metadata: [metadata("is.workflow.actions.image.convert.finder"), metadata("is.workflow.actions.image.convert")])
    let compiled = text.compile("ConvertImage ShortcutInput\n")
    #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
    #expect(compiled.workflow?.actions.first?.identifier == "is.workflow.actions.image.convert")
    let variant = try #require(text.compile("is.workflow.actions.image.convert.finder WFInput: ShortcutInput\n").workflow)
    #expect(text.decompile(variant).contains("is.workflow.actions.image.convert.finder "))
}
