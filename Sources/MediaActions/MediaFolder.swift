import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The photo and music libraries' folders as the library actions read them: every file below a
/// folder with one of some extensions, hidden files and folders left out, at most a number of
/// them, behind the folder's permission; the run's cancellation is looked at as it goes.
enum MediaFolder {
    /// One file found: its path, its path below the folder, and when it last changed.
    struct File {
        var path: String
        var relative: String
        var modified: Date
        /// Its file system and file number: one file with two names (a hard link) has one.
        var identity: [UInt64]
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
            let identity = [.systemNumber, .systemFileNumber].map { (attributes?[$0] as? NSNumber)?.uint64Value ?? 0 }
            found.append(File(path: root + "/" + relative, relative: relative, modified: modified, identity: identity))
        }
        return found
    }
}
