import ActionSupport
import Foundation
import LanguageModels
import ShortcutsContent
import ShortcutsEngine

/// `WFLLMModel` of Use Model: the strings Apple's files store (the app shows them as "Private
/// Cloud Compute", "On-Device" and the partner's name). Each is mapped to the endpoint the
/// person named for it (``ModelChoice``), else the default endpoint.
enum ModelOption: String, ParameterOption {
    case privateCloud = "Apple Intelligence"
    case onDevice = "Apple Intelligence on Device"
    case chatGPT = "ChatGPT"

    static var aliases: [String: ModelOption] {
        ["private cloud compute": .privateCloud, "on-device": .onDevice, "on device": .onDevice, "extension": .chatGPT]
    }

    var choice: ModelChoice {
        switch self {
        case .privateCloud: .privateCloud
        case .onDevice: .onDevice
        case .chatGPT: .chatGPT
        }
    }
}

/// `WFGenerativeResultType` of Use Model: the type of its output.
enum ResultType: String, ParameterOption {
    case automatic = "Automatic", text = "Text", number = "Number", date = "Date", boolean = "Boolean"
    case list = "List", dictionary = "Dictionary"

    /// The schema the answer must follow: an object with one `value`, so every server's JSON
    /// mode can take it; `nil` for free text.
    var schema: [String: Any]? {
        let value: [String: Any]
        switch self {
        case .automatic, .text: return nil
        case .number: value = ["type": "number"]
        case .boolean: value = ["type": "boolean"]
        case .date: value = ["type": "string", "description": "the date and time in ISO 8601 (2026-12-05T09:30:00)"]
        case .list: value = ["type": "array", "items": ["type": "string"]]
        case .dictionary: value = ["type": "object"]
        }
        return ["type": "object", "properties": ["value": value], "required": ["value"]]
    }

    /// What the model is told about the answer's form.
    var instruction: String? {
        switch self {
        case .automatic, .text: nil
        case .number: "Answer with JSON: {\"value\": a number}."
        case .boolean: "Answer with JSON: {\"value\": true or false}."
        case .date: "Answer with JSON: {\"value\": the date in ISO 8601, like \"2026-12-05T09:30:00\"}."
        case .list: "Answer with JSON: {\"value\": [the items, as strings]}."
        case .dictionary: "Answer with JSON: {\"value\": {an object of keys and values}}."
        }
    }
}

/// Use Model (`is.workflow.actions.askllm`), as Apple's Shortcuts 26 has it: a prompt with
/// variables (images among them go as images), a model choice mapped onto the person's model
/// endpoints, an optional follow-up conversation, and an output of the type the person picks.
enum UseModel {
    static let identifier = "is.workflow.actions.askllm"
    /// How many follow-up questions one run of the action takes at most.
    static let followUpTurns = 20

    static let definition = ActionDefinition(
        metadata: ActionMetadata(
            identifier: identifier, title: "Use Model",
            description:
                "Asks a language model: the endpoint named for the model chosen in shortcuts settings --model, else OPENAI_BASE_URL, else llama.cpp's server on this machine. The answer is text, or the type chosen in Output.",
            parameters: [
                ParameterMetadata(key: "WFLLMPrompt", title: "Prompt", type: .text, isRequired: true),
                .option("WFLLMModel", title: "Model", default: ModelOption.privateCloud),
                ParameterMetadata(
                    key: "FollowUp", title: "Follow Up",
                    description: "Ask follow-up questions about the answer (skipped when the run can't ask).",
                    type: .boolean, defaultValue: "false"),
                .option("WFGenerativeResultType", title: "Output", default: ResultType.automatic),
                ParameterMetadata(
                    key: "WFAllowWebSearch", title: "Use Broad World Knowledge",
                    description: "Accepted and ignored: the model answers from what it knows.", type: .boolean, defaultValue: "false"),
            ],
            outputType: "Text", outputName: "Response",
            keywords: ["llm", "ai", "apple intelligence", "chatgpt", "ask", "model", "prompt", "generate"],
            summary: "Use ${WFLLMModel} model with ${WFLLMPrompt}")
    ) { parameters in
        let prompt = parameters["WFLLMPrompt"]
        let model = OptionParameter(parameters, "WFLLMModel", default: ModelOption.privateCloud)
        let resultType = OptionParameter(parameters, "WFGenerativeResultType", default: ResultType.automatic)
        let followUp = parameters["FollowUp"]
        return { _, run in
            let parts = try promptParts(prompt, run: run)
            guard parts.contains(where: { if case .text(let text) = $0 { !text.isEmpty } else { true } }) else {
                throw ActionFailure("the prompt is empty", parameter: "WFLLMPrompt")
            }
            let type = try resultType.value(in: run)
            let endpoint = try run.modelEndpoint(for: try model.value(in: run).choice, parameter: "WFLLMModel")
            let client = ModelClient(run: run, endpoint: endpoint, action: "Use Model", parameter: "WFLLMModel")
            var messages: [ModelMessage] = []
            if let instruction = type.instruction { messages.append(.system(instruction)) }
            messages.append(ModelMessage(role: "user", parts: parts))
            var answer = try client.answer(messages, schema: type.schema)
            if try run.bool(followUp) == true {
                for _ in 0..<followUpTurns {
                    guard let question = try askFollowUp(after: answer, run: run) else { break }
                    messages += [.assistant(answer), .user(question)]
                    answer = try client.answer(messages, schema: type.schema)
                }
            }
            return try output(answer, as: type, run: run, parameter: "WFGenerativeResultType")
        }
    }

