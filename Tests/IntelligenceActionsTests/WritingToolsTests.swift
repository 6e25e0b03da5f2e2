import ActionTestSupport
import Foundation
import PlatformFakes
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

/// The Writing Tools actions through the real engine, against a scripted server in memory:
/// what each asks the model, and what it makes of the answer.
@Suite struct WritingToolsTests {
    typealias T = SystemTest

    static func tool(_ name: String, _ parameters: [String: ParameterValue]) -> WorkflowAction {
        var action = WorkflowAction(identifier: "com.apple.WritingTools.WritingToolsAppIntentsExtension." + name)
        for key in parameters.keys.sorted() { action.parameters[key] = parameters[key] }
        return action
    }

    static func run(_ action: WorkflowAction, answer: String, base: String, input: Content = .nothing) throws -> (Content, [[String: Any]])
    {
        let server = ScriptedModelServer(base: base) { _ in (200, answer) }
        let environment = T.environment(variables: ["OPENAI_BASE_URL": base], http: server.http)
        let output = try T.run([action], input: input, environment: environment)
        return (output, server.requests)
    }

    @Test func adjustToneAsksForTheToneAndGivesTheText() throws {
        let (output, requests) = try Self.run(
            Self.tool("AdjustToneIntent", ["text": T.text("send me the report"), "tone": T.text("professional")]),
            answer: "Could you please send me the report?\n", base: "http://tone.test/v1")
        #expect(output == .text("Could you please send me the report?"))
        let messages = ScriptedModelServer.messages(of: try #require(requests.first))
        #expect(messages.map(\.role) == ["system", "user"])
        #expect(messages[0].text.contains("professional tone"))
        #expect(messages[1].text == "send me the report")
    }

    @Test func summarizeTakesItsInputWhenItsTextIsEmptyAndAsksForKeyPoints() throws {
        let (output, requests) = try Self.run(
            Self.tool("SummarizeTextIntent", ["summaryType": T.text("createKeyPoints")]), answer: "• Mars has two moons",
            base: "http://summary.test/v1", input: .text("Mars has two small moons, Phobos and Deimos."))
        #expect(output == .text("• Mars has two moons"))
        let messages = ScriptedModelServer.messages(of: try #require(requests.first))
        #expect(messages[0].text.contains("key points"))
        #expect(messages[1].text == "Mars has two small moons, Phobos and Deimos.")
    }

    @Test func makeListGivesAListOfText() throws {
        let (output, requests) = try Self.run(
            Self.tool("FormatListIntent", ["text": T.text("eggs, milk and bread")]), answer: #"{"items": ["eggs", "milk", "bread"]}"#,
            base: "http://list.test/v1")
        #expect(output == .list([.text("eggs"), .text("milk"), .text("bread")]))
        #expect((requests.first?["response_format"] as? [String: Any])?["type"] as? String == "json_schema")
    }

    @Test func makeTableGivesRowsAsDictionariesInTheColumnsOrder() throws {
        let (output, _) = try Self.run(
            Self.tool("FormatTableIntent", ["text": T.text("Phobos is 22 km across, Deimos 12 km.")]),
            answer: #"{"columns": ["Moon", "Size"], "rows": [["Phobos", "22 km"], ["Deimos"]]}"#, base: "http://table.test/v1")
        guard case .list(let rows) = output, rows.count == 2, case .dictionary(let first) = rows[0], case .dictionary(let second) = rows[1]
        else {
            Issue.record("expected two rows, got \(output)")
            return
        }
        #expect(first.keys == ["Moon", "Size"])
        #expect(first["Size"] == .text("22 km"))
        #expect(second["Moon"] == .text("Deimos") && second["Size"] == .text(""))
    }

    @Test func anAnswerThatIsNoTableIsAnErrorNamingTheAction() {
        let error = T.failure {
            try Self.run(Self.tool("FormatTableIntent", ["text": T.text("x")]), answer: "not JSON", base: "http://notable.test/v1").0
        }
        #expect(error?.actionIdentifier == "com.apple.WritingTools.WritingToolsAppIntentsExtension.FormatTableIntent")
        #expect(error?.message.contains("not a table") == true)
    }

    @Test func noTextIsAnErrorBeforeAnythingIsSent() {
        let server = ScriptedModelServer(base: "http://empty.test/v1") { _ in (200, "never") }
        let error = T.failure {
            try T.run(
                [Self.tool("ProofreadIntent", [:])],
                environment: T.environment(variables: ["OPENAI_BASE_URL": server.base], http: server.http))
        }
        #expect(error?.parameter == "text")
        #expect(server.requests.isEmpty)
    }

    @Test func theWritingToolsGoToTheOnDeviceEndpoint() throws {
        let server = ScriptedModelServer(base: "http://ondevice.test/v1") { _ in (200, "Fixed text.") }
        var environment = T.environment(http: server.http)
        environment.models = ModelEndpoints([
            ModelEndpoint(name: "elsewhere", url: "http://elsewhere.test/v1"),
            ModelEndpoint(name: "here", url: server.base, model: "small", choices: ["on-device"]),
        ])
        let output = try T.run([Self.tool("ProofreadIntent", ["text": T.text("fixd txt")])], environment: environment)
        #expect(output == .text("Fixed text."))
        #expect(server.requests.first?["model"] as? String == "small")
    }
}

/// `shortcuts settings --model` assignments and how a run picks an endpoint.
@Suite struct ModelEndpointsTests {
    @Test func anAssignmentNamesAServerWithItsFields() throws {
        let (name, endpoint) = try ModelEndpoints.parse(
            "work=https://api.example.com/v1,model=gpt-x,key-env=WORK_KEY,for=private-cloud,for=chatgpt")
        #expect(name == "work")
        #expect(
            endpoint
                == ModelEndpoint(
                    name: "work", url: "https://api.example.com/v1", model: "gpt-x", keyVariable: "WORK_KEY",
                    choices: ["private-cloud", "chatgpt"]))
        #expect(endpoint?.isLocal == false)
        #expect(try ModelEndpoints.parse("work=default").endpoint == nil)
    }

    @Test(arguments: ["work", "work=ftp://x/v1", "work=http://x/v1,color=red", "work=http://x/v1,for=somewhere", "=http://x/v1"])
    func aBadAssignmentSaysWhatToGive(_ assignment: String) {
        #expect(throws: ModelSettingError.self) { try ModelEndpoints.parse(assignment) }
    }

    @Test func withNoneNamedTheEnvironmentThenTheLocalServerAnswers() {
        let none = ModelEndpoints()
        #expect(none.endpoint(for: .chatGPT, variables: [:]).url == "http://127.0.0.1:8080/v1")
        #expect(none.endpoint(for: .chatGPT, variables: [:]).isLocal)
        let fromEnvironment = none.endpoint(for: nil, variables: ["OPENAI_BASE_URL": "https://api.example.com/v1", "OPENAI_API_KEY": "k"])
        #expect(fromEnvironment.url == "https://api.example.com/v1" && fromEnvironment.keyVariable == "OPENAI_API_KEY")
    }

    @Test func aKeyFileGivesItsFirstLine() throws {
        let path = NSTemporaryDirectory() + "model-key-\(UUID().uuidString)"
        try Data("sk-from-file\nrest\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ModelEndpoint(name: "f", url: "http://x/v1", keyFile: path).apiKey(in: [:]) == "sk-from-file")
        #expect(throws: ModelSettingError.self) {
            try ModelEndpoint(name: "f", url: "http://x/v1", keyFile: path + ".missing").apiKey(in: [:])
        }
    }
}

/// AppKit's Writing Tools, which work on the clipboard here (no Linux desktop lets a program
/// replace another's selection).
@Suite struct AppKitWritingToolsTests {
    static func run(_ name: String, _ parameters: [String: ParameterValue], clipboard: MemoryClipboard, answer: String, base: String)
        throws -> (Content, [[String: Any]])
    {
        var action = WorkflowAction(identifier: "com.apple.AppKit." + name)
        for key in parameters.keys.sorted() { action.parameters[key] = parameters[key] }
        let server = ScriptedModelServer(base: base) { _ in (200, answer) }
        let environment = SystemTest.environment(variables: ["OPENAI_BASE_URL": base], clipboard: clipboard, http: server.http)
        return (try SystemTest.run([action], environment: environment), server.requests)
    }

    @Test func proofreadCorrectsTheClipboardsTextInPlace() throws {
        let clipboard = MemoryClipboard(.text("Ths is rong"))
        let (output, requests) = try Self.run(
            "WritingToolsProofreadIntent", ["app": SystemTest.text("com.apple.TextEdit")], clipboard: clipboard, answer: "This is wrong",
            base: "http://appkit-proofread.test/v1")
        #expect(output == .text("This is wrong"))
        #expect(try clipboard.read() == .text("This is wrong"))
        #expect(ScriptedModelServer.messages(of: try #require(requests.first)).last?.text == "Ths is rong")
    }

    @Test func rewriteAsksForTheChosenTool() throws {
        let clipboard = MemoryClipboard(.text("send it"))
        let (output, requests) = try Self.run(
            "WritingToolsRewriteIntent", ["type": SystemTest.text("WTUIRequestedToolRewriteProfessional")], clipboard: clipboard,
            answer: "Please send it.", base: "http://appkit-rewrite.test/v1")
        #expect(output == .text("Please send it."))
        #expect(try clipboard.read() == .text("Please send it."))
        #expect(ScriptedModelServer.messages(of: try #require(requests.first)).first?.text.contains("professional tone") == true)
    }

    @Test func composeWritesFromThePromptAlone() throws {
        let clipboard = MemoryClipboard()
        let (output, requests) = try Self.run(
            "WritingToolsComposeIntent", ["prompt": SystemTest.text("a haiku about Linux")], clipboard: clipboard,
            answer: "Penguins on the ice", base: "http://appkit-compose.test/v1")
        #expect(output == .text("Penguins on the ice"))
        #expect(try clipboard.read() == .text("Penguins on the ice"))
        #expect(ScriptedModelServer.messages(of: try #require(requests.first)).first?.text.contains("a haiku about Linux") == true)
    }

    @Test func anEmptyClipboardIsAnErrorBeforeAnythingIsSent() {
        let error = SystemTest.failure {
            try Self.run(
                "WritingToolsProofreadIntent", [:], clipboard: MemoryClipboard(), answer: "never", base: "http://appkit-empty.test/v1"
            ).0
        }
        #expect(error?.message.contains("the clipboard holds no text") == true)
        #expect(error?.parameter == "app")
    }
}
