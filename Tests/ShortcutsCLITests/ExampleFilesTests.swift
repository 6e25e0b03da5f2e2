import Foundation
import ShortcutFormat
import Testing

/// The committed Examples/ files match what ExampleShortcuts builds.
@Suite struct ExampleFilesTests {
    @Test(arguments: ExampleShortcuts.all.map(\.file))
    func exampleFileIsUpToDate(_ file: String) throws {
        let workflow = try #require(ExampleShortcuts.all.first { $0.file == file }).workflow
        let expected = ShortcutFile.write(workflow, format: .binary)
        let url = ExampleShortcuts.examplesDirectory.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["SHORTCUTS_RECORD_EXAMPLES"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try expected.write(to: url)
        }
        let committed = try Data(contentsOf: url)
        #expect(committed == expected, "Examples/\(file) is stale; run the tests with SHORTCUTS_RECORD_EXAMPLES=1 to rewrite it")
        #expect(committed.starts(with: Array("bplist00".utf8)))
        #expect(try ShortcutFile.read(committed, path: file).workflow == workflow)
    }
}
