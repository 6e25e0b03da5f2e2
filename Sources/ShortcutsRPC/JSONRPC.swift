import Foundation

/// JSON-RPC 2.0 messages as one JSON object per line: the framing shared by app extensions,
/// the service's socket and the MCP server.
///
/// ```text
/// → {"jsonrpc":"2.0","id":1,"method":"intent.perform","params":{…}}
/// ← {"jsonrpc":"2.0","id":1,"result":{…}}
/// ```
public enum JSONRPC {
    /// A request or notification id: a number or a string.
    public enum ID: Codable, Hashable, Sendable, CustomStringConvertible {
        case number(Int)
        case string(String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .string(let string): try container.encode(string)
            }
        }

        public var description: String {
            switch self {
            case .number(let number): return String(number)
            case .string(let string): return string
            }
        }
    }

    /// The parts of any message that say what it is, read before its params or result.
    public struct Envelope: Decodable, Sendable {
        public var id: ID?
        public var method: String?
        public var error: ErrorObject?

        /// Whether this is a request or notification (it has a method).
        public var isRequest: Bool { method != nil }
    }

    /// A request with typed params (a notification when `id` is nil).
    public struct Request<Params: Codable & Sendable>: Codable, Sendable {
        public var jsonrpc = "2.0"
        public var id: ID?
        public var method: String
        public var params: Params?

        public init(id: ID?, method: String, params: Params?) {
            self.id = id
            self.method = method
            self.params = params
        }
    }

    /// A successful response with a typed result.
    public struct Response<Result: Codable & Sendable>: Codable, Sendable {
        public var jsonrpc = "2.0"
        public var id: ID?
        public var result: Result

        public init(id: ID?, result: Result) {
            self.id = id
            self.result = result
        }
    }

    /// A failed response.
    public struct ErrorResponse: Codable, Sendable {
        public var jsonrpc = "2.0"
        public var id: ID?
        public var error: ErrorObject

        public init(id: ID?, error: ErrorObject) {
            self.id = id
            self.error = error
        }
    }

    /// The `error` member: a code, a message, and optional data.
    public struct ErrorObject: Codable, Error, Sendable, CustomStringConvertible {
        public var code: Int
        public var message: String
        public var data: String?

        public init(code: Int, message: String, data: String? = nil) {
            self.code = code
            self.message = message
            self.data = data
        }

        public var description: String { "\(message) (JSON-RPC error \(code))" }

        public static let parseErrorCode = -32700
        public static let invalidRequestCode = -32600
        public static let methodNotFoundCode = -32601
        public static let invalidParamsCode = -32602
        public static let internalErrorCode = -32603
    }

    /// An empty params or result object (`{}`).
    public struct Empty: Codable, Sendable {
        public init() {}
    }

    /// Encodes a message as one line of compact JSON, without the newline.
    public static func encode<Message: Encodable>(_ message: Message) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(message)
    }

    /// How deep a message's arrays and objects may nest. Messages nest a few levels; Foundation's
    /// decoder crashes on some deeper input (513 unclosed `[`), so deeper lines never reach it.
    public static let maximumNesting = 256

    /// A line nested deeper than ``maximumNesting``.
    public struct TooDeep: Error, CustomStringConvertible {
        public var description: String { "the message nests deeper than \(JSONRPC.maximumNesting) levels" }
    }

    /// Decodes one line.
    ///
    /// - Throws: ``TooDeep``, or the decoder's error.
    public static func decode<Message: Decodable>(_ type: Message.Type, from line: Data) throws -> Message {
        guard !nests(line, deeperThan: maximumNesting) else { throw TooDeep() }
        return try JSONDecoder().decode(type, from: line)
    }

    /// Whether JSON text's arrays and objects nest deeper than `limit`, counting brackets outside strings.
    static func nests(_ line: Data, deeperThan limit: Int) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in line {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }
}
