import ActionTestSupport
import Foundation
import PlatformFakes
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Synchronization
import Testing

/// A chat-completions server in memory: it answers each request with what `reply` makes of the
/// request's JSON, streamed as server-sent events a word at a time, as llama.cpp's server does.
final class ScriptedModelServer: Sendable {
    let http = InMemoryHTTP()
    let base: String
    private let bodies = Bodies()

    /// The requests' JSON bodies, kept as their bytes.
    final class Bodies: Sendable {
        let received = Mutex<[Data]>([])
    }

    /// - Parameter reply: the answer's text, or an error status and body for a request.
    init(base: String, models: [String] = ["test-model"], reply: @escaping @Sendable ([String: Any]) -> (status: Int, text: String)) {
        self.base = base
        http.serve(
            base + "/models",
            body: #"{"object":"list","data":["# + models.map { #"{"id":"\#($0)","object":"model"}"# }.joined(separator: ",") + "]}",
            headers: ["Content-Type": "application/json"])
        http.handle(base + "/chat/completions") { [bodies] request in
            let object = (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: Any] ?? [:]
            bodies.received.withLock { $0.append(request.body ?? Data()) }
            let (status, text) = reply(object)
            guard status == 200 else {
                return HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
            }
            var events = ""
            var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            for index in words.indices.dropLast() { words[index] += " " }
            for word in words {
                let chunk = ["choices": [["index": 0, "delta": ["content": word]]]]
                let data = try! JSONSerialization.data(withJSONObject: chunk)
                events += "data: " + String(decoding: data, as: UTF8.self) + "\n\n"
            }
            events += "data: [DONE]\n\n"
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: Data(events.utf8))
        }
    }

    /// The JSON bodies of the chat requests received, in order.
    var requests: [[String: Any]] {
        bodies.received.withLock { $0 }.map { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] ?? [:] }
    }

    /// The text of each message of a request, by role.
    static func messages(of body: [String: Any]) -> [(role: String, text: String)] {
        ((body["messages"] as? [[String: Any]]) ?? []).map { message in
            let role = message["role"] as? String ?? ""
            if let text = message["content"] as? String { return (role, text) }
            let parts = (message["content"] as? [[String: Any]]) ?? []
            return (role, parts.compactMap { $0["text"] as? String }.joined())
        }
    }
}

/// Use Model through the real engine, against a scripted server in memory.
@Suite struct UseModelTests {
    typealias T = SystemTest

    static func useModel(_ parameters: [String: ParameterValue]) -> WorkflowAction {
        var action = WorkflowAction(identifier: "is.workflow.actions.askllm")
        for key in parameters.keys.sorted() { action.parameters[key] = parameters[key] }
        return action
    }

    static func environment(
        _ server: ScriptedModelServer, endpoints: [ModelEndpoint]? = nil, variables: [String: String] = [:],
        prompter: any Prompter = NoInteraction()
    ) -> RunEnvironment {
        var environment = T.environment(
            prompter: prompter, variables: variables.merging(["OPENAI_BASE_URL": server.base]) { a, _ in a }, http: server.http)
        if let endpoints { environment.models = ModelEndpoints(endpoints) }
        return environment
    }

    @Test func aPromptWithAVariableIsAskedAndTheAnswerStreams() throws {
        let server = ScriptedModelServer(base: "http://model.test/v1") { _ in (200, "Mars has two moons.") }
        let pieces = Mutex<[String]>([])
        var environment = Self.environment(server)
        environment.partialAnswer = { action, piece in pieces.withLock { $0.append(action + "|" + piece) } }
        let prompt = text(
            .literal("How many moons does "), .variable(TokenAttachment(.actionOutput(uuid: "P", name: nil))), .literal(" have?"))
        let output = try T.run(
            [T.action("gettext", ["WFTextActionText": T.text("Mars")], uuid: "P"), Self.useModel(["WFLLMPrompt": prompt])],
            environment: environment)
        #expect(output == .text("Mars has two moons."))
        let body = try #require(server.requests.first)
        #expect(body["model"] as? String == "test-model")
        #expect(body["stream"] as? Bool == true)
        #expect(body["response_format"] == nil)
        #expect(ScriptedModelServer.messages(of: body).map(\.text) == ["How many moons does Mars have?"])
        #expect(pieces.withLock { $0 } == ["Use Model|Mars ", "Use Model|has ", "Use Model|two ", "Use Model|moons."])
    }

