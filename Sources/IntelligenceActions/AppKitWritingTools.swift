import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `type` of AppKit's Rewrite (`com.apple.AppKit.RewriteType`): the Writing Tools panel's tools.
enum RewriteType: String, ParameterOption {
    case rewrite = "WTUIRequestedToolRewriting"
    case friendly = "WTUIRequestedToolRewriteFriendly"
    case professional = "WTUIRequestedToolRewriteProfessional"
    case concise = "WTUIRequestedToolRewriteConcise"
    case openEnded = "WTUIRequestedToolRewriteOpenEnded"
    case summary = "WTUIRequestedToolSummary"
    case keyPoints = "WTUIRequestedToolTransformKeyPoints"
    case list = "WTUIRequestedToolTransformList"
    case table = "WTUIRequestedToolTransformTable"
    case proofread = "WTUIRequestedToolProofreading"
    case compose = "WTUIRequestedToolCompose"

    /// What the model is asked to do.
    func task(prompt: String?) -> String {
        switch self {
        case .rewrite: "Rewrite the text so it reads clearly and well, keeping its meaning."
        case .friendly: Tone.friendly.task
        case .professional: Tone.professional.task
        case .concise: Tone.concise.task
        case .openEnded, .compose: "Rewrite the text as asked: \(prompt ?? "make it better")."
        case .summary: SummaryType.summarize.task
        case .keyPoints: SummaryType.createKeyPoints.task
        case .list: "Make a list of the text's items, one per line, each starting with \"• \"."
        case .table: "Make a table of the text's facts in Markdown."
        case .proofread: "Correct the spelling, grammar and punctuation of the text, changing nothing else."
        }
    }
}

/// AppKit's window-bound Writing Tools (Proofread, Rewrite, Text Compose). On a Mac they work on
/// the text selected in another app's window; no Linux desktop lets one program read and
/// replace another's selection, so here they work on the clipboard, the text people hand between
/// programs: the clipboard's text goes to the model (the endpoint named for on-device), and the
/// result goes back on the clipboard and is the output. The `app` and `processInstanceIdentifier`
/// parameters are accepted and left aside.
enum AppKitWritingTools {
    static let prefix = "com.apple.AppKit."
    static let all: [ActionDefinition] = [proofread, rewrite, compose]

    static let windowParameters = [
        ParameterMetadata(
            key: "app", title: "App", description: "Accepted and left aside: the clipboard stands for the app's selection.", type: .text),
        ParameterMetadata(key: "processInstanceIdentifier", title: "Process", description: "Accepted and left aside.", type: .text),
    ]

    /// Does `task` to the clipboard's text and puts the result back on the clipboard.
    static func onClipboard(_ task: String, action: String, run: RunContext, needsText: Bool = true) throws -> Content {
        let text = try run.environment.clipboard.read().text
        if needsText, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ActionFailure("the clipboard holds no text to work on (these Writing Tools work on the clipboard here)", parameter: "app")
        }
        let result = try WritingTools.ask(
            task, text: needsText ? text : (text.isEmpty ? "(no text given)" : text), action: action, run: run)
        try run.environment.clipboard.write(.text(result))
        return .text(result)
    }

    static let proofread = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "WritingToolsProofreadIntent", title: "Proofread",
            description: "Proofreads the clipboard's text with your model and puts the corrected text back on the clipboard.",
            parameters: windowParameters, outputType: "Text", outputName: "Proofread Text",
            keywords: ["writing tools", "proofread", "clipboard", "apple intelligence", "ai", "llm"], summary: "Proofread")
    ) { _ in
        { _, run in try onClipboard(RewriteType.proofread.task(prompt: nil), action: "Proofread", run: run) }
    }

    static let rewrite = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "WritingToolsRewriteIntent", title: "Rewrite",
            description: "Rewrites the clipboard's text with your model, as the tool chosen asks, and puts it back on the clipboard.",
            parameters: windowParameters + [
                .option("type", title: "Tool", default: RewriteType.rewrite),
                ParameterMetadata(key: "prompt", title: "Prompt", description: "What to do, for the open-ended rewrite.", type: .text),
            ], outputType: "Text", outputName: "Rewritten Text",
            keywords: ["writing tools", "rewrite", "clipboard", "apple intelligence", "ai", "llm"], summary: "Rewrite with ${type}")
    ) { parameters in
        let type = OptionParameter(parameters, "type", default: RewriteType.rewrite)
        let prompt = parameters["prompt"]
        return { _, run in
            try onClipboard(try type.value(in: run).task(prompt: try run.text(prompt)), action: "Rewrite", run: run)
        }
    }

    static let compose = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "WritingToolsComposeIntent", title: "Text Compose",
            description:
                "Writes text as the prompt asks (with the clipboard's text as what it is about, if any) and puts it on the clipboard.",
            parameters: windowParameters + [ParameterMetadata(key: "prompt", title: "Prompt", type: .text, isRequired: true)],
            outputType: "Text", outputName: "Composed Text",
            keywords: ["writing tools", "compose", "write", "clipboard", "apple intelligence", "ai", "llm"], summary: "Compose ${prompt}")
    ) { parameters in
        let prompt = parameters["prompt"]
        return { _, run in
            guard let asked = try run.text(prompt), !asked.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionFailure("there is nothing to compose: give a prompt", parameter: "prompt")
            }
            return try onClipboard(
                "Write text as asked: \(asked). The text given is what it is about, if anything.", action: "Text Compose", run: run,
                needsText: false)
        }
    }
}
