import Foundation

/// Converts content to and from JSON text, keeping dictionary keys in order.
///
/// Foundation's `JSONSerialization` loses key order on Linux, and Shortcuts shows dictionaries
/// with their keys in the order they were added, so this reads (with ``JSONReader``) and writes
/// JSON itself.
public enum JSONBridge {
    /// The content as compact JSON text.
    public static func text(of content: Content) -> String {
        var output: [UInt8] = []
        write(content, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Parses JSON text into content; `nil` if it is not JSON.
    public static func parse(_ text: String) -> Content? {
        var reader = JSONReader(Array(text.utf8))
        guard let value = try? reader.readContent(), (try? reader.finish()) != nil else { return nil }
        return value
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
}
