import Foundation
import RunHistory
import ShortcutsRPC

/// Turns one JSON-RPC request line into the service call and its response line.
struct SocketDispatch {
    let service: EventsService
    let client: ClientIdentity
    let owner: ObjectIdentifier

    /// The response to a request, or `nil` for a notification.
    func respond(to method: String, id: JSONRPC.ID?, line: Data) -> Data? {
        let response: Data?
        do {
            try service.policy.check(client, doing: method)
            response = try result(of: method, id: id, line: line)
        } catch {
            response = try? JSONRPC.encode(Self.errorResponse(id: id, error))
        }
        return id == nil ? nil : response
    }

    private func result(of method: String, id: JSONRPC.ID?, line: Data) throws -> Data {
        switch method {
        case EventsProtocol.Method.listShortcuts:
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: EventsProtocol.ListResult(shortcuts: try service.listShortcuts())))
        case EventsProtocol.Method.listFolders:
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: EventsProtocol.FoldersResult(folders: service.listFolders())))
        case EventsProtocol.Method.run:
            let params = try Self.params(EventsProtocol.RunParams.self, line)
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: try service.run(params, client: client, owner: owner)))
        case EventsProtocol.Method.importShortcut:
            let params = try Self.params(EventsProtocol.ImportParams.self, line)
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: try service.importShortcut(params, client: client)))
        case EventsProtocol.Method.cancel:
            let params = try Self.params(EventsProtocol.CancelParams.self, line)
            guard params.runID != nil || params.shortcut != nil else {
                throw ServiceError(.invalidArguments, "runs.cancel needs a runID or a shortcut")
            }
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: EventsProtocol.CancelResult(cancelled: service.cancel(params))))
        case EventsProtocol.Method.listRuns:
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: EventsProtocol.RunsResult(runs: service.listRuns())))
        case EventsProtocol.Method.listHistory:
            let params = try Self.params(EventsProtocol.HistoryParams.self, line, optional: true) ?? EventsProtocol.HistoryParams()
            let runs = try service.history(params)
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: JSONValue.object(["runs": .array(runs.map(\.json))])))
        case EventsProtocol.Method.showRun:
            let params = try Self.params(EventsProtocol.RunIDParams.self, line)
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: try service.runDetails(params).json))
        case EventsProtocol.Method.status:
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: service.status()))
        case EventsProtocol.Method.openApp:
            return try JSONRPC.encode(JSONRPC.Response(id: id, result: try service.openApp()))
        default:
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.methodNotFoundCode, message: "unknown method '\(method)'")
        }
    }

    /// A request's params, or an invalid-params error saying what is wrong.
    static func params<Params: Codable & Sendable>(_ type: Params.Type, _ line: Data) throws -> Params {
        guard let params = try params(type, line, optional: true) else {
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.invalidParamsCode, message: "the request has no params")
        }
        return params
    }

    /// A request's params, `nil` when it has none (`optional`), or an invalid-params error.
    static func params<Params: Codable & Sendable>(_ type: Params.Type, _ line: Data, optional: Bool) throws -> Params? {
        let request: JSONRPC.Request<Params>
        do {
            request = try JSONRPC.decode(JSONRPC.Request<Params>.self, from: line)
        } catch {
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.invalidParamsCode, message: "the params are not valid: \(error)")
        }
        return request.params
    }

    /// The error response for anything thrown while answering.
    static func errorResponse(id: JSONRPC.ID?, _ error: any Error) -> JSONRPC.ErrorResponse {
        switch error {
        case let error as ServiceError:
            let data = error.failure.flatMap { try? JSONRPC.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
            return JSONRPC.ErrorResponse(id: id, error: JSONRPC.ErrorObject(code: error.code.rpcCode, message: error.message, data: data))
        case let error as JSONRPC.ErrorObject:
            return JSONRPC.ErrorResponse(id: id, error: error)
        default:
            return JSONRPC.ErrorResponse(
                id: id, error: JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.internalErrorCode, message: "\(error)"))
        }
    }
}
