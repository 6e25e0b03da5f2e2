import Foundation

/// The user's well-known folders as the desktop names them (`xdg-user-dirs`): Documents,
/// Pictures, Music… Each is `$XDG_<NAME>_DIR` when set, else its line in
/// `$XDG_CONFIG_HOME/user-dirs.dirs`, else the English default under the home folder.
public enum UserFolders {
    public enum Folder: String, Sendable, CaseIterable {
        case desktop = "DESKTOP", documents = "DOCUMENTS", downloads = "DOWNLOAD", music = "MUSIC"
        case pictures = "PICTURES", videos = "VIDEOS"

        /// The folder's name under the home folder when nothing names it.
        var defaultName: String {
            switch self {
            case .desktop: "Desktop"
            case .documents: "Documents"
            case .downloads: "Downloads"
            case .music: "Music"
            case .pictures: "Pictures"
            case .videos: "Videos"
            }
        }
    }

    /// The folder's absolute path.
    public static func path(of folder: Folder, in variables: [String: String]) -> String {
        let home = homeFolder(in: variables)
        let key = "XDG_\(folder.rawValue)_DIR"
        if let value = variables[key], value.hasPrefix("/") { return value }
        if let text = try? String(contentsOfFile: configHome(in: variables) + "/user-dirs.dirs", encoding: .utf8),
            let value = value(of: key, inUserDirs: text, home: home)
        {
            return value
        }
        return home + "/" + folder.defaultName
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public static func configHome(in variables: [String: String]) -> String {
        variables["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? homeFolder(in: variables) + "/.config"
    }

    /// `$XDG_DATA_HOME`, else `~/.local/share`: where the desktop finds launchers, icons and plugins.
    public static func dataHome(in variables: [String: String]) -> String {
        variables["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? homeFolder(in: variables) + "/.local/share"
    }

    /// `$XDG_CACHE_HOME`, else `~/.cache`: files made for a moment, such as what Share hands an app.
    public static func cacheHome(in variables: [String: String]) -> String {
        variables["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? homeFolder(in: variables) + "/.cache"
    }

    /// `$XDG_STATE_HOME`, else `~/.local/state`: the run history and what automations remember.
    public static func stateHome(in variables: [String: String]) -> String {
        variables["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? homeFolder(in: variables) + "/.local/state"
    }

    /// The home folder: `HOME`, else the account's.
    public static func homeFolder(in variables: [String: String]) -> String {
        variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// The Shortcuts folder, which shortcuts use without asking, as they use iCloud
    /// Drive/Shortcuts on Apple's systems: `Shortcuts` in the Documents folder.
    public static func shortcutsFolder(in variables: [String: String]) -> String {
        path(of: .documents, in: variables) + "/Shortcuts"
    }

    /// A value from `user-dirs.dirs`, whose lines read `XDG_DOCUMENTS_DIR="$HOME/Documents"`:
    /// the value is quoted and is absolute or starts with `$HOME/`.
    static func value(of key: String, inUserDirs text: String, home: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix(key + "=") else { continue }
            var value = String(line.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            if value == "$HOME" { return home }
            if value.hasPrefix("$HOME/") { return home + value.dropFirst(5) }
            return value.hasPrefix("/") ? value : nil
        }
        return nil
    }
}
