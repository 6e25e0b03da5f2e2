import Foundation
import ShortcutsContent

extension JSONRPC {
    /// A request as received: its method and id, and its params decoded on demand.
    public struct IncomingRequest: Sendable {
        public let method: String
        /// Absent for a notification, which gets no response.
        public let id: ID?
        let line: Data
        /// The line's bytes and where its params are, when the scan that found the method found them.
        let bytes: [UInt8]
        let paramsRange: Range<Int>?

        init(method: String, id: ID?, line: Data, bytes: [UInt8] = [], paramsRange: Range<Int>? = nil) {
            self.method = method
            self.id = id
            self.line = line
            self.bytes = bytes
            self.paramsRange = paramsRange
        }

        /// A line read as a request in one pass (``ScannedMessage``); nil when it isn't JSON or
        /// has no method.
        public init?(scanning line: Data) {
            let bytes = [UInt8](line)
            guard let envelope = try? ScannedMessage(bytes), let method = envelope.method else { return nil }
            self.init(method: method, id: envelope.id, line: line, bytes: bytes, paramsRange: envelope.params)
        }

        /// The params as a type, or nil when the request has none (or `null`); malformed params
        /// are an invalid-params error.
        public func optionalParams<Params: Codable & Sendable>(_ type: Params.Type) throws(ErrorObject) -> Params? {
            guard let paramsRange else { return nil }
            var reader = JSONReader(bytes, range: paramsRange)
            if (try? reader.takeNull()) == true { return nil }
            return try params(type)
        }

        /// The params as a type; a missing or malformed params object is an invalid-params error.
        /// Types that read themselves (``JSONReadable``) are read from the line directly.
        public func params<Params: Codable & Sendable>(_ type: Params.Type) throws(ErrorObject) -> Params {
            if let readable = type as? any JSONReadable.Type {
                guard let paramsRange else { throw ErrorObject(code: ErrorObject.invalidParamsCode, message: "\(method) needs params") }
                do {
                    var reader = JSONReader(bytes, range: paramsRange)
                    if try reader.takeNull() {
                        throw ErrorObject(code: ErrorObject.invalidParamsCode, message: "\(method) needs params")
                    }
                    let value = try readable.init(reading: &reader)
                    try reader.finish()
                    if let params = value as? Params { return params }
                } catch let error as ErrorObject {
                    throw error
                } catch {
                    throw ErrorObject(code: ErrorObject.invalidParamsCode, message: "the params of \(method) are not valid: \(error)")
                }
            }
            let request: Request<Params>
            do {
                request = try JSONRPC.decode(Request<Params>.self, from: line)
            } catch {
                throw ErrorObject(code: ErrorObject.invalidParamsCode, message: "the params of \(method) are not valid: \(error)")
            }
            guard let params = request.params else {
                throw ErrorObject(code: ErrorObject.invalidParamsCode, message: "\(method) needs params")
            }
            return params
        }
    }

    /// What a method handler returns: any encodable result.
    public typealias Handler = (IncomingRequest) async throws -> any Encodable & Sendable
    /// A handler that a serving thread may call (``serve(_:stoppingAfter:handler:)``).
    public typealias SendableHandler = @Sendable (IncomingRequest) async throws -> any Encodable & Sendable

    /// Answers one line: decodes the envelope, runs the handler, and encodes the response.
    ///
    /// A line that is not JSON gets a parse error (-32700); one without a method an invalid-request
    /// error (-32600); a handler's `ErrorObject` is sent as it is and any other error as an internal
    /// error (-32603) carrying its text. Notifications get no response (nil).
    public static func respond(to line: Data, with handler: Handler) async -> Data? {
        await answer(line, with: handler).response
    }

    /// The response to a line, and the method it asked for (when it was a request at all).
    public static func answer(_ line: Data, with handler: Handler) async -> (response: Data?, method: String?) {
        let bytes = [UInt8](line)
        guard let envelope = try? ScannedMessage(bytes) else {
            return (errorLine(nil, ErrorObject(code: ErrorObject.parseErrorCode, message: "the line is not a JSON-RPC message")), nil)
        }
        guard let method = envelope.method else {
            return (errorLine(envelope.id, ErrorObject(code: ErrorObject.invalidRequestCode, message: "a request needs a method")), nil)
        }
        do {
            let request = IncomingRequest(method: method, id: envelope.id, line: line, bytes: bytes, paramsRange: envelope.params)
            let result = try await handler(request)
            guard let id = envelope.id else { return (nil, method) }
            return (try responseLine(id: id, result: result), method)
        } catch let error as ErrorObject {
            return (envelope.id == nil ? nil : errorLine(envelope.id, error), method)
        } catch {
            let message = String(describing: error)
            let failure = ErrorObject(code: ErrorObject.internalErrorCode, message: message)
            return (envelope.id == nil ? nil : errorLine(envelope.id, failure), method)
        }
    }

    static func errorLine(_ id: ID?, _ error: ErrorObject) -> Data {
        var writer = JSONWriter()
        writer.object { writer in
            writer.member("jsonrpc", "2.0")
            if let id {
                writer.key("id")
                id.write(to: &writer)
            }
            writer.key("error")
            error.write(to: &writer)
        }
        return Data(writer.bytes)
    }

    /// Any encodable result, so one handler can return the result of each method.
    struct AnyResult: Codable, Sendable {
        let result: any Encodable & Sendable
        init(_ result: any Encodable & Sendable) { self.result = result }
        init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "results are only encoded"))
        }
        func encode(to encoder: any Encoder) throws { try result.encode(to: encoder) }
    }
}
