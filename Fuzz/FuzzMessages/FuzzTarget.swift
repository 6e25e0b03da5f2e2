import Foundation
import MCPServer
import ShortcutsContent
import ShortcutsLibrary
import ShortcutsRPC
import ShortcutsRun

/// libFuzzer's entry point for the messages the service and `shortcuts mcp` read: each line of
/// the input is decoded as the service's JSON-RPC envelope and request parameters, scanned and
/// read as the extension protocol's messages (with their own codec, `JSONReader`), read as JSON
/// content (`JSONBridge.parse`), and handled by
/// an MCP server that offers a few actions that touch nothing outside the run (so calls run
/// their argument conversion and the engine without side effects). Errors are expected;
/// crashes, hangs and leaks are the bugs.
///
/// Build and run with `Scripts/fuzz.sh SECONDS FuzzMessages`; libFuzzer supplies `main`.
let server: MCPServer = {
    let home = NSTemporaryDirectory() + "/fuzz-messages-\(getpid())"
    let environment = ["SHORTCUTS_HOME": home, "HOME": home, "SHORTCUTS_NO_APP_LAUNCH": "1"]
    let library = ShortcutLibrary(home: home)
    let actions: Set<String> = [
        "is.workflow.actions.text.changecase", "is.workflow.actions.gettext", "is.workflow.actions.count",
        "is.workflow.actions.getvalueforkey", "is.workflow.actions.math", "is.workflow.actions.list",
    ]
    let configuration = MCPServer.Configuration(
        library: library, selection: ToolSelection(allowList: actions),
        makeSetup: { RunSetup(environment: environment, caller: .mcp, library: library) }, environment: environment,
        pollInterval: 0)
    return MCPServer(configuration: configuration)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessages(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    for line in data.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(16) {
        let line = Data(line)
        _ = JSONValue(parsing: line)
        let bytes = [UInt8](line)
        if let message = try? JSONRPC.ScannedMessage(bytes) {
            if let params = message.params { _ = try? message.read(params, as: ExtensionProtocol.PerformParams.self) }
            if let result = message.result {
                _ = try? message.read(result, as: ExtensionProtocol.PerformResult.self)
                _ = try? message.read(result, as: ExtensionProtocol.QueryResult.self)
            }
        }
        _ = try? Content(json: bytes)
        _ = JSONBridge.parse(String(decoding: line, as: UTF8.self))
        _ = try? JSONRPC.decode(JSONRPC.Envelope.self, from: line)
        _ = try? JSONRPC.decode(JSONRPC.Request<EventsProtocol.RunParams>.self, from: line)
        _ = try? JSONRPC.decode(JSONRPC.Request<EventsProtocol.CancelParams>.self, from: line)
        _ = try? JSONRPC.decode(JSONRPC.Request<EventsProtocol.RegisterParams>.self, from: line)
        _ = server.handle(line)
    }
    return 0
}
