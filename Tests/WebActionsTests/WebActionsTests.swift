import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions
@testable import ShortcutsPlatform

@Suite(.serialized) struct WebActionsTests {
    typealias T = SystemTest

    @Test func getAFile() throws {
        let server = try LocalHTTPServer()
        try server.serve("hello over http", at: "hello.txt")
        let output = try T.run("downloadurl", ["WFURL": T.text(server.url("hello.txt"))])
        guard case .file(let file) = output else { Issue.record("expected a file, got \(output)"); return }
        #expect(file.name == "hello.txt")
        #expect(file.typeIdentifier == "public.plain-text")
        #expect(output.text == "hello over http")
    }

    @Test func jsonResponseIsADictionaryDownstream() throws {
        let server = try LocalHTTPServer()
        try server.serve(#"{"name": "Ada", "tags": [1, 2]}"#, at: "person.json")
        let output = try T.run("downloadurl", ["WFURL": T.text(server.url("person.json"))])
        #expect(output.dictionary?["name"] == .text("Ada"))
        #expect(output.value(forKeyPath: "tags") == .list([.number(1), .number(2)]))
    }

    @Test func postJSONReachesTheServer() throws {
        let server = try LocalHTTPServer()
        let values = ParameterValue.dictionaryField([
            DictionaryItem(itemType: 0, key: T.text("title"), value: T.text("Buy milk")),
            DictionaryItem(itemType: 3, key: T.text("count"), value: T.text("2")),
        ])
        let headers = ParameterValue.dictionaryField([DictionaryItem(itemType: 0, key: T.text("X-Token"), value: T.text("secret"))])
        let output = try T.run(
            "downloadurl",
            [
                "WFURL": T.text(server.url("items")), "WFHTTPMethod": T.text("POST"), "WFHTTPBodyType": T.text("JSON"),
                "WFJSONValues": values, "WFHTTPHeaders": headers,
            ])
        let echo = try #require(output.dictionary)
        #expect(echo["method"] == .text("POST"))
        #expect(echo["path"] == .text("/items"))
        #expect(echo["contentType"] == .text("application/json"))
        #expect(echo["token"] == .text("secret"))
        #expect(echo["body"] == .text(#"{"title":"Buy milk","count":2}"#))
    }

    @Test func putAForm() throws {
        let server = try LocalHTTPServer()
        let form = ParameterValue.dictionaryField([
            DictionaryItem(itemType: 0, key: T.text("q"), value: T.text("a&b c"))
        ])
        let output = try T.run(
            "downloadurl",
            [
                "WFURL": T.text(server.url("form")), "WFHTTPMethod": T.text("PUT"), "WFHTTPBodyType": T.text("Form"), "WFFormValues": form,
            ])
        #expect(output.dictionary?["body"] == .text("q=a%26b%20c"))
        #expect(output.dictionary?["contentType"] == .text("application/x-www-form-urlencoded"))
    }

    @Test func notFoundReturnsTheBody() throws {
        let server = try LocalHTTPServer()
        let output = try T.run("downloadurl", ["WFURL": T.text(server.url("missing.txt"))])
        #expect(output.text.contains("404"))
    }

    @Test func refusedConnectionNamesTheURLParameter() {
        let error = T.failure { try T.run("downloadurl", ["WFURL": T.text("http://127.0.0.1:1/nothing")]) }
        #expect(error?.parameter == "WFURL")
        #expect(error?.message.contains("127.0.0.1:1") == true)
    }

    @Test func notAURLNamesTheParameter() {
        let error = T.failure { try T.run("downloadurl", ["WFURL": T.text("not a url")]) }
        #expect(error?.parameter == "WFURL")
    }

    @Test func webPageContentsIsRichText() throws {
        let server = try LocalHTTPServer()
        try server.serve("<html><head><title>T</title></head><body><h1>Title</h1><p>One &amp; two</p></body></html>", at: "page.html")
        let output = try T.run("getwebpagecontents", ["WFInput": T.text(server.url("page.html"))])
        #expect(output.file().typeIdentifier == "public.html")
        // As text, rich text is what a reader sees; its source comes back through Make HTML from Rich Text.
        #expect(output.text == "Title\nOne & two")
        let source = try T.run("gethtmlfromrichtext", ["WFMakeFullDocument": .plain(.boolean(true))], input: output)
        #expect(source.text.contains("<h1>Title</h1><p>One &amp; two</p>"))
    }

    @Test func openURLsUsesTheEnvironment() throws {
        let opened = Recorder<URL>()
        let environment = T.environment(openURL: { opened.append($0) })
        let output = try T.run("openurl", ["WFInput": T.text("https://example.com/a")], environment: environment)
        #expect(opened.items == [URL(string: "https://example.com/a")!])
        #expect(output.text == "https://example.com/a")
    }
}
