import FoundationEssentials
import PropertyList
import ShortcutFormat
import Testing

/// Plain values and text with variables: `WFTextTokenString` and its bare form.
@Suite("Plain values and token strings")
struct TextSerializationTests {
    @Test(
        "plain scalars decode to .plain",
        arguments: [
            PropertyListValue.string("UPPERCASE"), .integer(42), .integer(-7), .real(2.5), .boolean(true),
            .date(Date(timeIntervalSinceReferenceDate: 1_000)), .data(Data([0, 1, 2, 255])),
        ])
    func plainScalar(_ plist: PropertyListValue) throws {
        let value = try decodeRoundTrip(plist)
        #expect(value.plainValue == plist)
    }

    @Test("a plain array of strings decodes element by element")
    func plainArray() throws {
        let value = try decodeRoundTrip(["New Lines", "Spaces"])
        let items = try #require(value.arrayItems)
        #expect(items.map(\.stringValue) == ["New Lines", "Spaces"])
    }

    @Test("a plain dictionary decodes to .record with typed values")
    func plainRecord() throws {
        let value = try decodeRoundTrip([
            "workflowName": "Helper", "isSelf": false, "title": plainText("Hi"),
        ])
        let record = try #require(value.recordValue)
        #expect(record.keys == ["workflowName", "isSelf", "title"])
        #expect(record["isSelf"]?.boolValue == false)
        #expect(record["title"]?.tokenString?.string == "Hi")
    }

    /// "Hi 👋🏽 你好 " is 8 characters but 11 UTF-16 units: the range key must count units.
    static let emojiPrefix = "Hi 👋🏽 你好 "

    @Test("attachments are keyed by UTF-16 range, not character offset")
    func tokenStringUTF16Ranges() throws {
        #expect(Self.emojiPrefix.count == 8)
        #expect(Self.emojiPrefix.utf16.count == 11)
        let output: PropertyListValue = ["Type": "ActionOutput", "OutputUUID": "A1B2", "OutputName": "Text"]
        let plist = serialized(
            "WFTextTokenString",
            [
                "string": .string(Self.emojiPrefix + "\u{FFFC}, \u{FFFC}!"),
                "attachmentsByRange": ["{14, 1}": variableAttachment("Repeat Item"), "{11, 1}": output],
            ])
        let text = try #require(try decodeRoundTrip(plist).tokenString)
        #expect(text.attachments.map(\.range) == [.init(location: 11, length: 1), .init(location: 14, length: 1)])
        #expect(text.attachments[0].attachment.kind == .actionOutput(uuid: "A1B2", name: "Text"))
        #expect(
            text.segments == [
                .literal(Self.emojiPrefix),
                .variable(TokenAttachment(.actionOutput(uuid: "A1B2", name: "Text"))),
                .literal(", "),
                .variable(TokenAttachment(.variable(name: "Repeat Item"))),
                .literal("!"),
            ])
    }

    @Test("building from segments gives the same text and ranges a file has")
    func tokenStringFromSegments() throws {
        let text = TokenString(segments: [
            .literal(Self.emojiPrefix), .variable(TokenAttachment(.clipboard)), .literal("🇸🇪"),
            .variable(TokenAttachment(.currentDate)),
        ])
        #expect(text.string == Self.emojiPrefix + "\u{FFFC}🇸🇪\u{FFFC}")
        #expect(text.attachments.map(\.range.key) == ["{11, 1}", "{16, 1}"])
        let value = try decodeRoundTrip(ParameterValue.text(text).propertyList)
        #expect(value.tokenString == text)
        #expect(value.tokenString?.segments.count == 4)
    }

    @Test("a text without variables keeps its empty attachmentsByRange")
    func emptyRangesKept() throws {
        let plist = serialized("WFTextTokenString", ["string": "Content-Type", "attachmentsByRange": [:]])
        let text = try #require(try decodeRoundTrip(plist).tokenString)
        #expect(text.hasRangesKey)
        #expect(text.segments == [.literal("Content-Type")])
    }

    @Test("a text without the string key stays without it")
    func missingStringKey() throws {
        let text = try #require(try decodeRoundTrip(serialized("WFTextTokenString", [:])).tokenString)
        #expect(text.string.isEmpty)
        #expect(!text.hasStringKey)
        #expect(text.segments.isEmpty)
    }

    @Test("a WFTextTokenString without Value (cherri's empty text) decodes to an empty .text")
    func textWithoutValue() throws {
        let plist: PropertyListValue = ["WFSerializationType": "WFTextTokenString"]
        let value = try decodeRoundTrip(plist)
        let text = try #require(value.tokenString, "decoded as \(value)")
        #expect(text.string.isEmpty)
        #expect(text.segments.isEmpty)
    }

    @Test("a range outside the text is kept on disk but skipped by segments")
    func rangeOutsideText() throws {
        let plist = serialized(
            "WFTextTokenString",
            [
                "string": "ab", "attachmentsByRange": ["{5, 1}": ["Type": "Clipboard"]],
            ])
        let text = try #require(try decodeRoundTrip(plist).tokenString)
        #expect(text.attachments.count == 1)
        #expect(text.segments == [.literal("ab")])
    }

    @Test("a range key spelt differently from NSRange falls back to .unknown, losslessly")
    func oddRangeKeyFallsBack() throws {
        let plist = serialized(
            "WFTextTokenString",
            [
                "string": "\u{FFFC}", "attachmentsByRange": ["{0,1}": ["Type": "Clipboard"]],
            ])
        let value = try decodeRoundTrip(plist)
        #expect(value.unknownValue == plist)
    }

    @Test("the bare {string, attachmentsByRange} form decodes to .bareText")
    func bareText() throws {
        let plist: PropertyListValue = [
            "string": "Open \u{FFFC}", "attachmentsByRange": ["{5, 1}": ["Type": "ExtensionInput"]],
        ]
        let text = try #require(try decodeRoundTrip(plist).bareTokenString)
        #expect(text.segments == [.literal("Open "), .variable(TokenAttachment(.extensionInput))])
    }

    @Test("a serialization type nobody models keeps its payload typed under .serialized")
    func unmodelledSerialization() throws {
        let payload: PropertyListValue = ["workflowName": "Helper", "isSelf": false]
        let value = try decodeRoundTrip(serialized("WFWorkflowPickerValue", payload))
        let (type, inner) = try #require(value.serializedPayload)
        #expect(type == "WFWorkflowPickerValue")
        #expect(inner.recordValue?["workflowName"]?.stringValue == "Helper")
    }

    @Test("a wrapper with extra keys is a record, not a typed value")
    func wrapperWithExtraKeys() throws {
        let plist: PropertyListValue = [
            "Value": ["string": "x"], "WFSerializationType": "WFTextTokenString", "Note": "kept",
        ]
        let record = try #require(try decodeRoundTrip(plist).recordValue)
        #expect(record["Note"]?.stringValue == "kept")
    }
}
