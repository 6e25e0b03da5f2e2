/// Reads a source text byte by byte (UTF-8), tracking lines and columns for diagnostics.
///
/// The parser works directly on the bytes (there is no separate token stream) because string
/// interpolations nest whole variable expressions inside literals.
struct Scanner {
    let bytes: [UInt8]
    private(set) var index = 0
    private(set) var line = 1
    /// The column of the current byte, kept as bytes are consumed so positions cost nothing.
    private var column = 1

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// The position of the current byte.
    var position: SourcePosition { SourcePosition(line: line, column: column) }

    mutating func advance() {
        guard index < bytes.count else { return }
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if index + 1 >= bytes.count || bytes[index + 1] & 0xC0 != 0x80 {
            column += 1  // the next byte starts a new scalar
        }
        index += 1
    }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        advance()
        return true
    }

    /// Whether the next bytes spell `word`.
    func looksAt(_ word: String) -> Bool {
        var offset = 0
        for byte in word.utf8 {
            guard peek(offset) == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Whether `word` is next as a whole word (not a prefix of a longer identifier).
    func looksAtWord(_ word: String) -> Bool {
        guard looksAt(word) else { return false }
        guard let after = peek(word.utf8.count) else { return true }
        return !Self.isIdentifierByte(after)
    }

    /// Skips spaces and tabs (not newlines).
    mutating func skipSpaces() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
            advance()
        }
    }

    /// Skips spaces, newlines and `//` comments, inside brackets where lines don't end statements.
    mutating func skipWhitespaceAndComments() {
        while let byte = current {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
                advance()
            } else if looksAt("//") {
                while let next = current, next != UInt8(ascii: "\n") { advance() }
            } else {
                return
            }
        }
    }

    /// Whether the rest of the line is empty or a comment.
    func isAtLineEnd() -> Bool {
        var offset = 0
        while let byte = peek(offset), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
            offset += 1
        }
        guard let byte = peek(offset) else { return true }
        return byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "/") && peek(offset + 1) == UInt8(ascii: "/"))
    }

    /// Skips to the start of the next line.
    mutating func skipLine() {
        while let byte = current, byte != UInt8(ascii: "\n") { advance() }
        advance()
    }

    /// Reads an identifier (`[A-Za-z_][A-Za-z0-9_]*`), or `nil` without consuming anything.
    mutating func identifier() -> String? {
        guard let first = current, Self.isIdentifierStart(first) else { return nil }
        let start = index
        while let byte = current, Self.isIdentifierByte(byte) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The text of a range of bytes.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
