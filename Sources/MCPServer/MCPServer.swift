import Foundation
import ShortcutsRPC

/// A Model Context Protocol server over standard input and output: the library's shortcuts and
/// every action (built-in and from installed apps) as tools an agent can list and call.
///
/// JSON-RPC 2.0, one message per line (`docs/MCP.md`). Standard output carries only protocol
/// messages; logs go to ``Configuration/log``. The server answers requests in order, tells the
/// client when the tools change, and returns when its input ends.
///
/// ```swift
/// let server = MCPServer(configuration: configuration)
/// server.serve()   // until standard input closes
/// ```
/// `@unchecked Sendable`: its tool state is replaced under `lock` and calls are serialized by `callLock`.
public final class MCPServer: @unchecked Sendable {
    /// The protocol versions of the initialize handshake this server speaks, newest first.
    public static let protocolVersions = ["2025-11-25", "2025-06-18"]
    /// The name and version in `serverInfo`.
    public static let serverName = "shortcuts"
    public static let serverVersion = "1.0.0"

    let configuration: Configuration
    private let lock = NSLock()
    /// Held while a tool runs and while the tools are replaced, so a call never sees half a change.
    private let callLock = NSLock()
    private var state: State
    private var isInitialized = false
    private var channel: LineChannel?
    private var watcher: ChangeWatcher?

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.state = State(configuration: configuration)
    }

    /// How many tools are on offer.
    public var toolCount: Int { lock.withLock { state.catalog.tools.count } }

    /// Serves requests from `input` and writes replies to `output` until `input` ends.
    public func serve(input: Int32 = 0, output: Int32 = 1) {
        let channel = LineChannel(input: input, output: output)
        channel.maximumLineLength = configuration.maximumLineLength
        lock.withLock { self.channel = channel }
        if configuration.pollInterval > 0 {
            let watcher = ChangeWatcher(directories: configuration.watchedDirectories, interval: configuration.pollInterval) {
                [weak self] in self?.reload()
            }
            watcher.start()
            self.watcher = watcher
        }
        configuration.log("shortcuts mcp: serving \(toolCount) tools on standard input and output")
        defer {
            watcher?.stop()
            lock.withLock { state }.runner.apps.host.stopAll()
        }
        while true {
            let line: Data
            do {
                line = try channel.readLine()
            } catch .lineTooLong(let limit) {
                configuration.log("shortcuts mcp: skipped a message longer than \(limit) bytes")
                let reply =
                    #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the message was longer than "#
                    + "\(limit) bytes (SHORTCUTS_MCP_MAX_LINE_BYTES) and was skipped\"}}"
                do { try channel.writeLine(Data(reply.utf8)) } catch { return }
                continue
            } catch .closed {
                configuration.log("shortcuts mcp: input closed; exiting")
                return
            } catch {
                configuration.log("shortcuts mcp: can't read the input (\(error)); exiting")
                return
            }
            guard let reply = handle(line) else { continue }
            do {
                try channel.writeLine(Data(reply.utf8))
            } catch {
                configuration.log("shortcuts mcp: can't write the output (\(error)); exiting")
                return
            }
        }
    }

    /// Handles one line and returns the reply line (without its newline), or `nil` when there is
    /// none (a notification, a blank line, a response).
    public func handle(_ line: Data) -> String? {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        guard let message = JSONValue(parsing: line) else {
            return MCPMessage.error(id: .null, code: JSONRPC.ErrorObject.parseErrorCode, "Parse error: the line is not valid JSON")
        }
        guard case .object(let object) = message else {
            return MCPMessage.error(
                id: .null, code: JSONRPC.ErrorObject.invalidRequestCode,
                "Invalid Request: expected a JSON-RPC 2.0 request object" + (message.arrayValue != nil ? " (batches aren't supported)" : "")
            )
        }
        let id = object["id"]
        if let id, !MCPMessage.isValidID(id) {
            return MCPMessage.error(
                id: .null, code: JSONRPC.ErrorObject.invalidRequestCode, "Invalid Request: id must be a string or a number")
        }
        guard object["jsonrpc"] == "2.0" else {
            return MCPMessage.error(
                id: id ?? .null, code: JSONRPC.ErrorObject.invalidRequestCode, "Invalid Request: jsonrpc must be \"2.0\"")
        }
        guard let method = object["method"]?.stringValue else {
            // A response to a request this server never sends: nothing to do.
            if id != nil, object["result"] != nil || object["error"] != nil { return nil }
            return MCPMessage.error(
                id: id ?? .null, code: JSONRPC.ErrorObject.invalidRequestCode, "Invalid Request: method must be a string")
        }
        let params = object["params"] ?? .object([:])
        guard let params = params.objectValue else {
            return id.map {
                MCPMessage.error(id: $0, code: JSONRPC.ErrorObject.invalidParamsCode, "Invalid params: params must be an object")
            }
        }
        guard let id else {
            notify(method)
            return nil
        }
        return respond(to: method, id: id, params: params)
    }

    private func notify(_ method: String) {
        if method == "notifications/initialized" { lock.withLock { isInitialized = true } }
        // notifications/cancelled and others: requests run to the end; nothing to cancel.
    }

    private func respond(to method: String, id: JSONValue, params: JSONObject) -> String {
        switch method {
        case "initialize":
            return MCPMessage.result(id: id, initializeResult(params))
        case "ping":
            return MCPMessage.result(id: id, "{}")
        case "tools/list":
            if let cursor = params["cursor"], !cursor.isNull {
                return MCPMessage.error(
                    id: id, code: JSONRPC.ErrorObject.invalidParamsCode,
                    "Invalid params: unknown cursor \(cursor.text); tools/list returns every tool in one page")
            }
            return MCPMessage.result(id: id, lock.withLock { state.catalog.listResult })
        case "tools/call":
            return callTool(id: id, params: params)
        case "server/discover":
            let requested = params["_meta"]?["io.modelcontextprotocol/protocolVersion"]?.stringValue ?? ""
            return MCPMessage.error(
                id: id, code: MCPMessage.unsupportedProtocolVersionCode,
                "This server speaks the initialize handshake (\(Self.protocolVersions.joined(separator: ", "))), not server/discover",
                data: ["supported": .array(Self.protocolVersions.reversed().map(JSONValue.string)), "requested": .string(requested)])
        default:
            return MCPMessage.error(id: id, code: JSONRPC.ErrorObject.methodNotFoundCode, "Method not found: \(method)")
        }
    }

    private func initializeResult(_ params: JSONObject) -> String {
        let requested = params["protocolVersion"]?.stringValue ?? ""
        let version = Self.protocolVersions.contains(requested) ? requested : Self.protocolVersions[0]
        let result: JSONValue = [
            "protocolVersion": .string(version),
            "capabilities": ["tools": ["listChanged": true]],
            "serverInfo": ["name": .string(Self.serverName), "title": "Shortcuts", "version": .string(Self.serverVersion)],
            "instructions": """
            Each tool runs one of the person's shortcuts (named shortcut.…) or one Shortcuts action (named by its \
            identifier). When a call needs more, the result has isError: true and says which argument to give, \
            lists the choices, or asks for confirm: true; call again with it.
            """,
        ]
        return result.text
    }

    private func callTool(id: JSONValue, params: JSONObject) -> String {
        guard let name = params["name"]?.stringValue else {
            return MCPMessage.error(id: id, code: JSONRPC.ErrorObject.invalidParamsCode, "Invalid params: tools/call needs the tool's name")
        }
        let arguments = params["arguments"] ?? .object([:])
        guard let arguments = arguments.objectValue ?? (arguments.isNull ? JSONObject() : nil) else {
            return MCPMessage.error(id: id, code: JSONRPC.ErrorObject.invalidParamsCode, "Invalid params: arguments must be an object")
        }
        callLock.lock()
        defer { callLock.unlock() }
        let state = lock.withLock { self.state }
        guard let tool = state.catalog.tool(named: name) else {
            return MCPMessage.error(id: id, code: JSONRPC.ErrorObject.invalidParamsCode, "Unknown tool: \(name); tools/list lists them")
        }
        return MCPMessage.result(id: id, state.runner.call(tool, arguments: arguments).text)
    }

    // MARK: Changes

    /// Rebuilds the tools after files changed; tells the client when the list is different.
    func reload() {
        let fresh = State(configuration: configuration)
        callLock.lock()
        let (old, isInitialized, channel) = lock.withLock { () -> (State, Bool, LineChannel?) in
            let old = state
            state = fresh
            return (old, self.isInitialized, self.channel)
        }
        old.runner.apps.host.stopAll()
        callLock.unlock()
        guard old.catalog.listResult != fresh.catalog.listResult else { return }
        configuration.log("shortcuts mcp: the tools changed (\(fresh.catalog.tools.count) now)")
        if isInitialized, let channel {
            try? channel.writeLine(Data(MCPMessage.notification("notifications/tools/list_changed").utf8))
        }
    }
}
