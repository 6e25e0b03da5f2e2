extension DesktopCatalog {
    /// One search result.
    public struct SearchHit: Sendable, Equatable {
        public var entry: Entry
        /// Higher is better; 0 to 1.
        public var relevance: Double
        /// What was typed after a shortcut's name, given to it as input ("greet Ada" → "Ada").
        public var input: String?
    }

    /// The entries every term finds (terms are ANDed, each the start of a word of the name, the
    /// folder, the app or a phrase, small typos forgiven), best first. Terms after the name of a
    /// shortcut that takes input are its input.
    public func search(_ terms: [String], limit: Int = 50) -> [SearchHit] {
        let typed = terms.flatMap { Spoken($0).original }
        let folded = typed.map { TextMatch.words($0).joined() }
        guard !folded.isEmpty else { return [] }
        var hits: [(hit: SearchHit, order: Int)] = []
        for (index, entry) in entries.enumerated() {
            let title = TextMatch.spellings(of: entry.title).flatMap { $0 }
            let others = TextMatch.words(entry.subtitle) + entry.phrases.flatMap(TextMatch.words)
            var score = 0.0
            var matchedAll = true
            var firstUnmatched: Int?
            for (position, term) in folded.enumerated() {
                if let word = title.first(where: { TextMatch.isPrefix(term, of: $0) }) {
                    score += word == term ? 3 : 2
                    if position == 0, title.first.map({ TextMatch.isPrefix(term, of: $0) }) == true { score += 1 }
                } else if others.contains(where: { TextMatch.isPrefix(term, of: $0) }) {
                    score += 1
                } else {
                    matchedAll = false
                    if firstUnmatched == nil { firstUnmatched = position }
                }
            }
            var input: String?
            if !matchedAll {
                // "greet Ada": the name first, then the input; only for shortcuts that take input.
                guard entry.acceptsInput, let cut = firstUnmatched, cut > 0,
                    folded[..<cut].allSatisfy({ term in title.contains { TextMatch.isPrefix(term, of: $0) } })
                else { continue }
                input = typed[cut...].joined(separator: " ")
            }
            let best = Double(folded.count) * 4
            hits.append((SearchHit(entry: entry, relevance: min(1, score / best), input: input), index))
        }
        hits.sort { a, b in
            if (a.hit.input == nil) != (b.hit.input == nil) { return a.hit.input == nil }
            if a.hit.relevance != b.hit.relevance { return a.hit.relevance > b.hit.relevance }
            return a.hit.entry.title.localizedCaseInsensitiveCompare(b.hit.entry.title) == .orderedAscending
        }
        return hits.prefix(limit).map(\.hit)
    }
}
