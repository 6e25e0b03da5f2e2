import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFCaseType` of Change Case.
enum CaseType: String, ParameterOption {
    case uppercase = "UPPERCASE"
    case lowercase = "lowercase"
    case everyWord = "Capitalize Every Word"
    case titleCase = "Capitalize with Title Case"
    case sentenceCase = "Capitalize with sentence case"
    case alternatingCase = "cApItAlIzE wItH aLtErNaTiNg cAsE"

    static var aliases: [String: CaseType] {
        ["capitalize": .sentenceCase, "title case": .titleCase, "alternating case": .alternatingCase]
    }
}

extension TextActions {
    static let changeCase = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.text.changecase", title: "Change Case",
            description: "Changes the case of the text: UPPERCASE, lowercase, Every Word, Title Case, sentence case or aLtErNaTiNg.",
            parameters: [
                ParameterMetadata(key: "text", title: "Text", type: .text, isRequired: true, isList: true),
                .option("WFCaseType", title: "Case", default: CaseType.uppercase),
            ],
            inputParameter: "text", outputType: "Text", outputName: "Updated Text",
            keywords: ["uppercase", "lowercase", "capitalize", "title"])
    ) { parameters in
        let caseType = OptionParameter(parameters, "WFCaseType", default: CaseType.uppercase)
        return { input, run in
            let type = try caseType.value(in: run)
            return Content(items: input.items.map { .text(changeCase(of: $0.text, to: type)) })
        }
    }

    /// Short words that Title Case leaves lowercase unless they open or close the text.
    static let minorWords: Set<String> = [
        "a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "nor", "of", "on", "onto",
        "or", "over", "so", "the", "to", "up", "via", "with", "yet",
    ]

    /// The text in another case.
    static func changeCase(of text: String, to type: CaseType) -> String {
        switch type {
        case .uppercase: return text.uppercased()
        case .lowercase: return text.lowercased()
        case .everyWord:
            return mapWords(text) { word, _, _ in word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        case .titleCase:
            return mapWords(text) { word, isFirst, isLast in
                let lower = word.lowercased()
                if !isFirst, !isLast, minorWords.contains(lower) { return lower }
                return word.prefix(1).uppercased() + word.dropFirst()
            }
        case .sentenceCase:
            var result = ""
            var startsSentence = true
            for character in text {
                if character.isLetter {
                    result += startsSentence ? character.uppercased() : character.lowercased()
                    startsSentence = false
                } else {
                    result.append(character)
                    if ".!?".contains(character) { startsSentence = true }
                }
            }
            return result
        case .alternatingCase:
            var result = ""
            var upper = false
            for character in text {
                guard character.isLetter else {
                    result.append(character)
                    continue
                }
                result += upper ? character.uppercased() : character.lowercased()
                upper.toggle()
            }
            return result
        }
    }

    /// Rewrites each word (a run of letters, digits and inner apostrophes), keeping everything between.
    private static func mapWords(_ text: String, _ transform: (Substring, _ isFirst: Bool, _ isLast: Bool) -> String) -> String {
        var words: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let isWordCharacter = character.isLetter || character.isNumber || (start != nil && (character == "'" || character == "’"))
            if isWordCharacter, start == nil { start = index }
            if !isWordCharacter, let wordStart = start {
                words.append(wordStart..<index)
                start = nil
            }
            index = text.index(after: index)
        }
        if let wordStart = start { words.append(wordStart..<text.endIndex) }
        var result = ""
        var cursor = text.startIndex
        for (position, range) in words.enumerated() {
            result += text[cursor..<range.lowerBound]
            result += transform(text[range], position == 0, position == words.count - 1)
            cursor = range.upperBound
        }
        result += text[cursor...]
        return result
    }
}
