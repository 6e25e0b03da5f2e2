/// Writes compact JSON straight into bytes, value by value; the counterpart of ``JSONReader``.
/// Commas go in by themselves.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { writer in
///     writer.member("id", 7)
///     writer.key("tags")
///     writer.array { writer in writer.string("a"); writer.string("b") }
/// }
/// // writer.bytes: {"id":7,"tags":["a","b"]}
/// ```
///
/// Numbers are written so they read back as the same `Double` (whole numbers without a
/// fraction); a number that isn't finite, which JSON can't hold, is `null`.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Whether lists of entities of one type are written as tables, the extension protocol's
    /// compact form (docs/EXTENSION-PROTOCOL.md, "Entity tables"), which only a host that asked
    /// for it reads; off, content is written in the form `Codable` gives it.
    public var writesEntityTables = false
    /// Whether the next value or key follows another in its container.
    private var needsComma = false

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's name; its value is written next.
    public mutating func key(_ key: String) {
        separate()
        JSONBridge.append(string: key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        JSONBridge.append(string: value, to: &bytes)
        needsComma = true
    }

    public mutating func number(_ value: Double) {
        separate()
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 {
            if value == 0, value.sign == .minus { bytes += "-0".utf8 } else { bytes += String(Int64(value)).utf8 }
        } else if value.isFinite {
            bytes += value.description.utf8
        } else {
            bytes += "null".utf8
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes += (value ? "true" : "false").utf8
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes += "null".utf8
        needsComma = true
    }

    /// A value already written as JSON (another writer's bytes).
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes += json
        needsComma = true
    }

    public mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    public mutating func member(_ name: String, _ value: Double) {
        key(name)
        number(value)
    }

    public mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// A member only when there is a value, as `Codable` leaves out `nil`s.
    public mutating func member(_ name: String, ifPresent value: String?) {
        if let value { member(name, value) }
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}

/// A type that writes itself as JSON with a ``JSONWriter``: the extension protocol's messages.
public protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// The value as compact JSON.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }
}