    /// The prompt's pieces: its text with each variable's value in place, and image files as images.
    static func promptParts(_ prompt: ParameterExpression, run: RunContext) throws -> [ModelMessage.Part] {
        var parts: [ModelMessage.Part] = []
        func add(_ text: String) {
            if case .text(let previous)? = parts.last {
                parts[parts.count - 1] = .text(previous + text)
            } else {
                parts.append(.text(text))
            }
        }
        func add(_ content: Content) throws {
            for item in content.items {
                if case .file(let file) = item {
                    let type = file.typeIdentifier ?? UniformType.identifier(forFileName: file.name)
                    if UniformType.conforms(type, to: .image) {
                        let mime = UniformType.mimeType(for: type)
                        parts.append(.image(dataURL: "data:\(mime);base64,\(file.data.base64EncodedString())"))
                        continue
                    }
                    add(try run.convert(item, to: .text, parameter: "WFLLMPrompt").text)
                } else {
                    add(item.text)
                }
            }
        }
        switch prompt {
        case .text(let pieces):
            for piece in pieces {
                switch piece {
                case .literal(let literal): add(literal)
                case .reference(let reference, let aggrandizements):
                    try add(run.content(.reference(reference, aggrandizements)))
                }
            }
        default:
            try add(run.content(prompt))
        }
        return parts
    }

    /// Asks the person a follow-up question after showing the answer; `nil` when they have none
    /// (an empty answer) or the run can't ask.
    static func askFollowUp(after answer: String, run: RunContext) throws -> String? {
        guard !(run.environment.prompter is NoInteraction) else { return nil }
        do {
            let question = try run.environment.prompter.ask(
                "\(answer)\n\nFollow up (leave empty to finish):", defaultAnswer: nil, inputType: "Text")
            let trimmed = question.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        } catch let failure as ActionFailure where failure.code == .needsInteraction {
            return nil
        }
    }

    /// The answer as content of the type asked for.
    ///
    /// - Throws: naming `parameter` when the answer isn't JSON of that type.
    static func output(_ answer: String, as type: ResultType, run: RunContext, parameter: String) throws -> Content {
        guard type.schema != nil else { return .text(answer.trimmingCharacters(in: .whitespacesAndNewlines)) }
        func mismatch(_ what: String) -> ActionFailure {
            ActionFailure(
                "the model's answer is not \(what), as Output (\(type.rawValue)) asks: \(answer.prefix(200))", parameter: parameter)
        }
        guard case .dictionary(let object)? = JSONBridge.parse(answer.trimmingCharacters(in: .whitespacesAndNewlines)),
            let value = object["value"]
        else { throw mismatch("JSON with a value") }
        switch type {
        case .automatic, .text: return .text(answer)
        case .number:
            guard case .number = value else { throw mismatch("a number") }
            return value
        case .boolean:
            guard case .boolean = value else { throw mismatch("true or false") }
            return value
        case .date:
            guard case .text(let text) = value,
                let date = ISO8601.date(from: text) ?? (try? run.convert(value, to: .date, parameter: parameter))?.date
            else { throw mismatch("a date") }
            return .date(date)
        case .list:
            guard case .list(let items) = value else { throw mismatch("a list") }
            return .list(items)
        case .dictionary:
            guard case .dictionary = value else { throw mismatch("a dictionary") }
            return value
        }
    }
}
