import Foundation

/// Where the user's shortcuts, settings and apps' manifests live: `$SHORTCUTS_HOME`, else
/// `$XDG_DATA_HOME/shortcuts`, else `~/.local/share/shortcuts`.
public enum ShortcutsHome {
    /// The folder the environment points at.
    public static func path(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["SHORTCUTS_HOME"], !home.isEmpty { return home }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/shortcuts" }
        let user = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return user + "/.local/share/shortcuts"
    }
}
