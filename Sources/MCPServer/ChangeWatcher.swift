import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Notices when files in some folders are added, removed, renamed or rewritten, by looking at
/// their modification times and sizes every `interval` seconds on a thread of its own.
///
/// Polling costs one `stat` per file and folder per tick (well under a millisecond for a library
/// of hundreds of shortcuts) and works on every file system, unlike inotify on network mounts.
final class ChangeWatcher: Sendable {
    private let directories: [String]
    private let interval: Double
    private let onChange: @Sendable () -> Void
    private let isStopped = Atomic(false)

    /// - Parameters:
    ///   - directories: folders to watch, with their files and one level of subfolders; a folder
    ///     that doesn't exist yet is watched for appearing.
    ///   - onChange: called on the watcher's thread after a tick that saw a change.
    init(directories: [String], interval: Double, onChange: @escaping @Sendable () -> Void) {
        self.directories = directories
        self.interval = interval
        self.onChange = onChange
    }

    /// Starts watching from the folders' current state.
    func start() {
        let initial = Self.signature(of: directories)
        Thread.detachNewThread { [self] in
            var last = initial
            while true {
                Thread.sleep(forTimeInterval: interval)
                if isStopped.load(ordering: .acquiring) { return }
                let current = Self.signature(of: directories)
                if current != last {
                    last = current
                    onChange()
                }
            }
        }
    }

    /// Stops watching after the current tick.
    func stop() { isStopped.store(true, ordering: .releasing) }

    /// Each watched path's modification time and size, in a fixed order.
    static func signature(of directories: [String]) -> [String] {
        var lines: [String] = []
        for directory in directories { describe(directory, depth: 2, into: &lines) }
        return lines
    }

    private static func describe(_ path: String, depth: Int, into lines: inout [String]) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            lines.append(path + " -")
            return
        }
        lines.append("\(path) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size)")
        guard depth > 0, (info.st_mode & S_IFMT) == S_IFDIR,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            describe(path + "/" + name, depth: depth - 1, into: &lines)
        }
    }
}
