import Foundation
import ShortcutsRPC

/// `shortcuts mcp` speed, measured as a client sees it over the server's stdin and stdout: the
/// round trip of `tools/list` and of `tools/call` (a shortcut, a built-in action, an app action
/// with its extension warm), median and p99. Target: each under 5 ms with the examples installed.
///
/// Call it from `main` as `try runMCPBenchmarks()`; build with `swift build -c release` so
/// `shortcuts` and `soupertask` are next to `shortcuts-benchmarks`.
func runMCPBenchmarks(calls: Int = 500) throws {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let shortcuts = folder.appendingPathComponent("shortcuts").path
    let soupertask = folder.appendingPathComponent("soupertask").path
    guard FileManager.default.isExecutableFile(atPath: shortcuts), FileManager.default.isExecutableFile(atPath: soupertask) else {
        throw ExtensionBenchmarkError(
            "shortcuts and soupertask are not built next to this benchmark (\(folder.path)); run `swift build -c release`")
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let home = scratch.appendingPathComponent("home")
    let environment = [
        "SHORTCUTS_HOME": home.path, "SOUPERTASK_DATA": scratch.path + "/data", "SHORTCUTS_NO_APP_LAUNCH": "1",
        "XDG_STATE_HOME": scratch.path + "/state",
        "XDG_DATA_DIRS": scratch.path + "/system", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": scratch.path,
    ]
    // The examples installed: Examples/*.shortcut in the library, SouperTask's manifest from one run.
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")
    try FileManager.default.createDirectory(at: home.appendingPathComponent("Shortcuts"), withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: examples.path) where name.hasSuffix(".shortcut") {
        try FileManager.default.copyItem(at: examples.appendingPathComponent(name), to: home.appendingPathComponent("Shortcuts/" + name))
    }
    try runToEnd(soupertask, ["list"], environment: environment)

    let server = try MCPBenchmarkClient(executable: shortcuts, environment: environment)
    defer { server.close() }
    _ = try server.request(
        "initialize", #"{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"benchmark","version":"1"}}"#)
    try server.channel.writeLine(Data(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))

    let list = try Timings.measure(runs: calls, warmups: 20) { _ = try server.request("tools/list", "{}") }
    let toolCount = try server.request("tools/list", "{}").components(separatedBy: #""inputSchema""#).count - 1
    func call(_ name: String, _ arguments: String) throws -> Timings {
        let params = #"{"name":""# + name + #"","arguments":"# + arguments + "}"
        let reply = try server.request("tools/call", params)
        guard reply.contains(#""isError":false"#) else { throw ExtensionBenchmarkError("\(name) failed: \(reply)") }
        return try Timings.measure(runs: calls, warmups: 20) { _ = try server.request("tools/call", params) }
    }
    let shortcut = try call("shortcut.Hello", #"{"input":"Benchmark"}"#)
    let builtin = try call("is.workflow.actions.text.changecase", #"{"text":["benchmark"]}"#)
    let app = try call("com.example.SouperTask.FindTasksIntent", #"{"text":"nothing matches"}"#)

    print("MCP server (shortcuts mcp, \(toolCount) tools), round trips over \(calls) requests:")
    var table = ResultTable("measure", "median", "p99", "target", "verdict")
    for (name, timings) in [
        ("tools/list", list), ("tools/call shortcut.Hello", shortcut), ("tools/call text.changecase", builtin),
        ("tools/call SouperTask FindTasks (warm)", app),
    ] {
        table.add(
            name, milliseconds(timings.median) + " ms", milliseconds(timings.percentile(0.99)) + " ms", "5 ms",
            timings.median <= 5e-3 ? "met" : "missed")
    }
    print(table.render())
}

/// A `shortcuts mcp` process spoken to line by line.
private final class MCPBenchmarkClient {
    let process = Process()
    let channel: LineChannel
    private let input = Pipe()
    private let output = Pipe()
    private var nextID = 0

    init(executable: String, environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["mcp"]
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        channel = LineChannel(input: output.fileHandleForReading.fileDescriptor, output: input.fileHandleForWriting.fileDescriptor)
    }

    /// Sends a request (params as JSON text) and returns the response line.
    func request(_ method: String, _ params: String) throws -> String {
        nextID += 1
        try channel.writeLine(Data((#"{"jsonrpc":"2.0","id":\#(nextID),"method":""# + method + #"","params":"# + params + "}").utf8))
        return String(decoding: try channel.readLine(timeout: 30), as: UTF8.self)
    }

    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

private func runToEnd(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
}
