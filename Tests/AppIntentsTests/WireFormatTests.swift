import Foundation
import ShortcutsContent
import ShortcutsRPC
import Testing

/// The extension protocol's own codec (`JSONReader`, `JSONWriter` and the messages' conformances)
/// against Foundation's `JSONEncoder` and `JSONDecoder`, which the messages' `Codable` forms are
/// defined by: each reads what the other writes, to the same values.
@Suite struct WireFormatTests {
    static let contents: [Content] = [
        .nothing, .text(""), .text("Hello"), .text("quote \" backslash \\ slash / tab \t newline \n nul \u{0} bell \u{7}"),
        .text("Grüße, 東京, 🧑‍💻 and a long line that is more than fifteen bytes"), .number(0), .number(-0.0), .number(42),
        .number(-7), .number(2.5), .number(0.1), .number(1e300), .number(-1.5e-7), .number(123_456_789_012_345),
        .number(9_007_199_254_740_992), .boolean(true), .boolean(false),
        .date(Date(timeIntervalSince1970: 1_796_040_000)), .date(Date(timeIntervalSince1970: 1_796_040_000.25)),
        .url(URL(string: "https://example.com/a?b=c#d")!), .list([]), .list([.text("a"), .number(1), .list([.nothing])]),
        .dictionary(["b": .text("first"), "a": .number(2), "nested": .dictionary(["x": .list([.boolean(true)])])]),
        .file(FileContent(name: "a.txt", data: Data("hi".utf8), path: "/tmp/a.txt", typeIdentifier: "public.plain-text")),
        .file(FileContent(name: "b.bin", data: Data([0, 255, 7]))),
        .entity(
            EntityContent(
                typeName: "TaskEntity", identifier: "1", displayTitle: "Milk", subtitle: "Due soon",
                properties: ["title": .text("Milk"), "dueDate": .date(Date(timeIntervalSince1970: 0))])),
        .entity(EntityContent(typeName: "Item", identifier: "x", displayTitle: "X", subtitle: nil, properties: [:])),
    ]

    @Test(arguments: contents) func contentReadsWhatFoundationWritesAndTheOtherWayRound(_ content: Content) throws {
        let written = content.jsonBytes
        #expect(try JSONDecoder().decode(Content.self, from: Data(written)) == content, "\(String(decoding: written, as: UTF8.self))")
        let foundation = try JSONEncoder().encode(content)
        #expect(try Content(json: [UInt8](foundation)) == content)
        #expect(try Content(json: written) == content)
    }

