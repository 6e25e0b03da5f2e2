import Foundation
import ShortcutFormat
import ShortcutsLibrary

/// A shortcut added to the library from a file or an iCloud link, and who signed it.
public struct ImportedShortcut: Sendable {
    public let entry: LibraryEntry
    /// How the file's signature reads ("Signed by Apple (iCloud), …"), or nil for an unsigned file.
    public let signer: String?
}

extension RunSetup {
    /// Adds the shortcut a file or an iCloud link holds to the library, as the service, MCP and
    /// the app do (the command line asks its questions around the same steps): a signed file's
    /// signature is checked, and a file signed by someone Apple doesn't vouch for is refused
    /// unless `allowsUnverified`, the refusal saying how to allow it on this front end
    /// (`allowHint`). Set-up questions keep their defaults.
    ///
    /// - Throws: ``ShortcutSource/Failure``, the link's or the file's problem, or ``LibraryError``.
    public func importShortcut(
        from source: String, name: String? = nil, folder: String? = nil, replacing: Bool = false, ignoringSignature: Bool = false,
        allowsUnverified: Bool = false, allowHint: String
    ) throws -> ImportedShortcut {
        let loaded = try ShortcutSource.load(source, setup: self, ignoringSignature: ignoringSignature, checkingSignature: false)
        var signer: String?
        let entry = try library.importShortcut(
            loaded.fileData, source: source, name: name ?? loaded.name, folder: folder, replacing: replacing,
            ignoringSignature: ignoringSignature,
            refusal: { signature in
                signer = signature.summary()
                guard case .unknown = signature.signer, !allowsUnverified else { return nil }
                return "\(source) is signed by an unknown signer (\(signature.summary())); \(allowHint) to import it anyway"
            })
        return ImportedShortcut(entry: entry, signer: signer)
    }
}
