import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

#if canImport(Glibc)
    import Glibc
#endif

/// The photo and music libraries' folders as the library actions read them: every file below a
/// folder with one of some extensions, hidden files and folders left out, at most a number of
/// them, behind the folder's permission; the run's cancellation is looked at as it goes.
enum MediaFolder {
    /// One file found: its path, its path below the folder, and when it last changed.
    struct File {
        var path: String
        var relative: String
        var modified: Date
        /// Its file system and file number (`nil` when unknown): one file with two names (a
        /// hard link) has one.
        var identity: FileIdentity?
    }

    /// A library file's size in bytes, read from its attributes (its bytes aren't loaded).
    static func size(of path: String) -> Content {
        .number(Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0))
    }

    /// The files below `root` whose extension (lowercased) is in `extensions`; none when there is
    /// no such folder.
    ///
    /// - Throws: ``ActionFailure`` naming `parameter` when the run may not read the folder or it
    ///   holds more than `limit` such files (`what` names them: "the photo library").
    static func files(
        in root: String, extensions: Set<String>, limit: Int, what: String, run: RunContext, parameter: String
    ) throws -> [File] {
        guard LocalFiles.exists(root).isFolder else { return [] }
        // Reading the files' headers is reading what is inside, not only listing it.
        try LocalFiles.check(root, .read, run: run, parameter: parameter)
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [File] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            guard extensions.contains((name as NSString).pathExtension.lowercased()) else { continue }
            guard found.count < limit else {
                throw ActionFailure("\(what) holds more than \(limit) files; this reads that many", parameter: parameter)
            }
            if found.count % 1000 == 999 { try run.checkCancelled() }
            let attributes = walker.fileAttributes
            let modified = attributes?[.modificationDate] as? Date ?? .distantPast
            let numbers = [.systemNumber, .systemFileNumber].compactMap { (attributes?[$0] as? NSNumber)?.uint64Value }
            let identity = numbers.count == 2 ? FileIdentity(device: numbers[0], inode: numbers[1]) : nil
            found.append(File(path: root + "/" + relative, relative: relative, modified: modified, identity: identity))
        }
        return found
    }
}

/// A file on disk whatever its names: its file system and file number.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}

/// What `lstat` says of a regular file: who it is, how many names it has, its size and when it
/// last changed.
struct FileStatus: Equatable {
    var identity: FileIdentity
    var links: UInt64
    var size: UInt64
    /// Nanoseconds since 1970.
    var modified: Int64

    /// The status of a regular file at `path`, or `nil` for anything else (a link is not followed).
    init?(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        links = UInt64(status.st_nlink)
        size = UInt64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }

    /// Whether `path` is a folder itself, not a link to one.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
