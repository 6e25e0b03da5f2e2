import Foundation
import ShortcutsTestSupport
import Testing

/// `shortcuts describe` and `shortcuts run` of a Use Model shortcut, the built program against
/// the real model server. The small model's shortcuts are seldom useful, so the tests hold the
/// machinery to account: each line the model wrote starts with an action that exists here or a
/// block's word (the schema's pattern reached the server's grammar), and what is saved compiles.
extension ModelServerSuites {
    @Suite struct DescribeServerTests {
        /// A new home whose settings name the real server.
        static func home(_ server: RealModelServer) throws -> TemporaryHome {
            let home = try TemporaryHome(prefix: "describe-test")
            let set = try home.run("shortcuts", ["settings", "--model", "test=\(server.base),for=on-device"])
            #expect(set.status == 0, "\(set.error)")
            #expect(set.output.contains("test: \(server.base)"))
            return home
        }

        /// The names of the actions the language knows, from `shortcuts actions --json`.
        static func actionNames(_ home: TemporaryHome) throws -> Set<String> {
            let listed = try home.run("shortcuts", ["actions", "--json"])
            let actions = try JSONSerialization.jsonObject(with: listed.outputData) as? [[String: Any]] ?? []
            return Set(actions.compactMap { ($0["title"] as? String).map(Self.friendlyName) })
        }

        static func friendlyName(_ title: String) -> String {
            title.split(whereSeparator: { !($0.isLetter || $0.isNumber) || !$0.isASCII }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
                .joined()
        }

        @Test func aDescribedShortcutUsesOnlyActionsThatExistAndIsSavedWhenItCompiles() async throws {
            let server = try await RealModelServer.shared()
            let home = try Self.home(server)
            let described = try home.run(
                "shortcuts", ["describe", "ask for my name and greet me", "--yes", "--attempts", "3", "--name", "Greet"], timeout: 600)
            // Saved: the text shown compiles and the library has it. Not saved: the last text and its errors are shown.
            let text = described.status == 0 ? described.output : described.error
            let names = try Self.actionNames(home)
            let blockWords: Set<String> = ["If", "Repeat", "RepeatEach", "Menu", "Case", "}", "//"]
            // An answer cut off at the token limit is no JSON, and what is shown is that raw answer,
            // not lines of text: there are no lines to hold to account (a CI run met one).
            let lastAnswerWasJSON = described.status == 0 || !described.error.contains("the answer is not JSON with a name and lines")
            for line in text.split(separator: "\n") where lastAnswerWasJSON {
                let statement = line.trimmingCharacters(in: .whitespaces)
                if statement.hasPrefix("// ") || statement.hasPrefix("Saved ") || statement.hasPrefix("Error:")
                    || statement.hasPrefix("shortcut.sct:")
                {
                    continue
                }
                let afterBinding = statement.range(of: " = ").map { String(statement[$0.upperBound...]) } ?? statement
                let first = String(afterBinding.split(separator: " ").first ?? "")
                #expect(names.contains(first) || blockWords.contains(first), "line “\(statement)” starts with no action or block")
            }
            if described.status == 0 {
                #expect(described.output.contains("Saved \"Greet\""))
                let listed = try home.run("shortcuts", ["list"])
                #expect(listed.output.contains("Greet"))
                let viewed = try home.run("shortcuts", ["view", "Greet"])
                #expect(viewed.status == 0, "\(viewed.error)")
            } else {
                #expect(described.status == 1)
                #expect(described.error.contains("still didn't compile after 3 attempts"), "\(described.error)")
                #expect(try home.run("shortcuts", ["list"]).output.contains("Greet") == false)
            }
        }

        @Test func aShortcutWithUseModelRunsFromTheCommandLine() async throws {
            let server = try await RealModelServer.shared()
            let home = try Self.home(server)
            let source = try home.write(
                Data(
                    """
                    planet = Text "Mars"
                    UseModel "How many moons does \\(planet) have?", model: "Apple Intelligence on Device", output: "Number"

                    """.utf8), to: "moons.sct")
            let ran = try home.run("shortcuts", ["run", source], timeout: 120)
            #expect(ran.status == 0, "\(ran.error)")
            #expect(Double(ran.output.trimmingCharacters(in: .whitespacesAndNewlines)) != nil, "\(ran.output)")
        }

        @Test func describeWithNoServerSaysHowToNameOne() throws {
            let home = try TemporaryHome(prefix: "describe-test")
            let set = try home.run("shortcuts", ["settings", "--model", "gone=http://127.0.0.1:9/v1"])
            #expect(set.status == 0)
            let described = try home.run("shortcuts", ["describe", "say hi", "--yes"])
            #expect(described.status == 1)
            #expect(described.error.contains("can't reach a model at http://127.0.0.1:9/v1 (endpoint “gone”)"), "\(described.error)")
        }

        @Test func aShortcutMaySendPromptsOffThisMachineOnlyWhenAllowed() throws {
            let home = try TemporaryHome(prefix: "describe-test")
            #expect(try home.run("shortcuts", ["settings", "--model", "work=https://models.example.invalid/v1"]).status == 0)
            let source = try home.write(Data("UseModel \"Hi\"\n".utf8), to: "Ask Work.sct")
            #expect(try home.run("shortcuts", ["import", source]).status == 0)
            // Refused before anything is sent: the message is the grant's, not the network's.
            let refused = try home.run("shortcuts", ["run", "Ask Work"])
            #expect(refused.status != 0)
            #expect(refused.error.contains("may not send prompts to models.example.invalid"), "\(refused.error)")
            #expect(refused.error.contains("--allow-model 'Ask Work=work'"), "\(refused.error)")
            let allowed = try home.run("shortcuts", ["settings", "--allow-model", "Ask Work=work"])
            #expect(allowed.status == 0, "\(allowed.error)")
            #expect(allowed.output.contains("“Ask Work” may now send prompts to https://models.example.invalid/v1"))
            #expect(allowed.output.contains("Ask Work: https://models.example.invalid/v1"))
            // Allowed: now it tries the network (which has no such host).
            let tried = try home.run("shortcuts", ["run", "Ask Work"])
            #expect(tried.status != 0)
            #expect(tried.error.contains("can't reach a model at https://models.example.invalid/v1"), "\(tried.error)")
            let revoked = try home.run("shortcuts", ["settings", "--revoke-model", "Ask Work"])
            #expect(revoked.output.contains("may no longer send prompts"))
        }

        @Test func aBadModelSettingIsAUsageError() throws {
            let home = try TemporaryHome(prefix: "describe-test")
            let refused = try home.run("shortcuts", ["settings", "--model", "x=ftp://example.com"])
            #expect(refused.status == 2)
            #expect(refused.error.contains("is not an http or https URL"), "\(refused.error)")
        }
    }
}