    @Test func membersInAnotherOrderSpacesAndUnknownMembersAreRead() throws {
        let text = """
             { "extra" : [1, {"deep": null}], "title" : "Milk", "properties" : [ { "value" : {"text":"Milk","type":"text"}, "key" : "title" } ],
               "id":"1" , "entityType":"TaskEntity", "type" : "entity", "subtitle": null }
            """
        let content = try Content(json: Array(text.utf8))
        #expect(
            content
                == .entity(
                    EntityContent(
                        typeName: "TaskEntity", identifier: "1", displayTitle: "Milk", subtitle: nil, properties: ["title": .text("Milk")]))
        )
    }

    @Test func messagesRoundTripThroughBothCodecs() throws {
        let perform = ExtensionProtocol.PerformParams(
            intent: "CreateTaskIntent", parameters: ["title": .text("Milk"), "dueDate": .date(Date(timeIntervalSince1970: 1_796_040_000))],
            confirmed: true, confirmedParameters: ["title"], isInteractive: false)
        let result = ExtensionProtocol.PerformResult(
            outcome: .disambiguation, parameter: "task", dialog: "Which task?",
            options: [.init(value: .text("a"), title: "A", subtitle: "first"), .init(value: .number(2), title: "B")],
            value: .list([.text("x")]),
            message: nil, opensApp: true)
        let query = ExtensionProtocol.QueryParams(entityType: "TaskEntity", identifiers: ["1", "2"], matching: "milk", suggested: nil)
        let continuation = ExtensionProtocol.ContinueParams(intent: "OpenTaskIntent", parameters: [:], result: result)

        // Each message written by this codec, read back by either, writes the same bytes again.
        func check<Message: Codable & JSONReadable & JSONWritable>(_ message: Message) throws {
            let bytes = message.jsonBytes
            #expect(try JSONDecoder().decode(Message.self, from: Data(bytes)).jsonBytes == bytes, "\(Message.self)")
            #expect(try Message(json: [UInt8](try JSONEncoder().encode(message))).jsonBytes == bytes, "\(Message.self)")
        }
        try check(perform)
        try check(result)
        try check(query)
        try check(continuation)
        try check(ExtensionProtocol.OptionsResult(options: result.options ?? []))
        try check(ExtensionProtocol.OptionsParams(intent: "EditTaskIntent", parameter: "task", searchTerm: "mi"))
        try check(ExtensionProtocol.QueryResult(entities: Self.contents))
        try check(ExtensionProtocol.InitializeResult(protocolVersion: 1, bundleIdentifier: "com.example.A"))
        #expect(result.jsonBytes.count > 100)
    }

    /// Lists of entities of one type, written as tables for a host that asked for them, read back
    /// as the same content; anything else in a list keeps its usual form.
    @Test func entityTablesReadBackAsTheSameEntities() throws {
        let shared: [String] = ["title", "count", "done", "due", "note", "tags", "link"]
        func entity(_ number: Int) -> Content {
            .entity(
                EntityContent(
                    typeName: "TaskEntity", identifier: "task-\(number)", displayTitle: "Task \"\(number)\"",
                    subtitle: number.isMultiple(of: 2) ? "Due soon" : nil,
                    properties: ContentDictionary(
                        keys: shared,
                        values: [
                            .text("Task \(number)"), .number(Double(number) + 0.5), .boolean(number.isMultiple(of: 3)),
                            .date(Date(timeIntervalSince1970: 1_796_040_000 + Double(number))), .nothing,
                            .list([.text("a"), .number(1)]), .url(URL(string: "https://example.com/\(number)")!),
                        ])))
        }
        let table = Content.list((0..<5).map(entity))
        var writer = JSONWriter()
        writer.writesEntityTables = true
        table.write(to: &writer)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(
            text.hasPrefix(
                #"{"type":"entities","entityType":"TaskEntity","columns":["title","count","done","due","note","tags","link"],"rows":[["task-0","Task \"0\"","Due soon","Task 0",0.5,true,{"type":"date""#
            ), "\(text)")
        #expect(try Content(json: writer.bytes) == table)
        #expect(writer.bytes.count < table.jsonBytes.count / 2, "a table is the smaller form")
        // Without the host's word, the form Codable gives.
        #expect(try JSONDecoder().decode(Content.self, from: Data(table.jsonBytes)) == table)

        // Not tables: one entity, mixed types, different properties, other items; still read back.
        let other = Content.entity(EntityContent(typeName: "Item", identifier: "x", displayTitle: "X"))
        let renamed = Content.entity(
            EntityContent(typeName: "TaskEntity", identifier: "y", displayTitle: "Y", properties: ["title": .text("Y")]))
        for list in [[entity(1)], [entity(1), other], [entity(1), renamed], [entity(1), .text("a")], []] {
            var plain = JSONWriter()
            plain.writesEntityTables = true
            Content.list(list).write(to: &plain)
            #expect(!String(decoding: plain.bytes, as: UTF8.self).contains(#""entities""#))
            #expect(try Content(json: plain.bytes) == .list(list))
        }
        // A table inside a dictionary inside a table's cell.
        let nested = Content.list([
            .entity(EntityContent(typeName: "Box", identifier: "1", displayTitle: "1", properties: ["inside": .dictionary(["t": table])])),
            .entity(EntityContent(typeName: "Box", identifier: "2", displayTitle: "2", properties: ["inside": .nothing])),
        ])
        var nestedWriter = JSONWriter()
        nestedWriter.writesEntityTables = true
        nested.write(to: &nestedWriter)
        #expect(try Content(json: nestedWriter.bytes) == nested)
    }

    /// A table whose members come in another order is read; a broken one is an error that says
    /// what is wrong, never a crash.
    @Test func entityTablesInAnyOrderAndBrokenOnes() throws {
        let reordered =
            #"{"rows":[["1","One",null,"a"],["2","Two","sub",{"type":"number","number":2}]],"columns":["name"],"entityType":"Item","type":"entities"}"#
        #expect(
            try Content(json: Array(reordered.utf8))
                == .list([
                    .entity(EntityContent(typeName: "Item", identifier: "1", displayTitle: "One", properties: ["name": .text("a")])),
                    .entity(
                        EntityContent(
                            typeName: "Item", identifier: "2", displayTitle: "Two", subtitle: "sub", properties: ["name": .number(2)])),
                ]))
        let broken: [(String, String)] = [
            (#"{"type":"entities","entityType":"Item","columns":["a"],"rows":[["1","One",null]]}"#, "has 0 values for 1 columns"),
            (#"{"type":"entities","entityType":"Item","columns":["a","a"],"rows":[]}"#, "names a column twice"),
            (#"{"type":"entities","entityType":"Item","rows":[]}"#, "needs 'entityType', 'columns' and 'rows'"),
            (#"{"type":"entities","entityType":"Item","columns":[],"rows":[["1"]]}"#, "needs an identifier, a title and a subtitle"),
            (#"{"type":"entities","entityType":"Item","columns":[],"rows":[[1,"One",null]]}"#, "expected"),
        ]
        for (text, message) in broken {
            #expect {
                try Content(json: Array(text.utf8))
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }

    @Test func requestsAndResponsesAreScannedInOnePass() throws {
        let line = try JSONRPC.requestLine(
            id: .number(7), method: ExtensionProtocol.Method.perform,
            params: ExtensionProtocol.PerformParams(intent: "DoNothingIntent", parameters: [:], isInteractive: false))
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"jsonrpc":"2.0","id":7,"method":"intent.perform","params":{"intent":"DoNothingIntent","parameters":{},"confirmed":false,"confirmedParameters":[],"isInteractive":false}}"#
        )
        let message = try JSONRPC.ScannedMessage([UInt8](line))
        #expect(message.id == .number(7))
        #expect(message.method == ExtensionProtocol.Method.perform)
        let range = try #require(message.params)
        let params = try #require(try message.read(range, as: ExtensionProtocol.PerformParams.self))
        #expect(params.intent == "DoNothingIntent")
        let failure = try JSONRPC.ScannedMessage(
            Array(#"{"id":"x","error":{"code":-32601,"message":"no","data":{"any":1}},"jsonrpc":"2.0"}"#.utf8))
        #expect(failure.id == .string("x"))
        #expect(failure.error?.code == -32601)
        #expect(failure.error?.data == nil)
    }

    /// Bad input is an error naming where, never a crash or a deep recursion.
    @Test(arguments: [
        "", "{", "}", "[1,", #"{"type":"text""#, #"{"type":"text","text":}"#, #"{"type":"number","number":1e}"#,
        #"{"type":"text","text":"\x"}"#, #"{"type":"text","text":"\u12"}"#, "{\"type\":\"text\",\"text\":\"a\u{1}\"}",
        #"{"type":"nothing"} trailing"#, #"{"type":"spaceship"}"#, #"{"type":"list"}"#, #"{"type":"date","date":"yesterday"}"#,
        #"{"type":"dictionary","entries":[{"key":"a"}]}"#, String(repeating: "[", count: 100_000),
        #"{"type":"list","items":"# + String(repeating: #"[{"type":"list","items":"#, count: 300),
    ])
    func malformedContentIsAnErrorWithAnOffset(_ text: String) {
        #expect(throws: JSONReader.Failure.self) { try Content(json: Array(text.utf8)) }
    }

    @Test func aHugeObjectKeepsTheFirstPlaceAndLastValueOfARepeatedKeyInLinearTime() throws {
        var members = (0..<50_000).map { #""k\#($0)":\#($0)"# }
        members.append(#""k7":"again""#)
        var reader = JSONReader(Array(("{" + members.joined(separator: ",") + "}").utf8))
        let value = try reader.readValue()
        let object = try #require(value.objectValue)
        #expect(object.count == 50_000)
        #expect(object.keys[7] == "k7")
        #expect(object["k7"] == .string("again"))
    }
}

/// The ISO 8601 dates every message carries, written and read without a formatter, give what
/// `ISO8601DateFormatter` gives.
@Suite struct ISO8601Tests {
    @Test func writingMatchesTheFormatter() {
        let whole = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        var samples: [Double] = [0, -1, 0.0005, 0.9996, -1.0006, 12.9999, 951_782_400, 4_107_542_399.999, -11_644_473_600, 253_402_300_799]
        for _ in 0..<20_000 { samples.append(Double.random(in: -11_000_000_000...250_000_000_000, using: &generator)) }
        for _ in 0..<1_000 { samples.append(Double(Int.random(in: -11_000_000_000...250_000_000_000, using: &generator))) }
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            let isWhole = date.timeIntervalSinceReferenceDate.rounded() == date.timeIntervalSinceReferenceDate
            let expected = (isWhole ? whole : fractional).string(from: date)
            #expect(ISO8601.string(from: date) == expected, "\(seconds)")
        }
    }

    /// The forms read directly, and the ones left to the formatter (which is lenient: February
    /// 30th is March 2nd), give what the formatter gives.
    @Test(arguments: [
        "2026-11-30T12:00:00Z", "2026-11-30T12:00:00z", "2026-11-30T12:00:00+02:00", "2026-11-30T12:00:00-09:30",
        "2026-11-30T12:00:00.5Z", "2026-11-30T12:00:00.123456Z", "2026-11-30T23:59:59.999+00:00", "2026-11-30", "2024-02-29",
        "1600-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2000-02-29T10:20:30.04Z", "2026-13-01", "2026-02-30",
        "2026-11-30T24:00:00Z", "2026-11-30T12:00:00", "2026-11-30T12:00Z", "tomorrow", "1200-01-01T00:00:00Z",
    ])
    func readingMatchesTheFormatter(_ text: String) throws {
        let formatter = ISO8601DateFormatter()
        var expected: Date?
        // A bare date is only the date: the formatter would take the start of a longer text.
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
        ] + (text.count == 10 ? [[.withFullDate]] : []) where expected == nil {
            formatter.formatOptions = options
            expected = formatter.date(from: text)
        }
        #expect(ISO8601.date(from: text) == expected)
    }

    /// A date and time without an offset is not read as its date alone (it goes on to the date
    /// parser, which reads it in the local time zone).
    @Test(arguments: ["2030-01-02 09:00", "2030-01-02T09:00", "2030-01-02 9am"])
    func aTimeWithoutAnOffsetIsNotDropped(_ text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }
}
