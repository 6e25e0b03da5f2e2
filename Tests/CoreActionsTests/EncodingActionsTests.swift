import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

@Suite("Encoding actions")
struct EncodingActionsTests {
    @Test func urlActionMakesURLsFromTextAndLists() throws {
        let one = try runActions([action("url", ["WFURLActionURL": "https://example.com/a?b=1"])])
        #expect(one == .url(URL(string: "https://example.com/a?b=1")!))
        let several = try runActions([action("url", ["WFURLActionURL": list(["https://a.example", "https://b.example/x y"])])])
        #expect(texts(several) == ["https://a.example", "https://b.example/x%20y"])
        let lines = try runActions([action("url", ["WFURLActionURL": "https://one.example\nhttps://two.example"])])
        #expect(lines.items.count == 2)
    }

    @Test(arguments: [
        ("Scheme", "https"), ("User", "ada"), ("Password", "secret"), ("Host", "example.com"), ("Port", "8080"),
        ("Path", "/docs/page"), ("Query", "q=1&r=two"), ("Fragment", "top"),
    ])
    func urlComponents(component: String, expected: String) throws {
        let result = try runActions([
            action("url", ["WFURLActionURL": "https://ada:secret@example.com:8080/docs/page?q=1&r=two#top"]),
            action("geturlcomponent", ["WFURLComponent": .plain(.string(component))]),
        ])
        #expect(result.text == expected)
    }

    @Test func urlComponentOfTextAndErrors() throws {
        #expect(
            try runActions([action("geturlcomponent", ["WFURL": "https://example.org/x", "WFURLComponent": "Host"])])
                == .text("example.org"))
        #expect(try runActions([action("geturlcomponent", ["WFURL": "https://example.org"])]) == .text("https"))
        #expect(try runActions([action("geturlcomponent", ["WFURL": "https://example.org", "WFURLComponent": "Port"])]) == .nothing)
        #expect(runError([action("geturlcomponent", ["WFURL": "not a url"])])?.parameter == "WFURL")
    }

    @Test func urlEncodeAndDecode() throws {
        let encoded = try runActions([action("urlencode", ["WFInput": "a b&c=d/é?~"])])
        #expect(encoded == .text("a%20b%26c%3Dd%2F%C3%A9%3F~"))
        let decoded = try runActions([action("urlencode", ["WFInput": "a b&c=d/é?~"]), action("urlencode", ["WFEncodeMode": "Decode"])])
        #expect(decoded == .text("a b&c=d/é?~"))
        #expect(runError([action("urlencode", ["WFInput": "100%", "WFEncodeMode": "Decode"])])?.parameter == "WFInput")
    }

    @Test func base64EncodesWithEachLineBreakMode() throws {
        let long = String(repeating: "Shortcuts on Linux! ", count: 6)
        let expected = Data(long.utf8).base64EncodedString()
        let none = try runActions([action("base64encode", ["WFInput": .plain(.string(long)), "WFBase64LineBreakMode": "None"])]).text
        #expect(none == expected)
        let every76 = try runActions([action("base64encode", ["WFInput": .plain(.string(long))])]).text
        #expect(every76.components(separatedBy: "\r\n").map(\.count) == [76, 76, 8])
        let every64 = try runActions([
            action("base64encode", ["WFInput": .plain(.string(long)), "WFBase64LineBreakMode": "Every 64 Characters"])
        ]).text
        #expect(every64.components(separatedBy: "\r\n").map(\.count) == [64, 64, 32])
        #expect(try runActions([action("base64encode", ["WFInput": "héllo"])]) == .text("aMOpbGxv"))
    }

    @Test func base64DecodeRoundTripsTextAndKeepsBinaryAsAFile() throws {
        let text = try runActions([
            action("base64encode", ["WFInput": "Grüße 👋", "WFBase64LineBreakMode": "Every 64 Characters"]),
            action("base64encode", ["WFEncodeMode": "Decode"]),
        ])
        #expect(text == .text("Grüße 👋"))
        let unpadded = try runActions([action("base64encode", ["WFInput": "aGk", "WFEncodeMode": "Decode"])])
        #expect(unpadded == .text("hi"))
        let binary = try runActions([action("base64encode", ["WFInput": "/+7dzA==", "WFEncodeMode": "Decode"])])
        guard case .file(let file) = binary else {
            Issue.record("expected a file, got \(binary)")
            return
        }
        #expect(file.data == Data([0xFF, 0xEE, 0xDD, 0xCC]))
        #expect(runError([action("base64encode", ["WFInput": "@@@", "WFEncodeMode": "Decode"])])?.parameter == "WFInput")
    }

    @Test(arguments: [
        ("MD5", "900150983cd24fb0d6963f7d28e17f72"),
        ("SHA1", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("SHA256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "SHA512",
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        ),
    ])
    func hashOfText(type: String, expected: String) throws {
        #expect(try runActions([action("hash", ["WFInput": "abc", "WFHashType": .plain(.string(type))])]) == .text(expected))
    }

    @Test func hashDefaultsToMD5AndHashesEveryItem() throws {
        let result = try runActions([action("list", ["WFItems": list(["", "abc"])]), action("hash")])
        #expect(result == .list([.text("d41d8cd98f00b204e9800998ecf8427e"), .text("900150983cd24fb0d6963f7d28e17f72")]))
        #expect(runError([action("hash", ["WFInput": "x", "WFHashType": "CRC32"])])?.parameter == "WFHashType")
    }

    @Test func detectLinkFindsLinksInText() throws {
        let result = try runActions([
            action(
                "gettext",
                ["WFTextActionText": "See https://example.com/a_(b), www.swift.org. Mail ada@example.org or visit apple.com/mac!"]),
            action("detect.link"),
        ])
        #expect(texts(result) == ["https://example.com/a_(b)", "http://www.swift.org", "mailto:ada@example.org", "http://apple.com/mac"])
        #expect(result.items.allSatisfy { if case .url = $0 { true } else { false } })
        #expect(try runActions([action("detect.link", ["WFInput": "no links, e.g. here"])]) == .nothing)
    }
}
