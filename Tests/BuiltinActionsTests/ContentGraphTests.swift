import ActionTestSupport
import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

/// The content graph's conversions, pair by pair: every class Apple converts between and the
/// ones it refuses, the URL ones against a real HTTP server on 127.0.0.1.
@Suite(.serialized) struct ContentGraphTests {
    typealias T = SystemTest

    /// A graph with no network whose files come from the disk unchecked.
    static let offline = ContentGraph(download: nil) { path in
        FileContent(name: URL(fileURLWithPath: path).lastPathComponent, data: try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    }

    static func file(_ name: String, _ bytes: [UInt8], path: String? = nil) -> Content {
        .file(FileContent(name: name, data: Data(bytes), path: path))
    }

    static func convert(_ content: Content, _ target: ContentClass) throws -> Content {
        try DateContext.with(timeZone: LazyTimeZone(TimeZone(identifier: "UTC")!), locale: .english) {
            try offline.convert(content, to: target)
        }
    }

    struct Pair: Sendable, CustomTestStringConvertible {
        var from: Content
        var to: ContentClass
        var expected: Content
        var testDescription: String { "\(from.typeName) → \(to.displayName) (\(to.rawValue))" }
    }

    static let plistXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>name</key><string>Ada</string><key>age</key><integer>36</integer></dict></plist>
        """

    static let allowed: [Pair] = [
        Pair(from: .text(" 42 "), to: .number, expected: .number(42)),
        Pair(from: .text("1,234.5"), to: .number, expected: .number(1234.5)),
        Pair(from: .text("yes"), to: .boolean, expected: .boolean(true)),
        Pair(from: .text("2026-05-28"), to: .date, expected: .date(Date(timeIntervalSince1970: 1_779_926_400))),
        Pair(from: .text("May 28, 2026"), to: .date, expected: .date(Date(timeIntervalSince1970: 1_779_926_400))),
        Pair(from: .text("https://example.com/a?b=1"), to: .url, expected: .url(URL(string: "https://example.com/a?b=1")!)),
        Pair(
            from: .text("see https://a.example/x, and www.b.org."), to: .url,
            expected: .list([.url(URL(string: "https://a.example/x")!), .url(URL(string: "http://www.b.org")!)])),
        Pair(from: .text(#"{"a": 1}"#), to: .dictionary, expected: .dictionary(["a": .number(1)])),
        Pair(
            from: .text("a=1&b=two%20words&c"), to: .dictionary,
            expected: .dictionary(["a": .text("1"), "b": .text("two words"), "c": .text("")])),
        Pair(from: .text(plistXML), to: .dictionary, expected: .dictionary(["name": .text("Ada"), "age": .number(36)])),
        Pair(from: .text("write to ada@example.org today"), to: .emailAddress, expected: .text("ada@example.org")),
        Pair(from: .url(URL(string: "mailto:ada@example.org")!), to: .emailAddress, expected: .text("ada@example.org")),
        Pair(from: .text("call +1 (555) 123-4567 now"), to: .phoneNumber, expected: .text("+1 (555) 123-4567")),
        Pair(from: .text("1 Infinite Loop, Cupertino"), to: .location, expected: .text("1 Infinite Loop, Cupertino")),
        Pair(from: .text("hi"), to: .file, expected: .file(FileContent(name: "Text.txt", data: Data("hi".utf8)))),
        Pair(from: .text("<b>hi</b>"), to: .richText, expected: .text("<b>hi</b>")),
        Pair(from: .number(3), to: .text, expected: .text("3")),
        Pair(from: .number(2.5), to: .boolean, expected: .boolean(true)),
        Pair(from: .boolean(true), to: .number, expected: .number(1)),
        Pair(from: .boolean(false), to: .text, expected: .text("No")),
        Pair(from: .date(Date(timeIntervalSince1970: 0)), to: .text, expected: .text("Jan 1, 1970 at 12:00\u{202F}AM")),
        Pair(from: .dictionary(["a": .list([.number(1)])]), to: .text, expected: .text(#"{"a":[1]}"#)),
        Pair(from: .dictionary(["a": .number(1)]), to: .dictionary, expected: .dictionary(["a": .number(1)])),
        Pair(from: file("d.json", Array(#"{"k": "v"}"#.utf8)), to: .dictionary, expected: .dictionary(["k": .text("v")])),
        Pair(
            from: file("p.plist", Array(plistXML.utf8)), to: .dictionary, expected: .dictionary(["name": .text("Ada"), "age": .number(36)])),
        Pair(from: file("u16.txt", [0xFF, 0xFE, 0x68, 0x00, 0xE9, 0x00]), to: .text, expected: .text("hé")),
        Pair(from: file("u16be.txt", [0xFE, 0xFF, 0x00, 0x68, 0x00, 0xE9]), to: .text, expected: .text("hé")),
        Pair(from: file("bom.txt", [0xEF, 0xBB, 0xBF, 0x68]), to: .text, expected: .text("h")),
        Pair(from: file("latin1.txt", [0x63, 0x61, 0x66, 0xE9]), to: .text, expected: .text("café")),
        Pair(from: file("p.png", [0x89, 0x50, 0x4E, 0x47]), to: .image, expected: file("p.png", [0x89, 0x50, 0x4E, 0x47])),
        Pair(from: file("d.pdf", [0x25, 0x50]), to: .pdf, expected: file("d.pdf", [0x25, 0x50])),
        Pair(from: file("s.mp3", [1]), to: .media, expected: file("s.mp3", [1])),
        Pair(from: file("n.txt", [0x61], path: "/tmp/n.txt"), to: .url, expected: .url(URL(fileURLWithPath: "/tmp/n.txt"))),
        Pair(from: .url(URL(string: "https://example.com/")!), to: .text, expected: .text("https://example.com/")),
        Pair(from: .list([.text("1"), .text("2")]), to: .number, expected: .list([.number(1), .number(2)])),
        Pair(from: .nothing, to: .number, expected: .nothing),
    ]

    @Test(arguments: allowed) func allowedConversion(_ pair: Pair) throws {
        #expect(try Self.convert(pair.from, pair.to) == pair.expected)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var from: Content
        var to: ContentClass
        var had: String
        var testDescription: String { "\(had) ✗ \(to.displayName) (\(to.rawValue))" }
    }

    static let refused: [Refusal] = [
        Refusal(from: .text("hello"), to: .number, had: "Text"),
        Refusal(from: .text("hello"), to: .date, had: "Text"),
        Refusal(from: .text("maybe"), to: .boolean, had: "Text"),
        Refusal(from: .text("no links here"), to: .url, had: "Text"),
        Refusal(from: .text("{not json"), to: .dictionary, had: "Text"),
        Refusal(from: .text("just words"), to: .emailAddress, had: "Text"),
        Refusal(from: .text("12"), to: .phoneNumber, had: "Text"),
        Refusal(from: .text("a picture"), to: .image, had: "Text"),
        Refusal(from: .number(7), to: .url, had: "Number"),
        Refusal(from: .number(7), to: .dictionary, had: "Number"),
        Refusal(from: .number(7), to: .location, had: "Number"),
        Refusal(from: .dictionary(["a": .number(1)]), to: .number, had: "Dictionary"),
        Refusal(from: .boolean(true), to: .date, had: "Boolean"),
        Refusal(from: .url(URL(string: "https://example.com")!), to: .number, had: "URL"),
        Refusal(from: file("n.txt", [0x61]), to: .image, had: "File (public.plain-text)"),
        Refusal(from: file("p.png", [0x89]), to: .pdf, had: "File (public.png)"),
        Refusal(from: file("n.txt", [0x61]), to: .url, had: "File (public.plain-text)"),
        Refusal(from: file("b.bin", [0, 1, 2]), to: .dictionary, had: "File (public.data)"),
    ]

    @Test(arguments: refused) func refusedConversion(_ refusal: Refusal) {
        do {
            let output = try Self.convert(refusal.from, refusal.to)
            Issue.record("expected a refusal, got \(output)")
        } catch let error as ContentConversionError {
            #expect(error.isRefusal)
            #expect(error.had == refusal.had)
            #expect(error.needed == refusal.to)
            #expect(error.message.contains(refusal.had) && error.message.contains(refusal.to.article))
        } catch {
            Issue.record("expected a ContentConversionError, got \(error)")
        }
    }

    /// Found by FuzzContentGraph: Foundation's date parser stops the program when its parse ends
    /// inside a character (a combining mark on a digit or a dash).
    @Test func textWithACombiningMarkOnADigitIsNoDateAndNoCrash() throws {
        for text in ["123-\u{07F3}x", "2026-12-01\u{0301}", "12:30\u{0308} today"] {
            #expect(throws: ContentConversionError.self) { try Self.convert(.text(text), .date) }
            _ = try T.run("detect.date", input: .text(text))
        }
        let found = Data(
            base64Encoded:
                "VmlzaXQgMSBJbmZpbml0m9+zkPWPkMZ1cGVydBAAEwAAAAAAJTLLiJCNZHMmY2V4YW1wbGUucnJnLCBzZWU2LTEyLTAwIGF8IDk6MzsgY2FsbCArMSAoNTU1KSAxMjMtNDU2NywgbWFpbCBtKzEgKDU1NSkgMTIzLd+zkJCP9cJ1cGVydLsAAAAgQ0EgOTUwMTQKb3IgVWp0ZXIgZGVuIExpbmRlbiA3OiwgMTAxMTcgQmVybGluOyBtCg=="
        )!
        _ = try T.run("detect.date", input: .text(String(decoding: found, as: UTF8.self)))
        #expect(try Self.convert(.text("2026-12-01"), .date) == .date(Date(timeIntervalSince1970: 1_796_083_200)))
    }

    @Test func getAsDropsWhatCannotConvertAndConvertFailsOnIt() throws {
        let mixed = Content.list([.text("1"), .text("x"), .text("2")])
        #expect(try Self.offline.coerce(mixed, to: .number) == .list([.number(1), .number(2)]))
        #expect(throws: ContentConversionError.self) { try Self.offline.convert(mixed, to: .number) }
    }

    @Test func anActionNamesTheParameterAndBothClassesWhenAConversionFails() {
        let error = T.failure { try T.run("detect.dictionary", input: .number(42)) }
        #expect(error?.actionIdentifier == "is.workflow.actions.detect.dictionary")
        #expect(error?.actionIndex == 1)
        #expect(error?.parameter == "WFInput")
        #expect(error?.message.contains("Number") == true)
        #expect(error?.message.contains("a Dictionary") == true)
    }

    // MARK: URLs are downloaded

    func environment() -> RunEnvironment {
        var environment = T.environment()
        environment.download = Builtins.download
        return environment
    }

    @Test func aURLUsedAsADictionaryIsDownloadedAndRead() throws {
        let server = try LocalHTTPServer()
        try server.serve(#"{"version": "2.1", "notes": ["fast"]}"#, at: "update.json")
        let url = Content.url(URL(string: server.url("update.json"))!)
        let parsed = try T.run("detect.dictionary", input: url, environment: environment())
        #expect(parsed.dictionary?["version"] == .text("2.1"))
        // The same through a variable's Get as Dictionary.
        let getAs = try T.run(
            [
                T.action("url", ["WFURLActionURL": T.text(server.url("update.json"))], uuid: "U"),
                T.action(
                    "getvariable",
                    [
                        "WFVariable": .attachment(
                            TokenAttachment(
                                .actionOutput(uuid: "U", name: nil), aggrandizements: [.coercion(itemClass: "WFDictionaryContentItem")]))
                    ]),
                T.action("getvalueforkey", ["WFDictionaryKey": T.text("notes")]),
            ], environment: environment())
        #expect(getAs == .list([.text("fast")]))
    }

    @Test func aListOfURLsDownloadsEachAndTypesTheFiles() throws {
        let server = try LocalHTTPServer()
        try server.serve("one", at: "one.txt")
        try server.serve("<p>two</p>", at: "two.html")
        let graph = try #require(Optional(RunContextProbe.graph(environment())))
        let files = try graph.convert(
            .list([.url(URL(string: server.url("one.txt"))!), .url(URL(string: server.url("two.html"))!)]), to: .file)
        guard case .list(let items) = files, items.count == 2, case .file(let one) = items[0], case .file(let two) = items[1] else {
            Issue.record("expected two files, got \(files)")
            return
        }
        #expect(one.name == "one.txt" && one.data == Data("one".utf8))
        #expect(two.typeIdentifier == "public.html")
        #expect(try graph.convert(.url(URL(string: server.url("two.html"))!), to: .text) == .text(server.url("two.html")))
    }

    @Test func aDownloadedFileThatIsNotAnImageIsRefusedAsOne() throws {
        let server = try LocalHTTPServer()
        try server.serve("not a picture", at: "note.txt")
        let graph = RunContextProbe.graph(environment())
        #expect(throws: ContentConversionError.self) { try graph.convert(.url(URL(string: server.url("note.txt"))!), to: .image) }
    }

    @Test func saveFileWithAURLSavesWhatItHolds() throws {
        let server = try LocalHTTPServer()
        try server.serve("payload", at: "data.txt")
        let folder = try TemporaryDirectory()
        let saved = try T.run(
            "documentpicker.save",
            ["WFAskWhereToSave": T.bool(false), "WFFileDestinationPath": T.text(folder.path + "/")],
            input: .url(URL(string: server.url("data.txt"))!), environment: environment())
        #expect(FileManager.default.contents(atPath: folder.path + "/data.txt") == Data("payload".utf8))
        guard case .file(let file) = saved else { throw ActionFailure("expected a file, got \(saved)") }
        #expect(file.path == folder.path + "/data.txt")
    }

    @Test func withoutANetworkTheConversionSaysSo() {
        let error = T.failure {
            try T.run("detect.dictionary", input: .url(URL(string: "https://example.com/x.json")!), environment: T.environment(http: nil))
        }
        #expect(error?.parameter == "WFInput")
        #expect(error?.message.contains("no network") == true)
    }

    @Test func aFileURLIsReadOnlyWhereTheShortcutMayRead() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(#"{"a": 1}"#, to: "d.json")
        var environment = T.environment()
        environment.fileAccess = FileAccess(
            shortcut: .init(name: "Test", identifier: nil), grants: [FolderGrant(path: folder.path + "/elsewhere")], home: folder.path)
        let error = T.failure { try T.run("detect.dictionary", input: .url(URL(fileURLWithPath: path)), environment: environment) }
        #expect(error?.code == .notPermitted)
        #expect(try T.run("detect.dictionary", input: .url(URL(fileURLWithPath: path))).dictionary?["a"] == .number(1))
    }
}

/// The graph a run's context builds from an environment, without running actions.
enum RunContextProbe {
    static func graph(_ environment: RunEnvironment) -> ContentGraph {
        ContentGraph(download: environment.download) { path in
            FileContent(
                name: URL(fileURLWithPath: path).lastPathComponent, data: try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        }
    }
}
