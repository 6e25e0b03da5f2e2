import ActionTestSupport
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

@Suite("Text actions")
struct TextActionsTests {
    private func changeCase(_ text: String, _ type: String) throws -> String {
        try runActions([
            action("gettext", ["WFTextActionText": .plain(.string(text))]),
            action("text.changecase", ["WFCaseType": .plain(.string(type))]),
        ]).text
    }

    @Test func textJoinsLiteralsAndVariables() throws {
        let result = try runActions([
            action("number", ["WFNumberActionNumber": 3], uuid: "N"),
            action(
                "gettext",
                [
                    "WFTextActionText": text(
                        .literal("I have "), .variable(TokenAttachment(.actionOutput(uuid: "N", name: "Number"))), .literal(" 🍎"))
                ]),
        ])
        #expect(result == .text("I have 3 🍎"))
        #expect(try runActions([action("gettext")]) == .text(""))
    }

    @Test func splitAtEachSeparator() throws {
        func split(_ text: String, _ parameters: ParameterDictionary) throws -> Content {
            var all = parameters
            all["text"] = .plain(.string(text))
            return try runActions([action("text.split", all)])
        }
        #expect(texts(try split("a\nb\r\nc", [:])) == ["a", "b", "c"])
        #expect(texts(try split("a b  c", ["WFTextSeparator": "Spaces"])) == ["a", "b", "", "c"])
        #expect(texts(try split("né👍🏽", ["WFTextSeparator": "Every Character"])) == ["n", "é", "👍🏽"])
        #expect(texts(try split("1, 2, 3", ["WFTextSeparator": "Custom", "WFTextCustomSeparator": ", "])) == ["1", "2", "3"])
        #expect(texts(try split("a-b", ["WFTextSeparator": "Custom"])) == ["a-b"])
        #expect(try split("", [:]) == .list([]))
        #expect(runError([action("text.split", ["text": "x", "WFTextSeparator": "Tabs"])])?.parameter == "WFTextSeparator")
    }

