import Foundation
import ShortcutsTestSupport
import Testing

@testable import ShortcutsLibrary

/// `library.json` is read and written without `JSONEncoder`/`JSONDecoder`, byte for byte as they
/// would, so a library written by an older `shortcuts` reads the same and diffs stay quiet.
@Suite struct LibraryIndexTests {
    static func foundationText(_ index: LibraryIndex) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(index)) + [0x0A]
    }

    static let samples: [LibraryIndex] = [
        LibraryIndex(),
        LibraryIndex(version: 1, shortcuts: [.init(identifier: UUID().uuidString, path: "Hello.shortcut")]),
        LibraryIndex(
            version: 1,
            shortcuts: [
                .init(identifier: "0F6A0000-0000-4000-8000-000000000001", path: "Work/Report \"Q3\".shortcut"),
                .init(identifier: "0F6A0000-0000-4000-8000-000000000002", path: "Ünïcode/日本語 \\ back.shortcut"),
                .init(identifier: "0F6A0000-0000-4000-8000-000000000003", path: "z.shortcut"),
            ]),
    ]

    @Test(arguments: samples) func writesWhatJSONEncoderWrites(index: LibraryIndex) throws {
        #expect(index.encoded() == (try Self.foundationText(index)))
        #expect(try LibraryIndex.decode(index.encoded()) == index)
    }

    @Test func readsWhatJSONDecoderReadsAndRefusesWhatItRefuses() throws {
        // Members in any order, compact or pretty, unknown ones skipped.
        let compact = #"{"version":1,"extra":[1,{"a":null}],"shortcuts":[{"path":"A.shortcut","identifier":"X","note":true}]}"#
        #expect(
            try LibraryIndex.decode(Array(compact.utf8))
                == LibraryIndex(version: 1, shortcuts: [.init(identifier: "X", path: "A.shortcut")]))
        for damaged in [
            #"{"version":1}"#, #"{"shortcuts":[]}"#, #"{"version":1,"shortcuts":[{"path":"A.shortcut"}]}"#, "{", "[]",
            #"{"version":"1","shortcuts":[]}"#,
        ] {
            #expect(throws: (any Error).self, "\(damaged)") { try LibraryIndex.decode(Array(damaged.utf8)) }
            #expect(throws: (any Error).self, "\(damaged)") { try JSONDecoder().decode(LibraryIndex.self, from: Data(damaged.utf8)) }
        }
    }

    @Test func aDamagedIndexIsNamedWithWhatIsWrong() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("index-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(#"{"version":1,"shortcuts":[{"identifier":"X"}]}"#.utf8).write(to: URL(fileURLWithPath: root + "/library.json"))
        let error = try #require(throws: LibraryError.self) { try LibraryIndex.read(from: root + "/library.json") }
        #expect(error.message.contains(root + "/library.json is damaged (an entry lacks its path"), "\(error.message)")
    }
}

/// Names are sorted as `caseInsensitiveCompare` sorts them; for ASCII names without Foundation.
@Suite struct NameOrderTests {
    @Test func asciiNamesSortAsCaseInsensitiveCompareSortsThem() {
        let characters = (32..<127).map { String(UnicodeScalar(UInt8($0))) }
        var generator = SeededGenerator(seed: 40)
        var pairs = characters.flatMap { a in characters.map { b in (a, b) } }
        for _ in 0..<20_000 {
            func name() -> String {
                String((0..<Int.random(in: 0...5, using: &generator)).map { _ in Character(characters.randomElement(using: &generator)!) })
            }
            pairs.append((name(), name()))
        }
        for (a, b) in pairs {
            #expect(
                ShortcutLibrary.asciiCaseInsensitiveOrder(a, b) == a.caseInsensitiveCompare(b).rawValue,
                "\(a.debugDescription) \(b.debugDescription)")
        }
        #expect(ShortcutLibrary.asciiCaseInsensitiveOrder("Café", "cafe") == nil)
        #expect(ShortcutLibrary.byName("éclair", "Zebra") == ("éclair".caseInsensitiveCompare("Zebra") == .orderedAscending))
    }
}
