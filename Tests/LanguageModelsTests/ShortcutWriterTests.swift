import Foundation
import LanguageModels
import PlatformFakes
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRun
import Synchronization
import Testing

/// The describe loop against a scripted chat server: what the model is offered, and the
/// compiler's errors going back to it.
@Suite struct ShortcutWriterTests {
    /// A server that answers each chat request with the next of `answers` (a whole JSON answer),
    /// recording the requests' bodies.
    final class Server: Sendable {
        let http = InMemoryHTTP()
        let base = "http://writer.test/v1"
        let script: Script

        /// The answers still to give and the requests' bodies received.
        final class Script: Sendable {
            let answers: Mutex<[String]>
            let bodies = Mutex<[Data]>([])
            init(_ answers: [String]) { self.answers = Mutex(answers) }
        }

        init(answers: [String]) {
            let script = Script(answers)
            self.script = script
            http.serve(base + "/models", body: #"{"data": [{"id": "m"}]}"#)
            http.handle(base + "/chat/completions") { request in
                script.bodies.withLock { $0.append(request.body ?? Data()) }
                let answer = script.answers.withLock { $0.isEmpty ? "" : $0.removeFirst() }
                let object = ["choices": [["message": ["role": "assistant", "content": answer]]]]
                return HTTPResponse(
                    status: 200, headers: [("Content-Type", "application/json")], body: try! JSONSerialization.data(withJSONObject: object))
            }
        }

        var requests: [[String: Any]] {
            script.bodies.withLock { $0 }.map { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] ?? [:] }
        }

        func writer(attempts: Int = 3) -> ShortcutWriter {
            let client = ModelClient(
                exchange: ModelExchange(http: http, variables: [:]), endpoint: ModelEndpoint(name: "test", url: base), action: "Describe",
                parameter: nil)
            return ShortcutWriter(client: client, actions: RunSetup.describableActions, attempts: attempts) { text in
                RunSetup.builtinLanguage.compile(text, path: "shortcut.sct").diagnostics.filter(\.isError).map(\.description)
            }
        }
    }

    static func answer(_ name: String, _ lines: [String]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: ["name": name, "lines": lines]), as: UTF8.self)
    }

    static func messages(_ body: [String: Any]) -> [(role: String, text: String)] {
        ((body["messages"] as? [[String: Any]]) ?? []).map { ($0["role"] as? String ?? "", $0["content"] as? String ?? "") }
    }

    @Test func theCompilersErrorsGoBackAndTheFixedShortcutIsKept() throws {
        let server = Server(answers: [
            Self.answer("Shout", ["ChangeCas \"hello\", case: \"UPPERCASE\""]),
            Self.answer("Shout", ["loud = ChangeCase \"hello\", case: \"UPPERCASE\"", "ShowResult loud"]),
        ])
        let described = try server.writer().write("make hello uppercase and show it")
        #expect(
            described
                == DescribedShortcut(
                    name: "Shout", text: "loud = ChangeCase \"hello\", case: \"UPPERCASE\"\nShowResult loud\n", attempts: 2))
        let second = Self.messages(try #require(server.requests.last))
        #expect(second.map(\.role) == ["system", "user", "assistant", "user"])
        #expect(second[3].text.contains("unknown action 'ChangeCas'; did you mean 'ChangeCase'?"))
    }

    @Test func theModelIsOfferedTheActionsTheDescriptionPointsAtAndOnlyThoseNames() throws {
        let server = Server(answers: [Self.answer("Shout", ["ShowResult \"HI\""])])
        _ = try server.writer().write("change the case of the text to uppercase")
        let body = try #require(server.requests.first)
        let system = Self.messages(body)[0].text
        #expect(system.contains("ChangeCase <text: text>, case: \"UPPERCASE\"|\"lowercase\""))
        #expect(system.contains("ShowResult"))
        #expect(!system.contains("MakeDiskImage"))
        let format = try #require(body["response_format"] as? [String: Any])
        let schema = (format["json_schema"] as? [String: Any])?["schema"] as? [String: Any]
        let lines = (schema?["properties"] as? [String: Any])?["lines"] as? [String: Any]
        let pattern = try #require((lines?["items"] as? [String: Any])?["pattern"] as? String)
        #expect(pattern.contains("|ChangeCase|") || pattern.contains("(ChangeCase|") || pattern.contains("|ChangeCase)"))
        #expect(!pattern.contains("MakeDiskImage"))
    }

    @Test func whenTheSentenceSaysItRunsByItselfTheAnswerSaysWhen() throws {
        let answer = String(
            decoding: try JSONSerialization.data(withJSONObject: [
                "name": "Morning", "when": "at 07:30", "lines": ["ShowResult \"Good morning\""],
            ]),
            as: UTF8.self)
        let server = Server(answers: [answer])
        let described = try server.writer().write("every morning at 7:30 say good morning")
        #expect(described.when == "at 07:30")
        let body = try #require(server.requests.first)
        let schema = ((body["response_format"] as? [String: Any])?["json_schema"] as? [String: Any])?["schema"] as? [String: Any]
        #expect((schema?["required"] as? [String]) == ["name", "when", "lines"])
        // "none", or what isn't a trigger, is no automation.
        let none = Server(answers: [Self.answer("X", ["ShowResult \"x\""]).replacingOccurrences(of: "{", with: "{\"when\":\"sometimes\",")])
        #expect(try none.writer().write("x").when == nil)
    }

    @Test func aShortcutThatNeverCompilesIsAFailureWithItsErrors() {
        let server = Server(answers: Array(repeating: Self.answer("X", ["Nonsense \"a\""]), count: 2))
        #expect {
            try server.writer(attempts: 2).write("do something")
        } throws: { error in
            guard let failure = error as? DescriptionFailure else { return false }
            return failure.attempts == 2 && failure.text == "Nonsense \"a\"\n"
                && failure.errors.first?.contains("unknown action 'Nonsense'") == true
        }
        #expect(server.requests.count == 2)
    }

    @Test func everyOfferedActionsUsageCompilesByItsName() {
        // The names the model is offered are the language's own: each compiles alone.
        for action in RunSetup.describableActions.prefix(400) {
            let name = String(action.usage.split(separator: " ")[0])
            let diagnostics = RunSetup.builtinLanguage.compile(name + "\n", path: "x.sct").diagnostics
            #expect(!diagnostics.contains { $0.isError && $0.message.contains("unknown action") }, "\(name)")
        }
    }
}
