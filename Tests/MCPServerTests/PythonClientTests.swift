import Foundation
import ShortcutsRPC
import ShortcutsTestSupport
import Testing

/// `shortcuts mcp` driven by the real Python MCP client (`mcp` 2.x, installed into
/// .build/test-venv by Scripts/test-python-env.sh): one session with the default `Client` (which
/// probes `server/discover` first), listing tools and calling a shortcut, built-in and app actions.
@Suite("MCP with the Python client", .serialized)
struct PythonClientTests {
    /// What the session saw, read once and shared by the tests below.
    struct Session: Sendable {
        var connectSeconds: Double
        var tools: [JSONValue]
        var calls: JSONObject
        var unknownTool: String
        var secondTaskCount: Int
        /// How many `tools/list` pages the client followed `nextCursor` through.
        var pages: Int
        /// The keys of the calls made together, in the order their results came.
        var togetherOrder: [String]
    }

    static let calls: JSONValue = [
        ["hello", "shortcut.Hello", ["input": "Agent"]],
        ["wordLengths", "shortcut.WordLengths", ["input": "a bb"]],
        ["changeCase", "is.workflow.actions.text.changecase", ["text": ["hello"], "WFCaseType": "UPPERCASE"]],
        ["create", "com.example.SouperTask.CreateTaskIntent", ["title": "Buy milk", "dueDate": "2031-05-01T09:00:00Z"]],
        ["createWithoutDueDate", "com.example.SouperTask.CreateTaskIntent", ["title": "Buy bread"]],
        ["createPastDue", "com.example.SouperTask.CreateTaskIntent", ["title": "Too late", "dueDate": "2001-01-01T09:00:00Z"]],
        ["find", "com.example.SouperTask.FindTasksIntent", ["text": "milk"]],
        ["deleteUnconfirmed", "com.example.SouperTask.DeleteTaskIntent", ["task": "Buy milk"]],
        ["deleteWithoutTask", "com.example.SouperTask.DeleteTaskIntent", [:]],
        ["deleteConfirmed", "com.example.SouperTask.DeleteTaskIntent", ["task": "Buy milk", "confirm": true]],
        ["unknownArgument", "shortcut.Hello", ["greeting": "hi"]],
        [
            "saveOutside", "is.workflow.actions.documentpicker.save",
            ["WFInput": "from the agent", "WFAskWhereToSave": false, "WFFileDestinationPath": "~/outside.txt"],
        ],
        [
            "saveInShortcutsFolder", "is.workflow.actions.documentpicker.save",
            ["WFInput": "from the agent", "WFAskWhereToSave": false, "WFFileDestinationPath": "~/Documents/Shortcuts/agent.txt"],
        ],
        ["history", "history.list_runs", ["shortcut": "Hello"]],
        ["failedHistory", "history.list_runs", ["status": "failed", "limit": 1]],
        ["badHistory", "history.list_runs", ["status": "sideways"]],
    ]

    static let session = Task<Session, any Error> {
        let python = try await BuiltProducts.testPython()
        return try await offThePool { try runSession(python: python) }
    }

    /// Runs the Python client's session against `shortcuts mcp` in a home of its own.
    static func runSession(python: String) throws -> Session {
        let home = try MCPTestHome()
        // Small pages, so the client pages through the tools with the cursor.
        home.extraEnvironment["SHORTCUTS_MCP_PAGE_SIZE"] = "40"
        let script = home.directory.appendingPathComponent("client_session.py")
        try Data(driver.utf8).write(to: script)
        let configuration: JSONValue = [
            "command": .string(try MCPTestHome.binary("shortcuts")), "args": ["mcp"],
            "env": .object(JSONObject(home.environment.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })),
            "calls": calls,
        ]
        let result = try home.run(python, [script.path, configuration.text])
        try #require(result.status == 0, "the Python client failed:\n\(result.error)")
        let output = try #require(JSONValue(parsing: result.output), "not JSON: \(result.output)")
        return Session(
            connectSeconds: output["connectSeconds"]?.numberValue ?? .infinity, tools: output["tools"]?.arrayValue ?? [],
            calls: output["calls"]?.objectValue ?? [:], unknownTool: output["unknownTool"]?.stringValue ?? "",
            secondTaskCount: Int(output["tasksAfterDelete"]?.numberValue ?? -1), pages: Int(output["pages"]?.numberValue ?? 0),
            togetherOrder: output["togetherOrder"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    private func call(_ key: String) async throws -> JSONValue {
        try #require(try await Self.session.value.calls[key], "no result for \(key)")
    }

    /// The client followed `nextCursor` through several pages and got every tool once.
    @Test func theClientPagesThroughTheTools() async throws {
        let session = try await Self.session.value
        #expect(session.pages >= 3, "\(session.pages) pages")
        let names = session.tools.compactMap { $0["name"]?.stringValue }
        #expect(names.count > 100)
        #expect(Set(names).count == names.count, "a tool came twice")
    }

    /// Two calls sent together run together: the quick one isn't held up by the slow one.
    @Test func callsSentTogetherRunTogether() async throws {
        #expect(try await Self.session.value.togetherOrder == ["quick", "slow"])
    }

    @Test func theDefaultClientConnectsQuickly() async throws {
        // Client's default mode sends server/discover first; without a fast error reply it waits 10 s.
        let session = try await Self.session.value
        #expect(session.connectSeconds < 3, "connecting took \(session.connectSeconds) s")
    }

    @Test func listsShortcutsBuiltinAndAppActions() async throws {
        let tools = try await Self.session.value.tools
        let names = tools.compactMap { $0["name"]?.stringValue }
        for name in [
            "shortcut.Hello", "shortcut.WordLengths", "is.workflow.actions.text.changecase", "com.example.SouperTask.CreateTaskIntent",
        ] {
            #expect(names.contains(name), "\(name) is missing from \(names.count) tools")
        }
        #expect(Set(names).count == names.count)
        #expect(
            names.allSatisfy { $0.utf8.count <= 64 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) } })

