import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file so that a write killed at any moment leaves the old file or the new one,
/// never part of one, and no temporary file that stays: for files without a lock of their own
/// (the person's calendars, reminders, contacts and notes, the automations and their units).
///
/// The bytes go to `.<name>.<writer's pid>.<4 hex>.tmp` beside the file, are flushed, and then
/// renamed over it. Each write first removes what killed writes left in its folder: temporary
/// files of this kind whose writer is gone, and those of Foundation's atomic writes
/// (`.dat.nosync<pid in hex>.<6 characters>`), which these files were written with before.
/// (The library's own files go through `AtomicFile`, under the library's lock.)
public enum AtomicWrite {
    /// Why a write failed: the path and the system's reason.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let code: Int32
        public var description: String { "can't write \(path): \(String(cString: strerror(code)))" }
    }

    /// Writes `data` to `path` in one step; the folder must exist.
    public static func write(_ data: Data, to path: String) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        removeAbandoned(in: folder)
        let name = (path as NSString).lastPathComponent
        let temporary = folder + "/.\(name).\(getpid()).\(String(UInt16.random(in: 0...UInt16.max), radix: 16)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
        var code: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    return
                }
                offset += written
            }
        }
        if code == 0, fsync(descriptor) != 0 { code = errno }
        // The file gets the mode a new file would, not the temporary file's private one.
        if code == 0 {
            let mask = umask(0)
            umask(mask)
            _ = fchmod(descriptor, 0o666 & ~mask)
        }
        close(descriptor)
        if code == 0, rename(temporary, path) != 0 { code = errno }
        if code != 0 {
            unlink(temporary)
            throw Failure(path: path, code: code)
        }
    }

    /// Removes the temporary files of writes to `folder` whose process has ended.
    public static func removeAbandoned(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".") {
            guard let writer = writer(ofTemporary: name), kill(writer, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + name)
        }
    }

    /// The process that was writing through a temporary file of this name, if it is one.
    static func writer(ofTemporary name: String) -> pid_t? {
        if name.hasPrefix(".dat.nosync") {
            // Foundation's: .dat.nosync<pid in hex>.<6 characters>
            let rest = name.dropFirst(".dat.nosync".count)
            guard let dot = rest.firstIndex(of: "."), rest.distance(from: dot, to: rest.endIndex) == 7 else { return nil }
            return pid_t(rest[..<dot], radix: 16)
        }
        // Ours: .<name>.<pid>.<hex>.tmp
        guard name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts.last.map({ !$0.isEmpty && $0.allSatisfy(\.isHexDigit) }) == true else { return nil }
        return pid_t(parts[parts.count - 2])
    }
}
