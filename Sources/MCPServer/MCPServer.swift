import Foundation
import ShortcutsEngine
import ShortcutsRPC
import Synchronization

/// A Model Context Protocol server over standard input and output: the library's shortcuts and
/// every action (built-in and from installed apps) as tools an agent can list and call.
///
/// JSON-RPC 2.0, one message per line (`docs/MCP.md`). Standard output carries only protocol
/// messages; logs go to ``Configuration/log``. Tool calls run off the reading thread, several at
/// once up to ``Configuration/maximumConcurrentCalls`` (the rest wait their turn in order), so
/// `ping` is answered during a call and `notifications/cancelled` stops one; `tools/list` comes in
/// pages of ``Configuration/pageSize`` tools; the server tells the client when the tools change,
/// and when its input ends it cancels what is running and returns.
///
/// ```swift
/// let server = MCPServer(configuration: configuration)
/// server.serve()   // until standard input closes
/// ```
/// Unchecked `Sendable`: its tool state is replaced under `lock` while no call runs (`gate`).
public final class MCPServer: @unchecked Sendable {
    /// The protocol versions of the initialize handshake this server speaks, newest first.
    public static let protocolVersions = ["2025-11-25", "2025-06-18"]
    /// The name and version in `serverInfo`.
    public static let serverName = "shortcuts"
    public static let serverVersion = "1.0.0"

