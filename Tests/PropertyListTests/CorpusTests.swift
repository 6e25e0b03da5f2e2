import Foundation
import PropertyList
import Testing

/// Real files from `../shared/corpus` (skipped when the corpus is not beside the package).
@Suite("Corpus", .enabled(if: !Corpus.shortcuts.isEmpty, "../shared/corpus/shortcuts is not present"))
struct CorpusTests {
    @Test("every shortcut decodes and survives re-encoding in both formats", arguments: Corpus.allPropertyLists)
    func roundTrip(file: URL) throws {
        let (value, _) = try PropertyList.decode(Data(contentsOf: file))
        for format in [PropertyListFormat.binary, .xml] {
            let (again, detected) = try PropertyList.decode(PropertyList.encode(value, format: format))
            #expect(detected == format)
            #expect(again == value, "\(format)")
            #expect(canonical(again) == canonical(value), "\(format): bit-exact, same key order")
        }
    }

    @Test("every shortcut has a top-level WFWorkflowActions array", arguments: Corpus.shortcuts)
    func shortcutShape(file: URL) throws {
        let (value, _) = try PropertyList.decode(Data(contentsOf: file))
        #expect(value["WFWorkflowActions"]?.arrayValue != nil)
    }

    @Test("decodes every file exactly as plistlib does", .enabled(if: Python.isAvailable))
    func matchesPython() throws {
        let script =
            canonicalPython + """
                for path in sys.argv[1:]:
                    with open(path, 'rb') as f:
                        print(canon(plistlib.load(f)))
                """
        let files = Corpus.allPropertyLists
        let lines = try Python.run(script, arguments: files.map(\.path)).split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == files.count + 1)
        for (file, line) in zip(files, lines) {
            let (value, _) = try PropertyList.decode(Data(contentsOf: file))
            #expect(canonical(value) == String(line), "\(file.lastPathComponent)")
        }
    }
}
