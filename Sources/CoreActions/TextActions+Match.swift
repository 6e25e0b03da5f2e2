import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFGetGroupType` of Get Group from Matched Text.
enum GroupType: String, ParameterOption {
    case groupAtIndex = "Group At Index"
    case allGroups = "All Groups"
}

/// A Match Text result: it shows as the matched text everywhere (its type is Text, as Apple's),
/// and keeps its capture groups for Get Group from Matched Text.
enum MatchedText {
    /// The property holding the groups, in pattern order; a group that took no part is empty text.
    static let groupsProperty = "Groups"

    static func content(_ match: CompiledPattern.Match, number: Int) -> Content {
        let groups = Content.list(match.groups.map { .text($0 ?? "") })
        return .entity(
            EntityContent(
                typeName: "Text", identifier: "match \(number)", displayTitle: match.text,
                properties: [groupsProperty: groups]))
    }

    /// The groups of a match, or `nil` when the content is not a match.
    static func groups(of content: Content) -> [Content]? {
        guard case .entity(let entity) = content, let groups = entity.properties[groupsProperty] else { return nil }
        return groups.items
    }
}

extension TextActions {
    static let match = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.text.match", title: "Match Text",
            description:
                "Finds every match of a regular expression in the text. Each match shows as its text; Get Group from Matched Text reads its groups.",
            parameters: [
                ParameterMetadata(key: "WFMatchTextPattern", title: "Pattern", type: .text, isRequired: true),
                ParameterMetadata(key: "text", title: "Text", type: .text, isRequired: true, isList: true),
                ParameterMetadata(key: "WFMatchTextCaseSensitive", title: "Case Sensitive", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "text", outputType: "Text", outputName: "Matches",
            keywords: ["regex", "regular expression", "find", "search"])
    ) { parameters in
        let patternExpression = parameters["WFMatchTextPattern"]
        let caseExpression = parameters["WFMatchTextCaseSensitive"]
        // Some files give the text as WFInput.
        let legacyInput = parameters["text"].isAbsent ? parameters["WFInput"] : .absent
        // A constant pattern compiles once; a bad one fails when the action runs.
        var prepared: CompiledPattern?
        if let pattern = patternExpression.constantText, caseExpression.isAbsent || isConstantBoolean(caseExpression) {
            let caseSensitive = constantBoolean(caseExpression) ?? true
            prepared = try? CompiledPattern(userPattern: pattern, caseSensitive: caseSensitive)
        }
        let fixed = prepared
        return { input, run in
            let pattern: CompiledPattern
            if let fixed {
                pattern = fixed
            } else {
                let text = try run.text(patternExpression) ?? ""
                guard !text.isEmpty else { throw ActionFailure("the pattern is empty", parameter: "WFMatchTextPattern") }
                do {
                    pattern = try CompiledPattern(userPattern: text, caseSensitive: try run.bool(caseExpression) ?? true)
                } catch {
                    throw ActionFailure("\"\(text)\" is not a valid regular expression", parameter: "WFMatchTextPattern")
                }
            }
            let source = legacyInput.isAbsent ? input : try run.content(legacyInput)
            var matches: [Content] = []
            for item in source.items {
                for found in pattern.matches(in: item.text) {
                    matches.append(MatchedText.content(found, number: matches.count + 1))
                }
            }
            return .list(matches)
        }
    }

    private static func isConstantBoolean(_ expression: ParameterExpression) -> Bool {
        constantBoolean(expression) != nil
    }

    private static func constantBoolean(_ expression: ParameterExpression) -> Bool? {
        if case .constant(let value) = expression { return value.boolean }
        return nil
    }

    static let getGroup = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.text.match.getgroup", title: "Get Group from Matched Text",
            description: "Gets a capture group, or all of them, from the matches of Match Text. Group 0 is the whole match.",
            parameters: [
                ParameterMetadata(key: "matches", title: "Matches", type: .content, isRequired: true),
                .option("WFGetGroupType", title: "Get", default: GroupType.groupAtIndex),
                ParameterMetadata(key: "WFGroupIndex", title: "Index", type: .integer, defaultValue: "1", minimum: 0),
            ],
            inputParameter: "matches", outputType: "Text", outputName: "Group")
    ) { parameters in
        let type = OptionParameter(parameters, "WFGetGroupType", default: GroupType.groupAtIndex)
        let indexExpression = NumberActions.numericConstant(parameters["WFGroupIndex"])
        return { input, run in
            let getsAll = try type.value(in: run) == .allGroups
            let index = getsAll ? 0 : try run.number(indexExpression, parameter: "WFGroupIndex") ?? 1
            guard index >= 0, index == index.rounded() else {
                throw ActionFailure("expected a group number of 0 or more, got \(NumberText.format(index))", parameter: "WFGroupIndex")
            }
            var results: [Content] = []
            for item in input.items {
                guard let groups = MatchedText.groups(of: item) else {
                    throw ActionFailure(
                        "expected the matches of Match Text, got \(item.quotedForError)", parameter: "matches")
                }
                if getsAll {
                    results += groups
                } else if index == 0 {
                    results.append(.text(item.text))
                } else {
                    guard Int(index) <= groups.count else {
                        throw ActionFailure(
                            "there is no group \(Int(index)); the pattern has \(groups.count) group\(groups.count == 1 ? "" : "s")",
                            parameter: "WFGroupIndex")
                    }
                    results.append(groups[Int(index) - 1])
                }
            }
            return getsAll ? .list(results) : Content(items: results)
        }
    }
}
