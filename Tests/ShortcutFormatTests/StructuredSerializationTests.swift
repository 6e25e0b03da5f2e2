import PropertyList
import ShortcutFormat
import Testing

/// Dictionaries, lists, numbers, quantities and condition tables.
@Suite("Structured parameter values")
struct StructuredSerializationTests {
    /// One `WFDictionaryFieldValueItems` entry with a text key.
    private func item(_ type: Int64, _ key: String, _ value: PropertyListValue) -> PropertyListValue {
        ["WFItemType": .integer(type), "WFKey": plainText(key), "WFValue": value]
    }

    private func dictionaryField(_ items: [PropertyListValue]) -> PropertyListValue {
        serialized("WFDictionaryFieldValue", ["WFDictionaryFieldValueItems": .array(items)])
    }

    @Test("a dictionary with items of every type 0–4, and a nested dictionary wrapped twice")
    func dictionaryFieldAllItemTypes() throws {
        let nested = dictionaryField([item(0, "icon", plainText("doc.on.clipboard"))])
        let plist = dictionaryField([
            item(
                0, "name",
                serialized(
                    "WFTextTokenString",
                    [
                        "string": "\u{FFFC}", "attachmentsByRange": ["{0, 1}": ["Type": "Clipboard"]],
                    ])),
            item(1, "Copy to clipboard", serialized("WFDictionaryFieldValue", nested)),
            item(2, "copyright", serialized("WFArrayParameterState", ["first", "second"])),
            item(3, "days", plainText("3")),
            item(4, "remind", serialized("WFNumberSubstitutableState", false)),
        ])
        let items = try #require(try decodeRoundTrip(plist).dictionaryItems)
        #expect(items.map(\.itemType) == [0, 1, 2, 3, 4])
        #expect(items.map { $0.key?.tokenString?.string } == ["name", "Copy to clipboard", "copyright", "days", "remind"])

        #expect(items[0].value?.tokenString?.segments == [.variable(TokenAttachment(.clipboard))])

        let (outerType, outer) = try #require(items[1].value?.serializedPayload)
        #expect(outerType == "WFDictionaryFieldValue")
        let inner = try #require(outer.dictionaryItems)
        #expect(inner.count == 1)
        #expect(inner[0].value?.tokenString?.string == "doc.on.clipboard")

        #expect(items[2].value?.arrayStateItems?.map(\.stringValue) == ["first", "second"])
        #expect(items[3].value?.tokenString?.string == "3")
        #expect(items[4].value?.substitutedNumber?.boolValue == false)
        #expect(items.allSatisfy { $0.extra.isEmpty })
    }

    @Test("an item with an unexpected key or a non-integer WFItemType keeps it")
    func dictionaryItemExtras() throws {
        let plist = dictionaryField([
            ["WFItemType": "0", "WFKey": plainText("a"), "WFValue": plainText("b"), "WFItemIdentifier": "X"]
        ])
        let items = try #require(try decodeRoundTrip(plist).dictionaryItems)
        #expect(items[0].itemType == nil)
        #expect(items[0].extra["WFItemIdentifier"] == "X")
        #expect(items[0].extra["WFItemType"] == "0")
    }

    @Test("an empty dictionary")
    func emptyDictionaryField() throws {
        #expect(try decodeRoundTrip(dictionaryField([])).dictionaryItems?.isEmpty == true)
    }

    @Test("a list of typed items (cherri's WFArrayParameterState)")
    func arrayStateOfItems() throws {
        let plist = serialized(
            "WFArrayParameterState",
            [
                ["WFItemType": 3, "WFValue": serialized("WFTextTokenString", ["string": "5"])],
                "plain",
            ])
        let items = try #require(try decodeRoundTrip(plist).arrayStateItems)
        #expect(items[0].recordValue?["WFValue"]?.tokenString?.string == "5")
        #expect(items[1].stringValue == "plain")
    }

    @Test("a number-substitutable value holds a number, a Boolean or a variable")
    func numberSubstitutable() throws {
        #expect(try decodeRoundTrip(serialized("WFNumberSubstitutableState", 12)).substitutedNumber?.integerValue == 12)
        #expect(try decodeRoundTrip(serialized("WFNumberSubstitutableState", true)).substitutedNumber?.boolValue == true)
        let variable = try decodeRoundTrip(serialized("WFNumberSubstitutableState", ["Type": "ExtensionInput"]))
        #expect(variable.substitutedNumber?.bareAttachmentValue?.kind == .extensionInput)
    }

    @Test("a quantity with a variable magnitude, a text magnitude, or no magnitude")
    func quantity() throws {
        let variable = try #require(
            try decodeRoundTrip(
                serialized(
                    "WFQuantityFieldValue",
                    [
                        "Unit": "days",
                        "Magnitude": ["Type": "ActionOutput", "OutputUUID": "U", "OutputName": "Value"],
                    ])
            ).quantityFields)
        #expect(variable.unit == "days")
        #expect(variable.magnitude?.bareAttachmentValue?.kind == .actionOutput(uuid: "U", name: "Value"))

