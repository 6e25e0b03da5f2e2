/// Reads JSON text in one pass, value by value, straight into the caller's types: no tree of
/// values in between, no reflection. The extension protocol's messages read themselves with it
/// (``JSONReadable``), which is what makes an app action call cost microseconds; JSON text
/// becomes content with ``readContent()`` (``JSONBridge/parse(_:)``).
///
/// ```swift
/// var reader = JSONReader(Array(#"{"id":7,"tags":["a","b"]}"#.utf8))
/// var id = 0, tags: [String] = []
/// try reader.readObject { reader, key in
///     switch key {
///     case "id": id = try reader.readInt()
///     case "tags": try reader.readArray { tags.append(try $0.readString()) }
///     default: try reader.skipValue()
///     }
/// }
/// try reader.finish()
/// ```
///
/// Objects are read member by member in the order they were written; a reader asks for what it
/// knows and skips the rest, so members may come in any order and unknown ones are ignored.
/// Nesting deeper than ``maximumDepth`` is an error, not a deep recursion.
public struct JSONReader {
    /// Why the text could not be read: what was expected and where (a byte offset).
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var message: String
        public var offset: Int
        public var description: String { "\(message) at byte \(offset)" }

        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }
    }

    /// How deep arrays and objects may nest.
    public static let maximumDepth = 256

    let bytes: [UInt8]
    /// Where the reader is, as a byte offset.
    public private(set) var position: Int
    private let end: Int
    private var depth = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = 0
        end = bytes.count
    }

    /// A reader of part of the text (a member's value another reader found).
    public init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
    }

    /// Checks that nothing but white space follows the value read.
    public mutating func finish() throws(Failure) {
        skipSpace()
        guard position == end else { throw failure("unexpected text after the value") }
    }

    // MARK: Containers

    /// Reads an object, calling `member` with each key; `member` must read or skip its value.
    public mutating func readObject(_ member: (inout JSONReader, String) throws(Failure) -> Void) throws(Failure) {
        try readMembers({ reader throws(Failure) in try reader.readString() }, member)
    }

    /// Reads an object whose members are known: `member` gets the position of each key in
    /// `keys`, or nil for a key not there (whose value it must skip). Matching the key's bytes
    /// against a table costs less than making each key a `String` and comparing it.
    public mutating func readObject(keys: JSONKeys, _ member: (inout JSONReader, Int?) throws(Failure) -> Void) throws(Failure) {
        try readMembers({ reader throws(Failure) in try reader.readKey(in: keys) }, member)
    }

    /// An object's members, each key read by `readKey`.
    private mutating func readMembers<Key>(
        _ readKey: (inout JSONReader) throws(Failure) -> Key, _ member: (inout JSONReader, Key) throws(Failure) -> Void
    ) throws(Failure) {
        try open(UInt8(ascii: "{"), "an object")
        defer { depth -= 1 }
        skipSpace()
        if take(UInt8(ascii: "}")) { return }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try readKey(&self)
            skipSpace()
            guard take(UInt8(ascii: ":")) else { throw failure("expected ':' after a member name") }
            skipSpace()
            try member(&self, key)
            skipSpace()
            if take(UInt8(ascii: "}")) { return }
            guard take(UInt8(ascii: ",")) else { throw failure("expected ',' or '}' in an object") }
        }
    }

    /// Reads a member name and finds it in `keys`.
    private mutating func readKey(in keys: JSONKeys) throws(Failure) -> Int? {
        let start = position + 1
        let (found, close) = bytes.withUnsafeBufferPointer { buffer -> (Int?, Int?) in
            var scan = start
            while scan < end, buffer[scan] != UInt8(ascii: "\""), buffer[scan] != UInt8(ascii: "\\") { scan += 1 }
            guard scan < end, buffer[scan] == UInt8(ascii: "\"") else { return (nil, nil) }
            return (keys.position(of: UnsafeBufferPointer(rebasing: buffer[start..<scan])), scan)
        }
        guard let close else {
            // A name with escapes is compared as text.
            let name = try readString()
            return keys.names.firstIndex(of: name)
        }
        position = close + 1
        return found
    }

    /// Reads an array, calling `element` for each element; `element` must read or skip it.
    public mutating func readArray(_ element: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        try open(UInt8(ascii: "["), "an array")
        defer { depth -= 1 }
        skipSpace()
        if take(UInt8(ascii: "]")) { return }
        while true {
            skipSpace()
            try element(&self)
            skipSpace()
            if take(UInt8(ascii: "]")) { return }
            guard take(UInt8(ascii: ",")) else { throw failure("expected ',' or ']' in an array") }
        }
    }

    /// The byte range of the next value, skipped: to read later, once the members around it say how.
    public mutating func skipValueRange() throws(Failure) -> Range<Int> {
        skipSpace()
        let start = position
        try skipValue()
        return start..<position
    }

    /// Skips the next value, whatever it is.
    public mutating func skipValue() throws(Failure) {
        skipSpace()
        switch peek {
        case UInt8(ascii: "{"): try readObject { reader, _ throws(Failure) in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader throws(Failure) in try reader.skipValue() }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): try readNull()
        default: _ = try readNumber()
        }
    }

    // MARK: Scalars

    /// Whether the next value is `null`, which is then read.
    public mutating func takeNull() throws(Failure) -> Bool {
        skipSpace()
        guard peek == UInt8(ascii: "n") else { return false }
        try readNull()
        return true
    }

    public mutating func readNull() throws(Failure) {
        try literal("null")
    }

    public mutating func readBool() throws(Failure) -> Bool {
        skipSpace()
        if peek == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    public mutating func readString() throws(Failure) -> String {
        skipSpace()
        guard take(UInt8(ascii: "\"")) else { throw failure("expected a string") }
        let start = position
        // Most strings have no escapes: one scan, then one conversion of the bytes.
        let (stop, string) = bytes.withUnsafeBufferPointer { buffer -> (Int, String?) in
            var scan = start
            while scan < end {
                let byte = buffer[scan]
                if byte == UInt8(ascii: "\"") {
                    return (scan, String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<scan]), as: UTF8.self))
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return (scan, nil) }
                scan += 1
            }
            return (scan, nil)
        }
        position = stop
        if let string {
            position += 1
            return string
        }
        guard position < end else { throw failure("a string that doesn't end") }
        if bytes[position] < 0x20 { throw failure("a control character in a string") }
        return try readEscapedString(from: start)
    }

    public mutating func readNumber() throws(Failure) -> Double {
        skipSpace()
        let start = position
        var isNegative = false
        if take(UInt8(ascii: "-")) { isNegative = true }
        // Whole numbers of up to 15 digits, the common case, are added up as they are read.
        var whole: Int64 = 0
        var digits = 0
        while position < end, bytes[position] &- UInt8(ascii: "0") < 10 {
            whole = whole &* 10 &+ Int64(bytes[position] &- UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw failure("expected a value") }
        let isPlainWhole =
            digits <= 15 && (position == end || !(bytes[position] == UInt8(ascii: ".") || bytes[position] | 0x20 == UInt8(ascii: "e")))
        if isPlainWhole {
            // -0 stays negative zero, as the text says.
            return isNegative ? (whole == 0 ? -0.0 : -Double(whole)) : Double(whole)
        }
        while position < end, Self.isNumberByte(bytes[position]) { position += 1 }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
            throw failure("a malformed number")
        }
        return value
    }

    /// A number that must be a whole number that fits an `Int`.
    public mutating func readInt() throws(Failure) -> Int {
        let offset = position
        let number = try readNumber()
        guard number == number.rounded(), abs(number) < 9.0e15 else {
            throw Failure(message: "expected a whole number", offset: offset)
        }
        return Int(number)
    }

    /// Skips white space and gives the byte the next value starts with (nil at the end), to
    /// choose how to read it.
    public mutating func nextValueStart() -> UInt8? {
        skipSpace()
        return peek
    }

    /// Any value as content, the way JSON becomes content in shortcuts: objects are dictionaries
    /// (keys in order, a repeated key's last value in its first place), arrays lists, `null`
    /// nothing.
    public mutating func readContent() throws(Failure) -> Content {
        switch nextValueStart() {
        case UInt8(ascii: "{"):
            var keys: [String] = []
            var values: [Content] = []
            try readObject { reader, key throws(Failure) in
                keys.append(key)
                values.append(try reader.readContent())
            }
            return .dictionary(ContentDictionary(keys: keys, values: values))
        case UInt8(ascii: "["):
            var items: [Content] = []
            try readArray { reader throws(Failure) in items.append(try reader.readContent()) }
            return .list(items)
        case UInt8(ascii: "\""): return .text(try readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean(try readBool())
        case UInt8(ascii: "n"):
            try readNull()
            return .nothing
        default: return .number(try readNumber())
        }
    }

    // MARK: Bytes

    private var peek: UInt8? { position < end ? bytes[position] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpace() {
        // Compact JSON, the usual, has no space at all: one look.
        guard position < end, bytes[position] <= 0x20 else { return }
        while position < end {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func open(_ byte: UInt8, _ what: String) throws(Failure) {
        skipSpace()
        guard take(byte) else { throw failure("expected \(what)") }
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("values nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        skipSpace()
        let start = position
        for index in 0..<word.utf8CodeUnitCount {
            guard position < end, bytes[position] == word.utf8Start[index] else {
                throw Failure(message: start == position ? "expected a value" : "a malformed literal", offset: start)
            }
            position += 1
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"),
            UInt8(ascii: "-"):
            return true
        default: return false
        }
    }

    private mutating func skipString() throws(Failure) {
        guard take(UInt8(ascii: "\"")) else { throw failure("expected a string") }
        while position < end {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"): position += 2
            default: position += 1
            }
        }
        throw failure("a string that doesn't end")
    }

    /// The rest of a string from its first escape; `start` is just after the opening quote.
    private mutating func readEscapedString(from start: Int) throws(Failure) -> String {
        var utf8 = Array(bytes[start..<position])
        while position < end {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < end else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), position + 1 < end, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    {
                        position += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            // A high surrogate without its low half is a replacement character,
                            // and the escape after it stands on its own.
                            utf8 += "\u{FFFD}".utf8
                            code = low
                        }
                    }
                    utf8 += String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8
                default: throw Failure(message: "an unknown escape in a string", offset: position - 2)
                }
            default:
                if byte < 0x20 { throw Failure(message: "a control character in a string", offset: position - 1) }
                utf8.append(byte)
            }
        }
        throw failure("a string that doesn't end")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard position < end else { throw failure("a short \\u escape") }
            let byte = bytes[position] | 0x20
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: throw failure("a malformed \\u escape")
            }
            code = code << 4 | UInt32(digit)
            position += 1
        }
        return code
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: position) }
}

