import PropertyList
import ShortcutFormat
import Testing

/// `WFTextTokenAttachment` of every type, its aggrandizements, and the forms a variable takes
/// without a wrapper.
@Suite("Variables and aggrandizements")
struct AttachmentSerializationTests {
    /// Decodes `{Value: attachment, WFSerializationType: WFTextTokenAttachment}` and returns the
    /// attachment, requiring the `.attachment` case.
    private func attachment(_ fields: PropertyListValue) throws -> TokenAttachment {
        try #require(try decodeRoundTrip(serialized("WFTextTokenAttachment", fields)).attachmentValue)
    }

    @Test("ActionOutput carries the UUID and output name")
    func actionOutput() throws {
        let found = try attachment([
            "OutputUUID": "638803EC-4F4E-40DA-9870-E1826FC2C521", "Type": "ActionOutput", "OutputName": "词典值",
        ])
        #expect(found.kind == .actionOutput(uuid: "638803EC-4F4E-40DA-9870-E1826FC2C521", name: "词典值"))
        #expect(found.typeName == "ActionOutput")
        #expect(found.extra.isEmpty)
    }

    @Test("ActionOutput without a name")
    func actionOutputWithoutName() throws {
        #expect(try attachment(["Type": "ActionOutput", "OutputUUID": "U"]).kind == .actionOutput(uuid: "U", name: nil))
    }

    @Test(
        "named variables, Repeat Item and Repeat Index included",
        arguments: [
            "n", "Repeat Item", "Repeat Index", "Repeat Item 2",
        ])
    func variable(_ name: String) throws {
        #expect(try attachment(variableAttachment(name)).kind == .variable(name: name))
    }

    @Test("the special variables without fields")
    func specialVariables() throws {
        let expected: [(String, TokenAttachment.Kind)] = [
            ("ExtensionInput", .extensionInput), ("CurrentDate", .currentDate), ("Clipboard", .clipboard),
            ("Ask", .ask), ("DeviceDetails", .deviceDetails), ("CurrentApp", .other("CurrentApp")),
            ("Input", .other("Input")),
        ]
        for (type, kind) in expected {
            let found = try attachment(["Type": .string(type)])
            #expect(found.kind == kind, "Type \(type)")
            #expect(found.typeName == type)
        }
    }

    @Test("Ask keeps its prompt, and unknown keys survive")
    func askPrompt() throws {
        let found = try attachment(["Type": "Ask", "Prompt": "How many?", "VariableUUID": "V-1"])
        #expect(found.kind == .ask)
        #expect(found.prompt == "How many?")
        #expect(found.extra["VariableUUID"] == "V-1")
    }

    @Test("an attachment without Type, or a Variable without a name, is kept untyped under .serialized")
    func malformedAttachments() throws {
        for fields: PropertyListValue in [["VariableName": "n"], ["Type": "Variable"], ["Type": "ActionOutput"]] {
            let value = try decodeRoundTrip(serialized("WFTextTokenAttachment", fields))
            #expect(value.attachmentValue == nil)
            #expect(value.serializedPayload?.type == "WFTextTokenAttachment")
            #expect(value.serializedPayload?.value.propertyList == fields)
        }
    }

