/// Text with variables in it: a `WFTextTokenString`.
///
/// Each variable stands at one U+FFFC (object replacement character) in ``string``; attachments
/// are keyed by their UTF-16 range, as `NSRange` writes them (`"{3, 1}"`).
public struct TokenString: Hashable, Sendable {
    /// A variable's place in the text, in UTF-16 code units.
    public struct Range: Hashable, Sendable, Comparable {
        public var location: Int
        public var length: Int

        public init(location: Int, length: Int) {
            self.location = location
            self.length = length
        }

        /// Reads `"{location, length}"`; `nil` for negative numbers or a range past `Int.max`.
        public init?(key: String) {
            guard key.hasPrefix("{"), key.hasSuffix("}") else { return nil }
            let parts = key.dropFirst().dropLast().split(separator: ",")
            guard parts.count == 2,
                let location = Int(parts[0].filter { $0 != " " }),
                let length = Int(parts[1].filter { $0 != " " }),
                location >= 0, length >= 0, !location.addingReportingOverflow(length).overflow
            else { return nil }
            self.init(location: location, length: length)
        }

        /// The key as files write it.
        public var key: String { "{\(location), \(length)}" }

        public static func < (lhs: Range, rhs: Range) -> Bool { lhs.location < rhs.location }
    }

    /// A piece of a token string: literal text or a variable.
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case variable(TokenAttachment)
    }

    public var string: String
    /// The variables, sorted by location.
    public var attachments: [(range: Range, attachment: TokenAttachment)]
    /// Whether the file wrote the `string` key (some empty texts omit it).
    public var hasStringKey = true
    /// Whether the file wrote `attachmentsByRange` even with no variables.
    public var hasRangesKey = false
    /// Whether the file wrote the `WFTextTokenString` wrapper with no `Value` at all (cherri does
    /// for empty text).
    public var omitsValue = false

    public init(string: String, attachments: [(range: Range, attachment: TokenAttachment)] = []) {
        self.string = string
        self.attachments = attachments.sorted { $0.range < $1.range }
    }

    /// Builds a token string from literal and variable segments.
    public init(segments: [Segment]) {
        var string = ""
        var attachments: [(Range, TokenAttachment)] = []
        for segment in segments {
            switch segment {
            case .literal(let text): string += text
            case .variable(let attachment):
                attachments.append((Range(location: string.utf16.count, length: 1), attachment))
                string += "\u{FFFC}"
            }
        }
        self.init(string: string, attachments: attachments)
    }

    /// The text split into literal pieces and variables, in order.
    ///
    /// A range that falls outside the text is ignored, as Shortcuts ignores it.
    public var segments: [Segment] {
        guard !attachments.isEmpty else { return string.isEmpty ? [] : [.literal(string)] }
        let utf16 = Array(string.utf16)
        var segments: [Segment] = []
        var cursor = 0
        for (range, attachment) in attachments {
            // Checked without adding, so no range from a file can overflow.
            guard range.location >= cursor, range.location <= utf16.count, range.length <= utf16.count - range.location
            else { continue }
            if range.location > cursor {
                segments.append(.literal(String(decoding: utf16[cursor..<range.location], as: UTF16.self)))
            }
            segments.append(.variable(attachment))
            cursor = range.location + range.length
        }
        if cursor < utf16.count {
            segments.append(.literal(String(decoding: utf16[cursor...], as: UTF16.self)))
        }
        return segments
    }

    public static func == (lhs: TokenString, rhs: TokenString) -> Bool {
        lhs.string == rhs.string && lhs.hasStringKey == rhs.hasStringKey && lhs.writesRanges == rhs.writesRanges
            && lhs.omitsValue == rhs.omitsValue
            && lhs.attachments.elementsEqual(rhs.attachments) { $0.range == $1.range && $0.attachment == $1.attachment }
    }

    /// Whether `attachmentsByRange` is written: always with variables, and when the file had it.
    private var writesRanges: Bool { hasRangesKey || !attachments.isEmpty }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
        for (range, attachment) in attachments { hasher.combine(range); hasher.combine(attachment) }
    }
}
