import Foundation
import ShortcutFormat

#if canImport(Glibc)
    import Glibc
#endif

extension ShortcutLibrary {
    /// Adds a shortcut file to the library, as Shortcuts' import does.
    ///
    /// The file's bytes are kept exactly as they are. Nothing in the library is overwritten
    /// unless `replacing` is true; a replaced shortcut keeps its identifier, even when it moves
    /// to another folder.
    ///
    /// ```swift
    /// let entry = try library.importShortcut(from: "Downloads/Hello.shortcut", folder: "Fun")
    /// print(entry.identifier)
    /// ```
    /// - Parameters:
    ///   - name: the shortcut's name; by default the file name without its extension.
    ///   - folder: the folder to put it in; `nil` for the top level.
    ///   - replacing: whether a shortcut with the same name (ignoring case) may be replaced.
    ///   - ignoringSignature: import a signed file whose signature does not match.
    ///   - refusal: called with a signed file's signature once it is checked; a message it
    ///     returns refuses the import with that message.
    ///   - setUp: called with the workflow; a workflow it returns (its set-up questions answered)
    ///     is written instead of the file's bytes. What it throws refuses the import.
    /// - Throws: ``LibraryError`` when the file is not a shortcut, its signer is not approved,
    ///   the name is taken, or writing fails.
    @discardableResult
    public func importShortcut(
        from sourcePath: String, name: String? = nil, folder: String? = nil, replacing: Bool = false,
        ignoringSignature: Bool = false, refusal: (ShortcutSignature) -> String? = { _ in nil },
        setUp: (Workflow) throws -> Workflow? = { _ in nil }
    ) throws(LibraryError) -> LibraryEntry {
        guard let data = FileManager.default.contents(atPath: sourcePath) else {
            throw LibraryError(.notFound, "can't read \(sourcePath): no such file, or it is not readable")
        }
        let fileName = (sourcePath as NSString).lastPathComponent
        return try importShortcut(
            data, source: sourcePath, name: name ?? (fileName as NSString).deletingPathExtension, folder: folder,
            replacing: replacing, ignoringSignature: ignoringSignature, refusal: refusal, setUp: setUp)
    }

    /// Adds a shortcut's file bytes to the library under `name`.
    ///
    /// - Parameter source: where the bytes came from (a path or a link), for messages.
    /// - Throws: ``LibraryError`` as ``importShortcut(from:name:folder:replacing:ignoringSignature:refusal:setUp:)`` does.
    @discardableResult
    public func importShortcut(
        _ data: Data, source: String, name: String, folder: String? = nil, replacing: Bool = false,
        ignoringSignature: Bool = false, refusal: (ShortcutSignature) -> String? = { _ in nil },
        setUp: (Workflow) throws -> Workflow? = { _ in nil }
    ) throws(LibraryError) -> LibraryEntry {
        var data = data
        let document: ShortcutDocument
        do {
            document = try ShortcutFile.open(data, path: source, ignoringSignature: ignoringSignature)
        } catch {
            throw LibraryError(.invalidShortcut, error.message)
        }
        if let signature = document.signature, let message = refusal(signature) {
            throw LibraryError(.unapprovedSigner, message)
        }
        do {
            // An answered shortcut is written as a property list (a signed file's signature
            // would no longer match its contents).
            if let answered = try setUp(document.workflow) { data = ShortcutFile.write(answered, format: document.format) }
        } catch {
            throw LibraryError(.invalidShortcut, String(describing: error))
        }
        if let problem = Self.problem(withName: name) {
            throw LibraryError(.invalidName, "can't name a shortcut \(name.debugDescription): \(problem); choose another with --name")
        }
        if let folder, let problem = Self.problem(withName: folder) {
            throw LibraryError(.invalidName, "can't use \(folder.debugDescription) as a folder: \(problem)")
        }
        let relativePath = (folder.map { $0 + "/" } ?? "") + name + "." + Self.fileExtension
        let target = location(relativePath: relativePath)

        return try withLock { () throws(LibraryError) -> LibraryEntry in
            let existing = find(name: name)
            if let existing, !replacing {
                throw LibraryError(
                    .alreadyExists,
                    "a shortcut named \"\(existing.name)\" already exists (\(existing.path)); use --replace to replace it, or --name to import under another name"
                )
            }
            let index = try LibraryIndex.read(from: indexPath)
            if let existing, existing.relativePath != relativePath {
                // Same name in another folder or case: the new file takes the old one's place.
                let identifier = try replace(existing, with: data, at: target, index: index)
                return LibraryEntry(identifier: identifier, location: target)
            }
            try createDirectory(target.path)
            try AtomicFile.write(data, to: target.path, replacing: replacing)
            if let identifier = index.identifier(forPath: relativePath) {
                // Replaced in place: the index already has it.
                return LibraryEntry(identifier: identifier, location: target)
            }
            var updated = index
            let identifier = UUID().uuidString
            updated.set(identifier: identifier, path: relativePath)
            do throws(LibraryError) {
                try updated.write(to: indexPath)
            } catch {
                // Not recorded: the new file goes, so the library is as it was.
                if existing == nil { unlink(target.path) }
                throw error
            }
            return LibraryEntry(identifier: identifier, location: target)
        }
    }

    /// Reads `settings.json` (the defaults when there is none).
    public func settings() throws(LibraryError) -> LibrarySettings {
        try LibrarySettings.read(from: settingsPath)
    }

    /// Writes `settings.json` atomically.
    public func save(_ settings: LibrarySettings) throws(LibraryError) {
        try createDirectory(settingsPath)
        try settings.write(to: settingsPath)
    }

    /// Changes `settings.json` holding the library's lock, so changes from two processes (an
    /// "always" answer in one run, `shortcuts settings` in another) both stay.
    public func updateSettings<Result>(_ change: (inout LibrarySettings) throws(LibraryError) -> Result) throws(LibraryError) -> Result {
        try withLock { () throws(LibraryError) -> Result in
            var settings = try settings()
            let result = try change(&settings)
            try save(settings)
            return result
        }
    }

    /// Runs `body` holding the library's lock, so two processes don't change `library.json` at once.
    func withLock<Result>(_ body: () throws(LibraryError) -> Result) throws(LibraryError) -> Result {
        try createDirectory(indexPath)
        let lockPath = home + "/.lock"
        // A link planted at the lock's path is refused, never followed (it could create or
        // truncate a file elsewhere).
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP {
                throw LibraryError(.system, "the library lock \(lockPath) is a symbolic link, which is never followed; remove it")
            }
            throw .system("can't open the library lock \(lockPath)", errno: errno)
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .system("can't lock \(lockPath)", errno: errno) }
        }
        defer { flock(descriptor, LOCK_UN) }
        recover()
        return try body()
    }

    /// Creates the directory that will hold a file, and its parents.
    func createDirectory(_ filePath: String) throws(LibraryError) {
        let directory = (filePath as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw LibraryError(.system, "can't create the directory \(directory): \(error.localizedDescription)")
        }
    }
}
