import Foundation
import PlatformFakes
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRun
import Testing

/// Who may send prompts off this machine: the live run's policy over a real library's settings.
@Suite struct ModelAccessTests {
    static let remote = ModelEndpoint(name: "work", url: "https://models.example.com/v1")

    /// A setup over a new library in a temporary folder.
    static func setup(_ extra: [String: String] = [:]) throws -> (RunSetup, String) {
        let home = NSTemporaryDirectory() + "model-access-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let variables = ["HOME": home, "SHORTCUTS_HOME": home + "/library", "SHORTCUTS_HISTORY": "0"].merging(extra) { $1 }
        return (RunSetup(environment: variables, caller: .commandLine), home)
    }

    @Test func anEndpointOnThisMachineNeedsNoGrant() throws {
        let (setup, _) = try Self.setup()
        let environment = setup.environment(prompter: NoInteraction(), running: RunningShortcut(name: "Ask", identifier: "A"))
        let allow = try #require(environment.modelAccess)
        try allow(ModelEndpoint(name: "local", url: "http://127.0.0.1:8080/v1"))
        try allow(ModelEndpoint(name: "local", url: "http://localhost:11434/v1"))
    }

    @Test func aRemoteEndpointIsRefusedWithoutAGrantSayingHowToGiveOne() throws {
        let (setup, _) = try Self.setup()
        let environment = setup.environment(prompter: NoInteraction(), running: RunningShortcut(name: "Ask", identifier: "A"))
        #expect {
            try environment.modelAccess?(Self.remote)
        } throws: { error in
            guard let failure = error as? ActionFailure else { return false }
            return failure.code == .notPermitted && failure.message.contains("shortcuts settings --allow-model 'Ask=work'")
                && failure.message.contains("models.example.com")
        }
    }

    @Test func aGrantInTheSettingsAllowsThatShortcutAndThatURLOnly() throws {
        let (setup, _) = try Self.setup()
        try setup.library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
            settings.modelAccess = [ModelAccess(identifier: "A", name: "Ask", url: Self.remote.url)]
        }
        let granted = setup.environment(prompter: NoInteraction(), running: RunningShortcut(name: "Ask", identifier: "A"))
        try granted.modelAccess?(Self.remote)
        #expect(throws: ActionFailure.self) { try granted.modelAccess?(ModelEndpoint(name: "other", url: "https://elsewhere.example/v1")) }
        let other = setup.environment(prompter: NoInteraction(), running: RunningShortcut(name: "Other", identifier: "B"))
        #expect(throws: ActionFailure.self) { try other.modelAccess?(Self.remote) }
    }

    @Test func alwaysAllowOnATerminalIsRememberedAndDontAllowRefuses() throws {
        let (setup, _) = try Self.setup()
        let prompter = RecordingPrompter(choices: [[1]])
        let environment = setup.environment(prompter: prompter, running: RunningShortcut(name: "Ask", identifier: "A"), asksForAccess: true)
        try environment.modelAccess?(Self.remote)
        // Asked once: the second prompt of the run goes without asking.
        try environment.modelAccess?(Self.remote)
        #expect(prompter.questions.count == 1)
        guard case .choose(let question, let options, _)? = prompter.questions.first else { throw ActionFailure("not asked") }
        #expect(question == "Allow “Ask” to send prompts to models.example.com (the model endpoint “work”)?")
        #expect(options == ["Allow Once", "Always Allow", "Don't Allow"])
        #expect(try setup.library.settings().modelAccess == [ModelAccess(identifier: "A", name: "Ask", url: Self.remote.url)])

        let refusing = setup.environment(
            prompter: RecordingPrompter(choices: [[2]]), running: RunningShortcut(name: "Other", identifier: "B"), asksForAccess: true)
        #expect(throws: ActionFailure.self) { try refusing.modelAccess?(Self.remote) }
    }

    @Test func theVariableAllowsEveryEndpointForOneProcess() throws {
        let (setup, _) = try Self.setup(["SHORTCUTS_ALLOW_REMOTE_MODELS": "1"])
        let environment = setup.environment(prompter: NoInteraction(), running: RunningShortcut(name: "Ask", identifier: "A"))
        try environment.modelAccess?(Self.remote)
    }
}
