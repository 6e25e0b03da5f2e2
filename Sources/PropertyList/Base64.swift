/// Base64 for `<data>` elements, on bytes rather than strings.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Each byte's 6-bit value, 0xFE for XML whitespace, 0xFF for anything else.
    private static let decodingTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        for space in [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")] {
            table[Int(space)] = 0xFE
        }
        return table
    }()

    /// Appends the Base64 of `data` to `out`, starting a new line of `indent` after every
    /// `lineLength` characters.
    static func encode(_ data: some Collection<UInt8>, lineLength: Int, indent: [UInt8], into out: inout [UInt8]) {
        var column = 0
        var iterator = data.makeIterator()
        func put(_ character: UInt8) {
            if column == lineLength {
                out.append(UInt8(ascii: "\n"))
                out.append(contentsOf: indent)
                column = 0
            }
            out.append(character)
            column += 1
        }
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            put(alphabet[Int(group >> 18 & 0x3F)])
            put(alphabet[Int(group >> 12 & 0x3F)])
            put(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 0x3F)])
            put(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 0x3F)])
        }
    }

    /// Decodes Base64 text, skipping whitespace; `nil` if it has any other stray character,
    /// data after padding, or a dangling final character. Missing padding is accepted.
    static func decode(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var group: UInt32 = 0
        var groupLength = 0
        var padding = 0
        for character in text {
            let value = decodingTable[Int(character)]
            if value == 0xFE { continue }
            if character == UInt8(ascii: "=") {
                padding += 1
                guard groupLength + padding <= 4, groupLength >= 2 else { return nil }
                continue
            }
            guard value != 0xFF, padding == 0 else { return nil }
            group = group << 6 | UInt32(value)
            groupLength += 1
            if groupLength == 4 {
                out.append(UInt8(truncatingIfNeeded: group >> 16))
                out.append(UInt8(truncatingIfNeeded: group >> 8))
                out.append(UInt8(truncatingIfNeeded: group))
                group = 0
                groupLength = 0
            }
        }
        switch groupLength {
        case 0: return padding == 0 ? out : nil
        case 2:
            out.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            out.append(UInt8(truncatingIfNeeded: group >> 10))
            out.append(UInt8(truncatingIfNeeded: group >> 2))
        default: return nil
        }
        return out
    }
}
