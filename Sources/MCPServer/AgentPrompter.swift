import Foundation
import ShortcutsEngine
import Synchronization

/// A prompter for a tool call: it never waits for a person.
///
/// Questions are answered from the call's `answers` (in order) and confirmations from its
/// `confirm` argument. Anything else stops the run with a ``RunError/Code/needsInteraction``
/// failure, and the prompter remembers what was asked (``pending``) so the server can tell the
/// agent which parameter to give and what the choices are.
final class AgentPrompter: Prompter, Sendable {
    /// What the run asked for and couldn't get.
    struct Question: Sendable {
        enum Kind: Sendable { case value, choice, confirmation }
        var kind: Kind
        var prompt: String
        var options: [String]
    }

    private struct State {
        var answers: [String]
        var asked: Question?
    }

    private let state: Mutex<State>
    private let isConfirmed: Bool

    init(answers: [String], isConfirmed: Bool) {
        state = Mutex(State(answers: answers))
        self.isConfirmed = isConfirmed
    }

    /// The question that stopped the run, if one did.
    var pending: Question? { state.withLock { $0.asked } }

    func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String {
        if let answer = nextAnswer() { return answer }
        throw stop(Question(kind: .value, prompt: prompt, options: []), "needs a value (\(prompt))")
    }

    func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        if let answer = nextAnswer() {
            let wanted = answer.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let chosen = wanted.compactMap { item in
                options.firstIndex(of: item) ?? options.firstIndex { $0.caseInsensitiveCompare(item) == .orderedSame }
            }
            if !chosen.isEmpty, chosen.count == wanted.count { return multiple ? chosen : [chosen[0]] }
            throw stop(
                Question(kind: .choice, prompt: prompt, options: options),
                "the answer \"\(answer)\" is not one of the choices for \"\(prompt)\"")
        }
        throw stop(Question(kind: .choice, prompt: prompt, options: options), "needs a choice (\(prompt))")
    }

    func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool {
        guard allowsCancel, !isConfirmed else { return true }
        let question = title.isEmpty ? message : title
        throw stop(Question(kind: .confirmation, prompt: question, options: []), "needs confirmation (\(question))")
    }

    private func nextAnswer() -> String? {
        state.withLock { $0.answers.isEmpty ? nil : $0.answers.removeFirst() }
    }

    private func stop(_ question: Question, _ message: String) -> ActionFailure {
        state.withLock { $0.asked = question }
        return ActionFailure(message, code: .needsInteraction)
    }
}
