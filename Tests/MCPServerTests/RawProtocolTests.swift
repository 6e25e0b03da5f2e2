import Foundation
import ShortcutsRPC
import ShortcutsTestSupport
import Testing

/// `shortcuts mcp` over raw standard input and output: malformed input, protocol errors,
/// standard output holding only protocol lines, exit on end of input, and list_changed.
@Suite("MCP over raw stdio")
struct RawProtocolTests {
    @Test func malformedInputGetsJSONRPCErrorsAndTheServerGoesOn() throws {
        let home = try MCPTestHome()
        let lines = [
            "this is not json",
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
            #"[{"jsonrpc":"2.0","id":2,"method":"ping"}]"#,
            #"{"jsonrpc":"1.0","id":3,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":4}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":"oops"}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"arguments":{}}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"resources/list"}"#,
            #"{"jsonrpc":"2.0","method":"notifications/whatever"}"#,
            "",
            #"{"jsonrpc":"2.0","id":{"bad":true},"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"shortcut.Hello","arguments":{"input":"Raw"}}}"#,
            #"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"com.example.SouperTask.CreateTaskIntent","arguments":{"title":"Tea","dueDate":"2032-01-01T08:00:00Z"}}}"#,
            #"{"jsonrpc":"2.0","id":"last","method":"ping"}"#,
        ]
        // The input stays open until every reply is in: its end would cancel the calls still running.
        let server = try home.startServer()
        for line in lines { try server.send(line) }
        let replies = try (0..<12).map { _ in try server.receive(timeout: 60) }
        let result = try server.finish()
        #expect(result.status == 0, "\(result.error)")

        // Every line on standard output is a JSON-RPC 2.0 message.
        #expect(replies.allSatisfy { $0["jsonrpc"] == "2.0" && ($0["result"] != nil || $0["error"] != nil) })
        func code(_ reply: JSONValue?) -> Int? { reply?["error"]?["code"]?.numberValue.map(Int.init) }
        // Replies without an id come in order; tool calls are answered when they end, so by id.
        #expect(replies.filter { $0["id"] == .null }.map(code) == [-32700, -32600, -32600])
        let byID = Dictionary(replies.compactMap { reply in reply["id"].flatMap { $0 == .null ? nil : ($0.text, reply) } }) { first, _ in
            first
        }
        #expect(byID.count == 9)
        #expect(byID["1"]?["result"]?["protocolVersion"] == "2025-06-18")
        #expect([3, 4, 5, 6, 7].map { code(byID[String($0)]) } == [-32600, -32600, -32602, -32602, -32601])
        #expect(byID["8"]?["result"]?["content"] == [["type": "text", "text": "Hello, Raw!"]])
        #expect(byID["9"]?["result"]?["isError"] == false)
        #expect(byID[#""last""#]?["result"] != nil)
        // The app's dialog is shown on standard error; standard output had only the JSON lines above.
        #expect(result.error.contains("Tea”."), "\(result.error)")
    }

