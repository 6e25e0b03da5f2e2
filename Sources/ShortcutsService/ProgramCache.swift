import Foundation
import RunHistory
import ShortcutsEngine
import ShortcutsLibrary
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Compiled shortcuts, kept while their files don't change, so a repeated run costs a `stat`
/// instead of reading and compiling the file again.
final class ProgramCache: Sendable {
    private struct Key: Hashable {
        var path: String
        var modified: Int
        var size: Int
    }

    private let programs = Mutex<[String: (key: Key, program: Program, fileHash: String?)]>([:])

    /// The compiled program of the shortcut at `location`, and a hash of its file for the run history.
    func program(
        at location: ShortcutLocation, library: ShortcutLibrary, engine: Engine
    ) throws(ServiceError) -> (program: Program, fileHash: String?) {
        var info = stat()
        let key: Key? =
            stat(location.path, &info) == 0
            ? Key(path: location.path, modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec, size: Int(info.st_size))
            : nil
        if let key, let cached = programs.withLock({ $0[location.path] }), cached.key == key { return (cached.program, cached.fileHash) }
        let program: Program
        do {
            program = try engine.compile(try library.workflow(at: location), name: location.name)
        } catch let error as LibraryError {
            throw ServiceError(.invalidShortcut, error.message)
        } catch let error as RunError {
            throw ServiceError(error)
        } catch {
            throw ServiceError(.invalidShortcut, "\(error)")
        }
        let fileHash = FileManager.default.contents(atPath: location.path).map(RunRecord.fileHash(of:))
        if let key { programs.withLock { $0[location.path] = (key, program, fileHash) } }
        return (program, fileHash)
    }
}
