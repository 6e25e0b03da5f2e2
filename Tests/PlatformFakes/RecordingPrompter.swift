import Foundation
import ShortcutsEngine
import Synchronization

/// A prompter that answers from a script, in order, and records every question: a test of an
/// action that asks runs without a terminal. A question with no answer left fails the action,
/// naming the question.
public final class RecordingPrompter: Prompter {
    /// One question, as the action asked it.
    public enum Question: Equatable, Sendable {
        case ask(prompt: String, defaultAnswer: String?, inputType: String)
        case choose(prompt: String, options: [String], multiple: Bool)
        case confirm(title: String, message: String, allowsCancel: Bool)
    }

    private let state: Mutex<(answers: [String], choices: [[Int]], confirmations: [Bool], questions: [Question])>

    public init(answers: [String] = [], choices: [[Int]] = [], confirmations: [Bool] = []) {
        state = Mutex((answers, choices, confirmations, []))
    }

    /// The questions asked so far, in order.
    public var questions: [Question] { state.withLock { $0.questions } }

    public func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String {
        try state.withLock { state in
            state.questions.append(.ask(prompt: prompt, defaultAnswer: defaultAnswer, inputType: inputType))
            guard !state.answers.isEmpty else { throw ActionFailure("the script has no answer for “\(prompt)”") }
            return state.answers.removeFirst()
        }
    }

    public func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        try state.withLock { state in
            state.questions.append(.choose(prompt: prompt, options: options, multiple: multiple))
            guard !state.choices.isEmpty else { throw ActionFailure("the script has no choice for “\(prompt)”") }
            return state.choices.removeFirst()
        }
    }

    public func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool {
        try state.withLock { state in
            state.questions.append(.confirm(title: title, message: message, allowsCancel: allowsCancel))
            guard !state.confirmations.isEmpty else { throw ActionFailure("the script has no answer for the alert “\(title)”") }
            return state.confirmations.removeFirst()
        }
    }
}

/// A clock that stands still until a test moves it: `environment.now = clock.now`.
public final class FixedClock: Sendable {
    private let current: Mutex<Date>

    public init(_ date: Date) { current = Mutex(date) }

    /// The clock as ``RunEnvironment/now`` reads it.
    public var now: @Sendable () -> Date { { [self] in current.withLock { $0 } } }

    /// Moves the clock on.
    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}
