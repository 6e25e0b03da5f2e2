import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What makes changes to the library transactions: a replace that moves a shortcut to another
/// path writes a journal first, and whoever takes the lock next finishes or undoes what a
/// writer killed midway left, and removes its temporary files.
extension ShortcutLibrary {
    /// A replace that moves a shortcut: its old and new paths (relative to `Shortcuts`) and the
    /// identifier both go by. The move is done once `library.json` records the new path.
    struct Journal: Codable, Equatable {
        var old: String
        var new: String
        var identifier: String
    }

    var journalPath: String { home + "/.replacing.json" }

    /// Writes `data` as a shortcut at `target`, where the shortcut `existing` was, as one
    /// transaction: killed at any moment, the library holds one shortcut of that name, under
    /// its identifier; failing, it is left as it was. Call holding the lock.
    func replace(
        _ existing: ShortcutLocation, with data: Data, at target: ShortcutLocation, index: LibraryIndex
    ) throws(LibraryError) -> String {
        var index = index
        let identifier = index.identifier(forPath: existing.relativePath) ?? UUID().uuidString
        let journal = Journal(old: existing.relativePath, new: target.relativePath, identifier: identifier)
        try AtomicFile.write(JSONFile.encode(journal), to: journalPath, replacing: true)
        do throws(LibraryError) {
            try createDirectory(target.path)
            try AtomicFile.write(data, to: target.path, replacing: true)
            index.shortcuts.removeAll { $0.path == existing.relativePath }
            index.set(identifier: identifier, path: target.relativePath)
            try index.write(to: indexPath)
        } catch {
            // Not done: the new file goes, the old one stays where it was.
            unlink(target.path)
            unlink(journalPath)
            throw error
        }
        unlink(existing.path)
        unlink(journalPath)
        return identifier
    }

    /// Finishes or undoes a replace a killed writer left (by its journal), and removes the
    /// temporary files of writes that never finished. Call holding the lock; nothing it does
    /// can fail the caller, so a read-only library is left alone.
    func recover() {
        if let data = FileManager.default.contents(atPath: journalPath) {
            if let journal = try? JSONDecoder().decode(Journal.self, from: data) {
                let committed = (try? LibraryIndex.read(from: indexPath))?.path(forIdentifier: journal.identifier) == journal.new
                // Done when the index has the new path: the old file goes; else the new one does.
                let leftOver = committed ? journal.old : journal.new
                if journal.old != journal.new, isOwnPath(leftOver) { unlink(shortcutsDirectory + "/" + leftOver) }
            }
            unlink(journalPath)
        }
        // The Shortcuts folder is listed once: its temporary files and its folders.
        let top = FolderListing.items(in: shortcutsDirectory)
        var listings = [(home, FolderListing.items(in: home)), (shortcutsDirectory, top)]
        for folder in top where folder.kind == .folder && !folder.name.hasPrefix(".") {
            let path = shortcutsDirectory + "/" + folder.name
            listings.append((path, FolderListing.items(in: path)))
        }
        for (directory, items) in listings {
            for item in items where Self.isTemporary(item.name, inHome: directory == home) {
                unlink(directory + "/" + item.name)
            }
        }
    }

    /// Recovers (taking the lock) when a killed writer left a journal or temporary files, so
    /// what is read next is the library as its last finished change left it. Temporary files
    /// are looked for in the library's folders too when `includingFolders` (as listing does).
    func recoverIfNeeded(includingFolders: Bool) {
        var directories = [home, shortcutsDirectory]
        if includingFolders { directories += folders().map { shortcutsDirectory + "/" + $0 } }
        let leftovers =
            FileManager.default.fileExists(atPath: journalPath)
            || directories.contains { directory in
                FolderListing.items(in: directory).contains { Self.isTemporary($0.name, inHome: directory == home) }
            }
        guard leftovers else { return }
        // Recovery runs as the lock is taken; a library that can't be locked is read as it is.
        _ = try? withLock { () throws(LibraryError) in }
    }

    /// Whether a file name is one of ``AtomicFile``'s temporary files: `.<name>.<8 hex>.tmp`;
    /// in the library's home, only those of the files written holding the lock.
    static func isTemporary(_ name: String, inHome: Bool = false) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        if inHome, !["library.json", "settings.json", ".replacing.json"].contains(where: { name.hasPrefix(".\($0).") }) {
            return false
        }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), stem.distance(from: dot, to: stem.endIndex) == 9 else { return false }
        return stem[stem.index(after: dot)...].allSatisfy(\.isHexDigit)
    }

    /// An identifier for a shortcut the library can't record (it is read-only): made from its
    /// path, so it is the same every time until the library can be written again.
    static func provisionalIdentifier(forPath path: String) -> String {
        // Two 64-bit FNV-1a hashes of the path, with different offsets, as a version-8 UUID.
        func fnv(_ offset: UInt64) -> UInt64 {
            var hash = offset
            for byte in path.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
        var bytes = withUnsafeBytes(of: fnv(0xcbf2_9ce4_8422_2325).bigEndian) { Array($0) }
        bytes += withUnsafeBytes(of: fnv(0x6c62_272e_07bb_0142).bigEndian) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
                bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.uuidString
    }
}
