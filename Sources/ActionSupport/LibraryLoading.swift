import Foundation
import ShortcutsContent
import ShortcutsEngine

/// What the C loaders of the media libraries share with the actions: their messages, written
/// into a buffer, and loading a library or failing with what it said (naming the package).
package enum LibraryLoading {
    /// The text a C function wrote into `buffer`, up to its first NUL.
    package static func message(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls a loader (`svips_load`, `sarc_load`…); throws what it said when it fails.
    package static func load(_ loader: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(ActionFailure) {
        var reason = [CChar](repeating: 0, count: 256)
        guard loader(&reason, reason.count) == 0 else { throw ActionFailure(message(reason)) }
    }

}

extension RunContext {
    /// A new folder of the run's cache (`$XDG_CACHE_HOME/shortcuts/PURPOSE-XXXXXXXX`) for one
    /// action's own files: what a program reads and writes for it. The action removes it when done.
    package func scratchFolder(_ purpose: String) throws -> String {
        let folder = UserFolders.cacheHome(in: environment.variables) + "/shortcuts/\(purpose)-" + UUID().uuidString.prefix(8)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ActionFailure("can't make a folder for the action's files in \(folder): \(error.localizedDescription)")
        }
        return folder
    }
}
