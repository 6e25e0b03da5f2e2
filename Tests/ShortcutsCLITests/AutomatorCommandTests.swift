import Foundation
import PropertyList
import ShortcutFormat
import Testing

/// Automator workflows through the built `shortcuts`: the real ones in
/// `../shared/corpus/automator`, and workflows built here that run end to end.
@Suite struct AutomatorCommandTests {
    let shell: CommandRunner
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/corpus/automator").standardizedFileURL.path

    init() throws {
        shell = try CommandRunner()
        shell.extraEnvironment["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] = "1"
    }

    static let corpusFiles: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).filter { $0.hasSuffix(".wflow") }.sorted()
    }()

    /// An Automator action as `document.wflow` stores it.
    static func action(_ name: String, _ bundle: String, _ parameters: PropertyListDictionary) -> PropertyListValue {
        .dictionary([
            "action": .dictionary([
                "ActionName": .string(name), "BundleIdentifier": .string(bundle), "ActionParameters": .dictionary(parameters),
            ])
        ])
    }

    static func document(_ actions: [PropertyListValue], variables: [PropertyListValue] = []) -> Data {
        PropertyList.encode(
            .dictionary([
                "AMApplicationBuild": "523", "AMApplicationVersion": "2.10", "AMDocumentVersion": "2", "actions": .array(actions),
                "connectors": .dictionary([:]), "variables": .array(variables),
                "workflowMetaData": .dictionary(["workflowTypeIdentifier": "com.apple.Automator.workflow"]),
            ]), format: .xml)
    }

    /// Ask for Text → Run Shell Script → Set Value of Variable, in a `.workflow` bundle.
    func shoutBundle() throws -> String {
        let data = Self.document(
            [
                Self.action(
                    "Ask for Text", "com.apple.Automator.AskForText", ["question": "What should I shout?", "defaultAnswer": "hello"]),
                Self.action(
                    "Run Shell Script", "com.apple.RunShellScript",
                    ["COMMAND_STRING": "tr a-z A-Z", "shell": "/bin/sh", "inputMethod": .integer(0)]),
                Self.action("Set Value of Variable", "com.apple.Automator.SetValueofVariable", ["variableUUID": "V-1"]),
            ],
            variables: [.dictionary(["UUID": "V-1", "name": "Shout", "identifier": "com.apple.Automator.Variable.Storage"])])
        return try shell.write(data, to: "Shout.workflow/Contents/document.wflow").replacingOccurrences(
            of: "/Contents/document.wflow", with: "")
    }

    @Test func everyCorpusWorkflowImportsAndShowsWhereItsActionsCameFrom() throws {
        #expect(Self.corpusFiles.count == 4, "read \(Self.corpusFiles.count) files from \(Self.corpus)")
        for name in Self.corpusFiles {
            let path = Self.corpus + "/" + name
            let imported = try shell.run(["import", path])
            #expect(imported.status == 0, "\(name): \(imported.error)")
            let base = (name as NSString).deletingPathExtension
            let view = try shell.run(["view", base])
            #expect(view.output.contains("From Automator: \""), "\(name): \(view.output)")
            // The library keeps the converted shortcut, not the Automator document.
            let copy = try Data(contentsOf: URL(fileURLWithPath: shell.home + "/Shortcuts/\(base).shortcut"))
            #expect(try ShortcutFile.read(copy, path: base).workflow.actions.allSatisfy { $0.parameters["AutomatorActionName"] != nil })
        }
        let toggle = try shell.run(["view", "06-toggle-hidden-files"])
        #expect(
            toggle.output.contains(
                "2  Show Alert (is.workflow.actions.alert)\n     From Automator: \"Ask for Confirmation\" (com.apple.Automator.Ask for Confirmation)\n"
            ))
        let vscode = try shell.run(["view", "02-open-in-vscode"])
        #expect(vscode.output.contains("Pass Input (InputMode): \"as arguments\""))
    }

    @Test func anAppleScriptActionFailsAsItDoesElsewhere() throws {
        let result = try shell.run(["run", Self.corpus + "/03-checksum.wflow", "--no-interaction"])
        #expect(result.status == 1)
        #expect(result.error.contains("action 1 (is.workflow.actions.runapplescript, \"Run AppleScript\"): AppleScript needs macOS"))
    }

    @Test func askShellAndVariableRunWithAnswers() throws {
        let bundle = try shoutBundle()
        let answers = try shell.write(Data("get loud\n".utf8), to: "answers.txt")
        let result = try shell.run(["run", bundle, "--answers", answers])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "GET LOUD\n")
        let imported = try shell.run(["import", bundle])
        #expect(imported.output.hasPrefix("Imported \"Shout\" ("), "\(imported.error)")
        #expect(try shell.run(["run", "Shout", "--answers", answers]).output == "GET LOUD\n")
        let view = try shell.run(["view", "Shout"])
        #expect(view.output.contains("Prompt (WFAskActionPrompt): \"What should I shout?\""))
        #expect(
            view.output.contains(
                "3  Set Variable (is.workflow.actions.setvariable)\n     From Automator: \"Set Value of Variable\" (com.apple.Automator.SetValueofVariable)\n     Variable (WFVariableName): \"Shout\"\n"
            ))
    }

    @Test func anActionWithNoCounterpartFailsWhenReachedNamingIt() throws {
        let data = Self.document([
            Self.action("Get Specified Text", "com.apple.Automator.GetSpecifiedText", ["text": "first"]),
            Self.action("Filter Finder Items", "com.apple.Automator.FilterFinderItems", ["fileNames": .array([])]),
        ])
        let path = try shell.write(data, to: "Filter.wflow")
        let view = try shell.run(["view", path])
        #expect(
            view.output.contains(
                "2  Automator Action (org.swiftshortcuts.automator.action)  [unavailable: not available on Linux]\n     From Automator: \"Filter Finder Items\" (com.apple.Automator.FilterFinderItems)\n"
            ))
        let run = try shell.run(["run", path])
        #expect(run.status == 1)
        #expect(
            run.error.contains(
                "action 2 (org.swiftshortcuts.automator.action, \"Automator Action\"): the Automator action \"Filter Finder Items\" (com.apple.Automator.FilterFinderItems) has no Shortcuts counterpart"
            ))
    }
}
