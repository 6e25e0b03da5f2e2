import Foundation
import PropertyList
import Testing

@testable import ShortcutFormat

/// Automator actions recognised by name or, where the name differs (other languages, renamed
/// actions), by bundle identifier; each with its settings carried over.
@Suite("Automator workflows")
struct AutomatorWorkflowTests {
    func convert(_ name: String, _ bundle: String, _ parameters: PropertyListDictionary) -> WorkflowAction {
        AutomatorWorkflow.convert(
            ["ActionName": .string(name), "BundleIdentifier": .string(bundle), "ActionParameters": .dictionary(parameters)],
            variables: ["V": "Total"])
    }

    @Test func aLocalizedNameIsRecognisedByItsBundleIdentifier() {
        let action = convert(
            "Shell-Skript ausführen", "com.apple.RunShellScript",
            ["COMMAND_STRING": "ls", "shell": "/bin/bash", "inputMethod": .integer(1)])
        #expect(action.identifier == "is.workflow.actions.runshellscript")
        #expect(action.parameters["Script"] == .plain("ls"))
        #expect(action.parameters["InputMode"] == .plain("as arguments"))
        #expect(action.parameters["AutomatorActionName"] == .plain("Shell-Skript ausführen"))
    }

    @Test func aLocalizedJavaScriptActionAndURLExtractionAreRecognised() {
        #expect(
            convert("Exécuter JavaScript", "com.apple.Automator.RunJavaScript", ["source": "1"]).identifier
                == "is.workflow.actions.runjavascriptforautomation")
        let urls = convert("Extract URLs from Text", "com.apple.Automator.Extract_Data_from_Text", ["type": "com.apple.Automator.text.url"])
        #expect(urls.identifier == "is.workflow.actions.detect.link")
        let phones = convert(
            "Extraire des numéros", "com.apple.Automator.Extract_Data_from_Text", ["type": "com.apple.Automator.text.phone"])
        #expect(phones.identifier == AutomatorWorkflow.unconvertedIdentifier)
    }

    @Test func settingsCarryOver() {
        #expect(
            convert("Pause", "com.apple.Automator.Pause", ["pauseDuration": .integer(900), "pauseUnit": .integer(1)]).parameters[
                "WFDelayTime"] == .plain(.real(900)))
        let get = convert("Get Value of Variable", "", ["variableUUID": "V"])
        #expect(get.identifier == "is.workflow.actions.getvariable")
        #expect(get.parameters["WFVariable"] == .attachment(TokenAttachment(.variable(name: "Total"))))
        let folder = convert("New Folder", "", ["folderName": "Reports", "folderLocation": "~/Documents"])
        #expect(folder.parameters["WFFilePath"] == .plain("~/Documents/Reports"))
        let urls = convert("Get Specified URLs", "", ["urls": .array(["https://example.com", .dictionary(["URL": "https://swift.org"])])])
        #expect(urls.parameters["WFURLActionURL"] == .plain(.array(["https://example.com", "https://swift.org"])))
    }

    @Test func anUnknownActionIsKeptWhole() {
        let action = convert("Watermark PDF Documents", "com.apple.Automator.WatermarkPDF", ["angle": .integer(45)])
        #expect(action.identifier == AutomatorWorkflow.unconvertedIdentifier)
        #expect(action.parameters["ActionParameters"] == .plain(.dictionary(["angle": .integer(45)])))
        #expect(action.parameters["AutomatorBundleIdentifier"] == .plain("com.apple.Automator.WatermarkPDF"))
    }

    @Test func aShortcutIsNotTakenForAnAutomatorDocument() {
        #expect(!AutomatorWorkflow.isDocument(["WFWorkflowActions": .array([]), "actions": .array([])]))
        #expect(AutomatorWorkflow.isDocument(["actions": .array([]), "AMDocumentVersion": "2"]))
    }
}
