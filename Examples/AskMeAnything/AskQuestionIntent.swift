import AppIntents
import Foundation

/// Asks a question and answers it, from Apple's App Intents tutorial. There is no language
/// model here, so the answer comes from a small fixed table.
struct AskQuestionIntent: AppIntent {
    static let title: LocalizedStringResource = "Ask a Question"
    static let description = IntentDescription("Asks a question and gets an answer.", resultValueName: "Answer")

    @Parameter(title: "Question", requestValueDialog: "What would you like to ask?")
    var question: String

    func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
        let answer = Answers.answer(to: question)
        return .result(value: answer, dialog: "\(answer)")
    }
}

/// A topic the app knows about.
enum Topic: String, AppEnum {
    case meaningOfLife, shortcut, swift, linux, weather

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Topic"
    static let caseDisplayRepresentations: [Topic: DisplayRepresentation] = [
        .meaningOfLife: "The Meaning of Life", .shortcut: "Shortcuts", .swift: "Swift", .linux: "Linux", .weather: "The Weather",
    ]

    /// The words of the question the topic answers.
    var keyword: String {
        switch self {
        case .meaningOfLife: "meaning of life"
        default: rawValue
        }
    }
}

/// Tells what the app knows about one topic; its App Shortcut names the topic in the phrase.
struct AskAboutTopicIntent: AppIntent {
    static let title: LocalizedStringResource = "Ask About a Topic"
    static let description = IntentDescription("Tells what AskMeAnything knows about a topic.", resultValueName: "Answer")

    @Parameter(title: "Topic", requestValueDialog: "Which topic?")
    var topic: Topic

    func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
        let answer = Answers.answer(to: topic.keyword)
        return .result(value: answer, dialog: "\(answer)")
    }
}

/// The App Shortcuts: one asks a question, one names its topic in the phrase.
struct AskQuestionShortcut: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: AskQuestionIntent(), phrases: ["Ask \(.applicationName) a question", "Ask \(.applicationName)"],
            shortTitle: "Ask a Question", systemImageName: "questionmark.bubble")
        AppShortcut(
            intent: AskAboutTopicIntent(),
            phrases: ["Ask \(.applicationName) about \(\.$topic)", "What does \(.applicationName) know about \(\.$topic)"],
            shortTitle: "Ask About a Topic", systemImageName: "text.bubble")
    }
}

/// Deterministic answers: the first topic a question mentions, or an honest "don't know".
enum Answers {
    private static let topics: [(keyword: String, answer: String)] = [
        ("meaning of life", "42."),
        ("shortcut", "A shortcut is a list of actions that run one after another."),
        ("swift", "Swift is a general-purpose programming language."),
        ("linux", "Linux is an operating system kernel."),
        ("weather", "I can't see outside, but it's always sunny in a terminal."),
    ]

    static func answer(to question: String) -> String {
        let trimmed = question.trimmingCharacters(in: .whitespacesAndNewlines)
        if let topic = topics.first(where: { trimmed.localizedCaseInsensitiveContains($0.keyword) }) {
            return topic.answer
        }
        return "I don't know the answer to “\(trimmed)” yet."
    }
}
