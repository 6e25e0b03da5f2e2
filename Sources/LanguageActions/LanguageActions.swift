import ActionSupport
import CMediaLoaders
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Correct Spelling (hunspell, the region's dictionary else US English), Detect Language
/// (libexttextcat's n-gram models) and Make Spoken Audio from Text (espeak-ng, to a WAV file).
enum LanguageActions {
    static let all: [ActionDefinition] = [correctSpelling, detectLanguage, spokenAudio]

    // MARK: Correct Spelling

    /// The hunspell dictionary for the run's region: `de_DE`, then any of its language, then US English.
    static func dictionary(for run: RunContext) -> (affix: String, words: String)? {
        let folder = run.environment.variables["SHORTCUTS_HUNSPELL_DIR"] ?? "/usr/share/hunspell"
        let locale = run.environment.locale.time
        let language = locale.language.languageCode?.identifier ?? "en"
        let region = locale.region?.identifier
        var names = region.map { ["\(language)_\($0)"] } ?? []
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasPrefix(language + "_") && $0.hasSuffix(".dic")
        }
        .map { String($0.dropLast(4)) }.sorted()
        names += others + ["en_US"]
        for name in names {
            let affix = "\(folder)/\(name).aff", words = "\(folder)/\(name).dic"
            if FileManager.default.fileExists(atPath: affix), FileManager.default.fileExists(atPath: words) { return (affix, words) }
        }
        return nil
    }

    /// The text with each misspelled word replaced by hunspell's first suggestion, its capitals kept.
    static func corrected(_ text: String, dictionary: (affix: String, words: String)) throws -> String {
        var result = ""
        var word = ""
        var unreadable = false
        func flush() {
            defer { word = "" }
            guard !word.isEmpty, word.contains(where: \.isLetter), !word.contains(where: \.isNumber) else {
                result += word
                return
            }
            var found: UnsafeMutablePointer<CChar>?
            let status = sspell_check(dictionary.affix, dictionary.words, word, &found)
            guard status == 1, let suggestions = found else {
                if status < 0 { unreadable = true }
                result += word
                return
            }
            defer { free(suggestions) }
            let candidates = String(cString: suggestions).split(separator: "\n").map(String.init)
            guard var replacement = closest(to: word, among: candidates) else {
                result += word
                return
            }
            if word.first?.isUppercase == true, word.dropFirst().allSatisfy({ !$0.isUppercase }) {
                replacement = replacement.prefix(1).uppercased() + replacement.dropFirst()
            } else if word.count > 1, word.allSatisfy({ !$0.isLetter || $0.isUppercase }) {
                replacement = replacement.uppercased()
            }
            result += replacement
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "'" || character == "’" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        guard !unreadable else { throw ActionFailure("hunspell couldn't read \(dictionary.words)") }
        return result
    }

    /// The suggestion fewest edits away, swapped letters (the commonest typo) counting less than
    /// other edits; hunspell's order decides between equals.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        func cost(_ candidate: String) -> Double {
            let other = Array(candidate.lowercased())
            var previous2 = [Double](repeating: 0, count: other.count + 1)
            var previous = (0...other.count).map(Double.init)
            for i in 1...max(typed.count, 1) where i <= typed.count {
                var current = [Double(i)] + [Double](repeating: 0, count: other.count)
                for j in 1..<(other.count + 1) {
                    let substitution = previous[j - 1] + (typed[i - 1] == other[j - 1] ? 0 : 1)
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                    if i > 1, j > 1, typed[i - 1] == other[j - 2], typed[i - 2] == other[j - 1] {
                        current[j] = min(current[j], previous2[j - 2] + 0.6)
                    }
                }
                previous2 = previous
                previous = current
            }
            return previous[other.count]
        }
        return candidates.enumerated().min { lhs, rhs in
            let (a, b) = (cost(lhs.element), cost(rhs.element))
            return a != b ? a < b : lhs.offset < rhs.offset
        }?.element
    }

    static let correctSpelling = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.correctspelling", title: "Correct Spelling",
            description:
                "Corrects the spelling of the text with hunspell, in the region's language when its dictionary is installed (else US English).",
            parameters: [ParameterMetadata(key: "WFInput", title: "Text", type: .text, isRequired: true)],
            inputParameter: "WFInput", outputType: "Text", outputName: "Corrected Text", keywords: ["spell", "typo", "autocorrect"])
    ) { _ in
        { input, run in
            try LibraryLoading.load(sspell_load)
            guard let files = dictionary(for: run) else {
                throw ActionFailure(
                    "no hunspell dictionary is installed (apt-get install hunspell-en-us, or the hunspell-… of the language)")
            }
            return Content(items: try input.items.map { .text(try corrected($0.text, dictionary: files)) })
        }
    }

    // MARK: Detect Language

    static let detectLanguage = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.detectlanguage", title: "Detect Language",
            description:
                "Outputs the language the text is written in, as a code (en, de, fr, zh-CN…), from libexttextcat's models; nothing when it can't tell.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Text", type: .text, isRequired: true)],
            inputParameter: "WFInput", outputType: "Text", outputName: "Language", keywords: ["language", "identify"])
    ) { _ in
        { input, run in
            Content(items: try input.items.map { try language(of: $0.text, run: run, parameter: "WFInput").map(Content.text) ?? .nothing })
        }
    }

    /// The language text is written in, as a BCP 47 code, or `nil` when libexttextcat can't tell.
    static func language(of text: String, run: RunContext, parameter: String) throws -> String? {
        let models = run.environment.variables["SHORTCUTS_TEXTCAT_DIR"] ?? "/usr/share/libexttextcat"
        var reason = [CChar](repeating: 0, count: 512)
        guard let answer = slang_classify(models + "/fpdb.conf", models + "/", text, text.utf8.count, &reason, reason.count) else {
            throw ActionFailure(LibraryLoading.message(reason), parameter: parameter)
        }
        defer { free(answer) }
        return code(String(cString: answer))
    }

    /// The first language of libexttextcat's answer as a BCP 47 code: `[zh-CN-utf8][…]` is `zh-CN`.
    static func code(_ answer: String) -> String? {
        guard answer.hasPrefix("["), let end = answer.firstIndex(of: "]") else { return nil }
        var tag = String(answer[answer.index(after: answer.startIndex)..<end])
        if tag.hasSuffix("-utf8") { tag.removeLast(5) }
        while tag.hasSuffix("-") { tag.removeLast() }
        return tag.isEmpty ? nil : tag
    }

    // MARK: Make Spoken Audio from Text

    /// Shortcuts' rate (0 to 1, a half is normal) in words a minute.
    static func wordsPerMinute(_ rate: Double) -> Int {
        let clamped = min(max(rate, 0), 1)
        return Int((clamped <= 0.5 ? 80 + clamped / 0.5 * 95 : 175 + (clamped - 0.5) / 0.5 * 275).rounded())
    }

    /// 16-bit mono PCM samples as a WAV file.
    static func wav(_ samples: UnsafeBufferPointer<Int16>, rate: Int) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = samples.count * 2
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36 + bytes))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(1))
        append(UInt16(1))
        append(UInt32(rate))
        append(UInt32(rate * 2))
        append(UInt16(2))
        append(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        append(UInt32(bytes))
        for sample in samples { append(sample) }
        return data
    }

    static let spokenAudio = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.makespokenaudiofromtext", title: "Make Spoken Audio from Text",
            description: "Speaks the text into an audio file (WAV) with espeak-ng, at a rate and pitch, in a language or voice.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Text", type: .text, isRequired: true),
                ParameterMetadata(key: "WFSpeakTextRate", title: "Rate", type: .number, defaultValue: "0.5", minimum: 0, maximum: 1),
                ParameterMetadata(key: "WFSpeakTextPitch", title: "Pitch", type: .number, defaultValue: "1", minimum: 0.5, maximum: 2),
                ParameterMetadata(key: "WFSpeakTextLanguage", title: "Language", type: .text),
                ParameterMetadata(key: "WFSpeakTextVoice", title: "Voice", type: .text),
            ],
            inputParameter: "WFInput", outputType: "Media", outputName: "Spoken Audio", keywords: ["speech", "tts", "voice", "say"])
    ) { parameters in
        let (rate, pitch, language, voice) = (
            parameters["WFSpeakTextRate"], parameters["WFSpeakTextPitch"], parameters["WFSpeakTextLanguage"], parameters["WFSpeakTextVoice"]
        )
        return { input, run in
            try LibraryLoading.load(sspeech_load)
            let text = input.items.map(\.text).joined(separator: "\n")
            guard !text.isEmpty else { throw ActionFailure("give the text to speak", parameter: "WFInput") }
            let speed = wordsPerMinute(try run.boundedNumber(rate, parameter: "WFSpeakTextRate", in: 0...1, default: 0.5) ?? 0.5)
            let height = Int(((try run.boundedNumber(pitch, parameter: "WFSpeakTextPitch", in: 0...2, default: 1) ?? 1) * 50).rounded())
            // espeak-ng names voices by language in lower case ("en-us", "de").
            let named = try run.text(voice).flatMap { $0.isEmpty ? nil : $0 } ?? (try run.text(language)).flatMap { $0.isEmpty ? nil : $0 }
            let chosen = named?.replacingOccurrences(of: "_", with: "-").lowercased()
            var samples: UnsafeMutablePointer<Int16>?
            var count = 0
            var sampleRate: Int32 = 0
            var reason = [CChar](repeating: 0, count: 512)
            let limit = max(run.limits.valueBytes / 2, 1)
            // A region espeak-ng has no voice of is spoken in its language ("de-at" in "de").
            var result: Int32 = -2
            for name in [chosen, chosen?.split(separator: "-").first.map(String.init)].compactMap({ $0 }) + (chosen == nil ? [""] : []) {
                result = sspeech_synthesize(
                    text, name.isEmpty ? nil : name, Int32(speed), Int32(height), limit, &samples, &count, &sampleRate, &reason,
                    reason.count)
                if result != -2 { break }
            }
            guard result == 0 else {
                throw ActionFailure(
                    LibraryLoading.message(reason),
                    parameter: result == -2
                        ? (try run.text(voice)?.isEmpty == false ? "WFSpeakTextVoice" : "WFSpeakTextLanguage") : "WFInput")
            }
            defer { free(samples) }
            let audio = wav(UnsafeBufferPointer(start: samples, count: count), rate: Int(sampleRate))
            return .file(FileContent(name: "Spoken Audio.wav", data: audio, typeIdentifier: "com.microsoft.waveform-audio"))
        }
    }
}
