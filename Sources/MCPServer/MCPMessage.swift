import ShortcutsRPC

/// JSON-RPC 2.0 message lines, written as text around results that are already JSON (so the
/// cached `tools/list` result is copied, not encoded again).
enum MCPMessage {
    /// MCP's "unsupported protocol version" error (protocol 2026-07-28), which a client that sent
    /// `server/discover` reads as "use the initialize handshake with one of `data.supported`".
    static let unsupportedProtocolVersionCode = -32022

    /// A successful response; `result` is JSON text.
    static func result(id: JSONValue, _ result: String) -> String {
        #"{"jsonrpc":"2.0","id":"# + id.text + #","result":"# + result + "}"
    }

    /// An error response.
    static func error(id: JSONValue, code: Int, _ message: String, data: JSONValue? = nil) -> String {
        var error: JSONObject = ["code": .number(Double(code)), "message": .string(message)]
        if let data { error["data"] = data }
        return JSONValue.object(["jsonrpc": "2.0", "id": id, "error": .object(error)]).text
    }

    /// A notification without params.
    static func notification(_ method: String) -> String {
        JSONValue.object(["jsonrpc": "2.0", "method": .string(method)]).text
    }

    /// Whether a value can be a request id: a string or a whole number.
    static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string: return true
        case .number(let number): return number == number.rounded()
        default: return false
        }
    }
}
