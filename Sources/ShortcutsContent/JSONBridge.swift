import Foundation

/// Converts content to and from JSON text, keeping dictionary keys in order.
///
/// Foundation's `JSONSerialization` loses key order on Linux, and Shortcuts shows dictionaries
/// with their keys in the order they were added, so this reads and writes JSON itself.
public enum JSONBridge {
    /// The content as compact JSON text.
    public static func text(of content: Content) -> String {
        var output: [UInt8] = []
        write(content, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Parses JSON text into content; `nil` if it is not JSON.
    public static func parse(_ text: String) -> Content? {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        guard let value = try? parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.position == parser.bytes.count ? value : nil
    }

    private static func write(_ content: Content, to output: inout [UInt8]) {
        switch content {
        case .nothing: output += "null".utf8
        case .boolean(let value): output += (value ? "true" : "false").utf8
        case .number(let number): append(number: number, to: &output)
        case .list(let items):
            output.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                write(item, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            output.append(UInt8(ascii: "{"))
            for (position, (key, value)) in dictionary.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                append(string: key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .entity(let entity):
            var dictionary = entity.properties
            if dictionary["id"] == nil { dictionary["id"] = .text(entity.identifier) }
            write(.dictionary(dictionary), to: &output)
        default:
            append(string: content.text, to: &output)
        }
    }

    /// Appends a JSON number as the actions write numbers (`3`, `2.5`), or `null` when it isn't finite.
    public static func append(number: Double, to output: inout [UInt8]) {
        output += (number.isFinite ? NumberText.format(number) : "null").utf8
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends a string as a JSON string, escaping quotes, backslashes and control characters;
    /// the rest of the text goes in as its UTF-8 bytes, run by run.
    public static func append(string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch byte {
                case UInt8(ascii: "\""): output += "\\\"".utf8
                case UInt8(ascii: "\\"): output += "\\\\".utf8
                case 0x0A: output += "\\n".utf8
                case 0x0D: output += "\\r".utf8
                case 0x09: output += "\\t".utf8
                default:
                    output += "\\u00".utf8
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private struct Parser {
        struct Failure: Error {}
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) {
                position += 1
            }
        }

        mutating func value(depth: Int) throws -> Content {
            guard depth < 512, position < bytes.count else { throw Failure() }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var dictionary = ContentDictionary()
                skipSpace()
                if peek("}") { return .dictionary(dictionary) }
                while true {
                    skipSpace()
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    skipSpace()
                    dictionary[key] = try value(depth: depth + 1)
                    skipSpace()
                    if peek("}") { return .dictionary(dictionary) }
                    try expect(",")
                }
            case UInt8(ascii: "["):
                position += 1
                var items: [Content] = []
                skipSpace()
                if peek("]") { return .list(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    if peek("]") { return .list(items) }
                    try expect(",")
                }
            case UInt8(ascii: "\""): return .text(try string())
            case UInt8(ascii: "t"): try literal("true"); return .boolean(true)
            case UInt8(ascii: "f"): try literal("false"); return .boolean(false)
            case UInt8(ascii: "n"): try literal("null"); return .nothing
            default: return .number(try number())
            }
        }

        mutating func peek(_ character: Unicode.Scalar) -> Bool {
            if position < bytes.count, bytes[position] == UInt8(ascii: character) {
                position += 1
                return true
            }
            return false
        }

        mutating func expect(_ character: Unicode.Scalar) throws {
            guard peek(character) else { throw Failure() }
        }

        mutating func literal(_ word: String) throws {
            for byte in word.utf8 {
                guard position < bytes.count, bytes[position] == byte else { throw Failure() }
                position += 1
            }
        }

        mutating func number() throws -> Double {
            let start = position
            while position < bytes.count,
                "+-0123456789.eE".utf8.contains(bytes[position])
            {
                position += 1
            }
            guard position > start,
                let value = Double(String(decoding: bytes[start..<position], as: UTF8.self))
            else { throw Failure() }
            return value
        }

        mutating func string() throws -> String {
            try expect("\"")
            var scalars = String.UnicodeScalarView()
            var run = position
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
            }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    flush(position)
                    position += 1
                    return String(scalars)
                }
                if byte == UInt8(ascii: "\\") {
                    flush(position)
                    position += 1
                    guard position < bytes.count else { throw Failure() }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        // A high surrogate takes the `\u` escape right after it as its low half.
                        if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
                            bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                        {
                            position += 2
                            let low = try hex4()
                            if (0xDC00..<0xE000).contains(low) {
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                // A high surrogate without its low half is a replacement character,
                                // and the escape after it stands on its own.
                                scalars.append("\u{FFFD}")
                                code = low
                            }
                        }
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: scalars.append(Unicode.Scalar(escape))
                    }
                    run = position
                    continue
                }
                position += 1
            }
            throw Failure()
        }

        mutating func hex4() throws -> UInt32 {
            guard position + 4 <= bytes.count,
                let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else { throw Failure() }
            position += 4
            return code
        }
    }
}
