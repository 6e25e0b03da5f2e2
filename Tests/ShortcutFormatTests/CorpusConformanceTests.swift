import Foundation
import PropertyList
import ShortcutFormat
import Testing

/// The real shortcuts in `../shared/corpus/shortcuts`, next to the package.
enum Corpus {
    /// The corpus folder, found from this file's place in the package.
    static let directory: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()  // ShortcutFormatTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root
        .appendingPathComponent("../shared/corpus/shortcuts").standardizedFileURL

    /// The `.shortcut` file names in the corpus, sorted; empty when the folder is absent.
    static let fileNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".shortcut") }.sorted()
    }()

    static var isPresent: Bool { !fileNames.isEmpty }
}

/// Conformance over real files: every corpus shortcut reads, writes back in both encodings to the
/// same property list, and reads every known serialization into its typed case.
@Suite("Corpus conformance", .enabled(if: Corpus.isPresent, "no corpus at ../shared/corpus/shortcuts; skipped"))
struct CorpusConformanceTests {
    /// Everything wrong with one file; empty when it conforms.
    static func problems(with name: String) -> [String] {
        let path = Corpus.directory.appendingPathComponent(name).path
        guard let data = FileManager.default.contents(atPath: path) else { return ["can't read \(path)"] }
        let original: PropertyListValue
        let workflow: Workflow
        let format: PropertyListFormat
        do {
            original = try PropertyList.decode(data).value
            (workflow, format) = try ShortcutFile.read(data, path: path)
        } catch {
            return ["does not read: \(error)"]
        }
        var problems: [String] = []
        if let difference = firstDifference(original, ShortcutFile.propertyList(of: workflow)) {
            problems.append("model differs from the file: \(difference)")
        }
        for target in [format, format == .binary ? .xml : .binary] {
            let written = ShortcutFile.write(workflow, format: target)
            do {
                let (reread, rereadFormat) = try PropertyList.decode(written)
                if rereadFormat != target { problems.append("written as \(target) but read back as \(rereadFormat)") }
                if let difference = firstDifference(original, reread) {
                    problems.append("\(target) round trip: \(difference)")
                }
                if try ShortcutFile.read(written, path: path).workflow != workflow {
                    problems.append("\(target) round trip: the workflow read back differs")
                }
            } catch {
                problems.append("\(target) round trip: written file does not read: \(error)")
            }
        }
        let fallbacks = FallbackFinder.findings(in: workflow)
        print("conformance \(name): \(workflow.actions.count) actions, \(format), \(fallbacks.count) typed fallbacks")
        problems += fallbacks.map { "fallback: \($0)" }
        return problems
    }

    @Test("each corpus file reads, round-trips losslessly in both formats and decodes typed", arguments: Corpus.fileNames)
    func conforms(_ name: String) {
        let problems = Self.problems(with: name)
        if let reason = knownConformanceFailures[name] {
            if problems.isEmpty {
                Issue.record("\(name) now passes: remove it from KnownFailures.swift (was: \(reason))")
            }
        } else {
            for problem in problems.prefix(20) { Issue.record("\(name): \(problem)") }
            if problems.count > 20 { Issue.record("\(name): … and \(problems.count - 20) more problems") }
        }
    }

    @Test("the known-failures list names only corpus files, each with a reason")
    func knownFailuresAreCorpusFiles() {
        for (name, reason) in knownConformanceFailures {
            #expect(Corpus.fileNames.contains(name), "\(name) is listed in KnownFailures.swift but not in the corpus")
            #expect(!reason.isEmpty, "\(name) needs a reason in KnownFailures.swift")
        }
    }
}
