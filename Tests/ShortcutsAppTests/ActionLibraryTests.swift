import ShortcutFormat
import ShortcutsContent
import ShortcutsRPC
import Testing

@testable import ShortcutsApp

/// The page's action library gives blocks their titles and conditions their words from the one
/// place each is kept (`ControlFlowBlock`, `ConditionCode`), and summaries from the actions' own
/// metadata; the page keeps no table of its own.
struct ActionLibraryTests {
    let entries =
        ActionLibrary.json([
            ActionMetadata(identifier: "is.workflow.actions.gettext", title: "Text", summary: "${WFTextActionText}"),
            ActionMetadata(
                identifier: "is.workflow.actions.filter.files", title: "Filter Files",
                parameters: [ParameterMetadata(key: "WFContentItemFilter", title: "Filter", type: .condition)]),
        ]).arrayValue ?? []

    func entry(_ identifier: String) -> JSONValue? { entries.first { $0["identifier"]?.stringValue == identifier } }

    @Test func blocksHaveTheirTitlesAtEachPlace() throws {
        let ifTitles = try #require(entry("is.workflow.actions.conditional")?["titles"]?.arrayValue)
        #expect(ifTitles == [.string("If"), .string("Otherwise"), .string("End If")])
        let repeatTitles = try #require(entry("is.workflow.actions.repeat.each")?["titles"]?.arrayValue)
        #expect(repeatTitles == [.string("Repeat with Each"), .null, .string("End Repeat")])
        #expect(entry("is.workflow.actions.repeat.count")?["summary"]?.stringValue == "Repeat ${WFRepeatCount} times")
    }

    @Test func everyConditionParameterListsEveryCodeWithItsWords() throws {
        let ifParameters = try #require(entry("is.workflow.actions.conditional")?["parameters"]?.arrayValue)
        let filterParameters = try #require(entry("is.workflow.actions.filter.files")?["parameters"]?.arrayValue)
        for parameter in [ifParameters[1], filterParameters[0]] {
            let conditions = try #require(parameter["conditions"]?.arrayValue)
            #expect(conditions.count == ConditionCode.allCases.count)
            let words = Dictionary(
                uniqueKeysWithValues: conditions.compactMap { condition in
                    condition["code"]?.numberValue.map { (Int64($0), condition["phrase"]?.stringValue ?? "") }
                })
            #expect(words[1000] == "is in the next" && words[1001] == "is in the last" && words[4] == "is")
        }
    }

    @Test func anActionsSummaryIsItsMetadatas() {
        #expect(entry("is.workflow.actions.gettext")?["summary"]?.stringValue == "${WFTextActionText}")
    }
}
