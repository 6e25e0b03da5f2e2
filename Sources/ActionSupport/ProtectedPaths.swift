import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Places no shortcut may change, whatever it is allowed otherwise: the Shortcuts library's own
/// files (its settings turn scripts on), the shells' and the desktop's start-up files, and the
/// folders from which the desktop, D-Bus and systemd start programs. A shortcut that could write
/// there could give itself, or any program, powers the person never gave.
///
/// Paths are compared after resolving symbolic links in every existing folder along the way,
/// so a link can't lead around the check.
package enum ProtectedPaths {
    /// Files in the home folder that shells and sessions run at start.
    package static let startupFiles = [
        ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zshenv", ".zprofile",
        ".zlogin", ".zlogout", ".kshrc", ".mkshrc", ".cshrc", ".tcshrc", ".login", ".logout", ".xprofile", ".xinitrc",
        ".xsession", ".xsessionrc", ".pam_environment", ".config/fish/config.fish",
    ]

    /// Why a shortcut may not change `path`, or `nil` when it may.
    package static func reason(for path: String, variables: [String: String]) -> String? {
        let home = variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let config = variables["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let data = variables["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let target = FileAccess.resolvingLinks(path)
        let folders: [(String, String)] = [
            (ShortcutsHome.path(in: variables), "the Shortcuts library's own files"),
            (config + "/autostart", "the desktop's autostart folder"),
            (config + "/systemd", "systemd's user units"),
            (config + "/environment.d", "the session's environment"),
            (data + "/dbus-1", "D-Bus's service files"),
            (data + "/applications", "the desktop's application entries"),
            (home + "/.ssh", "SSH's keys and settings"),
            (home + "/.gnupg", "GnuPG's keys"),
        ]
        for (folder, what) in folders where FileAccess.isInside(target, FileAccess.resolvingLinks(folder)) { return what }
        for file in startupFiles where target == FileAccess.resolvingLinks(home + "/" + file) {
            return "a shell's or the session's start-up file"
        }
        return nil
    }

    /// Throws when a shortcut may not change `path` by `doing` ("write", "delete"…).
    package static func check(_ path: String, doing: String, run: RunContext, parameter: String) throws {
        guard let what = reason(for: path, variables: run.environment.variables) else { return }
        throw ActionFailure(
            "can't \(doing) \(path): a shortcut may not change \(what), whatever it is allowed; choose a path outside it",
            parameter: parameter,
            code: .notPermitted)
    }

}
