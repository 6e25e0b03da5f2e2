import Foundation

/// Words as matching sees them: folded to lower case without accents, apostrophes dropped
/// ("What's" is "whats"), split at everything that is not a letter or digit.
enum TextMatch {
    static func words(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "")
        return folded.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// A name as people may say it: its words, and where a word is written in camel case
    /// ("AskMeAnything"), those words apart too.
    static func spellings(of name: String) -> [[String]] {
        let whole = words(name)
        var split: [String] = []
        for word in name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            var current = ""
            for character in word {
                if character.isUppercase, let last = current.last, last.isLowercase {
                    split.append(current)
                    current = ""
                }
                current.append(character)
            }
            if !current.isEmpty { split.append(current) }
        }
        let camel = split.flatMap(words)
        return camel == whole ? [whole] : [whole, camel]
    }

    /// How many typos a word of this length may have and still match: none up to 3 letters, one
    /// up to 7, two beyond.
    static func tolerance(_ word: String) -> Int {
        switch word.count {
        case ...3: 0
        case ...7: 1
        default: 2
        }
    }

    /// The edit distance (insertions, deletions, substitutions and swaps of neighbours) between
    /// two words, or `nil` when it is more than `limit`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        if a == b { return 0 }
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        guard abs(x.count - y.count) <= limit else { return nil }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) <= limit ? max(x.count, y.count) : nil }
        var before = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...y.count {
                let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
                var best = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { best = min(best, before[j - 2] + 1) }
                current[j] = best
                rowBest = min(rowBest, best)
            }
            if rowBest > limit { return nil }
            (before, previous, current) = (previous, current, before)
        }
        return previous[y.count] <= limit ? previous[y.count] : nil
    }

    /// Whether `term` (typed so far) begins `word`, allowing the term's typos once it is long enough.
    static func isPrefix(_ term: String, of word: String) -> Bool {
        if word.hasPrefix(term) { return true }
        let allowed = tolerance(term)
        guard allowed > 0 else { return false }
        let candidates = (term.count - allowed...term.count + allowed).filter { $0 > 0 && $0 <= word.count }
        return candidates.contains { distance(term, String(word.prefix($0)), limit: allowed) != nil }
    }
}
