import Foundation
import ShortcutsContent
import ShortcutsRPC

/// Serves an app's intents over the extension protocol (v1): JSON-RPC 2.0, one message per line.
///
/// Requests are handled one at a time. A line that isn't JSON gets a parse error (-32700), an
/// unknown method gets -32601, and serving goes on; it ends when the input closes or on `shutdown`.
///
/// ```swift
/// let server = await IntentServer(bundleIdentifier: "com.example.SouperTask", intents: [CreateTaskIntent.self])
/// await server.serve(LineChannel(input: 0, output: 1))
/// ```
public struct IntentServer: Sendable {
    let catalog: IntentCatalog
    /// Where lines are read: a thread of its own, so a blocked read never holds one of the few
    /// threads that run `perform()`.
    private let readQueue = DispatchQueue(label: "AppIntents.IntentServer.read")

    public init(bundleIdentifier: String, intents: [any AppIntent.Type]) async {
        catalog = await IntentCatalog(bundleIdentifier: bundleIdentifier, intents: intents)
    }

    /// Answers requests from the channel until it closes or the host sends `shutdown`.
    public func serve(_ channel: LineChannel) async {
        while true {
            let line: Data
            do {
                line = try await nextLine(channel)
            } catch {
                if error != .closed { log("stopped reading: \(error)") }
                return
            }
            let (response, isShutdown) = await handle(line)
            if let response {
                do {
                    try channel.writeLine(response)
                } catch {
                    log("stopped writing: \(error)")
                    return
                }
            }
            if isShutdown { return }
        }
    }

    /// Waits for the next line on the read queue.
    private func nextLine(_ channel: LineChannel) async throws(LineChannel.Failure) -> Data {
        let result: Result<Data, LineChannel.Failure> = await withCheckedContinuation { continuation in
            readQueue.async {
                continuation.resume(returning: Result { () throws(LineChannel.Failure) -> Data in try channel.readLine() })
            }
        }
        return try result.get()
    }

    /// The response to one line (nil for a notification) and whether serving should end.
    func handle(_ line: Data) async -> (response: Data?, isShutdown: Bool) {
        guard let envelope = try? JSONRPC.decode(JSONRPC.Envelope.self, from: line) else {
            return (errorLine(nil, JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.parseErrorCode, message: "the line is not a JSON-RPC message")), false)
        }
        guard let method = envelope.method else {
            return (errorLine(envelope.id, JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.invalidRequestCode, message: "a request needs a method")), false)
        }
        let isShutdown = method == ExtensionProtocol.Method.shutdown
        do {
            let result = try await dispatch(method, line)
            guard let id = envelope.id else { return (nil, isShutdown) }
            return (try JSONRPC.encode(JSONRPC.Response(id: id, result: result)), isShutdown)
        } catch let error as JSONRPC.ErrorObject {
            return (envelope.id == nil ? nil : errorLine(envelope.id, error), isShutdown)
        } catch {
            let failure = JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.internalErrorCode, message: IntentPerformer.message(of: error))
            return (envelope.id == nil ? nil : errorLine(envelope.id, failure), isShutdown)
        }
    }

    private func dispatch(_ method: String, _ line: Data) async throws -> AnyResult {
        switch method {
        case ExtensionProtocol.Method.initialize:
            return AnyResult(ExtensionProtocol.InitializeResult(
                protocolVersion: ExtensionProtocol.version, bundleIdentifier: catalog.bundleIdentifier))
        case ExtensionProtocol.Method.perform:
            let call = try params(ExtensionProtocol.PerformParams.self, line)
            return AnyResult(try await IntentPerformer(catalog: catalog).perform(call))
        case ExtensionProtocol.Method.queryEntities:
            return AnyResult(try await catalog.queryEntities(try params(ExtensionProtocol.QueryParams.self, line)))
        case ExtensionProtocol.Method.listOptions:
            return AnyResult(try await catalog.listOptions(try params(ExtensionProtocol.OptionsParams.self, line)))
        case ExtensionProtocol.Method.shutdown:
            return AnyResult(JSONRPC.Empty())
        default:
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.methodNotFoundCode, message: "unknown method '\(method)'")
        }
    }

    private func params<Params: Codable & Sendable>(_ type: Params.Type, _ line: Data) throws -> Params {
        do {
            guard let params = try JSONRPC.decode(JSONRPC.Request<Params>.self, from: line).params else {
                throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.invalidParamsCode, message: "the request has no params")
            }
            return params
        } catch let error as JSONRPC.ErrorObject {
            throw error
        } catch {
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.invalidParamsCode, message: "the params are not valid: \(error)")
        }
    }

    private func errorLine(_ id: JSONRPC.ID?, _ error: JSONRPC.ErrorObject) -> Data {
        (try? JSONRPC.encode(JSONRPC.ErrorResponse(id: id, error: error))) ?? Data()
    }

    private func log(_ message: String) {
        try? FileHandle.standardError.write(contentsOf: Data("intents: \(message)\n".utf8))
    }
}

/// Any encodable result, so one dispatch can return the result of each method.
struct AnyResult: Codable, Sendable {
    private let encodeValue: @Sendable (any Encoder) throws -> Void

    init<Result: Encodable & Sendable>(_ result: Result) {
        encodeValue = { try result.encode(to: $0) }
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "results are only encoded"))
    }

    func encode(to encoder: any Encoder) throws { try encodeValue(encoder) }
}