/// The member names an object reader knows (``JSONReader/readObject(keys:_:)``), in the order
/// whose positions it is given.
public struct JSONKeys: Sendable {
    let names: [String]
    /// The names' bytes one after another, and where each starts and ends.
    private let bytes: [UInt8]
    private let ranges: [Range<Int>]

    public init(_ names: [String]) {
        self.names = names
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for name in names {
            let start = bytes.count
            bytes += name.utf8
            ranges.append(start..<bytes.count)
        }
        self.bytes = bytes
        self.ranges = ranges
    }

    /// The position of the name with these bytes, if it is one.
    func position(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { table in
            for (position, range) in ranges.enumerated() where range.count == name.count {
                var offset = 0
                while offset < name.count, table[range.lowerBound + offset] == name[offset] { offset += 1 }
                if offset == name.count { return position }
            }
            return nil
        }
    }
}

/// A type that reads itself from JSON with a ``JSONReader``: the extension protocol's messages.
public protocol JSONReadable {
    init(reading reader: inout JSONReader) throws(JSONReader.Failure)
}

extension JSONReadable {
    /// Reads one value that is the whole of `bytes`.
    public init(json bytes: [UInt8]) throws(JSONReader.Failure) {
        var reader = JSONReader(bytes)
        self = try Self(reading: &reader)
        try reader.finish()
    }
}
