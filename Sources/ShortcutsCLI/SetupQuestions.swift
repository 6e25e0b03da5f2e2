import ShortcutFormat
import ShortcutsEngine

/// A shortcut's set-up questions (`WFWorkflowImportQuestions`), asked as Apple's Set Up Shortcut
/// sheet asks them: on the terminal, from `--answers`, or not at all, keeping the defaults.
enum SetupQuestions {
    /// Asks every question and puts each answer into its parameter.
    ///
    /// A question that can't be asked (no terminal, `--no-interaction`, the answers file run out)
    /// takes its default answer, as accepting Apple's sheet does, and standard error says so.
    /// - Returns: the answered workflow, or nil when no parameter changed.
    /// - Throws: ``CommandFailure`` naming the action and parameter when an answer doesn't fit.
    static func answer(_ workflow: Workflow, label: String, prompter: any Prompter) throws -> Workflow? {
        var answered = workflow
        var changed = false
        var kept: [String] = []
        for question in workflow.importQuestions {
            var answer: String
            do {
                answer = try prompter.ask(prompt(for: question, in: workflow), defaultAnswer: question.defaultAnswer, inputType: "Text")
            } catch {
                kept.append("action \(question.actionIndex + 1), \(question.parameterKey) = \"\(question.defaultAnswer ?? "")\"")
                guard let defaultAnswer = question.defaultAnswer else { continue }
                answer = defaultAnswer
            }
            do {
                changed = try answered.answer(question, with: answer) || changed
            } catch {
                throw CommandFailure("\(label): \(error.message)")
            }
        }
        if !kept.isEmpty {
            let count = kept.count == 1 ? "1 set-up question" : "\(kept.count) set-up questions"
            Console.err(
                "\(label): used the default answer of \(count) (no terminal, --no-interaction, or no answer left): \(kept.joined(separator: "; "))\n"
            )
        }
        return changed ? answered : nil
    }

    /// The question, then the action and parameter it fills.
    static func prompt(for question: ImportQuestion, in workflow: Workflow) -> String {
        let identifier = workflow.actions.indices.contains(question.actionIndex) ? workflow.actions[question.actionIndex].identifier : "?"
        return
            "\(question.text)\n(set-up question for action \(question.actionIndex + 1), \(identifier), parameter \(question.parameterKey))"
    }
}
