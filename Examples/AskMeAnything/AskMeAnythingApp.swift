import AppIntents
import Foundation

/// AskMeAnything: one intent that answers questions; run without arguments, it answers its
/// arguments as a question (`askmeanything what is swift`).
@main
struct AskMeAnythingApp: IntentsApplication {
    static let bundleIdentifier = "com.example.AskMeAnything"
    static let name = "AskMeAnything"
    static let intents: [any AppIntent.Type] = [AskQuestionIntent.self, AskAboutTopicIntent.self]
    static let appShortcuts: (any AppShortcutsProvider.Type)? = AskQuestionShortcut.self

    static func run(arguments: [String]) async throws {
        let line =
            arguments.isEmpty
            ? "usage: askmeanything QUESTION… | --print-manifest | --serve-intents"
            : Answers.answer(to: arguments.joined(separator: " "))
        try FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
    }
}
