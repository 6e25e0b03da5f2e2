import Foundation
import ShortcutsContent

extension JSONRPC.ID: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .number(let number): writer.number(Double(number))
        case .string(let string): writer.string(string)
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var probe = reader
        if let string = try? probe.readString() {
            reader = probe
            self = .string(string)
        } else {
            self = .number(try reader.readInt())
        }
    }
}

extension JSONRPC.ErrorObject: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("code", Double(code))
            writer.member("message", message)
            writer.member("data", ifPresent: data)
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var code: Int?
        var message: String?
        var data: String?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "code": code = try reader.readInt()
            case "message": message = try reader.readString()
            // Other peers put any value in `data`; only text is kept.
            case "data":
                var probe = reader
                if let text = try? probe.readString() {
                    reader = probe
                    data = text
                } else {
                    try reader.skipValue()
                }
            default: try reader.skipValue()
            }
        }
        self.init(
            code: try WireMember.required(code, "code", in: "an error", reader),
            message: try WireMember.required(message, "message", in: "an error", reader), data: data)
    }
}

extension JSONRPC {
    /// A message's top-level members, found in one pass over its line: what it is (`id`,
    /// `method`, `error`) at once, its `params` or `result` as the range to read once the caller
    /// knows their type.
    public struct ScannedMessage {
        public let bytes: [UInt8]
        public private(set) var id: ID?
        public private(set) var method: String?
        public private(set) var params: Range<Int>?
        public private(set) var result: Range<Int>?
        public private(set) var error: ErrorObject?

        /// - Parameter readResult: reads the `result` member where the scan finds it, so a
        ///   response the caller expects is read in one pass; without it the result is skipped.
        public init(_ bytes: [UInt8], readResult: ((inout JSONReader) throws(JSONReader.Failure) -> Void)? = nil)
            throws(JSONReader.Failure)
        {
            var reader = JSONReader(bytes)
            var id: ID?, method: String?, params: Range<Int>?, result: Range<Int>?, error: ErrorObject?
            try reader.readObject { reader, key throws(JSONReader.Failure) in
                switch key {
                case "id": id = try reader.takeNull() ? nil : try ID(reading: &reader)
                case "method": method = try reader.readString()
                case "params": params = try reader.skipValueRange()
                case "result":
                    if let readResult {
                        let start = reader.position
                        try readResult(&reader)
                        result = start..<reader.position
                    } else {
                        result = try reader.skipValueRange()
                    }
                case "error": error = try reader.takeNull() ? nil : try ErrorObject(reading: &reader)
                default: try reader.skipValue()
                }
            }
            try reader.finish()
            self.bytes = bytes
            (self.id, self.method, self.params, self.result, self.error) = (id, method, params, result, error)
        }

        /// Reads a member found by the scan as `type`; `nil` when the member is `null`.
        public func read<Value: JSONReadable>(_ range: Range<Int>, as type: Value.Type) throws(JSONReader.Failure) -> Value? {
            var reader = JSONReader(bytes, range: range)
            if try reader.takeNull() { return nil }
            let value = try Value(reading: &reader)
            try reader.finish()
            return value
        }
    }

    /// A request (a notification when `id` is nil) as one line without its newline; params that
    /// write themselves (``JSONWritable``) are written directly, others through `JSONEncoder`.
    public static func requestLine<Params: Codable & Sendable>(id: ID?, method: String, params: Params?) throws -> Data {
        guard let writable = params as? any JSONWritable else {
            return try encode(Request(id: id, method: method, params: params))
        }
        var writer = JSONWriter()
        writer.object { writer in
            writer.member("jsonrpc", "2.0")
            if let id {
                writer.key("id")
                id.write(to: &writer)
            }
            writer.member("method", method)
            writer.key("params")
            writable.write(to: &writer)
        }
        return Data(writer.bytes)
    }

    /// A successful response as one line; results that write themselves are written directly.
    public static func responseLine(id: ID, result: any Encodable & Sendable) throws -> Data {
        guard let writable = result as? any JSONWritable else { return try encode(Response(id: id, result: AnyResult(result))) }
        var writer = JSONWriter()
        writer.object { writer in
            writer.member("jsonrpc", "2.0")
            writer.key("id")
            id.write(to: &writer)
            writer.key("result")
            writable.write(to: &writer)
        }
        return Data(writer.bytes)
    }
}
