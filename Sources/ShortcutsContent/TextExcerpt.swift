/// Text from a file made safe to show in an error: control characters (which could move the
/// cursor, recolour or retitle a terminal, or forge a log line) written as escapes, and the text
/// cut to a bounded length, saying how much was left out.
public enum TextExcerpt {
    /// The longest excerpt, in characters, before it is cut.
    public static let maximumLength = 2000

    /// `text` with its control characters escaped (`\u{1B}`), newlines and tabs kept; past
    /// `limit` characters, its start and its end with the middle left out (a nested error's
    /// own reason comes last).
    public static func safe(_ text: String, limit: Int = maximumLength) -> String {
        // The common case, short plain text, is returned as it is.
        if text.utf8.count <= limit, !text.unicodeScalars.contains(where: isControl) { return text }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > limit else { return escaped(scalars[...]) }
        let half = max(1, limit / 2)
        let leftOut = scalars.count - 2 * half
        return escaped(scalars[..<half]) + " … (\(leftOut) characters left out) … " + escaped(scalars[(scalars.count - half)...])
    }

    private static func escaped(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var result = String.UnicodeScalarView()
        for scalar in scalars {
            if isControl(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x0A || value == 0x09 { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x2029).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
}
