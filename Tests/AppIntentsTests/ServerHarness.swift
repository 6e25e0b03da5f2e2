import AppIntents
import Foundation
import ShortcutsContent
import ShortcutsRPC
import Testing

/// A host end talking to an intent server over two pipe(2)s, in-process.
final class ServerHarness {
    let host: LineChannel
    private let hostToServer: [Int32]
    private let serverToHost: [Int32]
    private let serving: Task<Void, Never>
    private var nextID = 0

    init(intents: [any AppIntent.Type], bundleIdentifier: String = "com.example.Soup") async {
        var a: [Int32] = [0, 0], b: [Int32] = [0, 0]
        _ = pipe(&a)
        _ = pipe(&b)
        hostToServer = a
        serverToHost = b
        host = LineChannel(input: b[0], output: a[1])
        let server = await IntentServer(bundleIdentifier: bundleIdentifier, intents: intents)
        let channel = LineChannel(input: a[0], output: b[1])
        // At high priority, the server's work goes before the other suites' queued tests, which
        // can hold both of a 2-core machine's task threads for minutes.
        serving = Task(priority: .high) { await server.serve(channel) }
    }

    /// Closes the host's end so the server sees end of input, and waits for it to stop.
    /// Runs `body` against a fresh server for these intents, finishing it whatever happens.
    static func with(
        _ intents: [any AppIntent.Type], bundleIdentifier: String = "com.example.Soup", _ body: (ServerHarness) async throws -> Void
    ) async throws {
        let harness = await ServerHarness(intents: intents, bundleIdentifier: bundleIdentifier)
        do {
            try await body(harness)
        } catch {
            await harness.finish()
            throw error
        }
        await harness.finish()
    }

    func finish() async {
        close(hostToServer[1])
        await serving.value
        for fd in [hostToServer[0], serverToHost[0], serverToHost[1]] { close(fd) }
    }

    /// Waits for the server's next line on a thread of its own: blocking one of the few threads
    /// that run tasks would starve the server's task when many tests run at once.
    private func receive() async throws -> Data {
        let host = self.host
        let result: Result<Data, LineChannel.Failure> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { () throws(LineChannel.Failure) -> Data in try host.readLine(timeout: 120) })
            }
        }
        return try result.get()
    }

    /// Sends a raw line and returns the response line as JSON.
    func exchange(_ line: String) async throws -> [String: Any] {
        try host.writeLine(Data(line.utf8))
        let response = try await receive()
        return try #require(try JSONSerialization.jsonObject(with: response) as? [String: Any])
    }

    /// Sends a request with typed params and decodes the typed result.
    func call<Params: Codable & Sendable, Result: Codable & Sendable>(
        _ method: String, _ params: Params, as: Result.Type = Result.self
    ) async throws -> Result {
        nextID += 1
        try host.writeLine(try JSONRPC.encode(JSONRPC.Request(id: .number(nextID), method: method, params: params)))
        let line = try await receive()
        if let error = try? JSONRPC.decode(JSONRPC.ErrorResponse.self, from: line) { throw error.error }
        let response = try JSONRPC.decode(JSONRPC.Response<Result>.self, from: line)
        #expect(response.id == .number(nextID))
        return response.result
    }

    func perform(
        _ intent: String, _ parameters: [String: Content], confirmed: Bool = false, confirmedParameters: [String] = []
    ) async throws -> ExtensionProtocol.PerformResult {
        try await call(
            ExtensionProtocol.Method.perform,
            ExtensionProtocol.PerformParams(
                intent: intent, parameters: parameters, confirmed: confirmed, confirmedParameters: confirmedParameters,
                isInteractive: true))
    }
}
