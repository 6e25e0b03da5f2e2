import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFCountType`: what Count counts.
enum CountType: String, ParameterOption {
    case items = "Items"
    case characters = "Characters"
    case words = "Words"
    case sentences = "Sentences"
    case lines = "Lines"
}

extension NumberActions {
    static let count = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.count", title: "Count",
            description: "Counts the items, characters, words, sentences or lines passed as input.",
            parameters: [
                .option("WFCountType", title: "Type", default: CountType.items),
                ParameterMetadata(key: "Input", title: "Input", type: .content, isRequired: true),
            ],
            inputParameter: "Input", outputType: "Number", outputName: "Count",
            keywords: ["length", "size", "number of"],
            summary: "Count ${WFCountType} in ${Input}")
    ) { parameters in
        let type = OptionParameter(parameters, "WFCountType", default: CountType.items)
        return { input, run in
            .number(Double(count(try type.value(in: run), in: input)))
        }
    }

    /// How many items, characters, words, sentences or lines the content has.
    static func count(_ type: CountType, in content: Content) -> Int {
        switch type {
        case .items: return content.items.count
        case .characters: return content.text.count
        case .words: return wordCount(content.text)
        case .sentences: return sentenceCount(content.text)
        case .lines:
            var lines = content.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            if lines.last?.isEmpty == true { lines.removeLast() }
            return lines.count
        }
    }

    /// Words are runs of letters and digits; an apostrophe inside a word (`don't`) doesn't split it.
    static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for character in text {
            let isWordCharacter = character.isLetter || character.isNumber || (inWord && (character == "'" || character == "’"))
            if isWordCharacter && !inWord { count += 1 }
            inWord = isWordCharacter
        }
        return count
    }

    /// Sentences end at `.`, `!`, `?` or `…` followed by a space or the end; empty ones don't count.
    static func sentenceCount(_ text: String) -> Int {
        var count = 0
        var hasWords = false
        var pendingEnd = false
        for character in text {
            if pendingEnd, character.isWhitespace {
                if hasWords { count += 1 }
                hasWords = false
                pendingEnd = false
                continue
            }
            if "。.!?…！？".contains(character) {
                pendingEnd = true
            } else {
                pendingEnd = false
                if character.isLetter || character.isNumber { hasWords = true }
            }
        }
        return hasWords ? count + 1 : count
    }

    static let detectNumber = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.detect.number", title: "Get Numbers from Input",
            description: "Returns the numbers in the input: numbers as they are, and every number written in text.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Number", outputName: "Numbers")
    ) { _ in
        { input, _ in
            var numbers: [Content] = []
            for item in input.items {
                switch item {
                case .number: numbers.append(item)
                case .boolean(let value): numbers.append(.number(value ? 1 : 0))
                default: numbers += numbersWritten(in: item.text).map(Content.number)
                }
            }
            return Content(items: numbers)
        }
    }

    private static let numberPattern = CompiledPattern(
        #"(?<![\d.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|(?<![\d.])-?\.\d+"#)

    /// Every number written in text, in order: `-3`, `2.5`, `1,234`, `.5`, `1e3`.
    static func numbersWritten(in text: String) -> [Double] {
        numberPattern.matches(in: text).compactMap { NumberParser.parse($0.text) }
    }

    static let calculateExpression = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.calculateexpression", title: "Calculate Expression",
            description: "Evaluates a mathematical expression such as 2*(3+4)^2 and returns the result. Angles are in radians.",
            parameters: [ParameterMetadata(key: "Input", title: "Expression", type: .text, isRequired: true)],
            inputParameter: "Input", outputType: "Number", outputName: "Calculation Result",
            keywords: ["math", "formula", "equation"])
    ) { _ in
        { input, _ in
            let text = input.text
            do throws(ArithmeticExpression.Failure) {
                return .number(try ArithmeticExpression.evaluate(text))
            } catch {
                throw ActionFailure("can't calculate \"\(text.prefix(80))\": \(error.message)", parameter: "Input")
            }
        }
    }
}
