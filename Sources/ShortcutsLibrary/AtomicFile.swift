import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader sees either the old bytes or the new ones, never a mix.
///
/// The bytes go to a temporary file in the same directory, are flushed to disk with `fsync`, and
/// then take the file's place in one step: `rename` when replacing is allowed, `link` when it is
/// not (so a file that appeared in the meantime is never clobbered).
///
/// ```swift
/// try AtomicFile.write(Data("hello".utf8), to: "/tmp/greeting.txt", replacing: true)
/// ```
public enum AtomicFile {
    /// Writes `data` to `path` atomically.
    ///
    /// - Parameters:
    ///   - replacing: whether an existing file at `path` may be replaced. When `false` and the
    ///     file exists, nothing is written and ``LibraryError/Code/alreadyExists`` is thrown.
    ///   - permissions: the new file's mode bits; a file that is replaced keeps its own unless
    ///     `enforcingPermissions` (a file that holds secrets gets them whatever it had).
    ///   - followingLinks: whether a symbolic link at `path` is followed, replacing the file it
    ///     points to; otherwise a link there is refused (a link could point anywhere).
    /// - Throws: ``LibraryError`` naming the path and the system's reason.
    public static func write(
        _ data: Data, to path: String, replacing: Bool, permissions: mode_t = 0o644, enforcingPermissions: Bool = false,
        followingLinks: Bool = false
    ) throws(LibraryError) {
        var path = path
        var keptMode: mode_t?
        var info = stat()
        if lstat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK {
                guard followingLinks else {
                    throw LibraryError(.alreadyExists, "\(path) is a symbolic link; give --follow to replace the file it points to")
                }
                path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                if stat(path, &info) != 0 { info = stat() }
            }
            // The replacement keeps the replaced file's permissions.
            if info.st_mode & S_IFMT == S_IFREG { keptMode = info.st_mode & 0o7777 }
        }
        if enforcingPermissions { keptMode = permissions }
        let directory = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(base).\(UUID().uuidString.prefix(8)).tmp"

        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, keptMode ?? permissions)
        guard descriptor >= 0 else { throw .system("can't write \(path)", errno: errno) }
        // The umask narrowed the mode given to open(2); a replaced file's mode is kept exactly.
        if let keptMode { _ = fchmod(descriptor, keptMode) }
        do throws(LibraryError) {
            try writeAll(data, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw LibraryError.system("can't flush \(path) to disk", errno: errno) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)

        if replacing {
            guard rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw .system("can't move the new file into place at \(path)", errno: code)
            }
        } else {
            // link(2) fails with EEXIST instead of replacing, which rename(2) can't promise.
            let linked = link(temporary, path)
            let code = errno
            unlink(temporary)
            guard linked == 0 else {
                if code == EEXIST { throw LibraryError(.alreadyExists, "\(path) already exists") }
                throw .system("can't move the new file into place at \(path)", errno: code)
            }
        }
        syncDirectory(directory.isEmpty ? "." : directory)
    }

    /// Writes every byte, retrying short writes and interrupted calls.
    static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(LibraryError) {
        let failure: Int32? = data.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .system("can't write \(path)", errno: failure) }
    }

    /// Flushes a directory so a rename in it survives a crash; failures only cost durability.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
