import ActionTestSupport
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

@Suite("Dictionary actions")
struct DictionaryActionsTests {
    /// A Dictionary action with a text, a number, a Boolean and a nested dictionary.
    private let person = action(
        "dictionary",
        [
            "WFItems": .dictionaryField([
                DictionaryItem(itemType: 0, key: "name", value: text(.literal("Ada"))),
                DictionaryItem(itemType: 3, key: "age", value: text(.literal("36"))),
                DictionaryItem(itemType: 4, key: "admin", value: .numberSubstitutable(true)),
                DictionaryItem(
                    itemType: 1, key: "address",
                    value: .dictionaryField([
                        DictionaryItem(itemType: 0, key: "city", value: "London")
                    ])),
            ])
        ], uuid: "D")

    private func getValue(_ parameters: ParameterDictionary) throws -> Content {
        try runActions([person, action("getvalueforkey", parameters)])
    }

    @Test func dictionaryKeepsTypesAndOrderAndShowsAsJSON() throws {
        let result = try runActions([person])
        #expect(result.text == #"{"name":"Ada","age":36,"admin":true,"address":{"city":"London"}}"#)
        #expect(try runActions([action("dictionary")]) == .dictionary(ContentDictionary()))
    }

    @Test func getValueForKeyAndKeyPaths() throws {
        #expect(try getValue(["WFDictionaryKey": "name"]) == .text("Ada"))
        #expect(try getValue(["WFDictionaryKey": "age"]) == .number(36))
        #expect(try getValue(["WFDictionaryKey": "address.city"]) == .text("London"))
        #expect(try getValue(["WFDictionaryKey": "missing"]) == .nothing)
        #expect(
            try getValue(["WFGetDictionaryValueType": "Value", "WFDictionaryKey": text(.literal("na"), .literal("me"))]) == .text("Ada"))
    }

    @Test func getAllKeysAndAllValues() throws {
        #expect(texts(try getValue(["WFGetDictionaryValueType": "All Keys"])) == ["name", "age", "admin", "address"])
        let values = try getValue(["WFGetDictionaryValueType": "All Values"])
        #expect(values.items.count == 4)
        #expect(values.items[1] == .number(36))
    }

    @Test func getValueReadsJSONTextAndListsInKeyPaths() throws {
        let result = try runActions([
            action("gettext", ["WFTextActionText": #"{"items":[{"id":1},{"id":2}]}"#]),
            action("getvalueforkey", ["WFDictionaryKey": "items.2.id"]),
        ])
        #expect(result == .number(2))
    }

    @Test func getValueErrorsNameTheParameter() {
        let notADictionary = runError([
            action("gettext", ["WFTextActionText": "plain"]), action("getvalueforkey", ["WFDictionaryKey": "a"]),
        ])
        #expect(notADictionary?.parameter == "WFInput")
        #expect(notADictionary?.message.contains("plain") == true)
        let noKey = runError([person, action("getvalueforkey")])
        #expect(noKey?.parameter == "WFDictionaryKey")
    }

    @Test func setValueAddsAndReplacesKeys() throws {
        let result = try runActions([
            person,
            action("setvalueforkey", ["WFDictionaryKey": "age", "WFDictionaryValue": "37"]),
            action("setvalueforkey", ["WFDictionaryKey": "city", "WFDictionaryValue": text(.literal("Paris"))]),
        ])
        #expect(result.text == #"{"name":"Ada","age":"37","admin":true,"address":{"city":"London"},"city":"Paris"}"#)
        // The original dictionary is unchanged.
        let original = try runActions([
            person, action("setvalueforkey", ["WFDictionaryKey": "x", "WFDictionaryValue": "y"]),
            action("getvalueforkey", ["WFInput": output(of: "D"), "WFGetDictionaryValueType": "All Keys"]),
        ])
        #expect(texts(original) == ["name", "age", "admin", "address"])
    }

    @Test func setValueStartsFromNothingAndRejectsOtherInput() throws {
        let fresh = try runActions([action("setvalueforkey", ["WFDictionaryKey": "k", "WFDictionaryValue": "v"])])
        #expect(fresh == .dictionary(["k": .text("v")]))
        let notADictionary = runError([action("number", ["WFNumberActionNumber": 1]), action("setvalueforkey", ["WFDictionaryKey": "k"])])
        #expect(notADictionary?.parameter == "WFDictionary")
        #expect(runError([action("setvalueforkey", ["WFDictionaryValue": "v"])])?.parameter == "WFDictionaryKey")
    }

    @Test func detectDictionaryParsesJSON() throws {
        let parsed = try runActions([
            action("gettext", ["WFTextActionText": #" {"b": [1, 2.5, "ü"], "a": null, "t": true} "#]),
            action("detect.dictionary"),
            action("getvalueforkey", ["WFDictionaryKey": "b"]),
        ])
        #expect(parsed == .list([.number(1), .number(2.5), .text("ü")]))
        let array = try runActions([action("detect.dictionary", ["WFInput": "[1, 2]"])])
        #expect(array == .list([.number(1), .number(2)]))
        let already = try runActions([person, action("detect.dictionary")])
        #expect(already.dictionary?["name"] == .text("Ada"))
        let error = runError([action("detect.dictionary", ["WFInput": "{not json"])])
        #expect(error?.parameter == "WFInput")
        #expect(error?.message.contains("JSON") == true)
    }
}
