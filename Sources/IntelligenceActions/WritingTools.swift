import ActionSupport
import Foundation
import LanguageModels
import ShortcutsContent
import ShortcutsEngine

/// An option that says what a Writing Tools action asks the model to do.
protocol WritingTask {
    var task: String { get }
}

/// `tone` of Adjust Tone of Text.
enum Tone: String, ParameterOption, WritingTask {
    case friendly, professional, concise

    var task: String {
        switch self {
        case .friendly: "Rewrite the text in a warm, friendly tone."
        case .professional: "Rewrite the text in a clear, professional tone."
        case .concise: "Rewrite the text as concisely as it can be said, keeping what matters."
        }
    }
}

/// `summaryType` of Summarize Text: a paragraph, or the key points.
enum SummaryType: String, ParameterOption, WritingTask {
    case summarize, createKeyPoints

    var task: String {
        switch self {
        case .summarize: "Summarize the text in a short paragraph."
        case .createKeyPoints: "List the text's key points, one per line, each starting with \"• \"."
        }
    }

    static var aliases: [String: SummaryType] { ["summary": .summarize, "key points": .createKeyPoints] }
}

/// Apple's Writing Tools actions (the `WritingToolsAppIntentsExtension` app intents: Rewrite,
/// Proofread, Summarize, Adjust Tone, Make List, Make Table), each a prompt over Use Model's
/// machinery, answered by the endpoint named for the on-device model (else the default one).
enum WritingTools {
    static let prefix = "com.apple.WritingTools.WritingToolsAppIntentsExtension."

    static let all: [ActionDefinition] = [rewrite, proofread, summarize, adjustTone, makeList, makeTable]

    /// The text parameter every Writing Tools action has.
    static let textParameter = ParameterMetadata(key: "text", title: "Text", type: .text, isRequired: true)