    let configuration: Configuration
    private let lock = NSLock()
    /// Lets calls run together but not while the tools are replaced, so a call never sees half a change.
    private let gate = CallGate()
    private var state: State
    private var isInitialized = false
    private var channel: LineChannel?
    private var watcher: ChangeWatcher?
    /// Where tool calls wait for one of the call slots, in the order they came.
    private let admission = DispatchQueue(label: "shortcuts.mcp.admission")
    /// Where admitted tool calls run, together, while the reading thread goes on.
    private let calls = DispatchQueue(label: "shortcuts.mcp.calls", attributes: .concurrent)
    private let slots: DispatchSemaphore
    /// Every call not yet finished, so serving ends only once they have.
    private let running = DispatchGroup()
    /// The cancellation of each call not yet answered, by its request id's JSON text.
    private let inFlight = Mutex<[String: Cancellation]>([:])
    /// Set when a reply couldn't be written: the client is gone.
    private let outputFailed = Atomic<Bool>(false)

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.state = State(configuration: configuration)
        slots = DispatchSemaphore(value: max(1, configuration.maximumConcurrentCalls))
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
            // Whatever still runs is cancelled, and the server returns once it has stopped.
            for cancellation in inFlight.withLock({ Array($0.values) }) { cancellation.cancel() }
            running.wait()
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
            handle(line) { [self] reply in
                do {
                    try channel.writeLine(Data(reply.utf8))
                } catch {
                    outputFailed.store(true, ordering: .relaxed)
                }
            }
            if outputFailed.load(ordering: .relaxed) {
                configuration.log("shortcuts mcp: can't write the output; exiting")
                return
            }
        }
    }

    /// Handles one line, handing its reply line (without its newline) to `reply`: at once, or
    /// for a tool call, from the calls queue when it ends (never for a cancelled call). A
    /// notification, a blank line or a response gets no reply.
    func handle(_ line: Data, reply: @escaping @Sendable (String) -> Void) {
        switch parse(line) {
        case .none: return
        case .reply(let text): reply(text)
        case .call(let id, let params):
            let key = id.text
            let cancellation = Cancellation()
            inFlight.withLock { $0[key] = cancellation }
            running.enter()
            admission.async { [self] in
                slots.wait()
                calls.async { [self] in
                    defer {
                        slots.signal()
                        running.leave()
                    }
                    let text = cancellation.isCancelled ? nil : callTool(id: id, params: params, cancellation: cancellation)
                    let wasCancelled = inFlight.withLock { $0.removeValue(forKey: key) }?.isCancelled ?? true
                    if let text, !wasCancelled { reply(text) }
                }
            }
        }
    }

    /// Handles one line and returns the reply, running a tool call here and now (for tests and
    /// one-off use).
    public func handle(_ line: Data) -> String? {
        switch parse(line) {
        case .none: return nil
        case .reply(let text): return text
        case .call(let id, let params): return callTool(id: id, params: params, cancellation: Cancellation())
        }
    }

    /// What a line asks for.
    private enum Request {
        case none
        case reply(String)
        case call(id: JSONValue, params: JSONObject)
    }

    /// Reads one line: a reply to give now, a tool call to run, or nothing.
    private func parse(_ line: Data) -> Request {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .none }
        func error(_ id: JSONValue?, _ code: Int, _ message: String) -> Request {
            .reply(MCPMessage.error(id: id ?? .null, code: code, message))
        }
        guard let message = JSONValue(parsing: line) else {
            return error(nil, JSONRPC.ErrorObject.parseErrorCode, "Parse error: the line is not valid JSON")
        }
        guard case .object(let object) = message else {
            return error(
                nil, JSONRPC.ErrorObject.invalidRequestCode,
                "Invalid Request: expected a JSON-RPC 2.0 request object" + (message.arrayValue != nil ? " (batches aren't supported)" : "")
            )
        }
        let id = object["id"]
        if let id, !MCPMessage.isValidID(id) {
            return error(nil, JSONRPC.ErrorObject.invalidRequestCode, "Invalid Request: id must be a string or a number")
        }
        guard object["jsonrpc"] == "2.0" else {
            return error(id, JSONRPC.ErrorObject.invalidRequestCode, "Invalid Request: jsonrpc must be \"2.0\"")
        }
        guard let method = object["method"]?.stringValue else {
            // A response to a request this server never sends: nothing to do.
            if id != nil, object["result"] != nil || object["error"] != nil { return .none }
            return error(id, JSONRPC.ErrorObject.invalidRequestCode, "Invalid Request: method must be a string")
        }
        let params = object["params"] ?? .object([:])
        guard let params = params.objectValue else {
            guard let id else { return .none }
            return error(id, JSONRPC.ErrorObject.invalidParamsCode, "Invalid params: params must be an object")
        }
        guard let id else {
            notify(method, params: params)
            return .none
        }
        if method == "tools/call" { return .call(id: id, params: params) }
        return .reply(respond(to: method, id: id, params: params))
    }

    private func notify(_ method: String, params: JSONObject) {
        switch method {
        case "notifications/initialized":
            lock.withLock { isInitialized = true }
        case "notifications/cancelled":
            // The call stops at its next action (a script with its process group), and gets no reply.
            guard let id = params["requestId"] else { return }
            inFlight.withLock { $0[id.text] }?.cancel()
        default:
            break
        }
    }

    private func respond(to method: String, id: JSONValue, params: JSONObject) -> String {
        switch method {
        case "initialize":
            return MCPMessage.result(id: id, initializeResult(params))
        case "ping":
            return MCPMessage.result(id: id, "{}")
        case "tools/list":
            let cursor = params["cursor"].flatMap { $0.isNull ? nil : $0 }
            if let cursor, cursor.stringValue == nil {
                return MCPMessage.error(id: id, code: JSONRPC.ErrorObject.invalidParamsCode, "Invalid params: the cursor must be a string")
            }
            guard let page = lock.withLock({ state.catalog.page(cursor: cursor?.stringValue) }) else {
                return MCPMessage.error(
                    id: id, code: JSONRPC.ErrorObject.invalidParamsCode,
                    "Invalid params: unknown cursor \(cursor?.text ?? ""); the tools changed since it was given, list them again from the start"
                )
            }
            return MCPMessage.result(id: id, page)
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

    private func callTool(id: JSONValue, params: JSONObject, cancellation: Cancellation) -> String {
        guard let name = params["name"]?.stringValue else {
            return MCPMessage.error(id: id, code: JSONRPC.ErrorObject.invalidParamsCode, "Invalid params: tools/call needs the tool's name")
        }
        let arguments = params["arguments"] ?? .object([:])
        guard let arguments = arguments.objectValue ?? (arguments.isNull ? JSONObject() : nil) else {
            return MCPMessage.error(id: id, code: JSONRPC.ErrorObject.invalidParamsCode, "Invalid params: arguments must be an object")
        }
        gate.enterCall()
        defer { gate.leaveCall() }
        let state = lock.withLock { self.state }
        guard let tool = state.catalog.tool(named: name) else {
            return MCPMessage.error(id: id, code: JSONRPC.ErrorObject.invalidParamsCode, "Unknown tool: \(name); tools/list lists them")
        }
        return MCPMessage.result(
            id: id, state.runner.call(tool, arguments: arguments, catalog: state.catalog, cancellation: cancellation).text)
    }

    // MARK: Changes

    /// Rebuilds the tools after files changed; tells the client when the list is different.
    func reload() {
        let fresh = State(configuration: configuration)
        let (old, isInitialized, channel) = gate.exclusively {
            let replaced = lock.withLock { () -> (State, Bool, LineChannel?) in
                let old = state
                state = fresh
                return (old, self.isInitialized, self.channel)
            }
            replaced.0.runner.apps.host.stopAll()
            return replaced
        }
        guard old.catalog.fingerprint != fresh.catalog.fingerprint else { return }
        configuration.log("shortcuts mcp: the tools changed (\(fresh.catalog.tools.count) now)")
        if isInitialized, let channel {
            try? channel.writeLine(Data(MCPMessage.notification("notifications/tools/list_changed").utf8))
        }
    }
}

/// Calls run together; replacing the tools waits until none runs and holds new ones back meanwhile.
private final class CallGate: Sendable {
    /// Wakes waiters; `counts` changes only while it is held.
    private let condition = NSCondition()
    private let counts = Mutex((calls: 0, isReplacing: false))

    func enterCall() {
        condition.lock()
        while counts.withLock({ $0.isReplacing }) { condition.wait() }
        counts.withLock { $0.calls += 1 }
        condition.unlock()
    }

    func leaveCall() {
        condition.lock()
        counts.withLock { $0.calls -= 1 }
        condition.broadcast()
        condition.unlock()
    }

    func exclusively<Result>(_ body: () -> Result) -> Result {
        condition.lock()
        while counts.withLock({ $0.isReplacing }) { condition.wait() }
        counts.withLock { $0.isReplacing = true }
        while counts.withLock({ $0.calls > 0 }) { condition.wait() }
        condition.unlock()
        let result = body()
        condition.lock()
        counts.withLock { $0.isReplacing = false }
        condition.broadcast()
        condition.unlock()
        return result
    }
}
