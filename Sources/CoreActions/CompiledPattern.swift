import Foundation

/// A regular expression compiled once and shared by an action's runs.
///
/// Converts the expression's UTF-16 ranges to Swift strings.
/// Unchecked `Sendable`: `NSRegularExpression` is immutable but not marked `Sendable` on Linux.
struct CompiledPattern: @unchecked Sendable {
    /// One match: the matched text and each capture group's text (`nil` when a group took no part).
    struct Match: Sendable, Equatable {
        var text: String
        var groups: [String?]
    }

    let expression: NSRegularExpression

    /// Compiles a pattern written in this code; a bad pattern is a programming error.
    init(_ pattern: String) {
        do {
            expression = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        } catch {
            preconditionFailure("bad built-in pattern \(pattern): \(error)")
        }
    }

    /// Compiles a pattern from a shortcut.
    ///
    /// - Throws: the reason the pattern is not a regular expression, as text.
    init(userPattern pattern: String, caseSensitive: Bool) throws {
        expression = try NSRegularExpression(pattern: pattern, options: caseSensitive ? [] : [.caseInsensitive])
    }

    /// Every match in the text, in order.
    func matches(in text: String) -> [Match] {
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).map { result in
            func substring(_ range: NSRange) -> String? {
                guard range.location != NSNotFound, let bounds = Range(range, in: text) else { return nil }
                return String(text[bounds])
            }
            let groups = result.numberOfRanges > 1 ? (1..<result.numberOfRanges).map { substring(result.range(at: $0)) } : []
            return Match(text: substring(result.range) ?? "", groups: groups)
        }
    }

    /// The text with every match replaced by a template in which `$1` stands for a group.
    func replacingMatches(in text: String, with template: String) -> String {
        expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }
}