    @Test("coercion, property, dictionary value and date format aggrandizements decode typed, in order")
    func aggrandizements() throws {
        let found = try attachment([
            "Type": "ActionOutput", "OutputUUID": "U", "OutputName": "Dictionary",
            "Aggrandizements": [
                ["Type": "WFDictionaryValueVariableAggrandizement", "DictionaryKey": "url"],
                ["Type": "WFCoercionVariableAggrandizement", "CoercionItemClass": "WFNumberContentItem"],
                [
                    "PropertyUserInfo": "WFFileExtensionProperty", "Type": "WFPropertyVariableAggrandizement",
                    "PropertyName": "File Extension",
                ],
                [
                    "WFDateFormatStyle": "Custom", "WFISO8601IncludeTime": false, "WFDateFormat": "yyyy年MM月dd日",
                    "Type": "WFDateFormatVariableAggrandizement",
                ],
            ],
        ])
        #expect(
            found.aggrandizements == [
                .dictionaryValue(key: "url"),
                .coercion(itemClass: "WFNumberContentItem"),
                .property(name: "File Extension", userInfo: "WFFileExtensionProperty"),
                .dateFormat(.init(dateStyle: "Custom", format: "yyyy年MM月dd日", includeISOTime: false)),
            ])
    }

    @Test("a property aggrandizement with a numeric PropertyUserInfo, and one without")
    func propertyUserInfo() throws {
        let withNumber = try attachment([
            "Type": "Variable", "VariableName": "photo",
            "Aggrandizements": [["Type": "WFPropertyVariableAggrandizement", "PropertyName": "Width", "PropertyUserInfo": 1]],
        ])
        #expect(withNumber.aggrandizements == [.property(name: "Width", userInfo: .integer(1))])
        let without = try attachment([
            "Type": "Variable", "VariableName": "file",
            "Aggrandizements": [["Type": "WFPropertyVariableAggrandizement", "PropertyName": "Name"]],
        ])
        #expect(without.aggrandizements == [.property(name: "Name", userInfo: nil)])
    }

    @Test("ISO 8601 and time styles of a date format")
    func dateFormatStyles() throws {
        let found = try attachment([
            "Type": "CurrentDate",
            "Aggrandizements": [
                [
                    "Type": "WFDateFormatVariableAggrandizement", "WFDateFormatStyle": "ISO 8601",
                    "WFTimeFormatStyle": "Short", "WFISO8601IncludeTime": true,
                ]
            ],
        ])
        #expect(found.aggrandizements == [.dateFormat(.init(dateStyle: "ISO 8601", timeStyle: "Short", includeISOTime: true))])
    }

    @Test("unknown aggrandizements, and known ones with extra or missing keys, stay .other")
    func otherAggrandizements() throws {
        let odd: [PropertyListDictionary] = [
            ["Type": "WFUnitVariableAggrandizement", "WFUnitType": "Length"],
            ["Type": "WFCoercionVariableAggrandizement", "CoercionItemClass": "WFNumberContentItem", "Extra": 1],
            ["Type": "WFDictionaryValueVariableAggrandizement"],
            ["Type": "WFDateFormatVariableAggrandizement", "WFDateFormat": 3],
        ]
        let found = try attachment([
            "Type": "Clipboard", "Aggrandizements": .array(odd.map(PropertyListValue.dictionary)),
        ])
        #expect(found.aggrandizements == odd.map(Aggrandizement.other))
    }

    @Test("an empty Aggrandizements list is written back")
    func emptyAggrandizements() throws {
        let found = try attachment(["Type": "Variable", "VariableName": "x", "Aggrandizements": []])
        #expect(found.hasAggrandizementsKey)
        #expect(found.aggrandizements.isEmpty)
    }

    @Test("the variable-picker form decodes to .variablePicker")
    func variablePicker() throws {
        let plist: PropertyListValue = [
            "Type": "Variable",
            "Variable": serialized("WFTextTokenAttachment", variableAttachment("int")),
        ]
        let picked = try #require(try decodeRoundTrip(plist).pickedVariable)
        #expect(picked.kind == .variable(name: "int"))
    }

    @Test("a variable without a wrapper decodes to .bareAttachment")
    func bareAttachment() throws {
        let plist: PropertyListValue = [
            "OutputUUID": "C8D7", "Type": "ActionOutput", "OutputName": "Calculation Result",
            "Aggrandizements": [["Type": "WFCoercionVariableAggrandizement", "CoercionItemClass": "WFNumberContentItem"]],
        ]
        let found = try #require(try decodeRoundTrip(plist).bareAttachmentValue)
        #expect(found.kind == .actionOutput(uuid: "C8D7", name: "Calculation Result"))
        #expect(found.aggrandizements == [.coercion(itemClass: "WFNumberContentItem")])
    }

    @Test("a dictionary whose Type is not a variable type stays a record")
    func typeThatIsNotAVariable() throws {
        let record = try #require(try decodeRoundTrip(["Type": "Folder", "Path": "/tmp"]).recordValue)
        #expect(record["Path"]?.stringValue == "/tmp")
    }
}
