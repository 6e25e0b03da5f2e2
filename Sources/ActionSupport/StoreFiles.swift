import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The person's stores (calendars, reminders, contacts, notes) write their files through
/// ``AtomicWrite``, so a killed run leaves each file whole; a failure is the action's.
public enum StoreFiles {
    /// Writes `data` to `path` in one step; the folder must exist.
    public static func write(_ data: Data, to path: String) throws(ActionFailure) {
        do {
            try AtomicWrite.write(data, to: path)
        } catch {
            throw ActionFailure(error.description)
        }
    }

    /// Moves a file or folder into `folder` (made when missing) under its own name, or, when
    /// that is taken, `name 2.ext`, `name 3.ext`… (a folder's whole name is numbered); returns
    /// where it went. The stores put what is deleted aside this way, so it can be put back.
    @discardableResult
    public static func moveAside(_ path: String, into folder: String, parameter: String? = nil) throws(ActionFailure) -> String {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let target = folder + "/" + freeName(URL(fileURLWithPath: path).lastPathComponent, in: folder, wholeName: isFolder.boolValue)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: path, toPath: target)
        } catch {
            throw ActionFailure("can't move \(path) to \(folder): \(error.localizedDescription)", parameter: parameter)
        }
        return target
    }

    /// `name`, else `name 2.ext`, `name 3.ext`… (the whole name numbered when `wholeName`, as a
    /// folder's is): the first no file in `folder` has.
    public static func freeName(_ name: String, in folder: String, wholeName: Bool = false) -> String {
        let url = URL(fileURLWithPath: name)
        let (base, suffix) =
            wholeName || url.pathExtension.isEmpty ? (name, "") : (url.deletingPathExtension().lastPathComponent, "." + url.pathExtension)
        var candidate = name
        var number = 2
        while FileManager.default.fileExists(atPath: folder + "/" + candidate) {
            candidate = base + " \(number)" + suffix
            number += 1
        }
        return candidate
    }
}
