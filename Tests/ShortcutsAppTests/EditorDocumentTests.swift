import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsRPC
import ShortcutsRun
import ShortcutsTestSupport
import Testing

@testable import ShortcutsApp

/// The editor's JSON form of a shortcut gives back the same shortcut, for every corpus file, and
/// an edited value comes back as the edit.
@Suite("The editor's document")
struct EditorDocumentTests {
    static let metadata = RunSetup.builtinMetadata

    static func describe(_ identifier: String) -> ActionMetadata? {
        metadata.first { $0.identifier == identifier }
    }

    @Test func everyCorpusShortcutComesBackUnchanged() throws {
        var count = 0
        for folder in ["shortcuts", "signed"] {
            for file in SharedCorpus.files(in: folder, endingWith: ".shortcut") {
                let data = try Data(contentsOf: file)
                let workflow = try ShortcutFile.open(data, path: file.path, ignoringSignature: true, checkingSignature: false).workflow
                let json = EditorDocument.json(of: workflow, metadata: Self.describe)
                // Through text, as the page sends it.
                let sent = try #require(JSONValue(parsing: json.text))
                let back = try EditorDocument.workflow(from: sent.arrayValue ?? [], settings: workflow.settings)
                #expect(back == workflow, "\(file.lastPathComponent) changed on the way through the editor")
                #expect(ShortcutFile.write(back) == ShortcutFile.write(workflow), "\(file.lastPathComponent)'s bytes changed")
                count += 1
            }
        }
        SharedCorpus.report(count, from: "shortcuts and signed", suite: "EditorDocumentTests")
    }

    @Test func anEditedTextKeepsItsVariables() throws {
        let source = "name = AskForInput \"Who?\"\nText \"Hello, \\(name)\"\n"
        let workflow = try #require(RunSetup.builtinLanguage.compile(source).workflow)
        let json = EditorDocument.json(of: workflow, metadata: Self.describe)
        var actions = try #require(json.arrayValue)
        var text = try #require(actions[1].objectValue)
        var parameters = try #require(text["parameters"]?.arrayValue)
        let at = try #require(parameters.firstIndex { $0["key"] == "WFTextActionText" })
        let token = try #require(parameters[at]["value"]?["parts"]?.arrayValue?.last { $0["var"] != nil })
        // The page's edit: new words, the same variable, no ref.
        parameters[at] = ["key": "WFTextActionText", "value": ["t": "text", "parts": ["Bye, ", token]]]
        text["parameters"] = .array(parameters)
        actions[1] = .object(text)
        let back = try EditorDocument.workflow(from: actions, settings: workflow.settings)
        let decompiled = RunSetup.builtinLanguage.decompile(back)
        #expect(decompiled.contains("Text \"Bye, \\(providedInput)\"") || decompiled.contains("Text \"Bye, \\(name)\""), "\(decompiled)")
        #expect(back.actions[0] == workflow.actions[0])
    }

    @Test func aValueTheAppCantReadNamesTheActionAndParameter() throws {
        let actions: [JSONValue] = [
            ["identifier": "is.workflow.actions.gettext", "parameters": [["key": "WFTextActionText", "value": ["ref": "%%%"]]]]
        ]
        #expect {
            try EditorDocument.workflow(from: actions, settings: [:])
        } throws: { error in
            "\(error)".contains("action 1 (is.workflow.actions.gettext), parameter WFTextActionText")
        }
    }
}
