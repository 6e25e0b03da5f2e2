import ActionTestSupport
import Foundation
import PlatformFakes
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Synchronization
import Testing

/// Use Model and the Writing Tools against a real language model (llama-cpp-python's server with
/// SmolLM2-135M on 127.0.0.1), through libcurl. A model this small says little that is true, so
/// the tests assert the machinery: the answer streams, typed answers come back parsed under the
/// server's JSON schema, a follow-up continues, and a stopped run stops the request at once.
extension ModelServerSuites {
    @Suite struct UseModelServerTests {
        typealias T = SystemTest

        static func useModel(_ parameters: [String: ParameterValue]) -> WorkflowAction {
            var action = WorkflowAction(identifier: "is.workflow.actions.askllm")
            for key in parameters.keys.sorted() { action.parameters[key] = parameters[key] }
            return action
        }

        static func environment(_ server: RealModelServer, prompter: any Prompter = NoInteraction()) -> RunEnvironment {
            var environment = T.environment(prompter: prompter)
            environment.models = ModelEndpoints([ModelEndpoint(name: "test", url: server.base)])
            return environment
        }

        @Test func theAnswerStreamsAndIsTheWholeOfWhatStreamed() async throws {
            let server = try await RealModelServer.shared()
            let pieces = Mutex<[String]>([])
            var environment = Self.environment(server)
            environment.partialAnswer = { _, piece in pieces.withLock { $0.append(piece) } }
            let output = try T.run(
                [Self.useModel(["WFLLMPrompt": T.text("Say hello to Ada in one short sentence.")])], environment: environment)
            let streamed = pieces.withLock { $0 }
            #expect(streamed.count > 1)
            guard case .text(let answer) = output else {
                Issue.record("expected text, got \(output)")
                return
            }
            #expect(!answer.isEmpty)
            #expect(streamed.joined().trimmingCharacters(in: .whitespacesAndNewlines) == answer)
        }

        @Test func aNumberIsAskedUnderASchemaAndParsed() async throws {
            let server = try await RealModelServer.shared()
            let output = try T.run(
                [Self.useModel(["WFLLMPrompt": T.text("How many moons does Mars have?"), "WFGenerativeResultType": T.text("Number")])],
                environment: Self.environment(server))
            guard case .number = output else {
                Issue.record("expected a number, got \(output)")
                return
            }
        }

        @Test func aListAndABooleanComeBackAsTheirTypes() async throws {
            let server = try await RealModelServer.shared()
            let list = try T.run(
                [Self.useModel(["WFLLMPrompt": T.text("Name three colours."), "WFGenerativeResultType": T.text("List")])],
                environment: Self.environment(server))
            guard case .list(let items) = list else {
                Issue.record("expected a list, got \(list)")
                return
            }
            #expect(items.allSatisfy { if case .text = $0 { true } else { false } })
            let answer = try T.run(
                [Self.useModel(["WFLLMPrompt": T.text("Is the sky blue?"), "WFGenerativeResultType": T.text("Boolean")])],
                environment: Self.environment(server))
            guard case .boolean = answer else {
                Issue.record("expected a Boolean, got \(answer)")
                return
            }
        }

        @Test func aFollowUpIsAskedWithTheAnswerAndContinues() async throws {
            let server = try await RealModelServer.shared()
            let prompter = RecordingPrompter(answers: ["Say it again, shorter.", ""])
            let output = try T.run(
                [Self.useModel(["WFLLMPrompt": T.text("Say hello."), "FollowUp": T.bool(true)])],
                environment: Self.environment(server, prompter: prompter))
            #expect(prompter.questions.count == 2)
            #expect(!output.text.isEmpty)
        }

        @Test func aStoppedRunStopsTheRequestWithin100Milliseconds() async throws {
            let server = try await RealModelServer.shared()
            let cancellation = Cancellation()
            let stoppedAt = Mutex<Date?>(nil)
            var environment = Self.environment(server)
            // The run is stopped as the first piece of the answer arrives (the answer is short, so the
            // server, which finishes it anyway, is soon free for the other tests).
            environment.partialAnswer = { _, _ in
                stoppedAt.withLock { if $0 == nil { $0 = Date() } }
                cancellation.cancel()
            }
            let engine = ActionTest.engine
            let program = try engine.compile(
                Workflow(actions: [Self.useModel(["WFLLMPrompt": T.text("Count from one to twenty in words.")])]))
            var code: RunError.Code?
            do {
                _ = try engine.run(program, environment: environment, cancellation: cancellation)
            } catch {
                code = error.code
            }
            let ended = Date()
            #expect(code == .cancelled)
            let delay = try #require(stoppedAt.withLock { $0 }).distance(to: ended)
            #expect(delay < 0.1, "stopped \(Int(delay * 1000)) ms after the run was stopped")
        }

        @Test func makeListFromTextGivesAList() async throws {
            let server = try await RealModelServer.shared()
            var action = WorkflowAction(identifier: "com.apple.WritingTools.WritingToolsAppIntentsExtension.FormatListIntent")
            action.parameters["text"] = T.text("Buy eggs, milk and bread.")
            let output = try T.run([action], environment: Self.environment(server))
            guard case .list = output else {
                Issue.record("expected a list, got \(output)")
                return
            }
        }

        @Test func proofreadGivesText() async throws {
            let server = try await RealModelServer.shared()
            var action = WorkflowAction(identifier: "com.apple.WritingTools.WritingToolsAppIntentsExtension.ProofreadIntent")
            action.parameters["text"] = T.text("Ths sentense has mistaks.")
            let output = try T.run([action], environment: Self.environment(server))
            #expect(!output.text.isEmpty)
        }

        @Test func aServerThatIsNotThereIsAClearError() async throws {
            // A port the real server isn't on: the one it was started on, plus one, is closed or not a model.
            var environment = T.environment()
            environment.models = ModelEndpoints([ModelEndpoint(name: "gone", url: "http://127.0.0.1:9/v1")])
            let error = T.failure { try T.run([Self.useModel(["WFLLMPrompt": T.text("Hi")])], environment: environment) }
            #expect(error?.message.contains("can't reach a model at http://127.0.0.1:9/v1 (endpoint “gone”)") == true)
            #expect(error?.parameter == "WFLLMModel")
        }
    }
}
