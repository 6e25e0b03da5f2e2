import Foundation
import ShortcutsRPC
import ShortcutsTestSupport
import Testing

/// A temporary `$SHORTCUTS_HOME` with the example shortcuts imported and SouperTask's manifest
/// installed (by running the built `soupertask` once), and ways to run the built `shortcuts mcp`
/// against it: as a raw process, or through the real Python MCP client.
final class MCPTestHome: @unchecked Sendable {
    private let temporary: TemporaryHome
    var directory: URL { temporary.directory }
    var home: String { temporary.home }
    var taskData: String { temporary.taskData }
    /// Variables added to the environment.
    var extraEnvironment: [String: String] = [:]

    /// The environment the server runs with; the Python client passes it explicitly because
    /// `stdio_client` gives the server only a handful of variables.
    var environment: [String: String] {
        [
            "SHORTCUTS_HOME": home, "SOUPERTASK_DATA": taskData, "SHORTCUTS_NO_APP_LAUNCH": "1",
            "XDG_DATA_HOME": directory.path + "/xdg", "XDG_DATA_DIRS": directory.path + "/system",
            "XDG_STATE_HOME": directory.path + "/state",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
        ].merging(extraEnvironment) { _, extra in extra }
    }

    static let packageRoot = BuiltProducts.packageRoot

    /// Sets up the home: imports Examples/Hello and Examples/WordLengths and installs SouperTask.
    init() throws {
        temporary = try TemporaryHome(prefix: "mcp-tests")
        for example in ["Hello", "WordLengths"] {
            let result = try run("shortcuts", ["import", Self.packageRoot.path + "/Examples/\(example).shortcut"])
            try #require(result.status == 0, "importing \(example): \(result.error)")
        }
        let installed = try run("soupertask", ["list"])
        try #require(installed.status == 0, "soupertask list: \(installed.error)")
        try #require(FileManager.default.fileExists(atPath: home + "/Apps/com.example.SouperTask.json"))
    }

    /// A binary built next to the test bundle.
    static func binary(_ name: String) throws -> String { try BuiltProducts.path(of: name) }

    typealias Finished = ProcessOutput

    /// Runs a built binary (or any executable path) to its end with some standard input.
    func run(_ name: String, _ arguments: [String], input: Data = Data(), timeout: TimeInterval = 120) throws -> Finished {
        let executable = name.hasPrefix("/") ? name : try Self.binary(name)
        return try ProcessRun.run(
            executable, arguments, environment: environment, directory: directory, input: input, timeout: timeout)
    }

    /// Starts `shortcuts mcp` with pipes the test talks through line by line.
    func startServer(_ arguments: [String] = []) throws -> RunningServer {
        try RunningServer(binary: Self.binary("shortcuts"), arguments: ["mcp"] + arguments, environment: environment)
    }
}

/// A `shortcuts mcp` process and a line channel to it.
final class RunningServer: @unchecked Sendable {
    let process = Process()
    let channel: LineChannel
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var nextID = 1
    private var collectedErrors: PipeDrain?

    init(binary: String, arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        collectedErrors = PipeDrain(errors.fileHandleForReading)
        channel = LineChannel(input: output.fileHandleForReading.fileDescriptor, output: input.fileHandleForWriting.fileDescriptor)
    }

    /// Sends a raw line.
    func send(_ line: String) throws { try channel.writeLine(Data(line.utf8)) }

    /// Reads the next line as JSON, failing after `timeout` seconds.
    func receive(timeout: Double = 30) throws -> JSONValue {
        let line = try channel.readLine(timeout: timeout)
        return try #require(JSONValue(parsing: line), "not JSON: \(String(decoding: line, as: UTF8.self))")
    }

    /// Sends a request and returns its response.
    func request(_ method: String, _ params: JSONValue = [:]) throws -> JSONValue {
        let id = nextID
        nextID += 1
        try send(JSONValue.object(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params]).text)
        return try receive()
    }

    /// The handshake a client does first.
    func initialize() throws {
        let reply = try request(
            "initialize", ["protocolVersion": "2025-11-25", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]])
        #expect(reply["result"]?["protocolVersion"] == "2025-11-25")
        try send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    }

    /// Closes the server's input and waits for it to exit; returns its status and standard error.
    func finish(timeout: TimeInterval = 10) throws -> (status: Int32, error: String) {
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            Issue.record("shortcuts mcp did not exit within \(timeout) s of its input closing")
        }
        process.waitUntilExit()
        return (process.terminationStatus, collectedErrors?.text ?? "")
    }
}
