import Foundation
import ShortcutsRPC

/// GNOME's custom keyboard shortcuts, read and changed with `gsettings` (Settings → Keyboard →
/// Custom Shortcuts shows them). The user's own entries are kept; ours have paths of their own.
struct GNOMEKeybindings {
    static let schema = "org.gnome.settings-daemon.plugins.media-keys"
    static let listKey = "custom-keybindings"
    static let base = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"
    /// The paths of the entries this writes begin so.
    static let ownPrefix = base + "swiftshortcuts-"

    let environment: [String: String]

    /// The `gsettings` executable on the `PATH`, if there is one.
    var executable: String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/gsettings" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private func gsettings(_ arguments: [String]) throws(Failure) -> String {
        guard let executable else {
            throw Failure(
                description: "gsettings is not installed (apt-get install libglib2.0-bin), so GNOME's keyboard shortcuts can't be set")
        }
        let result: (status: Int32, output: String)
        do {
            result = try ProcessSpawn.output(executable, arguments: arguments, environment: environment)
        } catch {
            throw Failure(description: "can't run gsettings: \(error)")
        }
        guard result.status == 0 else {
            throw Failure(
                description:
                    "gsettings \(arguments.prefix(2).joined(separator: " ")) failed (status \(result.status)); GNOME's keyboard shortcuts need gnome-settings-daemon's schema (apt-get install gnome-settings-daemon-common)"
            )
        }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The paths in the list.
    func paths() throws(Failure) -> [String] {
        Self.strings(inVariant: try gsettings(["get", Self.schema, Self.listKey]))
    }

    private func relocatable(_ path: String) -> String { Self.schema + ".custom-keybinding:" + path }

    /// One entry's `binding` and `name`.
    func entry(_ path: String) throws(Failure) -> (binding: String, name: String) {
        let binding = Self.strings(inVariant: try gsettings(["get", relocatable(path), "binding"])).first ?? ""
        let name = Self.strings(inVariant: try gsettings(["get", relocatable(path), "name"])).first ?? ""
        return (binding, name)
    }

    func set(_ binding: DesktopPlan.GNOMEBinding) throws(Failure) {
        for (key, value) in [("name", binding.name), ("command", binding.command), ("binding", binding.binding)] {
            _ = try gsettings(["set", relocatable(binding.path), key, Self.variant(value)])
        }
    }

    func reset(_ path: String) throws(Failure) {
        for key in ["name", "command", "binding"] { _ = try gsettings(["reset", relocatable(path), key]) }
    }

    /// Puts the list back to its default (empty), as it was before anything was added.
    func resetPaths() throws(Failure) {
        _ = try gsettings(["reset", Self.schema, Self.listKey])
    }

    func setPaths(_ paths: [String]) throws(Failure) {
        _ = try gsettings([
            "set", Self.schema, Self.listKey, paths.isEmpty ? "@as []" : "[" + paths.map(Self.variant).joined(separator: ", ") + "]",
        ])
    }

    /// A string in GVariant's text form.
    static func variant(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// The strings of a GVariant text such as `['/a/', '/b/']` or `'x'`.
    static func strings(inVariant text: String) -> [String] {
        var strings: [String] = []
        var current: String?
        var escaped = false
        var quote: Character = "'"
        for character in text {
            if var open = current {
                if escaped {
                    open.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == quote {
                    strings.append(open)
                    current = nil
                    continue
                } else {
                    open.append(character)
                }
                current = open
            } else if character == "'" || character == "\"" {
                quote = character
                current = ""
            }
        }
        return strings
    }
}
