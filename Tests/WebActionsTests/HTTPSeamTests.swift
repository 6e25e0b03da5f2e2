import ActionTestSupport
import Foundation
import PlatformFakes
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsPlatform
import ShortcutsTestSupport
import Synchronization
import Testing

/// Every request an action makes goes through the run's HTTP transport: scripted here, in
/// memory, so these tests need no network and no server; a run without one has no network; the
/// run's value limit bounds a response; a stopped run stops its request (libcurl's too).
struct HTTPSeamTests {
    typealias T = SystemTest

    @Test func getContentsOfURLSendsThroughTheRunsTransport() throws {
        let http = InMemoryHTTP()
        http.serve(
            "https://example.com/items", status: 201, body: #"{"id": 7}"#,
            headers: ["Content-Type": "application/json", "Content-Disposition": "attachment; filename=\"made.json\""])
        let json = ParameterValue.dictionaryField([DictionaryItem(itemType: 0, key: T.text("name"), value: T.text("Ada"))])
        let output = try T.run(
            "downloadurl",
            [
                "WFURL": T.text("https://example.com/items"), "WFHTTPMethod": T.text("POST"), "WFHTTPBodyType": T.text("JSON"),
                "WFJSONValues": json,
            ], environment: T.environment(http: http))
        guard case .file(let file) = output else { throw ActionFailure("expected a file, got \(output)") }
        #expect(file.name == "made.json" && file.data == Data(#"{"id": 7}"#.utf8))
        let sent = try #require(http.requests.first)
        #expect(http.requests.count == 1 && sent.method == "POST" && sent.url.absoluteString == "https://example.com/items")
        #expect(sent.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self).contains("\"Ada\""))
    }

    @Test func theExternalIPAddressComesFromTheConfiguredService() throws {
        let http = InMemoryHTTP()
        http.serve("https://echo.example/", body: "203.0.113.7\n")
        let output = try T.run(
            "getipaddress", ["WFIPAddressSourceOption": T.text("External")],
            environment: T.environment(variables: ["SHORTCUTS_SERVICE_IP_ECHO": "https://echo.example/"], http: http))
        #expect(output == .text("203.0.113.7"))
        #expect(http.requests.map(\.url.absoluteString) == ["https://echo.example/"])
    }

    @Test func theContentGraphDownloadsThroughTheRunsTransport() throws {
        let http = InMemoryHTTP()
        http.serve("https://example.com/person.json", body: #"{"name": "Ada"}"#, headers: ["Content-Type": "application/json"])
        let output = try T.run(
            "detect.dictionary", input: .url(URL(string: "https://example.com/person.json")!), environment: T.environment(http: http))
        #expect(output.dictionary?["name"] == .text("Ada"))
        #expect(http.requests.count == 1)
    }

    @Test func aRunWithoutATransportHasNoNetwork() {
        let error = T.failure {
            try T.run("downloadurl", ["WFURL": T.text("https://example.com/x")], environment: T.environment(http: nil))
        }
        #expect(error?.parameter == "WFURL")
        #expect(error?.message.contains("this run has no network") == true)
    }

    @Test func aResponsePastTheRunsValueLimitFailsNamingTheLimit() {
        let http = InMemoryHTTP()
        http.serve("https://example.com/big", data: Data(count: 4_096))
        var environment = T.environment(http: http)
        environment.limits.valueBytes = 1_000
        let error = T.failure { try T.run("downloadurl", ["WFURL": T.text("https://example.com/big")], environment: environment) }
        #expect(error?.parameter == "WFURL")
        #expect(error?.message.contains("limits.valueBytes") == true)
    }

    /// libcurl's transport, against a server that accepts the connection and never answers: the
    /// stopped run's request ends within 100 ms of the stop, as cancelled, not at its 60-second timeout.
    @Test func stoppingARunStopsLibcurlsRequestWithin100Milliseconds() throws {
        let server = try SilentServer()
        // The catalog is loaded first, so the stop comes while the request waits, not before it starts.
        _ = try T.run([T.action("comment")])
        let cancellation = Cancellation()
        let stoppedAt = Mutex<Date?>(nil)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            stoppedAt.withLock { $0 = Date() }
            cancellation.cancel()
        }
        do {
            _ = try T.run(
                [T.action("downloadurl", ["WFURL": T.text("http://127.0.0.1:\(server.port)/never")])], cancellation: cancellation)
            Issue.record("the request to a server that never answers returned")
        } catch {
            #expect(error.code == .cancelled, "\(error)")
        }
        let delay = try #require(stoppedAt.withLock { $0 }).distance(to: Date())
        #expect(delay < 0.1, "the request ended \(Int(delay * 1000)) ms after the run was stopped")
    }
}
