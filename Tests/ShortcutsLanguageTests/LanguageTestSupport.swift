import BuiltinActions
import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsEngine
import ShortcutsLanguage

/// The language with the metadata the CLI gives it: the engine's own actions and the built-ins.
let language = ShortcutText(metadata: Engine(sources: [Builtins.catalog]).sources.flatMap(\.allMetadata))

/// The package root, found from this file's place.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The real shortcuts in `../shared/corpus/shortcuts`, next to the package.
enum Corpus {
    static let directory = packageRoot.appendingPathComponent("../shared/corpus/shortcuts").standardizedFileURL

    /// The `.shortcut` file names, sorted; empty when the folder is absent.
    static let fileNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".shortcut") }.sorted()
    }()

    static var isPresent: Bool { !fileNames.isEmpty }

    /// The signed shortcuts in `../shared/corpus/signed`, as `signed/NAME.shortcut`.
    static let signedFileNames: [String] = {
        let folder = directory.deletingLastPathComponent().appendingPathComponent("signed")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".shortcut") }.sorted().map { "signed/" + $0 }
    }()

    /// A corpus shortcut by its name in `shortcuts/`, or `signed/NAME` for a signed one.
    static func workflow(_ name: String) throws -> Workflow {
        let path =
            name.hasPrefix("signed/")
            ? directory.deletingLastPathComponent().appendingPathComponent(name).path : directory.appendingPathComponent(name).path
        return try ShortcutFile.read(try Data(contentsOf: URL(fileURLWithPath: path)), path: path).workflow
    }
}

/// Compares two property lists where identifiers (action UUIDs and grouping identifiers) may
/// be renamed, as long as the renaming is one-to-one; returns the first difference.
struct RenamingComparison {
    private var forward: [String: String] = [:]
    private var backward: [String: String] = [:]
    let renamable: Set<String>

    init(original: Workflow) {
        var identifiers: Set<String> = []
        for action in original.actions {
            for key in ["UUID", "GroupingIdentifier"] { if let value = action.parameters[key]?.stringValue { identifiers.insert(value) } }
        }
        renamable = identifiers
    }

    mutating func difference(_ a: PropertyListValue, _ b: PropertyListValue, path: String = "") -> String? {
        switch (a, b) {
        case (.string(let x), .string(let y)):
            // An identifier kept where it was renamed elsewhere (or the reverse) is a difference:
            // each identifier is compared by where it is defined.
            guard renamable.contains(x) || renamable.contains(y) else { return x == y ? nil : "\(path): \"\(x)\" became \"\(y)\"" }
            guard renamable.contains(x), forward[x] ?? y == y, backward[y] ?? x == x else {
                return "\(path): \"\(x)\" became \"\(y)\""
            }
            forward[x] = y
            backward[y] = x
            return nil
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return "\(path): \(x.count) items became \(y.count)" }
            for (offset, pair) in zip(x, y).enumerated() {
                if let difference = difference(pair.0, pair.1, path: path + "[\(offset)]") { return difference }
            }
            return nil
        case (.dictionary(let x), .dictionary(let y)):
            let missing = Set(x.keys).symmetricDifference(y.keys)
            if !missing.isEmpty { return "\(path): keys differ: \(missing.sorted())" }
            for (key, value) in x {
                if let difference = difference(value, y[key]!, path: path + "." + key) { return difference }
            }
            return nil
        default:
            return a == b ? nil : "\(path): \(a) became \(b)"
        }
    }
}
