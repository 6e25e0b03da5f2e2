import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsTestSupport
import Testing

/// Files that aren't readable shortcuts give a clear error naming the file, never a crash.
@Suite("Reading bad files")
struct ShortcutFileErrorTests {
    static let path = "/tmp/inbox/My Shortcut.shortcut"

    /// The error reading the bytes gives; records an issue when it reads fine.
    private func readError(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> ShortcutFileError? {
        do {
            _ = try ShortcutFile.read(data, path: Self.path)
            Issue.record("read without an error", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.message.contains(Self.path), "message should name the file: \(error.message)", sourceLocation: sourceLocation)
            #expect(error.path == Self.path, sourceLocation: sourceLocation)
            return error
        }
    }

    private func encoded(_ value: PropertyListValue, _ format: PropertyListFormat) -> Data {
        PropertyList.encode(value, format: format)
    }

    @Test("a malformed signed file says it is a signed shortcut and what is wrong with it")
    func signed() throws {
        let encrypted = try #require(readError(Data("AEA1".utf8) + Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) })))
        #expect(encrypted.code == .unreadableSignedFile)
        #expect(encrypted.message.contains("signed shortcut can't be read"))
        #expect(encrypted.message.contains("profile 4859136, which is encrypted"))
        // Profile 0, with auth data larger than the file.
        let short = try #require(readError(Data("AEA1".utf8) + Data([0, 0, 0, 0xFF, 0xFF, 0, 0]) + Data(count: 100)))
        #expect(short.code == .truncated)
        #expect(short.message.contains("prologue"))
    }

    @Test("an empty file is not a property list")
    func empty() throws {
        #expect(readError(Data())?.code == .notAPropertyList)
    }

    @Test("random bytes are not a property list", arguments: [1, 7, 8, 64, 1000, 10_000])
    func randomBytes(count: Int) throws {
        var generator = SeededGenerator(seed: UInt64(count))
        let bytes = Data((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        #expect(readError(bytes)?.code == .notAPropertyList)
        #expect(readError(Data("bplist00".utf8) + bytes)?.code == .notAPropertyList)
    }

    @Test("a property list that is an array is not a shortcut", arguments: [PropertyListFormat.binary, .xml])
    func arrayRoot(format: PropertyListFormat) throws {
        let error = try #require(readError(encoded(["WFWorkflowActions"], format)))
        #expect(error.code == .notAShortcut)
        #expect(error.message.contains("not a dictionary"))
    }

    @Test(
        "a dictionary without WFWorkflowActions, or with a non-list one, is not a shortcut",
        arguments: [PropertyListFormat.binary, .xml])
    func missingActions(format: PropertyListFormat) throws {
        for root: PropertyListValue in [["WFWorkflowName": "x"], ["WFWorkflowActions": "gettext"]] {
            let error = try #require(readError(encoded(root, format)))
            #expect(error.code == .notAShortcut)
            #expect(error.message.contains("WFWorkflowActions"))
        }
    }

    @Test("an action without an identifier is named by its position")
    func actionWithoutIdentifier() throws {
        let gettext: PropertyListValue = ["WFWorkflowActionIdentifier": "is.workflow.actions.gettext"]
        for second: PropertyListValue in [["WFWorkflowActionParameters": [:]], "is.workflow.actions.gettext"] {
            let error = try #require(readError(encoded(["WFWorkflowActions": [gettext, second]], .xml)))
            #expect(error.code == .notAShortcut)
            #expect(error.message.contains("action 2"))
            #expect(error.message.contains("WFWorkflowActionIdentifier"))
        }
    }

    @Test("every truncation of a real shortcut fails cleanly", .enabled(if: Corpus.isPresent))
    func truncatedCorpusFiles() throws {
        for name in ["18-douyin-homepage.shortcut", "27-sanitize-url.shortcut"] {
            let data = try Data(contentsOf: Corpus.directory.appendingPathComponent(name))
            for length in stride(from: 0, to: data.count, by: max(1, data.count / 300)) {
                _ = try? ShortcutFile.read(data.prefix(length), path: name)
            }
        }
    }
}
