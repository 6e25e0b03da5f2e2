import ActionTestSupport
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

@Suite("List actions")
struct ListActionsTests {
    private let fruits = action("list", ["WFItems": list(["apple", "banana", "cherry", "date"])])

    private func get(_ parameters: ParameterDictionary) throws -> Content {
        try runActions([fruits, action("getitemfromlist", parameters)])
    }

    @Test func listTakesPlainAndTypedItemsAndVariables() throws {
        let typed = ParameterValue.record(["WFItemType": 0, "WFValue": text(.literal("typed"))])
        let result = try runActions([
            action("number", ["WFNumberActionNumber": 7], uuid: "N"),
            action("list", ["WFItems": list(["plain", typed, text(.variable(TokenAttachment(.actionOutput(uuid: "N", name: nil))))])]),
        ])
        #expect(result == .list([.text("plain"), .text("typed"), .number(7)]))
        #expect(result.text == "plain\ntyped\n7")
        #expect(try runActions([action("list")]) == .list([]))
    }

    @Test(arguments: [
        ("First Item", "apple"), ("Last Item", "date"),
    ])
    func firstAndLast(specifier: String, expected: String) throws {
        #expect(try get(["WFItemSpecifier": .plain(.string(specifier))]) == .text(expected))
    }

    @Test func firstItemIsTheDefault() throws {
        #expect(try get([:]) == .text("apple"))
    }

    @Test func randomItemComesFromTheList() throws {
        var seen = Set<String>()
        for _ in 0..<100 { seen.insert(try get(["WFItemSpecifier": "Random Item"]).text) }
        #expect(seen.isSubset(of: ["apple", "banana", "cherry", "date"]))
        #expect(seen.count > 1)
    }

    @Test func itemAtIndexIsOneBasedAndNegativeCountsFromTheEnd() throws {
        #expect(try get(["WFItemSpecifier": "Item At Index", "WFItemIndex": 2]) == .text("banana"))
        #expect(try get(["WFItemSpecifier": "Item At Index", "WFItemIndex": -1]) == .text("date"))
        #expect(try get(["WFItemSpecifier": "Item At Index", "WFItemIndex": "3"]) == .text("cherry"))
    }

    @Test(arguments: [0, 5, -5])
    func indexOutOfRangeSaysHowBigTheListIs(index: Int64) {
        let error = runError([
            fruits, action("getitemfromlist", ["WFItemSpecifier": "Item At Index", "WFItemIndex": .plain(.integer(index))]),
        ])
        #expect(error?.parameter == "WFItemIndex")
        #expect(error?.message.contains("4 items") == true)
        #expect(error?.actionIndex == 2)
    }

    @Test func itemsInRange() throws {
        let range = try get(["WFItemSpecifier": "Items in Range", "WFItemRangeStart": 2, "WFItemRangeEnd": 3])
        #expect(range == .list([.text("banana"), .text("cherry")]))
        let toEnd = try get(["WFItemSpecifier": "Items in Range", "WFItemRangeStart": 3])
        #expect(texts(toEnd) == ["cherry", "date"])
        let backwards = runError([
            fruits, action("getitemfromlist", ["WFItemSpecifier": "Items in Range", "WFItemRangeStart": 3, "WFItemRangeEnd": 2]),
        ])
        #expect(backwards?.parameter == "WFItemRangeEnd")
        let past = runError([
            fruits, action("getitemfromlist", ["WFItemSpecifier": "Items in Range", "WFItemRangeStart": 1, "WFItemRangeEnd": 9]),
        ])
        #expect(past?.parameter == "WFItemRangeEnd")
    }

    @Test func emptyListsAndSingleItems() throws {
        #expect(try runActions([action("list"), action("getitemfromlist")]) == .nothing)
        let empty = runError([action("list"), action("getitemfromlist", ["WFItemSpecifier": "Item At Index", "WFItemIndex": 1])])
        #expect(empty?.message.contains("empty") == true)
        // A single item is a list of one.
        #expect(
            try runActions([action("gettext", ["WFTextActionText": "solo"]), action("getitemfromlist", ["WFItemSpecifier": "Last Item"])])
                == .text("solo"))
    }

    @Test func chooseFromListAsksWithThePromptAndPassesTheChoiceOn() throws {
        let prompter = ChoiceRecorder(choices: [[2]])
        let result = try runActions(
            [
                fruits, action("choosefromlist", ["WFChooseFromListActionPrompt": "Pick a fruit"]), action("text.changecase"),
            ], prompter: prompter)
        #expect(result == .text("CHERRY"))
        #expect(prompter.questions == [.init(prompt: "Pick a fruit", options: ["apple", "banana", "cherry", "date"], multiple: false)])
    }

    @Test func chooseSeveral() throws {
        let prompter = ChoiceRecorder(choices: [[0, 3]])
        let result = try runActions(
            [
                fruits, action("choosefromlist", ["WFChooseFromListActionSelectMultiple": true, "WFChooseFromListActionSelectAll": true]),
            ], prompter: prompter)
        #expect(result == .list([.text("apple"), .text("date")]))
        #expect(prompter.questions.first?.multiple == true)
    }

    @Test func chooseFromListFailsClearly() throws {
        let empty = runError([action("list"), action("choosefromlist")])
        #expect(empty?.parameter == "WFInput")
        let noTerminal = runError([fruits, action("choosefromlist", ["WFChooseFromListActionPrompt": "Pick"])])
        #expect(noTerminal?.code == .needsInteraction)
        #expect(noTerminal?.message.contains("Pick") == true)
        #expect(throws: RunError.self) { try runActions([fruits, action("choosefromlist")], prompter: ChoiceRecorder(choices: [[]])) }
    }
}