        let text = try #require(try decodeRoundTrip(serialized("WFQuantityFieldValue", ["Magnitude": "1024", "Unit": "B"])).quantityFields)
        #expect(text.magnitude?.stringValue == "1024")
        #expect(text.unit == "B")

        let unitOnly = try #require(try decodeRoundTrip(serialized("WFQuantityFieldValue", ["Unit": "min"])).quantityFields)
        #expect(unitOnly.magnitude == nil)
    }

    @Test("a quantity with an extra key is kept untyped")
    func quantityWithExtraKey() throws {
        let value = try decodeRoundTrip(serialized("WFQuantityFieldValue", ["Magnitude": 3, "Unit": "s", "Precision": 2]))
        #expect(value.quantityFields == nil)
    }

    @Test("If's WFConditions: a table of legacy-style clauses with a variable picker")
    func conditionsTable() throws {
        let plist = serialized(
            "WFContentPredicateTableTemplate",
            [
                "WFActionParameterFilterPrefix": -1,
                "WFActionParameterFilterTemplates": [
                    [
                        "WFCondition": 4,
                        "WFInput": ["Type": "Variable", "Variable": serialized("WFTextTokenAttachment", variableAttachment("int"))],
                        "WFNumberValue": 0,
                    ]
                ],
            ])
        let table = try #require(try decodeRoundTrip(plist).predicateTableValue)
        #expect(table.prefix == -1)
        #expect(table.templates.count == 1)
        #expect(table.templates[0]["WFCondition"]?.integerValue == 4)
        #expect(table.templates[0]["WFInput"]?.pickedVariable?.kind == .variable(name: "int"))
        #expect(table.extra.isEmpty)
    }

    @Test("a filter's table: any-of, bounded date, property templates with Values")
    func filterTable() throws {
        let plist = serialized(
            "WFContentPredicateTableTemplate",
            [
                "WFActionParameterFilterPrefix": 0, "WFContentPredicateBoundedDate": false,
                "WFActionParameterFilterTemplates": [
                    [
                        "Number": 730, "VariableOverrides": [:], "Removable": false, "Property": "Start Date", "Bounded": true,
                        "Unit": 16, "Operator": 1000,
                    ],
                    [
                        "Operator": 99, "Removable": true, "Property": "Name",
                        "Values": [
                            "String": serialized(
                                "WFTextTokenString",
                                [
                                    "string": "\u{FFFC}", "attachmentsByRange": ["{0, 1}": variableAttachment("Repeat Item")],
                                ])
                        ],
                    ],
                ],
            ])
        let table = try #require(try decodeRoundTrip(plist).predicateTableValue)
        #expect(table.prefix == 0)
        #expect(!table.requiresAll)
        #expect(table.extra["WFContentPredicateBoundedDate"] == false)
        #expect(table.templates[0]["Operator"]?.integerValue == 1000)
        let values = try #require(table.templates[1]["Values"]?.recordValue)
        #expect(values["String"]?.tokenString?.segments == [.variable(TokenAttachment(.variable(name: "Repeat Item")))])
    }

    @Test("a table with no templates, and one with a non-integer prefix")
    func tableEdgeCases() throws {
        let empty = serialized(
            "WFContentPredicateTableTemplate",
            [
                "WFActionParameterFilterPrefix": 1, "WFActionParameterFilterTemplates": [], "WFContentPredicateBoundedDate": false,
            ])
        #expect(try decodeRoundTrip(empty).predicateTableValue?.templates.isEmpty == true)
        let stringPrefix = serialized(
            "WFContentPredicateTableTemplate",
            [
                "WFActionParameterFilterPrefix": "1", "WFActionParameterFilterTemplates": [],
            ])
        let table = try #require(try decodeRoundTrip(stringPrefix).predicateTableValue)
        #expect(table.prefix == nil)
        #expect(table.extra["WFActionParameterFilterPrefix"] == "1")
    }

    @Test("values that fit no typed form are kept verbatim as .unknown or untyped")
    func unknownSerializations() throws {
        // A token string with a key it doesn't model would lose the key: .unknown keeps it all.
        let extraTextKey = serialized("WFTextTokenString", ["string": "hi", "attributes": ["bold": true]])
        #expect(try decodeRoundTrip(extraTextKey).unknownValue == extraTextKey)
        // A dictionary-field payload with a second key cannot be .dictionaryField.
        let extraPayloadKey = serialized("WFDictionaryFieldValue", ["WFDictionaryFieldValueItems": [], "Version": 2])
        let value = try decodeRoundTrip(extraPayloadKey)
        #expect(value.dictionaryItems == nil)
        #expect(value.serializedPayload?.value.recordValue?["Version"]?.integerValue == 2)
        // A colour value: a serialization this model does not type.
        let colour = serialized("WFColorRepresentationType", ["redComponent": 0.5, "greenComponent": 1.0])
        #expect(try decodeRoundTrip(colour).serializedPayload?.type == "WFColorRepresentationType")
    }
}
