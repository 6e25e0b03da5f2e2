import Foundation
import ShortcutFormat

/// A shortcut given as a file path or an iCloud link, read by what it holds rather than its name.
enum ShortcutSource {
    /// What an argument holds: a shortcut file's bytes (a property list or a signed file), or
    /// shortcut text, already compiled.
    enum Loaded {
        case file(Data, name: String)
        case text(Workflow, name: String)

        /// The bytes of a shortcut file, compiling shortcut text into one.
        var fileData: Data {
            switch self {
            case .file(let data, _): return data
            case .text(let workflow, _): return ShortcutFile.write(workflow)
            }
        }

        /// The name it goes by: the record's name for a link, the file name without extension.
        var name: String {
            switch self {
            case .file(_, let name), .text(_, let name): return name
            }
        }
    }

    /// Fetches a link or reads a file.
    ///
    /// - Throws: ``CommandFailure`` when the file is missing, the link can't be fetched, or
    ///   shortcut text has errors (printed as diagnostics).
    static func load(_ argument: String, environment: [String: String]) throws -> Loaded {
        if let link = try ICloudLink(parsing: argument) {
            let fetched = try link.fetch(environment: environment)
            return .file(fetched.data, name: fetched.name)
        }
        guard let data = FileManager.default.contents(atPath: argument) else {
            throw CommandFailure("Couldn't find shortcut \"\(argument)\" (no such file)")
        }
        let name = ((argument as NSString).lastPathComponent as NSString).deletingPathExtension
        if ShortcutFile.kind(of: data) == .text {
            return .text(try TextShortcuts.workflow(at: argument, environment: environment), name: name)
        }
        return .file(data, name: name)
    }
}
