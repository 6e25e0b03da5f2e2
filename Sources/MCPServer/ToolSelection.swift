import Foundation

/// Which shortcuts and actions the server offers as tools.
///
/// By default: every shortcut in the library, every built-in action and every installed app's
/// action. ``isShortcutsOnly`` drops the actions; ``apps`` keeps only those apps' actions (and
/// drops the built-ins and shortcuts unless ``isShortcutsOnly`` brings the shortcuts back); an
/// ``allowList`` then keeps only the tools it names.
public struct ToolSelection: Sendable, Equatable {
    /// Offer the library's shortcuts and no actions (`--shortcuts-only`).
    public var isShortcutsOnly: Bool
    /// Offer only these apps' actions, by bundle identifier (`--app`).
    public var apps: [String]
    /// When set, offer only the tools named here: a tool name, an action identifier or a
    /// shortcut's name (`--allow`, `--allow-file`).
    public var allowList: Set<String>?

    public init(isShortcutsOnly: Bool = false, apps: [String] = [], allowList: Set<String>? = nil) {
        self.isShortcutsOnly = isShortcutsOnly
        self.apps = apps
        self.allowList = allowList
    }

    /// Whether shortcuts are offered.
    var includesShortcuts: Bool { isShortcutsOnly || apps.isEmpty }
    /// Whether built-in actions are offered.
    var includesBuiltins: Bool { !isShortcutsOnly && apps.isEmpty }

    /// Whether an app's actions are offered.
    func includesApp(_ bundleIdentifier: String) -> Bool {
        apps.isEmpty ? !isShortcutsOnly : apps.contains(bundleIdentifier)
    }

    /// Whether the allow list (if any) names a tool by any of its names.
    func allows(_ names: String...) -> Bool {
        guard let allowList else { return true }
        return names.contains { allowList.contains($0) }
    }

    /// The names in an allow-list file: one per line; blank lines and lines starting with `#` are skipped.
    ///
    /// - Throws: ``ServerError`` when the file can't be read.
    public static func allowList(contentsOf path: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ServerError("can't read the allow list \(path)")
        }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

/// A problem that stops the server from starting.
public struct ServerError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
