import Foundation
import RunHistory
import ShortcutsRPC

/// Turns one JSON-RPC request line into the service call and its response line.
struct SocketDispatch {
    let service: EventsService
    let client: ClientIdentity
    let owner: ObjectIdentifier

    /// The response to a request, or `nil` for a notification.
    func respond(to request: JSONRPC.IncomingRequest) -> Data? {
        do {
            try service.policy.check(client, doing: request.method)
            let result = try result(of: request)
            guard let id = request.id else { return nil }
            // Results that write themselves (a run's) cost no `JSONEncoder`.
            return try JSONRPC.responseLine(id: id, result: result)
        } catch {
            guard request.id != nil else { return nil }
            return try? JSONRPC.encode(Self.errorResponse(id: request.id, error))
        }
    }

    private func result(of request: JSONRPC.IncomingRequest) throws -> any Encodable & Sendable {
        switch request.method {
        case EventsProtocol.Method.listShortcuts:
            return EventsProtocol.ListResult(shortcuts: try service.listShortcuts())
        case EventsProtocol.Method.listFolders:
            return EventsProtocol.FoldersResult(folders: service.listFolders())
        case EventsProtocol.Method.run:
            return try service.run(try request.params(EventsProtocol.RunParams.self), client: client, owner: owner)
        case EventsProtocol.Method.importShortcut:
            return try service.importShortcut(try request.params(EventsProtocol.ImportParams.self), client: client)
        case EventsProtocol.Method.cancel:
            let params = try request.params(EventsProtocol.CancelParams.self)
            guard params.runID != nil || params.shortcut != nil else {
                throw ServiceError(.invalidArguments, "runs.cancel needs a runID or a shortcut")
            }
            return EventsProtocol.CancelResult(cancelled: service.cancel(params))
        case EventsProtocol.Method.listRuns:
            return EventsProtocol.RunsResult(runs: service.listRuns())
        case EventsProtocol.Method.listHistory:
            let params = try request.optionalParams(EventsProtocol.HistoryParams.self) ?? EventsProtocol.HistoryParams()
            return JSONValue.object(["runs": .array(try service.history(params).map(\.json))])
        case EventsProtocol.Method.showRun:
            return try service.runDetails(try request.params(EventsProtocol.RunIDParams.self)).json
        case EventsProtocol.Method.status:
            return service.status()
        case EventsProtocol.Method.openApp:
            return try service.openApp()
        default:
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.methodNotFoundCode, message: "unknown method '\(request.method)'")
        }
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
