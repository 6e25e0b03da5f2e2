import Foundation
import ShortcutsContent

/// `library.json`: the stable identifier of each shortcut file in the library.
///
/// ```json
/// {
///   "shortcuts" : [
///     { "identifier" : "0F6A…", "path" : "Work/Report.shortcut" }
///   ],
///   "version" : 1
/// }
/// ```
///
/// Paths are relative to the library's `Shortcuts` folder. The file is sorted by path and
/// pretty-printed so it diffs well in git.
struct LibraryIndex: Codable, Equatable {
    /// The highest version of this file this code reads and the one it writes.
    static let currentVersion = 1

    struct Entry: Codable, Equatable {
        var identifier: String
        var path: String
    }

    var version: Int = LibraryIndex.currentVersion
    var shortcuts: [Entry] = []

    /// The identifier recorded for a relative path.
    func identifier(forPath path: String) -> String? {
        shortcuts.first { $0.path == path }?.identifier
    }

    /// The relative path recorded for an identifier (compared case-insensitively, as UUIDs are).
    func path(forIdentifier identifier: String) -> String? {
        shortcuts.first { $0.identifier.caseInsensitiveCompare(identifier) == .orderedSame }?.path
    }

    /// Records a path under an identifier, replacing what either had before.
    mutating func set(identifier: String, path: String) {
        shortcuts.removeAll { $0.path == path || $0.identifier == identifier }
        shortcuts.append(Entry(identifier: identifier, path: path))
        shortcuts.sort { $0.path < $1.path }
    }

    /// Reads the index at a path; a missing file is an empty index.
    static func read(from path: String) throws(LibraryError) -> LibraryIndex {
        guard let data = FileManager.default.contents(atPath: path) else { return LibraryIndex() }
        let index: LibraryIndex
        do {
            index = try decode([UInt8](data))
        } catch {
            throw LibraryError(.invalidIndex, "\(path) is damaged (\(error)); fix it or delete it to give every shortcut a new identifier")
        }
        guard index.version <= currentVersion else {
            throw LibraryError(
                .invalidIndex,
                "\(path) is version \(index.version); this shortcuts reads versions up to \(currentVersion), so update shortcuts")
        }
        return index
    }

    /// Writes the index atomically.
    func write(to path: String) throws(LibraryError) {
        try AtomicFile.write(Data(encoded()), to: path, replacing: true)
    }

    /// Reads the text of `library.json` as the `Codable` conformance would, every member
    /// required and unknown ones skipped, without `JSONDecoder`: the index is read and written
    /// on every import, and a thousand imports in one call spent a third of their time there.
    static func decode(_ bytes: [UInt8]) throws -> LibraryIndex {
        struct Missing: Error, CustomStringConvertible {
            var key: String
            var description: String { "the member \"\(key)\" is missing" }
        }
        var reader = JSONReader(bytes)
        var version: Int?
        var shortcuts: [Entry]?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "version": version = try reader.readInt()
            case "shortcuts":
                var entries: [Entry] = []
                try reader.readArray { reader throws(JSONReader.Failure) in
                    var identifier: String?
                    var path: String?
                    try reader.readObject { reader, key throws(JSONReader.Failure) in
                        switch key {
                        case "identifier": identifier = try reader.readString()
                        case "path": path = try reader.readString()
                        default: try reader.skipValue()
                        }
                    }
                    guard let identifier, let path else {
                        throw JSONReader.Failure(
                            message: "an entry lacks its \(identifier == nil ? "identifier" : "path")", offset: reader.position)
                    }
                    entries.append(Entry(identifier: identifier, path: path))
                }
                shortcuts = entries
            default: try reader.skipValue()
            }
        }
        try reader.finish()
        guard let version else { throw Missing(key: "version") }
        guard let shortcuts else { throw Missing(key: "shortcuts") }
        return LibraryIndex(version: version, shortcuts: shortcuts)
    }

    /// The text `JSONFile.encode` gives (pretty, sorted keys, slashes unescaped, a final
    /// newline), written directly; `LibraryIndexTests` holds the two to the same bytes.
    func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(100 + shortcuts.count * 110)
        bytes += "{\n  \"shortcuts\" : [\n".utf8
        if shortcuts.isEmpty { bytes += "\n".utf8 }
        for (position, entry) in shortcuts.enumerated() {
            bytes += "    {\n      \"identifier\" : ".utf8
            JSONBridge.append(string: entry.identifier, to: &bytes)
            bytes += ",\n      \"path\" : ".utf8
            JSONBridge.append(string: entry.path, to: &bytes)
            bytes += (position == shortcuts.count - 1 ? "\n    }\n" : "\n    },\n").utf8
        }
        bytes += "  ],\n  \"version\" : \(version)\n}\n".utf8
        return bytes
    }
}

/// The JSON style of the library's own files: pretty, sorted keys, a final newline.
enum JSONFile {
    static func encode<Value: Encodable>(_ value: Value) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs can't fail.
        var data = (try? encoder.encode(value)) ?? Data()
        data.append(0x0A)
        return data
    }
}
