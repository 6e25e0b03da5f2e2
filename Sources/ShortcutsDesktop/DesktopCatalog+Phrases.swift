import ShortcutsContent

/// A phrase as words to match: literal words, words that name a parameter's value (an
/// enumeration's case), and free slots that take whatever is said there.
struct Pattern: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        /// A word; `tag` is the parameter and value it names, for a case's words.
        case word(String, tag: Tag?)
        /// A parameter said in the phrase's own words.
        case slot(String)
    }

    /// A value a parameter may take, and the ways of saying it.
    struct Choice {
        var value: String
        var spellings: [[String]]

        /// The choices of an action's parameter: its options, said by their enumeration case's
        /// title as well when the app's manifest has the enumeration.
        static func of(_ parameter: ParameterMetadata?, enums: [EnumTypeMetadata]) -> [Choice] {
            guard let options = parameter?.options, !options.isEmpty else { return [] }
            let cases = enums.first { Set($0.cases.map(\.identifier)) == Set(options) }?.cases ?? []
            return options.map { option in
                let title = cases.first { $0.identifier == option }?.title
                let spellings = ([title].compactMap { $0 } + [option]).flatMap(TextMatch.spellings)
                return Choice(value: option, spellings: Array(Set(spellings)).sorted { $0.joined() < $1.joined() })
            }
        }
    }

    struct Tag: Sendable, Equatable {
        var parameter: String
        var value: String
    }

    var pieces: [Piece]

    var literalCount: Int {
        pieces.filter { if case .word = $0 { return true } else { return false } }.count
    }

    /// The patterns of one App Shortcut phrase (`Ask ${applicationName} about ${topic}`): one per
    /// way of saying the app's name, and for a parameter with fixed choices one per choice.
    ///   - choices: a parameter's fixed values with the words that say each (its case's title and identifier).
    static func expanding(_ phrase: String, appName: String, choices: (String) -> [Choice]) -> [Pattern] {
        var variants: [[Piece]] = [[]]
        var rest = Substring(phrase)
        while !rest.isEmpty {
            guard let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") else {
                variants = variants.map { $0 + TextMatch.words(String(rest)).map { .word($0, tag: nil) } }
                break
            }
            let literal = TextMatch.words(String(rest[..<open.lowerBound])).map { Piece.word($0, tag: nil) }
            variants = variants.map { $0 + literal }
            let name = String(rest[open.upperBound..<close])
            rest = rest[rest.index(after: close)...]
            if name == "applicationName" {
                let spellings = TextMatch.spellings(of: appName)
                variants = variants.flatMap { variant in spellings.map { variant + $0.map { .word($0, tag: nil) } } }
            } else if case let known = choices(name), !known.isEmpty {
                variants = variants.flatMap { variant in
                    known.flatMap { choice in
                        choice.spellings.map { words in variant + words.map { .word($0, tag: Tag(parameter: name, value: choice.value)) } }
                    }
                }
            } else {
                variants = variants.map { $0 + [.slot(name)] }
            }
            if variants.count > 256 { break }
        }
        return variants.map { Pattern(pieces: $0) }
    }
}

extension DesktopCatalog {
    /// What a spoken (or typed) phrase asks for.
    public enum Understanding: Sendable, Equatable {
        /// One entry clearly matches; `parameters` are the values the phrase named, by parameter.
        case matched(Entry, parameters: [String: String])
        /// Several entries match about as well; none is picked.
        case ambiguous([Entry])
        case none
    }

    /// Words that may be said or left out around a phrase at little cost.
    static let fillers: Set<String> = ["a", "an", "the", "please", "run", "my", "me", "to", "for", "hey", "can", "you"]

    /// Matches a phrase against every entry's phrases and names, tolerating case, punctuation,
    /// small typos and filler words; refuses to choose between close matches.
    public func understand(_ phrase: String) -> Understanding {
        let said = Spoken(phrase)
        guard !said.words.isEmpty else { return .none }
        var scored: [(index: Int, cost: Double, parameters: [String: String])] = []
        for (index, entryPatterns) in patterns.enumerated() {
            var best: (cost: Double, parameters: [String: String])?
            for pattern in entryPatterns {
                guard let alignment = Self.align(pattern, said), alignment.cost <= Self.limit(for: pattern) else { continue }
                if best == nil || alignment.cost < best!.cost { best = alignment }
            }
            if let best { scored.append((index, best.cost, best.parameters)) }
        }
        scored.sort { $0.cost != $1.cost ? $0.cost < $1.cost : entries[$0.index].title < entries[$1.index].title }
        guard let first = scored.first else { return partialMatches(said) }
        let close = scored.dropFirst().filter { other in
            first.cost == 0 ? other.cost == 0 : other.cost - first.cost < 0.75
        }
        if !close.isEmpty { return .ambiguous(([first] + close).map { entries[$0.index] }) }
        return .matched(entries[first.index], parameters: first.parameters)
    }