    @Test func combineWithEachSeparatorAndRoundTrip() throws {
        let items = action("list", ["WFItems": list(["a", "b", "c"])])
        #expect(try runActions([items, action("text.combine")]) == .text("a b c"))
        #expect(try runActions([items, action("text.combine", ["WFTextSeparator": "New Lines"])]) == .text("a\nb\nc"))
        #expect(
            try runActions([items, action("text.combine", ["WFTextSeparator": "Custom", "WFTextCustomSeparator": " | "])])
                == .text("a | b | c"))
        let roundTrip = try runActions([
            action("gettext", ["WFTextActionText": "x,y,z"]),
            action("text.split", ["WFTextSeparator": "Custom", "WFTextCustomSeparator": ","]),
            action("text.combine", ["WFTextSeparator": "Custom", "WFTextCustomSeparator": ";"]),
        ])
        #expect(roundTrip == .text("x;y;z"))
    }

    @Test func replacePlainTextCaseSensitiveByDefault() throws {
        func replace(_ parameters: ParameterDictionary) throws -> String {
            var all = parameters
            all["WFInput"] = "Hello hello HELLO"
            return try runActions([action("text.replace", all)]).text
        }
        #expect(try replace(["WFReplaceTextFind": "hello", "WFReplaceTextReplace": "bye"]) == "Hello bye HELLO")
        #expect(
            try replace(["WFReplaceTextFind": "hello", "WFReplaceTextReplace": "bye", "WFReplaceTextCaseSensitive": false]) == "bye bye bye"
        )
        #expect(try replace(["WFReplaceTextFind": "l+", "WFReplaceTextReplace": "L"]) == "Hello hello HELLO")
        #expect(try replace(["WFReplaceTextFind": "", "WFReplaceTextReplace": "x"]) == "Hello hello HELLO")
        #expect(try replace(["WFReplaceTextFind": "hello "]) == "Hello HELLO")
    }

    @Test func replaceWithRegularExpressionAndGroupReferences() throws {
        let result = try runActions([
            action("gettext", ["WFTextActionText": "2024-03-15 and 1999-12-31"]),
            action(
                "text.replace",
                [
                    "WFReplaceTextFind": #"(\d{4})-(\d\d)-(\d\d)"#, "WFReplaceTextReplace": "$3/$2/$1",
                    "WFReplaceTextRegularExpression": true,
                ]),
        ])
        #expect(result == .text("15/03/2024 and 31/12/1999"))
        let insensitive = try runActions([
            action(
                "text.replace",
                [
                    "WFInput": "Cat cAT", "WFReplaceTextFind": "c(a)t", "WFReplaceTextReplace": "d$1g",
                    "WFReplaceTextRegularExpression": true, "WFReplaceTextCaseSensitive": false,
                ])
        ])
        #expect(insensitive == .text("dag dAg"))
        let error = runError([action("text.replace", ["WFInput": "x", "WFReplaceTextFind": "(", "WFReplaceTextRegularExpression": true])])
        #expect(error?.parameter == "WFReplaceTextFind")
    }

    @Test func replaceWorksOnEveryItemOfAList() throws {
        let result = try runActions([
            action("list", ["WFItems": list(["apple", "grape"])]),
            action("text.replace", ["WFReplaceTextFind": "p", "WFReplaceTextReplace": "b"]),
        ])
        #expect(result == .list([.text("abble"), .text("grabe")]))
    }

    @Test(arguments: [
        ("UPPERCASE", "héllo wörld", "HÉLLO WÖRLD"),
        ("lowercase", "HÉLLO Wörld", "héllo wörld"),
        ("Capitalize Every Word", "the lord OF the rings", "The Lord Of The Rings"),
        ("Capitalize with Title Case", "the lord of the rings", "The Lord of the Rings"),
        ("Capitalize with Title Case", "a tale of two cities", "A Tale of Two Cities"),
        ("Capitalize with sentence case", "hello THERE. how are you? fine!", "Hello there. How are you? Fine!"),
        ("cApItAlIzE wItH aLtErNaTiNg cAsE", "hello world", "hElLo WoRlD"),
        ("Capitalize Every Word", "don't stop-me", "Don't Stop-Me"),
    ])
    func changeCase(type: String, input: String, expected: String) throws {
        #expect(try changeCase(input, type) == expected)
    }

    @Test func changeCaseMapsListsAndRejectsUnknownTypes() throws {
        let result = try runActions([action("list", ["WFItems": list(["a", "b"])]), action("text.changecase")])
        #expect(result == .list([.text("A"), .text("B")]))
        let error = runError([action("text.changecase", ["text": "x", "WFCaseType": "Shouting"])])
        #expect(error?.parameter == "WFCaseType")
        #expect(error?.actionTitle == "Change Case")
    }

    @Test func matchTextFindsEveryMatchAndShowsThemAsText() throws {
        let result = try runActions([
            action("gettext", ["WFTextActionText": "call 555-1234 or 555-9876"]),
            action("text.match", ["WFMatchTextPattern": #"(\d{3})-(\d{4})"#]),
        ])
        #expect(texts(result) == ["555-1234", "555-9876"])
        #expect(result.text == "555-1234\n555-9876")
        #expect(result.typeName == "Text")
        let none = try runActions([action("text.match", ["text": "abc", "WFMatchTextPattern": #"\d"#])])
        #expect(none == .list([]))
    }

    @Test func matchTextCaseSensitivity() throws {
        let sensitive = try runActions([action("text.match", ["text": "Apple apple", "WFMatchTextPattern": "apple"])])
        #expect(texts(sensitive) == ["apple"])
        let insensitive = try runActions([
            action("text.match", ["text": "Apple apple", "WFMatchTextPattern": "apple", "WFMatchTextCaseSensitive": false])
        ])
        #expect(texts(insensitive) == ["Apple", "apple"])
    }

    @Test func getGroupAtIndexAndAllGroups() throws {
        let matches = [
            action("gettext", ["WFTextActionText": "x=1, y=22"]),
            action("text.match", ["WFMatchTextPattern": #"(\w)=(\d+)(!)?"#], uuid: "M"),
        ]
        let second = try runActions(matches + [action("text.match.getgroup", ["WFGroupIndex": 2])])
        #expect(second == .list([.text("1"), .text("22")]))
        let all = try runActions(
            matches + [
                action("getitemfromlist", ["WFItemSpecifier": "Last Item"]),
                action("text.match.getgroup", ["WFGetGroupType": "All Groups"]),
            ])
        #expect(all == .list([.text("y"), .text("22"), .text("")]))
        let whole = try runActions(matches + [action("text.match.getgroup", ["matches": output(of: "M"), "WFGroupIndex": 0])])
        #expect(texts(whole) == ["x=1", "y=22"])
    }

    @Test func getGroupErrorsNameTheParameter() {
        let base = [action("text.match", ["text": "a1", "WFMatchTextPattern": #"(\d)"#])]
        let outOfRange = runError(base + [action("text.match.getgroup", ["WFGroupIndex": 2])])
        #expect(outOfRange?.parameter == "WFGroupIndex")
        #expect(outOfRange?.message.contains("1 group") == true)
        let notMatches = runError([action("gettext", ["WFTextActionText": "plain"]), action("text.match.getgroup")])
        #expect(notMatches?.parameter == "matches")
        let badPattern = runError([action("text.match", ["text": "a", "WFMatchTextPattern": "[a"])])
        #expect(badPattern?.parameter == "WFMatchTextPattern")
    }

    @Test func matchesFlowIntoTextActions() throws {
        let result = try runActions([
            action("text.match", ["text": "one two", "WFMatchTextPattern": #"\w+"#]),
            action("text.changecase"),
            action("text.combine", ["WFTextSeparator": "Custom", "WFTextCustomSeparator": "+"]),
        ])
        #expect(result == .text("ONE+TWO"))
    }

    @Test func trimWhitespaceAndGetText() throws {
        #expect(try runActions([action("text.trimwhitespace", ["WFInput": "  \n hi there \t\n"])]) == .text("hi there"))
        let dictionaryText = try runActions([
            action("dictionary", ["WFItems": .dictionaryField([DictionaryItem(itemType: 3, key: "n", value: "2")])]),
            action("detect.text"),
        ])
        #expect(dictionaryText == .text(#"{"n":2}"#))
        #expect(try runActions([action("number", ["WFNumberActionNumber": 4]), action("detect.text")]) == .text("4"))
    }
}
