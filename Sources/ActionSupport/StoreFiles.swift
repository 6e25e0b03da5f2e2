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
}
