import FoundationEssentials

/// Writes the XML property-list format in Apple's layout: the XML declaration, Apple's DOCTYPE,
/// `<plist version="1.0">`, and one element per line indented with tabs.
enum XMLPropertyListWriter {
    private static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The number of Base64 characters on one line of a `<data>` element.
    private static let base64LineLength = 68

    /// Encodes a value as a complete XML property-list document.
    static func encode(_ value: PropertyListValue) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: header.utf8)
        write(value, depth: 0, into: &out)
        out.append(contentsOf: "</plist>\n".utf8)
        return out
    }

    private static func write(_ value: PropertyListValue, depth: Int, into out: inout [UInt8]) {
        let indent = [UInt8](repeating: UInt8(ascii: "\t"), count: depth)
        out.append(contentsOf: indent)
        switch value {
        case .string(let string):
            writeTextElement("string", string, into: &out)
        case .integer(let integer):
            writeElement("integer", String(integer), into: &out)
        case .real(let real):
            writeElement("real", text(for: real), into: &out)
        case .boolean(let boolean):
            out.append(contentsOf: (boolean ? "<true/>\n" : "<false/>\n").utf8)
        case .date(let date):
            writeElement("date", PropertyListDateText.format(date.timeIntervalSinceReferenceDate), into: &out)
        case .data(let data):
            if data.isEmpty {
                out.append(contentsOf: "<data></data>\n".utf8)
            } else {
                out.append(contentsOf: "<data>\n".utf8)
                out.append(contentsOf: indent)
                Base64.encode(data, lineLength: base64LineLength, indent: indent, into: &out)
                out.append(UInt8(ascii: "\n"))
                out.append(contentsOf: indent)
                out.append(contentsOf: "</data>\n".utf8)
            }
        case .array(let elements):
            guard !elements.isEmpty else {
                out.append(contentsOf: "<array/>\n".utf8)
                return
            }
            out.append(contentsOf: "<array>\n".utf8)
            for element in elements {
                write(element, depth: depth + 1, into: &out)
            }
            out.append(contentsOf: indent)
            out.append(contentsOf: "</array>\n".utf8)
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else {
                out.append(contentsOf: "<dict/>\n".utf8)
                return
            }
            out.append(contentsOf: "<dict>\n".utf8)
            for (key, value) in dictionary {
                out.append(contentsOf: indent)
                out.append(UInt8(ascii: "\t"))
                writeTextElement("key", key, into: &out)
                write(value, depth: depth + 1, into: &out)
            }
            out.append(contentsOf: indent)
            out.append(contentsOf: "</dict>\n".utf8)
        case .uid(let uid):
            // Apple's spelling of a keyed-archive UID in XML, read back as a UID.
            out.append(contentsOf: "<dict>\n".utf8)
            out.append(contentsOf: indent)
            out.append(contentsOf: "\t<key>CF$UID</key>\n".utf8)
            out.append(contentsOf: indent)
            out.append(UInt8(ascii: "\t"))
            writeElement("integer", String(uid), into: &out)
            out.append(contentsOf: indent)
            out.append(contentsOf: "</dict>\n".utf8)
        }
    }

    /// The spelling of a real that reads back to exactly the same `Double`.
    private static func text(for real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real < 0 ? "-infinity" : "+infinity" }
        return real.description
    }

    /// `<name>text</name>` for text that needs no escaping.
    private static func writeElement(_ name: String, _ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: ">"))
        out.append(contentsOf: text.utf8)
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: ">\n".utf8)
    }

    /// `<name>text</name>` with `&`, `<` and `>` escaped, and carriage returns written as
    /// `&#13;` so that XML line-ending normalization in other readers cannot change them.
    private static func writeTextElement(_ name: String, _ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: ">"))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "&#13;".utf8)
            default: out.append(byte)
            }
        }
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: ">\n".utf8)
    }
}
