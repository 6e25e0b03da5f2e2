import Foundation
import ShortcutFormat
import ShortcutsLanguage
import Testing

/// Every corpus shortcut decompiles to text that compiles back to the same actions,
/// parameters, references and settings (UUIDs renamed consistently; token strings compared
/// without the file-shape details that mean nothing, `ParameterValue.withoutFileShape`), and that
/// text is already formatted.
@Suite("Round trip over the corpus", .enabled(if: Corpus.isPresent, "no corpus at ../shared/corpus/shortcuts; skipped"))
struct RoundTripTests {
    /// Everything wrong with one file's round trip; empty when it passes.
    static func problems(with name: String) -> [String] {
        let original: Workflow
        do {
            original = try Corpus.workflow(name)
        } catch {
            return ["does not read: \(error)"]
        }
        let text = language.decompile(original)
        var problems: [String] = []
        let (compiled, diagnostics) = language.compile(text, path: name + ".sct")
        for diagnostic in diagnostics where diagnostic.isError { problems.append("decompiled text: \(diagnostic)") }
        if let compiled {
            var comparison = RenamingComparison(original: original)
            if let difference = comparison.difference(
                ShortcutFile.propertyList(of: original.withoutFileShape), ShortcutFile.propertyList(of: compiled.withoutFileShape))
            {
                problems.append("compiles to a different shortcut: \(difference)")
            }
        }
        do {
            if try ShortcutText.format(text) != text { problems.append("decompiled text is not formatted") }
        } catch {
            problems.append("decompiled text does not parse: \(error)")
        }
        return problems
    }

    @Test("decompile → compile gives back each corpus shortcut", arguments: Corpus.fileNames)
    func roundTrips(_ name: String) {
        let problems = Self.problems(with: name)
        if let reason = knownRoundTripFailures[name] {
            if problems.isEmpty { Issue.record("\(name) now round-trips: remove it from KnownRoundTripFailures.swift (was: \(reason))") }
        } else {
            for problem in problems.prefix(10) { Issue.record("\(name): \(problem)") }
        }
    }

    @Test("the known-failures list names only corpus files")
    func knownFailuresAreCorpusFiles() {
        for name in knownRoundTripFailures.keys { #expect(Corpus.fileNames.contains(name), "\(name) is not in the corpus") }
    }
}
