import Foundation
import ShortcutsContent

/// What a folder automation has seen of its folder, so each run gets the files that arrived (or
/// changed) since the last: `$XDG_STATE_HOME/shortcuts/automations/<unit>.json`, a map of file
/// name to modification time.
public struct FolderState: Sendable {
    public let path: String

    public init(stateHome: String, unitName: String) {
        path = stateHome + "/shortcuts/automations/\(unitName).json"
    }

    /// `$XDG_STATE_HOME`, or `~/.local/state`.
    public static func stateHome(in environment: [String: String]) -> String { UserFolders.stateHome(in: environment) }

    /// The folder's regular files now, by name, with their modification times (hidden files
    /// and partial downloads left out).
    static func snapshot(of folder: String) -> [String: Double] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var files: [String: Double] = [:]
        for name in names where !name.hasPrefix(".") && !name.hasSuffix(".part") && !name.hasSuffix(".crdownload") {
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            files[name] = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        }
        return files
    }

    /// Remembers the folder as it is now, so only later files count (when the automation is added).
    public func remember(_ folder: String) throws(AutomationError) {
        try write(Self.snapshot(of: folder))
    }

    /// The files added (or, with `changed`, also rewritten) since the folder was last looked
    /// at, sorted by name, as paths; the folder is remembered as it is now.
    public func newFiles(in folder: String, changed: Bool) throws(AutomationError) -> [String] {
        let seen = read()
        let now = Self.snapshot(of: folder)
        try write(now)
        return now.filter { name, modified in
            guard let before = seen[name] else { return true }
            return changed && modified != before
        }.keys.sorted().map { folder + "/" + $0 }
    }

    private func read() -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path),
            let files = try? JSONDecoder().decode([String: Double].self, from: data)
        else { return [:] }
        return files
    }

    private func write(_ files: [String: Double]) throws(AutomationError) {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try JSONEncoder().encode(files).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw AutomationError("can't keep what the automation saw of its folder in \(path): \(error.localizedDescription)")
        }
    }

    /// Forgets the folder (when the automation is removed).
    public func forget() { try? FileManager.default.removeItem(atPath: path) }
}
