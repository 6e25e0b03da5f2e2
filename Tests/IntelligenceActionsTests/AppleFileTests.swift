import ActionTestSupport
import BuiltinActions
import Foundation
import PlatformFakes
import PropertyList
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLanguage
import Testing

/// A shortcut made on Apple's systems with Use Model and the Writing Tools, written as their
/// exports write these actions (the prompt a text token string with a named variable, the model
/// stored as "Apple Intelligence", the Writing Tools' plain `text` and enumerations), read, run
/// against a scripted server, and round-tripped through the text language.
@Suite struct AppleFileTests {
    static let file = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>WFWorkflowActions</key><array>
          <dict><key>WFWorkflowActionIdentifier</key><string>is.workflow.actions.gettext</string>
            <key>WFWorkflowActionParameters</key><dict><key>UUID</key><string>6B0F5C2E-0E4B-4F4B-9C8B-1B1B6C7C0A01</string>
            <key>WFTextActionText</key><string>Buy milk and call Ada</string></dict></dict>
          <dict><key>WFWorkflowActionIdentifier</key><string>is.workflow.actions.setvariable</string>
            <key>WFWorkflowActionParameters</key><dict><key>WFVariableName</key><string>Note</string></dict></dict>
          <dict><key>WFWorkflowActionIdentifier</key><string>is.workflow.actions.askllm</string>
            <key>WFWorkflowActionParameters</key><dict>
              <key>UUID</key><string>35001262-5D4B-4C57-9E0D-7A3C0F3B2B11</string>
              <key>WFLLMModel</key><string>Apple Intelligence</string>
              <key>WFLLMPrompt</key><dict>
                <key>Value</key><dict>
                  <key>attachmentsByRange</key><dict><key>{0, 1}</key><dict><key>Type</key><string>Variable</string><key>VariableName</key><string>Note</string></dict></dict>
                  <key>string</key><string>\u{FFFC}</string></dict>
                <key>WFSerializationType</key><string>WFTextTokenString</string></dict>
            </dict></dict>
          <dict><key>WFWorkflowActionIdentifier</key><string>com.apple.WritingTools.WritingToolsAppIntentsExtension.AdjustToneIntent</string>
            <key>WFWorkflowActionParameters</key><dict><key>UUID</key><string>0C7D7A55-9B6B-4B3E-8F0B-0E5D1A9C2F22</string>
              <key>text</key><string>This is a dummy comment</string><key>tone</key><string>professional</string></dict></dict>
          <dict><key>WFWorkflowActionIdentifier</key><string>com.apple.WritingTools.WritingToolsAppIntentsExtension.SummarizeTextIntent</string>
            <key>WFWorkflowActionParameters</key><dict><key>UUID</key><string>9A1E2B3C-4D5E-4F60-8172-93A4B5C6D733</string>
              <key>summaryType</key><string>createKeyPoints</string><key>text</key><string>This text to create key points</string></dict></dict>
        </array>
        <key>WFWorkflowClientVersion</key><string>4033.0.4.3</string>
        </dict></plist>
        """

    @Test func itRunsWithEachActionAskingWhatItShould() throws {
        let workflow = try ShortcutFile.read(Data(Self.file.utf8), path: "intelly.shortcut").workflow
        let server = ScriptedModelServer(base: "http://apple-file.test/v1") { body in
            let messages = ScriptedModelServer.messages(of: body)
            return (200, "answer to: " + (messages.last?.text ?? ""))
        }
        var environment = SystemTest.environment(http: server.http)
        environment.models = ModelEndpoints([
            ModelEndpoint(name: "cloud", url: server.base, choices: ["private-cloud"]),
            ModelEndpoint(name: "device", url: server.base, model: "small", choices: ["on-device"]),
        ])
        let program = try ActionTest.engine.compile(workflow)
        let output = try ActionTest.engine.run(program, environment: environment)
        #expect(output == .text("answer to: This text to create key points"))
        let asked = server.requests.map { ScriptedModelServer.messages(of: $0) }
        #expect(asked.count == 3)
        #expect(asked[0].map(\.text) == ["Buy milk and call Ada"])
        #expect(asked[1].first?.text.contains("professional tone") == true && asked[1].last?.text == "This is a dummy comment")
        #expect(asked[2].first?.text.contains("key points") == true)
        // Use Model went to the Private Cloud Compute endpoint, the Writing Tools to the on-device one.
        #expect(server.requests.map { $0["model"] as? String } == ["test-model", "small", "small"])
    }

    @Test func itRoundTripsThroughTheTextLanguage() throws {
        let workflow = try ShortcutFile.read(Data(Self.file.utf8), path: "intelly.shortcut").workflow
        let language = ShortcutText(metadata: Builtins.catalog.allMetadata)
        let text = language.decompile(workflow)
        #expect(text.contains(#"UseModel model: "Apple Intelligence", prompt: "\($Note)""#), "\(text)")
        let (compiled, diagnostics) = language.compile(text, path: "intelly.sct")
        #expect(diagnostics.filter(\.isError).isEmpty, "\(diagnostics)")
        let again = try #require(compiled)
        func withoutUUIDs(_ workflow: Workflow) -> [String] {
            workflow.actions.map { action in
                var parameters = action.parameters
                parameters["UUID"] = nil
                return action.identifier + " "
                    + String(
                        describing: ShortcutFile.propertyList(
                            of: Workflow(actions: [WorkflowAction(identifier: action.identifier, parameters: parameters)])))
            }
        }
        #expect(withoutUUIDs(again) == withoutUUIDs(workflow))
    }
}
