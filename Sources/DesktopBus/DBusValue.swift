import CSDBusLoader

/// A D-Bus value of any signature, written into and read out of sd-bus messages one piece at a
/// time: the service's interfaces and the desktop services the actions call both use it.
public indirect enum DBusValue: Sendable, Equatable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case byte(UInt8)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    /// A file descriptor to pass (`h`); the bus sends a duplicate, the caller keeps its own.
    case unixFD(Int32)
    case variant(DBusValue)
    case structure([DBusValue])
    /// Values of one type, with that type's signature, which an empty array still needs.
    case array(element: String, [DBusValue])
    /// A dictionary's entry; only inside an array.
    case entry(DBusValue, DBusValue)

    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .bool: "b"
        case .byte: "y"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .unixFD: "h"
        case .variant: "v"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .array(let element, _): "a" + element
        case .entry(let key, let value): "{" + key.signature + value.signature + "}"
        }
    }

    /// `a{sv}`, the dictionary most interfaces take and give.
    public static func dictionary(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .array(element: "{sv}", pairs.map { .entry(.string($0.0), .variant($0.1)) })
    }

    /// `as`.
    public static func strings(_ values: [String]) -> DBusValue {
        .array(element: "s", values.map(DBusValue.string))
    }

    public var text: String? {
        switch self {
        case .string(let text), .objectPath(let text): text
        case .variant(let inner): inner.text
        default: nil
        }
    }

    public var integer: Int? {
        switch self {
        case .byte(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int64(let value): Int(value)
        case .uint64(let value): Int(clamping: value)
        case .variant(let inner): inner.integer
        default: nil
        }
    }

    /// A number of any numeric type.
    public var number: Double? {
        switch self {
        case .double(let value): value
        case .variant(let inner): inner.number
        default: integer.map(Double.init)
        }
    }

    public var bool: Bool? {
        switch self {
        case .bool(let flag): flag
        case .variant(let inner): inner.bool
        default: nil
        }
    }

    /// The elements of an array (of a variant holding one), else nothing.
    public var elements: [DBusValue] {
        switch self {
        case .array(_, let values): values
        case .variant(let inner): inner.elements
        default: []
        }
    }

    /// The strings of an `as` (other elements are skipped).
    public var textElements: [String] { elements.compactMap(\.text) }

    /// The value under `key` in an `a{sv}` or `a{s…}`.
    public subscript(key: String) -> DBusValue? {
        for case .entry(let entryKey, let value) in elements where entryKey.text == key {
            if case .variant(let inner) = value { return inner }
            return value
        }
        return nil
    }

    // MARK: Writing

    /// Appends the value to a message being built; returns sd-bus's result.
    public func append(to message: UnsafeMutableRawPointer) -> Int32 {
        func basic<Value: BitwiseCopyable>(_ code: Character, _ value: Value) -> Int32 {
            withUnsafePointer(to: value) { ssd_append_basic(message, CChar(code.asciiValue!), $0) }
        }
        func container(_ code: Character, _ contents: String, _ values: [DBusValue]) -> Int32 {
            var result = ssd_open_container(message, CChar(code.asciiValue!), contents)
            for value in values where result >= 0 { result = value.append(to: message) }
            return result >= 0 ? ssd_close_container(message) : result
        }
        switch self {
        case .string(let text), .objectPath(let text):
            return text.withCString { ssd_append_basic(message, CChar(signature.utf8.first!), $0) }
        case .bool(let flag): return basic("b", Int32(flag ? 1 : 0))
        case .byte(let value): return basic("y", value)
        case .int32(let value): return basic("i", value)
        case .uint32(let value): return basic("u", value)
        case .int64(let value): return basic("x", value)
        case .uint64(let value): return basic("t", value)
        case .double(let value): return basic("d", value)
        case .unixFD(let descriptor): return basic("h", descriptor)
        case .variant(let inner): return container("v", inner.signature, [inner])
        case .structure(let fields): return container("r", fields.map(\.signature).joined(), fields)
        case .array(let element, let values): return container("a", element, values)
        case .entry(let key, let value): return container("e", key.signature + value.signature, [key, value])
        }
    }

    /// Appends values in order; returns sd-bus's result.
    public static func append(_ values: [DBusValue], to message: UnsafeMutableRawPointer) -> Int32 {
        var result: Int32 = 0
        for value in values where result >= 0 { result = value.append(to: message) }
        return result
    }

    // MARK: Reading

    /// Reads every value left at the message's current level; nil when the message is malformed.
    public static func readAll(from message: UnsafeMutableRawPointer) -> [DBusValue]? {
        var values: [DBusValue] = []
        while true {
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            let peeked = ssd_peek_type(message, &type, &contents)
            if peeked == 0 { return values }
            guard peeked > 0, let value = read(from: message, type: UInt8(bitPattern: type), contents: contents) else { return nil }
            values.append(value)
            if values.count > 1 << 16 { return nil }
        }
    }

    private static func read(from message: UnsafeMutableRawPointer, type: UInt8, contents: UnsafePointer<CChar>?) -> DBusValue? {
        func basic<Value: BitwiseCopyable>(_ initial: Value) -> Value? {
            var value = initial
            return ssd_read_basic(message, CChar(bitPattern: type), &value) > 0 ? value : nil
        }
        switch Character(Unicode.Scalar(type)) {
        case "s", "o", "g":
            var pointer: UnsafePointer<CChar>?
            guard ssd_read_basic(message, CChar(bitPattern: type), &pointer) > 0, let pointer else { return nil }
            let text = String(cString: pointer)
            return type == UInt8(ascii: "o") ? .objectPath(text) : .string(text)
        case "b": return basic(Int32(0)).map { .bool($0 != 0) }
        case "y": return basic(UInt8(0)).map(DBusValue.byte)
        case "n": return basic(Int16(0)).map { .int32(Int32($0)) }
        case "q": return basic(UInt16(0)).map { .uint32(UInt32($0)) }
        case "i": return basic(Int32(0)).map(DBusValue.int32)
        case "u": return basic(UInt32(0)).map(DBusValue.uint32)
        case "x": return basic(Int64(0)).map(DBusValue.int64)
        case "t": return basic(UInt64(0)).map(DBusValue.uint64)
        case "d": return basic(Double(0)).map(DBusValue.double)
        case "h": return basic(Int32(0)).map(DBusValue.int32)
        case "v", "r", "a", "e":
            guard let contents else { return nil }
            guard ssd_enter_container(message, CChar(bitPattern: type), contents) > 0,
                let inner = readAll(from: message), ssd_exit_container(message) >= 0
            else { return nil }
            switch type {
            case UInt8(ascii: "v"): return inner.first.map(DBusValue.variant)
            case UInt8(ascii: "r"): return .structure(inner)
            case UInt8(ascii: "e"): return inner.count == 2 ? .entry(inner[0], inner[1]) : nil
            default: return .array(element: String(cString: contents), inner)
            }
        default:
            return nil
        }
    }
}