    /// Tool calls run off the reading thread: `ping` is answered during a call,
    /// `notifications/cancelled` stops one (and it gets no reply), and the end of input cancels
    /// what runs and exits.
    @Test func pingAnswersDuringACallAndCancellingStopsIt() throws {
        let home = try MCPTestHome()
        try Data("Wait 30\n".utf8).write(to: home.directory.appendingPathComponent("Nap.sct"))
        let imported = try home.run("shortcuts", ["import", home.directory.path + "/Nap.sct"])
        try #require(imported.status == 0, "\(imported.error)")
        let server = try home.startServer()
        try server.initialize()
        func call(_ id: Int, _ tool: String, _ arguments: JSONValue = [:]) throws {
            try server.send(
                JSONValue.object([
                    "jsonrpc": "2.0", "id": .number(Double(id)), "method": "tools/call",
                    "params": ["name": .string(tool), "arguments": arguments],
                ]).text)
        }
        try call(10, "shortcut.Nap")
        try server.send(#"{"jsonrpc":"2.0","id":11,"method":"ping"}"#)
        #expect(try server.receive(timeout: 10)["id"] == 11)
        try server.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":10,"reason":"enough"}}"#)
        try server.send(#"{"jsonrpc":"2.0","id":12,"method":"ping"}"#)
        #expect(try server.receive(timeout: 10)["id"] == 12)
        // The next call runs at once: the cancelled one stopped instead of waiting its 30 s.
        try call(13, "shortcut.Hello", ["input": "again"])
        let hello = try server.receive(timeout: 10)
        #expect(hello["id"] == 13, "\(hello)")
        #expect(hello["result"]?["content"]?.arrayValue?.first?["text"] == "Hello, again!", "\(hello)")
        // A call still running when the input ends is cancelled, and the server exits.
        try call(14, "shortcut.Nap")
        let finished = try server.finish(timeout: 10)
        #expect(finished.status == 0, "\(finished.error)")
    }

    /// `notifications/cancelled` stops the call's running action within 100 ms: a download
    /// from a server that never answers, a script's child process, an app action whose
    /// extension ignores the cancellation (the other front ends: CancellationBoundTests).
    @Test(arguments: StuckActions.Kind.allCases)
    func aCancelledCallStopsItsActionWithin100Milliseconds(_ kind: StuckActions.Kind) throws {
        let home = try MCPTestHome()
        let stuck = try StuckActions(home: home.home, scratch: home.directory.path)
        home.extraEnvironment["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] = "1"
        let server = try home.startServer()
        try server.initialize()
        try server.send(
            JSONValue.object([
                "jsonrpc": "2.0", "id": 20, "method": "tools/call", "params": ["name": .string("shortcut.\(kind)"), "arguments": [:]],
            ]).text)
        stuck.waitUntilStarted(kind)
        let stopped = try stuck.timeToStop(kind) {
            try server.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":20}}"#)
        }
        #expect(stopped.map { $0 < .milliseconds(100) } == true, "\(kind) stopped \(String(describing: stopped)) after the cancellation")
        // The server goes on: the cancelled call gets no reply, the next one does.
        try server.send(#"{"jsonrpc":"2.0","id":21,"method":"ping"}"#)
        #expect(try server.receive(timeout: 10)["id"] == 21)
    }

    /// An over-long message is skipped with an error reply; the server reads on and answers the
    /// next one instead of exiting.
    @Test func anOverlongLineIsSkippedWithAnErrorAndServingGoesOn() throws {
        let home = try MCPTestHome()
        home.extraEnvironment["SHORTCUTS_MCP_MAX_LINE_BYTES"] = "4096"
        let long = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""# + String(repeating: "x", count: 200_000) + #""}}"#
        let lines = [long, #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#]
        let result = try home.run("shortcuts", ["mcp"], input: Data((lines.joined(separator: "\n") + "\n").utf8), timeout: 60)
        #expect(result.status == 0, "\(result.error)")
        let replies = try result.output.split(separator: "\n").map { try #require(JSONValue(parsing: String($0))) }
        #expect(replies.count == 2, "\(result.output.prefix(400))")
        #expect(replies.first?["error"]?["code"] == -32600)
        #expect(replies.first?["error"]?["message"]?.stringValue?.contains("longer than 4096 bytes") == true)
        #expect(replies.last?["id"] == 2 && replies.last?["result"] != nil)
        #expect(result.error.contains("skipped a message longer than 4096 bytes"))
    }

    @Test func serverDiscoverGetsAFastErrorNamingTheHandshakeVersions() throws {
        let home = try MCPTestHome()
        let server = try home.startServer()
        let started = Date()
        let reply = try server.request(
            "server/discover", ["_meta": ["io.modelcontextprotocol/protocolVersion": "2026-07-28"]])
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(reply["error"]?["code"] == -32022)
        #expect(reply["error"]?["data"]?["supported"] == ["2025-06-18", "2025-11-25"])
        try server.initialize()
        #expect(try server.request("ping")["result"] == [:])
        let finished = try server.finish()
        #expect(finished.status == 0)
    }

    @Test func anUnknownHandshakeVersionGetsTheLatest() throws {
        let home = try MCPTestHome()
        let server = try home.startServer()
        let reply = try server.request(
            "initialize", ["protocolVersion": "2024-01-01", "capabilities": [:], "clientInfo": ["name": "old", "version": "1"]])
        #expect(reply["result"]?["protocolVersion"] == "2025-11-25")
        #expect(reply["result"]?["capabilities"]?["tools"]?["listChanged"] == true)
        _ = try server.finish()
    }

    @Test func findNamesTheToolAPhraseMeansWithItsArguments() throws {
        let home = try MCPTestHome()
        let server = try home.startServer()
        try server.initialize()
        func find(_ phrase: String) throws -> JSONValue {
            try server.request("tools/call", ["name": "shortcuts.find", "arguments": ["phrase": .string(phrase)]])["result"] ?? .null
        }
        let hello = try find("run helo")
        #expect(hello["structuredContent"]?["match"]?["tool"] == "shortcut.Hello", "\(hello.text)")
        #expect(hello["isError"] == false)
        let open = try find("Open buy milk in SouperTask")
        let match = open["structuredContent"]?["match"]
        #expect(match?["tool"] == "com.example.SouperTask.OpenTaskIntent", "\(open.text)")
        #expect(match?["arguments"]?["task"] == "buy milk", "\(open.text)")
        #expect(
            open["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("call the tool com.example.SouperTask.OpenTaskIntent")
                == true)
        let nothing = try find("order a pizza")
        #expect(nothing["structuredContent"]?["match"] == nil && nothing["structuredContent"]?["searchResults"] == [])
        let wrong = try server.request("tools/call", ["name": "shortcuts.find", "arguments": ["query": "x"]])["result"]
        #expect(wrong?["isError"] == true, "\(wrong?.text ?? "")")
        _ = try server.finish()
    }

    @Test func addingAShortcutOrAnAppSendsListChanged() throws {
        let home = try MCPTestHome()
        let server = try home.startServer(["--shortcuts-only"])
        try server.initialize()
        let before = try server.request("tools/list")["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(
            before == [
                "shortcut.Hello", "shortcut.WordLengths", "history.list_runs", "history.show_run", "shortcuts.find", "shortcuts.describe",
                "shortcuts.import",
            ])

        try FileManager.default.copyItem(
            atPath: home.home + "/Shortcuts/Hello.shortcut", toPath: home.home + "/Shortcuts/Say Hi Again.shortcut")
        let notification = try server.receive(timeout: 10)
        #expect(notification["method"] == "notifications/tools/list_changed")
        let after = try server.request("tools/list")["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(
            after == [
                "shortcut.Hello", "shortcut.Say_Hi_Again", "shortcut.WordLengths", "history.list_runs", "history.show_run",
                "shortcuts.find", "shortcuts.describe", "shortcuts.import",
            ])
        let finished = try server.finish()
        #expect(finished.status == 0)
        #expect(finished.error.contains("the tools changed"))
    }

    @Test func selectionOptionsLimitTheTools() throws {
        let home = try MCPTestHome()
        func names(_ arguments: [String]) throws -> [String] {
            let server = try home.startServer(arguments)
            try server.initialize()
            let tools = try server.request("tools/list")["result"]?["tools"]?.arrayValue ?? []
            _ = try server.finish()
            return tools.compactMap { $0["name"]?.stringValue }
        }
        #expect(
            try names(["--app", "com.example.SouperTask"]) == [
                "com.example.SouperTask.CreateTaskIntent", "com.example.SouperTask.DeleteTaskIntent",
                "com.example.SouperTask.EditTaskIntent", "com.example.SouperTask.FindTasksIntent",
                "com.example.SouperTask.OpenTaskIntent",
            ])
        #expect(
            try names(["--allow", "Hello", "--allow", "is.workflow.actions.text.changecase"]) == [
                "shortcut.Hello", "is.workflow.actions.text.changecase",
            ])
        let allowFile = home.directory.appendingPathComponent("allow.txt")
        try Data("# agents may only create tasks\ncom.example.SouperTask.CreateTaskIntent\n".utf8).write(to: allowFile)
        #expect(try names(["--allow-file", allowFile.path]) == ["com.example.SouperTask.CreateTaskIntent"])
    }

    /// All the tools of one page, and the cursor to the next.
    private func page(_ server: RunningServer, cursor: String?) throws -> (names: [String], next: String?, reply: JSONValue) {
        let reply = try server.request("tools/list", cursor.map { ["cursor": .string($0)] } ?? [:])
        let names = reply["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        return (names, reply["result"]?["nextCursor"]?.stringValue, reply)
    }

    @Test func toolsListComesInPagesAndACursorOfAChangedListIsRefused() throws {
        let home = try MCPTestHome()
        home.extraEnvironment["SHORTCUTS_MCP_PAGE_SIZE"] = "0"
        let single = try home.startServer()
        try single.initialize()
        let whole = try page(single, cursor: nil)
        _ = try single.finish()
        #expect(whole.next == nil)
        #expect(whole.names.count > 100, "\(whole.names.count) tools")

        home.extraEnvironment["SHORTCUTS_MCP_PAGE_SIZE"] = "25"
        let server = try home.startServer()
        try server.initialize()
        var names: [String] = []
        var cursors: [String] = []
        var cursor: String?
        repeat {
            let next = try page(server, cursor: cursor)
            #expect(next.names.count <= 25)
            names += next.names
            cursor = next.next
            if let cursor { cursors.append(cursor) }
        } while cursor != nil && cursors.count < 100
        #expect(names == whole.names)
        #expect(cursors.count == (whole.names.count + 24) / 25 - 1)

        let bogus = try page(server, cursor: "not-a-cursor").reply
        #expect(bogus["error"]?["code"] == .number(-32602))
        // A shortcut added: the list changes, and a cursor of the old list names nothing.
        try FileManager.default.copyItem(atPath: home.home + "/Shortcuts/Hello.shortcut", toPath: home.home + "/Shortcuts/Hi.shortcut")
        #expect(try server.receive(timeout: 10)["method"] == "notifications/tools/list_changed")
        let stale = try page(server, cursor: cursors[0]).reply
        #expect(stale["error"]?["code"] == .number(-32602))
        #expect(stale["error"]?["message"]?.stringValue?.contains("list them again") == true)
        #expect(try page(server, cursor: nil).names.contains("shortcut.Hi"))
        _ = try server.finish()
    }

    /// A quick call sent after a slow one is answered first while calls run together, and after
    /// it when they run one at a time: which reply comes first shows how they ran.
    @Test(arguments: [(2, 2), (1, 1)])
    func toolCallsRunTogetherUpToTheLimit(_ limit: Int, _ firstReplyID: Int) throws {
        let home = try MCPTestHome()
        home.extraEnvironment["SHORTCUTS_MCP_MAX_CALLS"] = String(limit)
        let server = try home.startServer()
        try server.initialize()
        func call(_ id: Int, _ name: String, _ arguments: JSONValue) throws {
            try server.send(
                JSONValue.object([
                    "jsonrpc": "2.0", "id": .number(Double(id)), "method": "tools/call",
                    "params": ["name": .string(name), "arguments": arguments],
                ]).text)
        }
        try call(1, "is.workflow.actions.delay", ["WFDelayTime": 2])
        try call(2, "is.workflow.actions.text.changecase", ["text": ["quick"], "WFCaseType": "UPPERCASE"])
        let first = try server.receive()
        let second = try server.receive()
        #expect(first["id"] == .number(Double(firstReplyID)))
        #expect(second["id"] == .number(Double(3 - firstReplyID)))
        let quick = first["id"] == .number(2) ? first : second
        #expect(quick.text.contains("QUICK"), "\(quick.text)")
        _ = try server.finish()
    }
}
