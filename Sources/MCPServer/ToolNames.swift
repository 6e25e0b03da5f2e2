/// Tool names as MCP allows them: 1–64 characters from `A–Z a–z 0–9 _ . -`, unique, and the same
/// for the same shortcut or action every time the server starts.
///
/// An action identifier that already fits is its own name (`com.example.SouperTask.CreateTaskIntent`,
/// `is.workflow.actions.gettext`). A shortcut is `shortcut.` and its name. Other characters become
/// `_`; a name that had to change and then collides with another, or is too long, ends in `-` and
/// eight hex digits of a hash of the original, so the mapping depends only on the original and on
/// which other names exist, never on order.
///
/// ```text
/// Hello              → shortcut.Hello
/// Word Lengths       → shortcut.Word_Lengths
/// Word_Lengths + Word Lengths → shortcut.Word_Lengths, shortcut.Word_Lengths-3f9a0c12
/// ```
enum ToolNames {
    static let maximumLength = 64
    static let shortcutPrefix = "shortcut."

    /// Whether a name follows the rules as it is.
    static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumLength && name.utf8.allSatisfy(isAllowed)
    }

    /// The tool names for originals (action identifiers, or `shortcut.` + a shortcut name), in the same order.
    ///
    /// - Precondition: the originals are distinct.
    static func assign(_ originals: [String]) -> [String] {
        let cleaned = originals.map(clean)
        var counts: [String: Int] = [:]
        for name in cleaned { counts[name, default: 0] += 1 }
        return zip(originals, cleaned).map { original, name in
            if name == original, name.utf8.count <= maximumLength { return name }
            if counts[name] == 1, name.utf8.count <= maximumLength { return name }
            let suffix = "-" + hash(original)
            return String(name.prefix(maximumLength - suffix.count)) + suffix
        }
    }

    /// The original with every character the rules don't allow replaced by `_`.
    static func clean(_ original: String) -> String {
        let bytes = original.unicodeScalars.map { scalar -> UInt8 in
            scalar.isASCII && isAllowed(UInt8(scalar.value)) ? UInt8(scalar.value) : UInt8(ascii: "_")
        }
        return bytes.isEmpty ? "_" : String(decoding: bytes, as: UTF8.self)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// 32-bit FNV-1a of the UTF-8 bytes, as eight hex digits: stable across runs and machines,
    /// unlike Swift's seeded `hashValue`.
    static func hash(_ text: String) -> String {
        var value: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            value ^= UInt32(byte)
            value = value &* 0x0100_0193
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
