import Foundation
import ShortcutFormat
import ShortcutsRun

/// A shortcut given as a file path or an iCloud link, read by what it holds rather than its name:
/// a property list (a shortcut, or an Automator workflow, converted), a signed file, or shortcut
/// text. An Automator `.workflow` bundle is read through its `Contents/document.wflow`.
enum ShortcutSource {
    /// What an argument holds.
    enum Loaded {
        /// A shortcut file, signed or not, or an Automator workflow, with the bytes it came from.
        case document(ShortcutDocument, data: Data, name: String)
        /// Shortcut text, compiled.
        case text(Workflow, name: String)

        var workflow: Workflow {
            switch self {
            case .document(let document, _, _): return document.workflow
            case .text(let workflow, _): return workflow
            }
        }

        /// The name it goes by: the record's name for a link, else the file (or bundle) name
        /// without its extension.
        var name: String {
            switch self {
            case .document(_, _, let name), .text(_, let name): return name
            }
        }

        /// The bytes a library keeps: the file as it is, or, for shortcut text and Automator
        /// workflows, the shortcut they became.
        var fileData: Data {
            switch self {
            case .document(let document, let data, _): return document.isAutomatorWorkflow ? ShortcutFile.write(document.workflow) : data
            case .text(let workflow, _): return ShortcutFile.write(workflow)
            }
        }
    }

    /// Fetches a link or reads a file.
    ///
    /// - Parameter checkingSignature: check a signed file's signature (false when the caller
    ///   checks it later, as the library's import does).
    /// - Throws: ``CommandFailure`` when the file is missing or the link can't be fetched, the
    ///   file's problem when it is not a shortcut, or shortcut text's errors.
    static func load(
        _ argument: String, setup: RunSetup, ignoringSignature: Bool, checkingSignature: Bool = true
    ) throws -> Loaded {
        if let link = try ICloudLink(parsing: argument) {
            let fetched = try link.fetch(environment: setup.variables)
            let data = fetched.withIcon()
            let document = try ShortcutFile.open(
                data, path: argument, ignoringSignature: ignoringSignature, checkingSignature: checkingSignature)
            return .document(document, data: data, name: fetched.name)
        }
        var isFolder: ObjCBool = false
        let isBundle = FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) && isFolder.boolValue
        let file = isBundle ? (argument as NSString).appendingPathComponent("Contents/document.wflow") : argument
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("Couldn't find shortcut \"\(argument)\" (no such file)")
        }
        // A bundle's document is named after its bundle.
        let bundleSuffix = ".workflow/Contents/document.wflow"
        let named = file.hasSuffix(bundleSuffix) ? String(file.dropLast(bundleSuffix.count - ".workflow".count)) : file
        let name = ((named as NSString).lastPathComponent as NSString).deletingPathExtension
        if ShortcutFile.kind(of: data) == .text {
            return .text(try TextShortcuts.workflow(at: file, setup: setup), name: name)
        }
        let document = try ShortcutFile.open(data, path: file, ignoringSignature: ignoringSignature, checkingSignature: checkingSignature)
        return .document(document, data: data, name: name)
    }
}