    /// Asks the model to do `task` to the text; returns its answer's text.
    static func ask(_ task: String, text: String, action: String, run: RunContext, schema: [String: Any]? = nil) throws -> String {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ActionFailure("there is no text to work on", parameter: "text")
        }
        let endpoint = try run.modelEndpoint(for: .onDevice, parameter: "text")
        let client = ModelClient(run: run, endpoint: endpoint, action: action, parameter: "text")
        let system =
            "You are a writing tool. \(task) Keep the text's language. Answer with the result only, without a preamble or quotation marks."
        return try client.answer([.system(system), .user(text)], schema: schema).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A Writing Tools action that turns text into text.
    static func textTool(_ name: String, title: String, description: String, outputName: String, task: String) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: prefix + name, title: title, description: description, parameters: [textParameter],
                inputParameter: "text", outputType: "Text", outputName: outputName,
                keywords: ["writing tools", "apple intelligence", "ai", "llm"],
                summary: "\(title.split(separator: " ").first ?? "") ${text}")
        ) { parameters in
            let text = parameters["text"]
            return { input, run in
                .text(try ask(task, text: try source(text, input: input, run: run), action: title, run: run))
            }
        }
    }

    static let rewrite = textTool(
        "RewriteTextIntent", title: "Rewrite Text", description: "Rewrites the text to read better, keeping what it says.",
        outputName: "Rewritten Text", task: "Rewrite the text so it reads clearly and well, keeping its meaning.")

    static let proofread = textTool(
        "ProofreadIntent", title: "Proofread Text", description: "Corrects the text's spelling, grammar and punctuation.",
        outputName: "Proofread Text", task: "Correct the spelling, grammar and punctuation of the text, changing nothing else.")

    static let summarize = optionTool(
        "SummarizeTextIntent", title: "Summarize Text", description: "Summarizes the text in a short paragraph, or as its key points.",
        outputName: "Summary", option: ("summaryType", "Summary Style", SummaryType.summarize),
        keywords: ["summary", "key points", "tl;dr"], summary: "Summarize ${text}")

    static let adjustTone = optionTool(
        "AdjustToneIntent", title: "Adjust Tone of Text", description: "Rewrites the text in a friendly, professional or concise tone.",
        outputName: "Adjusted Text", option: ("tone", "Tone", Tone.friendly), keywords: ["rewrite", "friendly", "professional", "concise"],
        summary: "Make ${text} ${tone}")

    /// A Writing Tools action that turns text into text as one of its options asks (its `task`).
    static func optionTool<Option: ParameterOption & WritingTask>(
        _ name: String, title: String, description: String, outputName: String, option: (key: String, title: String, default: Option),
        keywords: [String], summary: String
    ) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: prefix + name, title: title, description: description,
                parameters: [textParameter, .option(option.key, title: option.title, default: option.default)], inputParameter: "text",
                outputType: "Text", outputName: outputName, keywords: ["writing tools"] + keywords + ["apple intelligence", "ai", "llm"],
                summary: summary)
        ) { parameters in
            let text = parameters["text"]
            let chosen = OptionParameter(parameters, option.key, default: option.default)
            return { input, run in
                .text(try ask(try chosen.value(in: run).task, text: try source(text, input: input, run: run), action: title, run: run))
            }
        }
    }

    /// The text an action works on: its `text` parameter, else its input.
    static func source(_ text: ParameterExpression, input: Content, run: RunContext) throws -> String {
        try text.isAbsent ? input.text : run.text(text) ?? ""
    }

    static let makeList = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "FormatListIntent", title: "Make List from Text",
            description: "Makes a list of the text's items or points; the output is a list of text.",
            parameters: [textParameter], inputParameter: "text", outputType: "Text", outputName: "List",
            keywords: ["writing tools", "list", "bullets", "apple intelligence", "ai", "llm"], summary: "Make list from ${text}")
    ) { parameters in
        let text = parameters["text"]
        return { input, run in
            let source = try Self.source(text, input: input, run: run)
            let schema: [String: Any] = [
                "type": "object", "properties": ["items": ["type": "array", "items": ["type": "string"]]], "required": ["items"],
            ]
            let answer = try ask(
                "Make a list of the text's items or points. Answer with JSON: {\"items\": [each item, as a string]}.", text: source,
                action: "Make List from Text", run: run, schema: schema)
            guard case .dictionary(let object)? = JSONBridge.parse(answer), case .list(let items)? = object["items"] else {
                throw ActionFailure("the model's answer is not a list of items: \(answer.prefix(200))", parameter: "text")
            }
            return .list(items.map { .text($0.text) })
        }
    }

    static let makeTable = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "FormatTableIntent", title: "Make Table from Text",
            description:
                "Makes a table of the text's facts: a list of rows, each a dictionary from column name to value, for the list and dictionary actions.",
            parameters: [textParameter], inputParameter: "text", outputType: "Dictionary", outputName: "Table",
            keywords: ["writing tools", "table", "columns", "rows", "apple intelligence", "ai", "llm"], summary: "Make table from ${text}")
    ) { parameters in
        let text = parameters["text"]
        return { input, run in
            let source = try Self.source(text, input: input, run: run)
            let schema: [String: Any] = [
                "type": "object",
                "properties": [
                    "columns": ["type": "array", "items": ["type": "string"]],
                    "rows": ["type": "array", "items": ["type": "array", "items": ["type": "string"]]],
                ],
                "required": ["columns", "rows"],
            ]
            let answer = try ask(
                "Make a table of the text's facts. Answer with JSON: {\"columns\": [the column names], \"rows\": [[each row's values, as strings, one per column]]}.",
                text: source, action: "Make Table from Text", run: run, schema: schema)
            return try table(from: answer)
        }
    }

    /// The rows of a `{"columns": […], "rows": [[…]]}` answer, each a dictionary in the columns' order.
    static func table(from answer: String) throws -> Content {
        guard case .dictionary(let object)? = JSONBridge.parse(answer), case .list(let columns)? = object["columns"],
            case .list(let rows)? = object["rows"], !columns.isEmpty
        else {
            throw ActionFailure("the model's answer is not a table of columns and rows: \(answer.prefix(200))", parameter: "text")
        }
        let names = columns.map(\.text)
        return .list(
            rows.map { row in
                var dictionary = ContentDictionary()
                for (position, name) in names.enumerated() {
                    let values = row.items
                    dictionary[name] = position < values.count ? .text(values[position].text) : .text("")
                }
                return .dictionary(dictionary)
            })
    }
}
