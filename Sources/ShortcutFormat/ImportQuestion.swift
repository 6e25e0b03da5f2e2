import PropertyList

/// A set-up question (`WFWorkflowImportQuestions`): what Shortcuts asks when a shortcut is added,
/// and the action parameter the answer goes into.
///
/// ```swift
/// for question in workflow.importQuestions {
///     try workflow.answer(question, with: "en-US")
/// }
/// ```
public struct ImportQuestion: Sendable, Equatable {
    /// The action's position in the workflow, from 0.
    public var actionIndex: Int
    /// The parameter the answer fills, e.g. `WFTextActionText`.
    public var parameterKey: String
    /// The question as its author wrote it.
    public var text: String
    /// The answer offered, when there is one.
    public var defaultValue: PropertyListValue?

    public init(actionIndex: Int, parameterKey: String, text: String, defaultValue: PropertyListValue? = nil) {
        self.actionIndex = actionIndex
        self.parameterKey = parameterKey
        self.text = text
        self.defaultValue = defaultValue
    }

    /// The default answer as text, as it is offered to a person.
    public var defaultAnswer: String? {
        switch defaultValue {
        case .string(let text)?: return text
        case .integer(let value)?: return String(value)
        case .real(let value)?: return String(value)
        case .boolean(let value)?: return value ? "yes" : "no"
        default: return nil
        }
    }
}

extension Workflow {
    /// The set-up questions, in the file's order; entries without an action index or a
    /// parameter key are skipped.
    public var importQuestions: [ImportQuestion] {
        (settings["WFWorkflowImportQuestions"]?.arrayValue ?? []).compactMap { item in
            guard let fields = item.dictionaryValue, let index = fields["ActionIndex"]?.integerValue,
                let key = fields["ParameterKey"]?.stringValue
            else { return nil }
            return ImportQuestion(
                actionIndex: Int(index), parameterKey: key, text: fields["Text"]?.stringValue ?? "",
                defaultValue: fields["DefaultValue"])
        }
    }

    /// Puts an answer into the parameter its question names, typed as that parameter is (a
    /// number stays a number, a switch a Boolean, anything else text). The questions stay in the
    /// settings, so an exported copy asks again.
    ///
    /// - Returns: whether the parameter changed.
    /// - Throws: ``ImportQuestionError`` when the question names no action of this workflow, or
    ///   the answer doesn't fit the parameter's type.
    @discardableResult
    public mutating func answer(_ question: ImportQuestion, with answer: String) throws(ImportQuestionError) -> Bool {
        guard actions.indices.contains(question.actionIndex) else {
            throw ImportQuestionError(
                question: question,
                message: "the question \"\(question.text)\" names action \(question.actionIndex + 1), which this shortcut doesn't have")
        }
        let current = actions[question.actionIndex].parameters[question.parameterKey]
        let typed: PropertyListValue
        switch current ?? question.defaultValue.map(ParameterValue.plain) {
        case .plain(.integer)?:
            guard let number = Int64(answer.filter { !$0.isWhitespace }) else { throw notA("whole number", question) }
            typed = .integer(number)
        case .plain(.real)?:
            guard let number = Double(answer.filter { !$0.isWhitespace }) else { throw notA("number", question) }
            typed = .real(number)
        case .plain(.boolean)?:
            switch answer.lowercased() {
            case "yes", "y", "true", "on", "1": typed = .boolean(true)
            case "no", "n", "false", "off", "0": typed = .boolean(false)
            default: throw notA("yes or no", question)
            }
        default:
            typed = .string(answer)
        }
        let value = ParameterValue.plain(typed)
        guard current != value else { return false }
        actions[question.actionIndex].parameters[question.parameterKey] = value
        return true
    }

    private func notA(_ kind: String, _ question: ImportQuestion) -> ImportQuestionError {
        let action = actions[question.actionIndex]
        return ImportQuestionError(
            question: question,
            message:
                "action \(question.actionIndex + 1) (\(action.identifier)), parameter \(question.parameterKey): the answer to \"\(question.text)\" must be a \(kind)"
        )
    }
}

/// Why an answer could not be put into its parameter.
public struct ImportQuestionError: Error, Sendable, CustomStringConvertible {
    public var question: ImportQuestion
    public var message: String
    public var description: String { message }
}
