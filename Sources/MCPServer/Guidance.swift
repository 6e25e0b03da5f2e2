import Foundation
import ShortcutsContent

/// What to tell an agent when a run stopped to ask something: which argument to give, the
/// choices, and how to call again.
enum Guidance {
    /// For an action's tool: name the parameter, list the choices, or ask for `confirm: true`.
    static func forAction(_ question: AgentPrompter.Question, parameter: ParameterMetadata?, choices: [String]?, tool: String) -> String {
        let prompt = quoted(question.prompt)
        guard let parameter else {
            switch question.kind {
            case .confirmation:
                return
                    "\(tool) needs confirmation: \(prompt) If the person agrees, call \(tool) again with the same arguments and `confirm: true`."
            case .value, .choice:
                return "\(tool) asked \(prompt) and can't ask the person here."
                    + list(question.options, heading: " The choices were:")
            }
        }
        let argument = "`\(parameter.key)` (\(parameter.title))"
        switch question.kind {
        case .value where choices?.isEmpty == false, .choice where choices?.isEmpty == false:
            return
                "\(tool) needs a value for \(argument): \(prompt) Call \(tool) again with `\(parameter.key)` set to the identifier of one of these:"
                + list(choices ?? [], heading: "")
        case .value:
            var text = "\(tool) needs a value for \(argument): \(prompt) Call \(tool) again with `\(parameter.key)` set"
            if !parameter.options.isEmpty { text += " to one of: " + parameter.options.joined(separator: ", ") }
            return text + "."
        case .choice:
            return "\(tool) needs a choice for \(argument): \(prompt) Call \(tool) again with `\(parameter.key)` set to one of these:"
                + list(question.options, heading: "")
        case .confirmation:
            return
                "\(tool) needs confirmation of \(argument): \(prompt) If the person agrees, call \(tool) again with the same arguments and `confirm: true`."
        }
    }

    /// For a shortcut's tool: the shortcut's questions are answered through `answers`, in order.
    static func forShortcut(_ question: AgentPrompter.Question, tool: String, answered: Int) -> String {
        let prompt = quoted(question.prompt)
        let again =
            answered == 0
            ? "call \(tool) again with `answers` holding the answer"
            : "call \(tool) again with `answers` holding the \(answered) answer\(answered == 1 ? "" : "s") given so far followed by this one"
        switch question.kind {
        case .value:
            return "The shortcut asks \(prompt) To answer, \(again)."
        case .choice:
            return "The shortcut asks to choose: \(prompt) To answer, \(again), which must be one of these:"
                + list(question.options, heading: "")
        case .confirmation:
            return
                "The shortcut needs confirmation: \(prompt) If the person agrees, call \(tool) again with the same arguments and `confirm: true`."
        }
    }

    private static func quoted(_ prompt: String) -> String {
        let trimmed = prompt.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? "" : "“\(trimmed)”"
    }

    private static func list(_ items: [String], heading: String) -> String {
        guard !items.isEmpty else { return "" }
        return heading + "\n" + items.map { "- \($0)" }.joined(separator: "\n")
    }
}
