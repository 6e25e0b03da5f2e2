import Foundation
import RunHistory
import ShortcutFormat
import ShortcutsLanguage
import ShortcutsLibrary
import ShortcutsRun

/// A shortcut to run or view: its workflow and the name it goes by.
struct ResolvedShortcut {
    var workflow: Workflow
    /// The library name, or the file name without extension for a file run by path.
    var name: String
    /// What errors call it: the file path for files, the name for library shortcuts.
    var label: String
    /// Who signed it, for a signed file.
    var signature: ShortcutSignature?
    /// Its library identifier; `nil` for a file or link, which isn't in the library.
    var identifier: String?
    /// A hash of its file, for the run history.
    var fileHash: String?

    /// Whether it is in the library, so it was set up when it was imported.
    var isInLibrary: Bool { identifier != nil }

    /// Who the run is for: the file access rules and Run Shortcut's lookup by name.
    var running: RunningShortcut {
        RunningShortcut(name: name, identifier: identifier, workflow: isInLibrary ? nil : workflow, fileHash: fileHash)
    }
}

/// Turns the `<shortcut>` argument into a shortcut: a file path, an identifier, or a name.
///
/// An argument with a `/` or a `.shortcut`, `.plist`, `.wflow` or `.workflow` extension is a path and is read
/// directly, without touching the library; an iCloud link is fetched. Anything else is looked up
/// in the library. A file is
/// read by what it holds, not by its name: a property list, a signed file, else shortcut text.
enum ShortcutResolver {
    static let fileExtensions: Set<String> = ["shortcut", "plist", "wflow", "workflow", ShortcutText.fileExtension]

    /// Whether the argument names a file rather than a library shortcut.
    static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || fileExtensions.contains((argument as NSString).pathExtension.lowercased())
    }

    /// Finds and reads the shortcut. Files and links are checked when signed; library shortcuts
    /// only with `checkingLibrarySignature`.
    ///
    /// - Throws: ``CommandFailure`` with `Couldn't find shortcut "<x>"` when nothing matches,
    ///   or the file's problem when it can't be read.
    static func resolve(
        _ argument: String, setup: RunSetup, ignoringSignature: Bool = false,
        checkingLibrarySignature: Bool = false
    ) throws -> ResolvedShortcut {
        if isPath(argument) || argument.hasPrefix("https://") || argument.hasPrefix("http://") {
            let loaded = try ShortcutSource.load(
                argument, setup: setup, ignoringSignature: ignoringSignature, report: TextShortcuts.report)
            let fileHash = RunRecord.fileHash(of: loaded.fileData)
            switch loaded {
            case .text(let workflow, let name):
                return ResolvedShortcut(workflow: workflow, name: name, label: argument, fileHash: fileHash)
            case .document(let document, _, let name):
                return ResolvedShortcut(
                    workflow: document.workflow, name: name, label: argument, signature: document.signature, fileHash: fileHash)
            }
        }
        let library = setup.library
        guard let location = try library.find(argument) else {
            throw CommandFailure("Couldn't find shortcut \"\(argument)\"")
        }
        let identifier = try library.identifier(of: location)
        let fileHash = FileManager.default.contents(atPath: location.path).map(RunRecord.fileHash(of:))
        // A library shortcut's signature was checked at import; only `view` shows it again.
        guard checkingLibrarySignature else {
            return ResolvedShortcut(
                workflow: try library.workflow(at: location), name: location.name, label: location.name, identifier: identifier,
                fileHash: fileHash)
        }
        let document = try library.document(at: location)
        return ResolvedShortcut(
            workflow: document.workflow, name: location.name, label: location.name, signature: document.signature,
            identifier: identifier, fileHash: fileHash)
    }
}
