import Foundation
import ShortcutFormat
import ShortcutsLanguage
import Testing

/// Every corpus shortcut, unsigned and signed, decompiles to text that compiles back to an equal
/// property list: the same actions, parameters, references and settings, each key and value as
/// the file has it (UUIDs and grouping identifiers may be renamed, one-to-one, each compared by
/// where it is defined), and that text is already formatted. No file is excused.
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
            if let difference = comparison.difference(ShortcutFile.propertyList(of: original), ShortcutFile.propertyList(of: compiled)) {
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

    @Test("decompile → compile gives back each corpus shortcut", arguments: Corpus.fileNames + Corpus.signedFileNames)
    func roundTrips(_ name: String) {
        for problem in Self.problems(with: name).prefix(10) { Issue.record("\(name): \(problem)") }
    }

    @Test("the signed corpus takes part")
    func signedFilesAreRead() {
        #expect(Corpus.signedFileNames.count >= 9, "read \(Corpus.signedFileNames.count) signed files")
    }
}
