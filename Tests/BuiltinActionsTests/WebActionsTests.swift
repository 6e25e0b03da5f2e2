import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions
@testable import ShortcutsPlatform

/// Starts Python servers that print the port they listen on once they listen.
enum PythonServer {
    /// Runs `script` with `arguments` in `process` and returns the port it printed.
    static func start(_ process: Process, script: String, arguments: [String]) throws -> Int {
        process.executableURL = URL(fileURLWithPath: ProcessRunner.find("python3") ?? "/usr/bin/python3")
        process.arguments = [script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The server prints its port once it listens; a line read means it answers.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw ActionFailure("the test server \(URL(fileURLWithPath: script).lastPathComponent) did not start")
        }
        return port
    }
}

/// A real HTTP server on 127.0.0.1: Python's http.server serving a temporary directory, with
/// POST, PUT and PATCH echoing what they received as JSON, `/redirect?to=URL` answering 302, and
/// every request written to `requests.log` (method, path with query, body) for tests to read.
final class LocalHTTPServer {
    let directory: TemporaryDirectory
    let process = Process()
    let port: Int

    static let script = """
        import http.server, json, os, sys
        log_path = os.path.join(os.path.dirname(sys.argv[1]), "requests.log")
        def log(method, path, body=""):
            with open(log_path, "a") as f:
                f.write(json.dumps({"method": method, "path": path, "body": body}) + "\\n")
        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                log("GET", self.path)
                if self.path.startswith("/redirect?to="):
                    self.send_response(302)
                    self.send_header("Location", self.path[len("/redirect?to="):])
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                # A query picks a file named after the path and its query, else the path's file.
                if "?" in self.path:
                    named = self.path.replace("?", "_").replace("&", "_").replace("=", "-").replace("/", "", 1)
                    if os.path.exists(named):
                        self.path = "/" + named
                    else:
                        self.path = self.path.split("?")[0]
                super().do_GET()
            def do_HEAD(self):
                log("HEAD", self.path)
                if self.path.startswith("/redirect?to="):
                    self.send_response(302)
                    self.send_header("Location", self.path[len("/redirect?to="):])
                    self.end_headers()
                    return
                super().do_HEAD()
            def echo(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
                log(self.command, self.path, body)
                reply = json.dumps({"method": self.command, "path": self.path, "body": body,
                                    "contentType": self.headers.get("Content-Type"),
                                    "token": self.headers.get("X-Token")}).encode()
                self.send_response(201)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)
            do_POST = do_PUT = do_PATCH = do_DELETE = echo
            def log_message(self, *args):
                pass
        os.chdir(sys.argv[1])
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    init() throws {
        directory = try TemporaryDirectory()
        let script = try directory.write(Self.script, to: "server.py")
        try FileManager.default.createDirectory(atPath: directory.path + "/site", withIntermediateDirectories: true)
        port = try PythonServer.start(process, script: script, arguments: [directory.path + "/site"])
    }

    deinit {
        // SIGKILL: the runner's threads may leave SIGTERM ignored in children, and the server must go.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Puts a file in the served directory.
    func serve(_ text: String, at name: String) throws { try directory.write(text, to: "site/" + name) }

    /// The requests the server received so far: method, path with query, body.
    func requests() -> [(method: String, path: String, body: String)] {
        (directory.read("requests.log") ?? "").split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String] else { return nil }
            return (object["method"] ?? "", object["path"] ?? "", object["body"] ?? "")
        }
    }
}

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

/// Collects values from `@Sendable` callbacks.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []
    func append(_ value: Value) { lock.withLock { values.append(value) } }
    var items: [Value] { lock.withLock { values } }
}