    /// When nothing matches: the entries whose phrases or names hold every word said (but
    /// fillers), in order, with more besides — "backup" for "Backup Notes" and "Backup Photos" —
    /// offered to choose from rather than run. At most ten, by title.
    private func partialMatches(_ said: Spoken) -> Understanding {
        let wanted = said.words.filter { !Self.fillers.contains($0) }
        guard !wanted.isEmpty else { return .none }
        var found: [Entry] = []
        for (index, entryPatterns) in patterns.enumerated() {
            let holds = entryPatterns.contains { pattern in
                let words = pattern.pieces.compactMap { piece -> String? in
                    if case .word(let word, _) = piece { return word } else { return nil }
                }
                guard words.count > wanted.count else { return false }
                var next = words[...]
                for word in wanted {
                    guard let at = next.firstIndex(of: word) else { return false }
                    next = next[(at + 1)...]
                }
                return true
            }
            if holds { found.append(entries[index]) }
        }
        guard !found.isEmpty else { return .none }
        return .ambiguous(Array(found.sorted { $0.title < $1.title }.prefix(10)))
    }

    /// The most a phrase may differ from a pattern: one word, or three words in ten.
    static func limit(for pattern: Pattern) -> Double {
        max(1.0, 0.3 * Double(pattern.literalCount))
    }

    /// A phrase's words folded for matching beside the words as said, for the values of slots.
    struct Spoken {
        var words: [String] = []
        var original: [String] = []

        init(_ text: String) {
            let cleaned = text.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "")
            for word in cleaned.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
                let folded = TextMatch.words(String(word))
                guard !folded.isEmpty else { continue }
                words.append(folded.joined())
                original.append(String(word))
            }
        }
    }

    /// The cheapest alignment of a pattern with what was said: a typo costs 0.5 per edit, a word of
    /// the pattern not said 1.5 (a filler 0.5, a slot 0.5), a word said beyond the pattern 1 (a
    /// filler 0.3); a slot takes one or more words at no cost.
    static func align(_ pattern: Pattern, _ said: Spoken) -> (cost: Double, parameters: [String: String])? {
        let pieces = pattern.pieces
        let (n, m) = (pieces.count, said.words.count)
        guard n > 0, m <= 64 else { return nil }
        enum Step { case none, match, skipPiece, extraWord, slot(Int) }
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: m + 1), count: n + 1)
        var step = [[Step]](repeating: [Step](repeating: .none, count: m + 1), count: n + 1)
        cost[0][0] = 0
        for i in 0...n {
            for j in 0...m where cost[i][j].isFinite {
                let here = cost[i][j]
                func relax(_ a: Int, _ b: Int, _ added: Double, _ how: Step) {
                    if here + added < cost[a][b] {
                        cost[a][b] = here + added
                        step[a][b] = how
                    }
                }
                if j < m { relax(i, j + 1, fillers.contains(said.words[j]) ? 0.3 : 1, .extraWord) }
                guard i < n else { continue }
                switch pieces[i] {
                case .word(let word, _):
                    relax(i + 1, j, fillers.contains(word) ? 0.5 : 1.5, .skipPiece)
                    if j < m, let typos = TextMatch.distance(word, said.words[j], limit: TextMatch.tolerance(word)) {
                        relax(i + 1, j + 1, 0.5 * Double(typos), .match)
                    }
                case .slot:
                    relax(i + 1, j, 0.5, .skipPiece)
                    if j < m { for taken in 1...(m - j) { relax(i + 1, j + taken, 0, .slot(taken)) } }
                }
            }
        }
        guard cost[n][m].isFinite else { return nil }
        var parameters: [String: String] = [:]
        var matchedLiterals = 0
        var (i, j) = (n, m)
        while i > 0 || j > 0 {
            switch step[i][j] {
            case .none: return nil
            case .extraWord: j -= 1
            case .skipPiece: i -= 1
            case .match:
                i -= 1
                j -= 1
                matchedLiterals += 1
                if case .word(_, let tag?) = pieces[i] { parameters[tag.parameter] = tag.value }
            case .slot(let taken):
                i -= 1
                j -= taken
                if case .slot(let name) = pieces[i] { parameters[name] = said.original[j..<(j + taken)].joined(separator: " ") }
            }
        }
        // Something of the pattern itself must have been said, not only its slots.
        guard matchedLiterals > 0 || pattern.literalCount == 0 else { return nil }
        return (cost[n][m], parameters)
    }
}
