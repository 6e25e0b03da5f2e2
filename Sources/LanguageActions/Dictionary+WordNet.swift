import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Show Definition, from WordNet's database (package `wordnet-base`): the senses of a word by
/// part of speech, each with its gloss, found for inflected forms too (WordNet's exception
/// lists, then its suffix rules: `geese` → goose, `running` → run).
enum WordNet {
    static let all: [ActionDefinition] = [showDefinition]

    /// WordNet's parts of speech: their file names and how a definition names them.
    static let parts: [(file: String, name: String)] = [("noun", "noun"), ("verb", "verb"), ("adj", "adjective"), ("adv", "adverb")]

    /// The suffix rules of WordNet's morphology, by part of speech: an ending and what replaces it.
    static let endings: [String: [(String, String)]] = [
        "noun": [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y")],
        "verb": [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")],
        "adj": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
        "adv": [],
    ]

    /// One sense: its part of speech, the words of its synset and its gloss.
    struct Sense: Equatable {
        var part: String
        var words: [String]
        var gloss: String
    }

    /// The line of a sorted WordNet file that starts with `key` and a space, or `nil`.
    static func line(startingWith key: String, in data: Data) -> Substring? {
        let needle = Data(("\n" + key + " ").utf8)
        guard let found = data.range(of: needle) else { return nil }
        let start = found.lowerBound + 1
        let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        return Substring(String(decoding: data[start..<end], as: UTF8.self))
    }

    /// The base forms WordNet would look a word up by in one part of speech.
    static func baseForms(of word: String, part: String, folder: String) -> [String] {
        var forms = [word]
        if let exceptions = try? Data(contentsOf: URL(fileURLWithPath: folder + "/\(part).exc"), options: .alwaysMapped),
            let line = line(startingWith: word, in: exceptions)
        {
            forms += line.split(separator: " ").dropFirst().map(String.init)
        }
        for (ending, replacement) in endings[part] ?? [] where word.hasSuffix(ending) && word.count > ending.count {
            forms.append(String(word.dropLast(ending.count)) + replacement)
        }
        var seen: Set<String> = []
        return forms.filter { seen.insert($0).inserted }
    }

    /// Every sense of a word, nouns first, in WordNet's order of frequency.
    static func senses(of word: String, folder: String) throws -> [Sense] {
        let key = word.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().split(whereSeparator: \.isWhitespace).joined(
            separator: "_")
        guard !key.isEmpty else { return [] }
        var found: [Sense] = []
        for (file, name) in parts {
            // Mapped, not read: a lookup touches a few pages of files of tens of megabytes.
            guard let index = try? Data(contentsOf: URL(fileURLWithPath: folder + "/index.\(file)"), options: .alwaysMapped),
                let data = try? Data(contentsOf: URL(fileURLWithPath: folder + "/data.\(file)"), options: .alwaysMapped)
            else {
                throw ActionFailure("WordNet's dictionary is not installed in \(folder) (apt-get install wordnet-base)")
            }
            var offsets: [Int] = []
            for form in baseForms(of: key, part: file, folder: folder) {
                guard let entry = line(startingWith: form, in: index) else { continue }
                // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
                let fields = entry.split(separator: " ")
                guard fields.count > 4, let synsets = Int(fields[2]), let pointers = Int(fields[3]) else { continue }
                let first = 4 + pointers + 2
                for field in fields.dropFirst(first).prefix(synsets) {
                    if let offset = Int(field), !offsets.contains(offset) { offsets.append(offset) }
                }
                break
            }
            for offset in offsets where offset < data.count {
                let end = data[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
                let record = String(decoding: data[offset..<end], as: UTF8.self)
                // offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt … | gloss
                let fields = record.split(separator: " ")
                guard fields.count > 4, let count = Int(fields[3], radix: 16) else { continue }
                let words = stride(from: 4, to: min(4 + count * 2, fields.count), by: 2).map {
                    fields[$0].replacingOccurrences(of: "_", with: " ")
                }
                let gloss = record.range(of: " | ").map { String(record[$0.upperBound...]).trimmingCharacters(in: .whitespaces) } ?? ""
                found.append(Sense(part: name, words: words, gloss: gloss))
            }
        }
        return found
    }

    /// Senses as a definition reads: the word, then each part of speech with its numbered senses.
    static func text(for word: String, senses: [Sense]) -> String {
        var lines = [word]
        var part = ""
        var number = 0
        for sense in senses {
            if sense.part != part {
                part = sense.part
                number = 0
                lines.append(part)
            }
            number += 1
            lines.append("\(number). \(sense.gloss)")
        }
        return lines.joined(separator: "\n")
    }

    static let showDefinition = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.showdefinition", title: "Show Definition",
            description: "Shows the definitions of the word from WordNet's English dictionary, by part of speech.",
            parameters: [ParameterMetadata(key: "Word", title: "Word", type: .text, isRequired: true)],
            inputParameter: "Word", keywords: ["dictionary", "define", "meaning", "wordnet"])
    ) { _ in
        { input, run in
            let folder = run.environment.variables["SHORTCUTS_WORDNET_DIR"] ?? "/usr/share/wordnet"
            let word = input.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !word.isEmpty else { throw ActionFailure("there is no word to define", parameter: "Word") }
            let senses = try senses(of: word, folder: folder)
            guard !senses.isEmpty else {
                throw ActionFailure("WordNet has no definition of \(word.prefix(60).debugDescription)", parameter: "Word")
            }
            run.environment.show(text(for: word, senses: senses))
            return .nothing
        }
    }
}
