import Foundation

/// Finds what people write inside text: links, email addresses, phone numbers.
///
/// The content graph turns text into URLs, email addresses and phone numbers through these, and
/// so do Get URLs, Get Email Addresses and Get Phone Numbers from Input.
///
/// ```swift
/// TextScanner.links(in: "see example.com/a, or mail me@example.org")
/// // [http://example.com/a, mailto:me@example.org]
/// ```
public enum TextScanner {
    /// Links: URLs with a scheme, `www.` addresses, bare domains with a common ending, and email
    /// addresses (as `mailto:`). Trailing punctuation is not part of a link.
    private static let linkPattern = Pattern(
        #"\b[a-z][a-z0-9+.-]*://[^\s<>"'`]+|\bmailto:[^\s<>"']+|\bwww\.[^\s<>"'`]+|\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b|\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|edu|gov|io|dev|app|co|uk|de|fr|jp|cn|info|me|ai|us|ca|eu|ly|gg|tv|xyz)\b(?:[/?#][^\s<>"'`]*)?"#
    )
    private static let emailPattern = Pattern(#"(?<![a-z0-9._%+-])[a-z0-9._%+-]+@(?:[a-z0-9-]+\.)+[a-z]{2,}\b"#)
    /// Phone numbers: an optional `+`, then digits in groups split by spaces, dots, dashes or
    /// parentheses, 7 to 15 digits in all (E.164's longest).
    private static let phonePattern = Pattern(#"(?<![\w+])\+?\(?\d[\d\s().-]{5,}\d(?!\w)"#)

    /// Every link in text, in order.
    public static func links(in text: String) -> [URL] {
        linkPattern.matches(in: text).compactMap { match in
            var link = Substring(match)
            while let last = link.last, ".,;:!?)]}'\"".contains(last) {
                // Keep a closing parenthesis that closes one inside the link, as in Wikipedia URLs.
                if last == ")", link.filter({ $0 == "(" }).count >= link.filter({ $0 == ")" }).count { break }
                link.removeLast()
            }
            var address = String(link)
            if !address.contains("://"), !address.lowercased().hasPrefix("mailto:") {
                address = address.contains("@") && !address.contains("/") ? "mailto:" + address : "http://" + address
            }
            return url(address)
        }
    }

    /// Every email address in text, in order.
    public static func emailAddresses(in text: String) -> [String] {
        emailPattern.matches(in: text)
    }

    /// Every phone number in text, in order, as written (trimmed).
    public static func phoneNumbers(in text: String) -> [String] {
        phonePattern.matches(in: text).compactMap { match in
            let digits = match.filter(\.isASCIIDigit).count
            guard (7...15).contains(digits) else { return nil }
            // A date or a version ("2026-12-01", "1.2.3.4") is not a phone number.
            if match.allSatisfy({ $0.isASCIIDigit || $0 == "." }) && match.contains(".") { return nil }
            if match.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil { return nil }
            return match.trimmingCharacters(in: .whitespaces)
        }
    }

    /// A URL from text, percent-encoding characters such as spaces that URLs can't hold.
    public static func url(_ text: String) -> URL? {
        if let url = URL(string: text) { return url }
        let allowed = CharacterSet.urlQueryAllowed.union(.urlPathAllowed).union(CharacterSet(charactersIn: "#%"))
        return text.addingPercentEncoding(withAllowedCharacters: allowed).flatMap { URL(string: $0) }
    }

    /// A case-insensitive regular expression compiled once.
    /// Unchecked `Sendable`: `NSRegularExpression` is immutable but not marked `Sendable` on Linux.
    private struct Pattern: @unchecked Sendable {
        let expression: NSRegularExpression

        init(_ pattern: String) {
            do {
                expression = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
            } catch {
                preconditionFailure("bad built-in pattern \(pattern): \(error)")
            }
        }

        func matches(in text: String) -> [String] {
            expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range, in: text).map { String(text[$0]) }
            }
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
