import Foundation
import ShortcutFormat
import ShortcutsLanguage
import ShortcutsLibrary

/// A shortcut given as a file path or an iCloud link, read by what it holds rather than its name:
/// a property list (a shortcut, or an Automator workflow, converted), a signed file, or shortcut
/// text. An Automator `.workflow` bundle is read through its `Contents/document.wflow`. Every
/// front end that takes a shortcut from outside the library reads it here.
public enum ShortcutSource {
    /// Why a source couldn't be read: no such file, or shortcut text with errors.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let message: String
        /// Whether there was no such file (not a file with problems).
        public var isMissing = false
        public var description: String { message }
    }

    /// What an argument holds.
    public enum Loaded {
        /// A shortcut file, signed or not, or an Automator workflow, with the bytes it came from.
        case document(ShortcutDocument, data: Data, name: String)
        /// Shortcut text, compiled.
        case text(Workflow, name: String)

        public var workflow: Workflow {
            switch self {
            case .document(let document, _, _): return document.workflow
            case .text(let workflow, _): return workflow
            }
        }

        /// The name it goes by: the record's name for a link, else the file (or bundle) name
        /// without its extension.
        public var name: String {
            switch self {
            case .document(_, _, let name), .text(_, let name): return name
            }
        }

        /// The bytes a library keeps: the file as it is, or, for shortcut text and Automator
        /// workflows, the shortcut they became.
        public var fileData: Data {
            switch self {
            case .document(let document, let data, _): return document.isAutomatorWorkflow ? ShortcutFile.write(document.workflow) : data
            case .text(let workflow, _): return ShortcutFile.write(workflow)
            }
        }
    }

    /// Fetches a link or reads a file.
    ///
    /// - Parameters:
    ///   - checkingSignature: check a signed file's signature (false when the caller checks it
    ///     later, as the library's import does).
    ///   - report: given shortcut text's diagnostics (warnings, and errors before it fails).
    /// - Throws: ``Failure`` when the file is missing or shortcut text has errors, the link's
    ///   failure when it can't be fetched, the file's problem when it is not a shortcut.
    public static func load(
        _ argument: String, setup: RunSetup, ignoringSignature: Bool, checkingSignature: Bool = true,
        report: ([Diagnostic]) -> Void = { _ in }
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
            throw Failure(message: "Couldn't find shortcut \"\(argument)\" (no such file)", isMissing: true)
        }
        // A bundle's document is named after its bundle.
        let bundleSuffix = ".workflow/Contents/document.wflow"
        let named = file.hasSuffix(bundleSuffix) ? String(file.dropLast(bundleSuffix.count - ".workflow".count)) : file
        let name = ((named as NSString).lastPathComponent as NSString).deletingPathExtension
        if ShortcutFile.kind(of: data) == .text {
            let result = setup.compileText(String(decoding: data, as: UTF8.self), path: file)
            report(result.diagnostics)
            guard let workflow = result.workflow else {
                let count = result.diagnostics.filter(\.isError).count
                throw Failure(message: "\(file) has \(count) error\(count == 1 ? "" : "s")")
            }
            return .text(workflow, name: name)
        }
        let document = try ShortcutFile.open(data, path: file, ignoringSignature: ignoringSignature, checkingSignature: checkingSignature)
        return .document(document, data: data, name: name)
    }
}