        let create = try #require(tools.first { $0["name"] == "com.example.SouperTask.CreateTaskIntent" })
        let schema = try #require(create["inputSchema"])
        #expect(schema["properties"]?["dueDate"]?["type"] == "string")
        #expect(schema["properties"]?["title"]?["type"] == "string")
        #expect(schema["required"] == ["title", "dueDate"])
        #expect(create["annotations"]?["readOnlyHint"] == false)

        let changeCase = try #require(tools.first { $0["name"] == "is.workflow.actions.text.changecase" })
        let caseType = try #require(changeCase["inputSchema"]?["properties"]?["WFCaseType"])
        #expect(caseType["enum"]?.arrayValue?.contains("UPPERCASE") == true)
        #expect(caseType["default"] == "UPPERCASE")
        #expect(changeCase["annotations"]?["readOnlyHint"] == true)
    }

    @Test func callsAShortcutWithInput() async throws {
        let hello = try await call("hello")
        #expect(hello["isError"] == false)
        #expect(hello["text"] == "Hello, Agent!")

        let lengths = try await call("wordLengths")
        #expect(lengths["isError"] == false)
        #expect(lengths["structured"]?["items"] == [["word": "a", "letters": 1], ["word": "bb", "letters": 2]])
    }

    /// An agent's file action reaches the Shortcuts folder and its input, never a folder nobody
    /// allowed: nobody can be asked, so it is an error naming the path.
    @Test func anAgentsFileActionStaysInTheShortcutsFolder() async throws {
        let outside = try await call("saveOutside")
        #expect(outside["isError"] == true)
        #expect(outside["text"]?.stringValue?.contains("can't write ~/outside.txt") == true, "\(outside)")
        let inside = try await call("saveInShortcutsFolder")
        #expect(inside["isError"] == false, "\(inside)")
    }

    /// The agent's own calls are in the run history, which it can read.
    @Test func theHistoryListsTheAgentsRuns() async throws {
        let history = try await call("history")
        #expect(history["isError"] == false, "\(history)")
        let runs = try #require(history["structured"]?["runs"]?.arrayValue, "\(history)")
        #expect(runs.count == 1, "\(runs)")
        #expect(runs.first?["shortcut"]?["name"] == "Hello")
        #expect(runs.first?["trigger"] == "MCP")
        #expect(runs.first?["status"] == "succeeded")
        #expect(runs.first?["output"]?["preview"] == "Hello, Agent!")
        #expect(history["text"]?.stringValue?.contains("Hello") == true)

        // Saving outside the Shortcuts folder failed in the run, naming its action.
        let failed = try #require(try await call("failedHistory")["structured"]?["runs"]?.arrayValue?.first)
        #expect(failed["status"] == "failed")
        #expect(failed["error"]?["identifier"] == "is.workflow.actions.documentpicker.save", "\(failed)")
        let bad = try await call("badHistory")
        #expect(bad["isError"] == true)
        #expect(bad["text"]?.stringValue?.contains("`status` takes succeeded, failed, cancelled or running") == true, "\(bad)")
    }

    @Test func callsABuiltinAction() async throws {
        let result = try await call("changeCase")
        #expect(result["isError"] == false)
        #expect(result["text"] == "HELLO")
    }

    @Test func createsATaskWithEveryArgument() async throws {
        let result = try await call("create")
        #expect(result["isError"] == false, "\(result)")
        #expect(result["structured"]?["title"] == "Buy milk")
        #expect(result["text"]?.stringValue?.contains("Created “Buy milk”.") == true)
    }

    @Test func aMissingRequiredArgumentNamesTheParameter() async throws {
        let result = try await call("createWithoutDueDate")
        #expect(result["isError"] == true)
        let text = try #require(result["text"]?.stringValue)
        #expect(text.contains("`dueDate`"), "\(text)")
        #expect(
            text.contains("call com.example.SouperTask.CreateTaskIntent again")
                || text.contains("Call com.example.SouperTask.CreateTaskIntent again"))
    }

    @Test func aPastDueDateIsTheAppsError() async throws {
        let result = try await call("createPastDue")
        #expect(result["isError"] == true)
        #expect(result["text"]?.stringValue?.contains("Due date must be in the future.") == true, "\(result)")
    }

    @Test func listsOfEntitiesAreStructured() async throws {
        let result = try await call("find")
        #expect(result["isError"] == false)
        let items = try #require(result["structured"]?["items"]?.arrayValue)
        #expect(items.count == 1)
        #expect(items.first?["title"] == "Buy milk")
    }

    @Test func confirmationAndEntityChoicesComeBackAsErrorsToActOn() async throws {
        let unconfirmed = try await call("deleteUnconfirmed")
        #expect(unconfirmed["isError"] == true)
        #expect(unconfirmed["text"]?.stringValue?.contains("`confirm: true`") == true, "\(unconfirmed)")

        let withoutTask = try await call("deleteWithoutTask")
        #expect(withoutTask["isError"] == true)
        let text = try #require(withoutTask["text"]?.stringValue)
        #expect(text.contains("`task`") && text.contains("Buy milk") && text.contains("identifier"), "\(text)")

        let confirmed = try await call("deleteConfirmed")
        #expect(confirmed["isError"] == false, "\(confirmed)")
        #expect(try await Self.session.value.secondTaskCount == 0)
    }

    @Test func unknownArgumentsAndToolsAreReported() async throws {
        let result = try await call("unknownArgument")
        #expect(result["isError"] == true)
        #expect(result["text"]?.stringValue?.contains("`greeting`") == true)
        #expect(try await Self.session.value.unknownTool.contains("Unknown tool"))
    }

    /// The client session, in Python: connect with the default Client, list, call, report JSON.
    static let driver = #"""
        import asyncio, json, sys, time
        from mcp import StdioServerParameters
        from mcp.client import Client

        config = json.loads(sys.argv[1])
        server = StdioServerParameters(command=config["command"], args=config["args"], env=config["env"])

        def summary(result):
            texts = [block.text for block in result.content if getattr(block, "type", "") == "text"]
            return {"isError": result.is_error, "text": "\n".join(texts), "structured": result.structured_content}

        async def main():
            report = {"calls": {}}
            started = time.monotonic()
            async with Client(server) as client:
                report["connectSeconds"] = time.monotonic() - started
                tools, cursor, pages = [], None, 0
                while True:
                    listed = await client.list_tools(cursor=cursor)
                    tools += listed.tools
                    pages += 1
                    cursor = listed.next_cursor
                    if not cursor or pages > 50:
                        break
                report["pages"] = pages
                report["tools"] = [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in tools]
                # A slow call and a quick one at once: the quick one's result comes first.
                order = []
                async def timed(key, name, arguments):
                    await client.call_tool(name, arguments)
                    order.append(key)
                await asyncio.gather(
                    timed("slow", "is.workflow.actions.delay", {"WFDelayTime": 2}),
                    timed("quick", "is.workflow.actions.text.changecase", {"text": ["hi"], "WFCaseType": "UPPERCASE"}))
                report["togetherOrder"] = order
                for key, name, arguments in config["calls"]:
                    report["calls"][key] = summary(await client.call_tool(name, arguments))
                found = await client.call_tool("com.example.SouperTask.FindTasksIntent", {"text": "milk"})
                report["tasksAfterDelete"] = len((found.structured_content or {}).get("items", []))
                try:
                    await client.call_tool("no.such.tool", {})
                    report["unknownTool"] = "no error"
                except Exception as error:
                    report["unknownTool"] = str(error)
            print(json.dumps(report))

        asyncio.run(main())
        """#
}
