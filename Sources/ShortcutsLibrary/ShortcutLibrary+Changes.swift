import Foundation
import PropertyList
import ShortcutFormat

#if canImport(Glibc)
    import Glibc
#endif

/// The changes a shortcut makes to the library (Create, Rename, Move, Delete Shortcut, Create
/// Folder, Set Shortcut Attributes): as safe as `import`. Each holds the library's lock, writes
/// atomically, keeps the shortcut's identifier, never takes a name another shortcut has, and a
/// deleted shortcut goes to `Recently Deleted`, from where it can be put back by hand.
extension ShortcutLibrary {
    /// Where deleted shortcuts go, as on Apple's systems.
    public var recentlyDeletedDirectory: String { home + "/Recently Deleted" }

    /// Makes a new, empty shortcut.
    ///
    /// - Throws: ``LibraryError`` when the name is taken or not a name.
    @discardableResult
    public func create(named name: String, folder: String? = nil, workflow: Workflow = Workflow()) throws(LibraryError) -> LibraryEntry {
        var workflow = workflow
        workflow.name = name
        return try importShortcut(ShortcutFile.write(workflow), source: name, name: name, folder: folder)
    }

    /// Gives a shortcut a new name, a new folder (`""` for none), or both, keeping its identifier.
    ///
    /// - Throws: ``LibraryError`` when another shortcut has the name, or the name is not one.
    @discardableResult
    public func move(_ location: ShortcutLocation, name: String? = nil, folder: String?? = nil) throws(LibraryError) -> LibraryEntry {
        let newName = name ?? location.name
        let newFolder: String? = folder.map { $0.flatMap { $0.isEmpty ? nil : $0 } } ?? location.folder
        if let problem = Self.problem(withName: newName) {
            throw LibraryError(.invalidName, "can't name a shortcut \(newName.debugDescription): \(problem)")
        }
        if let newFolder, let problem = Self.problem(withName: newFolder) {
            throw LibraryError(.invalidName, "can't use \(newFolder.debugDescription) as a folder: \(problem)")
        }
        let target = self.location(relativePath: (newFolder.map { $0 + "/" } ?? "") + newName + "." + Self.fileExtension)
        return try withLock { () throws(LibraryError) -> LibraryEntry in
            let index = try LibraryIndex.read(from: indexPath)
            guard let data = FileManager.default.contents(atPath: location.path) else {
                throw LibraryError(.notFound, "the shortcut \"\(location.name)\" is no longer in the library")
            }
            if target.relativePath == location.relativePath {
                return LibraryEntry(identifier: index.identifier(forPath: location.relativePath) ?? "", location: location)
            }
            if let other = find(name: newName), other.relativePath.lowercased() != location.relativePath.lowercased() {
                throw LibraryError(.alreadyExists, "a shortcut named \"\(other.name)\" already exists (\(other.path)); choose another name")
            }
            let identifier = try replace(location, with: data, at: target, index: index)
            return LibraryEntry(identifier: identifier, location: target)
        }
    }

    /// Moves a shortcut to `Recently Deleted` (under a free name there) and out of the index.
    public func delete(_ location: ShortcutLocation) throws(LibraryError) {
        try withLock { () throws(LibraryError) in
            var index = try LibraryIndex.read(from: indexPath)
            try createDirectory(recentlyDeletedDirectory + "/x")
            var target = recentlyDeletedDirectory + "/" + location.name + "." + Self.fileExtension
            var counter = 2
            while FileManager.default.fileExists(atPath: target) {
                target = recentlyDeletedDirectory + "/\(location.name) \(counter)." + Self.fileExtension
                counter += 1
            }
            guard rename(location.path, target) == 0 else {
                throw LibraryError(.system, "can't delete \"\(location.name)\": \(String(cString: strerror(errno)))")
            }
            index.shortcuts.removeAll { $0.path == location.relativePath }
            do throws(LibraryError) {
                try index.write(to: indexPath)
            } catch {
                // The index still names it: put it back, so nothing changed.
                _ = rename(target, location.path)
                throw error
            }
        }
    }

    /// Makes a folder in the library; succeeds when it is there already.
    public func createFolder(named name: String) throws(LibraryError) {
        if let problem = Self.problem(withName: name) {
            throw LibraryError(.invalidName, "can't use \(name.debugDescription) as a folder: \(problem)")
        }
        try withLock { () throws(LibraryError) in
            let path = shortcutsDirectory + "/" + name
            var info = stat()
            if lstat(path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw LibraryError(.alreadyExists, "\(path) exists and is not a folder")
                }
                return
            }
            try createDirectory(path + "/x")
        }
    }

    /// Changes a shortcut's workflow in place (its attributes, its icon), atomically.
    public func update(_ location: ShortcutLocation, _ change: (inout Workflow) throws(LibraryError) -> Void) throws(LibraryError) {
        try withLock { () throws(LibraryError) in
            let document = try self.document(at: location)
            var workflow = document.workflow
            try change(&workflow)
            // A signed file's signature would no longer match: the change is written as a property list.
            let format = document.signature == nil ? document.format : .binary
            try AtomicFile.write(ShortcutFile.write(workflow, format: format), to: location.path, replacing: true)
        }
    }

    /// Writes an edited workflow over a shortcut, atomically, only if its file is still what the
    /// editor opened (`isUnchanged` is given the file's bytes now). Returns the bytes written.
    ///
    /// - Throws: ``LibraryError`` with code `changed` when the file changed meanwhile (nothing is
    ///   written), or when it can't be read or written.
    @discardableResult
    public func save(
        _ workflow: Workflow, to location: ShortcutLocation, ifUnchanged isUnchanged: (Data) -> Bool
    ) throws(LibraryError) -> Data {
        try withLock { () throws(LibraryError) -> Data in
            guard let current = FileManager.default.contents(atPath: location.path) else {
                throw LibraryError(.notFound, "can't read \(location.path)")
            }
            guard isUnchanged(current) else {
                throw LibraryError(.changed, "\(location.name) changed on disk since it was opened; nothing was saved")
            }
            let format: PropertyListFormat = (try? ShortcutFile.read(current, path: location.path).format) ?? .binary
            let data = ShortcutFile.write(workflow, format: format)
            try AtomicFile.write(data, to: location.path, replacing: true)
            return data
        }
    }
}