    @Test func aTypedAnswerIsAskedUnderASchemaAndConverted() throws {
        let server = ScriptedModelServer(base: "http://typed.test/v1") { _ in (200, #"{"value": 2}"#) }
        let output = try T.run(
            [Self.useModel(["WFLLMPrompt": T.text("How many moons does Mars have?"), "WFGenerativeResultType": T.text("Number")])],
            environment: Self.environment(server))
        #expect(output == .number(2))
        let format = try #require(server.requests.first?["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let schema = (format["json_schema"] as? [String: Any])?["schema"] as? [String: Any]
        let value = (schema?["properties"] as? [String: Any])?["value"] as? [String: Any]
        #expect(value?["type"] as? String == "number")
    }

    @Test(arguments: [
        ("Boolean", #"{"value": true}"#, Content.boolean(true)),
        ("List", #"{"value": ["Phobos", "Deimos"]}"#, Content.list([.text("Phobos"), .text("Deimos")])),
        ("Date", #"{"value": "2026-12-05T09:30:00Z"}"#, Content.date(Date(timeIntervalSince1970: 1_796_463_000))),
    ])
    func eachOutputTypeBecomesItsContent(type: String, answer: String, expected: Content) throws {
        let server = ScriptedModelServer(base: "http://types-\(type.lowercased()).test/v1") { _ in (200, answer) }
        let output = try T.run(
            [Self.useModel(["WFLLMPrompt": T.text("Tell me"), "WFGenerativeResultType": T.text(type)])],
            environment: Self.environment(server))
        #expect(output == expected)
    }

    @Test func aServerThatRefusesTheStandardSchemaFormGetsTheOtherOneRemembered() throws {
        // llama-cpp-python's server takes only {"type": "json_object", "schema": …}.
        let server = ScriptedModelServer(base: "http://json-object.test/v1") { body in
            let format = body["response_format"] as? [String: Any]
            guard format?["type"] as? String == "json_object", format?["schema"] != nil else {
                return (500, #"{"error": {"message": "response_format.type: Input should be 'text' or 'json_object'"}}"#)
            }
            return (200, #"{"value": false}"#)
        }
        let action = Self.useModel(["WFLLMPrompt": T.text("Is Mars a star?"), "WFGenerativeResultType": T.text("Boolean")])
        #expect(try T.run([action], environment: Self.environment(server)) == .boolean(false))
        #expect(try T.run([action], environment: Self.environment(server)) == .boolean(false))
        let kinds = server.requests.map { ($0["response_format"] as? [String: Any])?["type"] as? String }
        #expect(kinds == ["json_schema", "json_object", "json_object"])
    }

    @Test func anAnswerOfTheWrongTypeIsAnErrorNamingTheOutputParameter() {
        let server = ScriptedModelServer(base: "http://wrong.test/v1") { _ in (200, #"{"value": "two"}"#) }
        let error = T.failure {
            try T.run(
                [Self.useModel(["WFLLMPrompt": T.text("How many?"), "WFGenerativeResultType": T.text("Number")])],
                environment: Self.environment(server))
        }
        #expect(error?.parameter == "WFGenerativeResultType")
        #expect(error?.message.contains("not a number") == true)
        #expect(error?.actionIdentifier == "is.workflow.actions.askllm")
    }

    @Test func theModelChoiceGoesToTheEndpointNamedForItWithItsKey() throws {
        let device = ScriptedModelServer(base: "http://device.test/v1") { _ in (200, "from the device") }
        let cloud = ScriptedModelServer(base: "http://cloud.test/v1") { _ in (200, "from the cloud") }
        let both = RoutingHTTP([device.base: device.http, cloud.base: cloud.http])
        var environment = T.environment(variables: ["CLOUD_KEY": "sk-test"], http: both)
        environment.models = ModelEndpoints([
            ModelEndpoint(name: "cloud", url: cloud.base, model: "big", keyVariable: "CLOUD_KEY", choices: ["private-cloud"]),
            ModelEndpoint(name: "device", url: device.base + "/", choices: ["on-device"]),
        ])
        let onDevice = try T.run(
            [Self.useModel(["WFLLMPrompt": T.text("Hi"), "WFLLMModel": T.text("Apple Intelligence on Device")])], environment: environment)
        #expect(onDevice == .text("from the device"))
        // No choice in the file: the first endpoint named is the default.
        let byDefault = try T.run([Self.useModel(["WFLLMPrompt": T.text("Hi")])], environment: environment)
        #expect(byDefault == .text("from the cloud"))
        let sent = cloud.http.requests.last
        #expect(sent?.header("Authorization") == "Bearer sk-test")
        #expect(cloud.requests.last?["model"] as? String == "big")
        #expect(device.http.requests.first?.header("Authorization") == nil)
    }

    @Test(arguments: [("Apple Intelligence", "private-cloud"), ("Apple Intelligence on Device", "on-device"), ("ChatGPT", "chatgpt")])
    func eachStoredModelChoiceReachesItsEndpoint(stored: String, choice: String) throws {
        let servers = ModelChoice.allCases.map { choice in
            ScriptedModelServer(base: "http://\(choice.rawValue).choice.test/v1") { _ in (200, choice.rawValue) }
        }
        var environment = T.environment(http: RoutingHTTP(Dictionary(uniqueKeysWithValues: servers.map { ($0.base, $0.http) })))
        environment.models = ModelEndpoints(
            ModelChoice.allCases.map {
                ModelEndpoint(name: $0.rawValue, url: "http://\($0.rawValue).choice.test/v1", choices: [$0.rawValue])
            })
        let output = try T.run([Self.useModel(["WFLLMPrompt": T.text("Hi"), "WFLLMModel": T.text(stored)])], environment: environment)
        #expect(output == .text(choice))
    }

    @Test func aKeyVariableThatIsNotSetIsAnErrorNamingIt() {
        let server = ScriptedModelServer(base: "http://nokey.test/v1") { _ in (200, "never") }
        let error = T.failure {
            try T.run(
                [Self.useModel(["WFLLMPrompt": T.text("Hi")])],
                environment: Self.environment(
                    server, endpoints: [ModelEndpoint(name: "work", url: server.base, keyVariable: "WORK_KEY_UNSET")]))
        }
        #expect(error?.message.contains("$WORK_KEY_UNSET") == true)
        #expect(error?.parameter == "WFLLMModel")
        #expect(server.requests.isEmpty)
    }

    @Test func followUpQuestionsContinueTheConversationUntilAnEmptyAnswer() throws {
        let server = ScriptedModelServer(base: "http://chat.test/v1") { body in
            (200, "answer \(ScriptedModelServer.messages(of: body).count)")
        }
        let prompter = RecordingPrompter(answers: ["And Jupiter?", ""])
        let output = try T.run(
            [Self.useModel(["WFLLMPrompt": T.text("How many moons does Mars have?"), "FollowUp": T.bool(true)])],
            environment: Self.environment(server, prompter: prompter))
        #expect(output == .text("answer 3"))
        #expect(server.requests.count == 2)
        let second = ScriptedModelServer.messages(of: server.requests[1])
        #expect(second.map(\.role) == ["user", "assistant", "user"])
        #expect(second.map(\.text) == ["How many moons does Mars have?", "answer 1", "And Jupiter?"])
        guard case .ask(let shown, _, _)? = prompter.questions.first else {
            Issue.record("no follow-up question was asked")
            return
        }
        #expect(shown.hasPrefix("answer 1"))
    }

    @Test func aRunThatCantAskSkipsTheFollowUp() throws {
        let server = ScriptedModelServer(base: "http://nofollow.test/v1") { _ in (200, "once") }
        let output = try T.run(
            [Self.useModel(["WFLLMPrompt": T.text("Hi"), "FollowUp": T.bool(true)])], environment: Self.environment(server))
        #expect(output == .text("once"))
        #expect(server.requests.count == 1)
    }

    @Test func anImageInThePromptGoesAsAnImage() throws {
        let server = ScriptedModelServer(base: "http://vision.test/v1") { _ in (200, "a red square") }
        let png = FileContent(name: "square.png", data: Data([0x89, 0x50, 0x4E, 0x47]), typeIdentifier: "public.png")
        let prompt = text(.literal("What is this? "), .variable(TokenAttachment(.extensionInput)))
        let output = try T.run([Self.useModel(["WFLLMPrompt": prompt])], input: .file(png), environment: Self.environment(server))
        #expect(output == .text("a red square"))
        let content = (server.requests.first?["messages"] as? [[String: Any]])?.first?["content"] as? [[String: Any]]
        #expect(content?.first?["text"] as? String == "What is this? ")
        let image = (content?.last?["image_url"] as? [String: Any])?["url"] as? String
        #expect(image == "data:image/png;base64,iVBORw==")
    }

    @Test func noServerIsAnErrorThatSaysHowToNameOne() {
        let error = T.failure {
            try T.run(
                [Self.useModel(["WFLLMPrompt": T.text("Hi")])],
                environment: T.environment(variables: ["OPENAI_BASE_URL": "http://nothing.test/v1"], http: InMemoryHTTP()))
        }
        #expect(error?.parameter == "WFLLMModel")
        #expect(error?.message.contains("can't reach a model at http://nothing.test/v1") == true)
        #expect(error?.message.contains("shortcuts settings --model") == true)
    }

    @Test func anEmptyPromptIsAnError() {
        let error = T.failure {
            try T.run([Self.useModel(["WFLLMPrompt": T.text("")])], environment: T.environment(http: InMemoryHTTP()))
        }
        #expect(error?.parameter == "WFLLMPrompt")
    }

    @Test func aServerErrorIsShownWithItsStatusAndMessage() {
        let server = ScriptedModelServer(base: "http://broken.test/v1") { _ in (503, #"{"error": {"message": "loading model"}}"#) }
        let error = T.failure { try T.run([Self.useModel(["WFLLMPrompt": T.text("Hi")])], environment: Self.environment(server)) }
        #expect(error?.message.contains("answered 503: loading model") == true)
    }
}

/// Sends each request to the transport serving its URL's prefix.
final class RoutingHTTP: HTTPTransport {
    let routes: [String: InMemoryHTTP]
    init(_ routes: [String: InMemoryHTTP]) { self.routes = routes }

    func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int, cancellation: Cancellation?) throws(HTTPFailure) -> HTTPResponse {
        guard let route = routes.first(where: { request.url.absoluteString.hasPrefix($0.key) })?.value else {
            throw HTTPFailure("nothing is served at \(request.url.absoluteString)")
        }
        return try route.send(request, timeout: timeout, limit: limit, cancellation: cancellation)
    }
}
