import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Text: Text, Split Text, Combine Text, Replace Text, Change Case, Match Text, Get Group from
/// Matched Text, Trim Whitespace and Get Text from Input.
enum TextActions {
    static let all: [ActionDefinition] = [
        text, split, combine, replace, changeCase, match, getGroup, trimWhitespace, detectText,
    ]

    static let text = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.gettext", title: "Text",
            description: "Passes the specified text to the next action.",
            parameters: [ParameterMetadata(key: "WFTextActionText", title: "Text", type: .text)],
            outputType: "Text", outputName: "Text",
            summary: "${WFTextActionText}")
    ) { parameters in
        let text = parameters["WFTextActionText"]
        return { _, run in .text(try run.text(text) ?? "") }
    }

    /// `WFTextSeparator` of Split Text.
    enum SplitSeparator: String, ParameterOption {
        case newLines = "New Lines"
        case spaces = "Spaces"
        case everyCharacter = "Every Character"
        case custom = "Custom"
    }

    /// `WFTextSeparator` of Combine Text.
    enum CombineSeparator: String, ParameterOption {
        case newLines = "New Lines"
        case spaces = "Spaces"
        case custom = "Custom"
    }

    static let split = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.text.split", title: "Split Text",
            description: "Splits the text into a list at new lines, spaces, every character or a custom separator.",
            parameters: [
                ParameterMetadata(key: "text", title: "Text", type: .text, isRequired: true),
                .option("WFTextSeparator", title: "Separator", default: SplitSeparator.newLines),
                ParameterMetadata(key: "WFTextCustomSeparator", title: "Custom", type: .text),
            ],
            inputParameter: "text", outputType: "Text", outputName: "Split Text",
            summary: "Split ${text} by ${WFTextSeparator}")
    ) { parameters in
        let separator = OptionParameter(parameters, "WFTextSeparator", default: SplitSeparator.newLines)
        let custom = parameters["WFTextCustomSeparator"]
        return { input, run in
            let text = input.text
            let parts: [Substring]
            switch try separator.value(in: run) {
            case .newLines: parts = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            case .spaces: parts = text.split(separator: " ", omittingEmptySubsequences: false)
            case .everyCharacter: parts = text.map { Substring(String($0)) }
            case .custom:
                let mark = try run.text(custom) ?? ""
                parts = mark.isEmpty ? [Substring(text)] : text.components(separatedBy: mark).map { Substring($0) }
            }
            if text.isEmpty { return .list([]) }
            return .list(parts.map { .text(String($0)) })
        }
    }

    static let combine = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.text.combine", title: "Combine Text",
            description: "Joins the items of a list into one text, with new lines, spaces or a custom separator between them.",
            parameters: [
                ParameterMetadata(key: "text", title: "Text", type: .text, isRequired: true, isList: true),
                .option("WFTextSeparator", title: "Separator", default: CombineSeparator.spaces),
                ParameterMetadata(key: "WFTextCustomSeparator", title: "Custom", type: .text),
            ],
            inputParameter: "text", outputType: "Text", outputName: "Combined Text",
            summary: "Combine ${text} with ${WFTextSeparator}")
    ) { parameters in
        let separator = OptionParameter(parameters, "WFTextSeparator", default: CombineSeparator.spaces)
        let custom = parameters["WFTextCustomSeparator"]
        return { input, run in
            let glue: String
            switch try separator.value(in: run) {
            case .newLines: glue = "\n"
            case .spaces: glue = " "
            case .custom: glue = try run.text(custom) ?? ""
            }
            return .text(input.items.map(\.text).joined(separator: glue))
        }
    }

    static let replace = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.text.replace", title: "Replace Text",
            description:
                "Replaces text in the input, optionally ignoring case or with a regular expression whose replacement may use $1 for a group.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Input", type: .text, isRequired: true, isList: true),
                ParameterMetadata(key: "WFReplaceTextFind", title: "Find", type: .text),
                ParameterMetadata(key: "WFReplaceTextReplace", title: "Replace With", type: .text),
                ParameterMetadata(key: "WFReplaceTextCaseSensitive", title: "Case Sensitive", type: .boolean, defaultValue: "true"),
                ParameterMetadata(
                    key: "WFReplaceTextRegularExpression", title: "Regular Expression", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", outputType: "Text", outputName: "Updated Text",
            keywords: ["find", "regex", "substitute"],
            summary: "Replace ${WFReplaceTextFind} with ${WFReplaceTextReplace} in ${WFInput}")
    ) { parameters in
        let find = parameters["WFReplaceTextFind"]
        let replacement = parameters["WFReplaceTextReplace"]
        let caseSensitive = parameters["WFReplaceTextCaseSensitive"]
        let regular = parameters["WFReplaceTextRegularExpression"]
        return { input, run in
            let target = try run.text(find) ?? ""
            let template = try run.text(replacement) ?? ""
            let isCaseSensitive = try run.bool(caseSensitive) ?? true
            guard !target.isEmpty else { return input }
            let pattern: CompiledPattern?
            if try run.bool(regular) ?? false {
                do {
                    pattern = try CompiledPattern(userPattern: target, caseSensitive: isCaseSensitive)
                } catch {
                    throw ActionFailure("\"\(target)\" is not a valid regular expression", parameter: "WFReplaceTextFind")
                }
            } else {
                pattern = nil
            }
            let updated = input.items.map { item -> Content in
                let text = item.text
                if let pattern { return .text(pattern.replacingMatches(in: text, with: template)) }
                return .text(
                    text.replacingOccurrences(
                        of: target, with: template, options: isCaseSensitive ? [] : [.caseInsensitive]))
            }
            return Content(items: updated)
        }
    }

    static let trimWhitespace = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.text.trimwhitespace", title: "Trim Whitespace",
            description: "Removes spaces and new lines from the start and end of the text.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Text", type: .text, isRequired: true, isList: true)],
            inputParameter: "WFInput", outputType: "Text", outputName: "Updated Text")
    ) { _ in
        { input, _ in
            Content(items: input.items.map { .text($0.text.trimmingCharacters(in: .whitespacesAndNewlines)) })
        }
    }

    static let detectText = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.detect.text", title: "Get Text from Input",
            description: "Returns the text of the input: a dictionary as JSON, a number as written, a file's text.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Text", outputName: "Text")
    ) { _ in
        { input, _ in Content(items: input.items.map { .text($0.text) }) }
    }
}
