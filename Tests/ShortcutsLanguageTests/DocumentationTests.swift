import Foundation
import ShortcutsLanguage
import Testing

/// The `sct` examples in docs/LANGUAGE.md compile without errors and are formatted.
@Suite("docs/LANGUAGE.md examples")
struct DocumentationTests {
    /// The fenced ```sct blocks of the reference, with the line each starts on.
    static let examples: [(line: Int, source: String)] = {
        let path = packageRoot.appendingPathComponent("docs/LANGUAGE.md").path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var examples: [(Int, String)] = []
        var current: (line: Int, lines: [String])?
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line == "```sct" {
                current = (offset + 2, [])
            } else if let block = current, line == "```" {
                examples.append((block.line, block.lines.joined(separator: "\n") + "\n"))
                current = nil
            } else {
                current?.lines.append(String(line))
            }
        }
        return examples
    }()

    @Test("the reference has examples")
    func hasExamples() {
        #expect(Self.examples.count >= 6)
    }

    @Test("every example compiles and is formatted")
    func examplesCompile() throws {
        for (line, source) in Self.examples {
            let result = language.compile(source, path: "LANGUAGE.md:\(line)")
            for diagnostic in result.diagnostics where diagnostic.isError {
                Issue.record("example at line \(line): \(diagnostic)")
            }
            #expect(result.workflow != nil, "example at line \(line) doesn't compile")
            #expect(try ShortcutText.format(source) == source, "example at line \(line) is not formatted")
        }
    }
}
