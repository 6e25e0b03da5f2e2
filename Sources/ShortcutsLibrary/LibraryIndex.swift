import Foundation

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
            index = try JSONDecoder().decode(LibraryIndex.self, from: data)
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
        try AtomicFile.write(JSONFile.encode(self), to: path, replacing: true)
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
