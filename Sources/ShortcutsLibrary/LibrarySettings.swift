import Foundation
import ShortcutsContent

/// `settings.json`: the library's settings, such as whether shortcuts may run scripts.
///
/// ```json
/// {
///   "allowRunningScripts" : false,
///   "folderAccess" : [
///     { "identifier" : "6F1C…", "name" : "Backup", "path" : "/home/ada/Documents/Notes", "readOnly" : false }
///   ],
///   "version" : 1
/// }
/// ```
public struct LibrarySettings: Codable, Equatable, Sendable {
    /// A folder one shortcut may use without asking (its Privacy settings on Apple's systems).
    public struct FolderAccess: Codable, Equatable, Sendable {
        /// The shortcut's library identifier: the grant follows it through renames.
        public var identifier: String
        /// Its name when the grant was made, for people reading the list.
        public var name: String
        /// An absolute path.
        public var path: String
        public var readOnly: Bool

        public init(identifier: String, name: String, path: String, readOnly: Bool) {
            self.identifier = identifier
            self.name = name
            self.path = path
            self.readOnly = readOnly
        }
    }

    /// The highest version of this file this code reads and the one it writes.
    public static let currentVersion = 1

    public var version: Int
    /// "Allow Running Scripts": whether Run Shell Script and its kin may run. Off by default.
    public var allowRunningScripts: Bool
    /// The folders shortcuts were allowed, by `shortcuts settings --allow` or an "always" answer.
    public var folderAccess: [FolderAccess]
    /// How far one run may go; the limits not named keep their defaults.
    public var limits: RunLimits
    /// The web services' base URLs and keys that differ from their defaults (``ServiceSettings``).
    public var services: [String: String] = [:]
    /// Whether Wait to Return, Continue in Shortcuts App and Dismiss Siri wait for Return on a
    /// terminal (on) or continue at once (off, the default).
    public var waitToReturn = false
    /// Whether runs are recorded, and how much of them is kept.
    public var history = HistorySettings()
    /// Per-shortcut desktop settings that differ from the defaults (``DesktopPreference``).
    public var desktop: [DesktopPreference] = []
    /// The language models Use Model and the Writing Tools reach (`shortcuts settings --model`).
    public var models: [ModelEndpoint] = []
    /// The shortcuts allowed to send prompts to model endpoints that aren't on this machine.
    public var modelAccess: [ModelAccess] = []

    public init(allowRunningScripts: Bool = false, folderAccess: [FolderAccess] = []) {
        self.version = Self.currentVersion
        self.allowRunningScripts = allowRunningScripts
        self.folderAccess = folderAccess
        limits = .standard
    }

    enum CodingKeys: String, CodingKey {
        case version, allowRunningScripts, folderAccess, limits, services, waitToReturn, history, desktop, models, modelAccess
    }

    /// Limits at their defaults are left out, so a later default applies to them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(allowRunningScripts, forKey: .allowRunningScripts)
        if !folderAccess.isEmpty { try container.encode(folderAccess, forKey: .folderAccess) }
        if limits != .standard { try container.encode(limits, forKey: .limits) }
        if !services.isEmpty { try container.encode(services, forKey: .services) }
        if waitToReturn { try container.encode(waitToReturn, forKey: .waitToReturn) }
        if history != HistorySettings() { try container.encode(history, forKey: .history) }
        if !desktop.isEmpty { try container.encode(desktop, forKey: .desktop) }
        if !models.isEmpty { try container.encode(models, forKey: .models) }
        if !modelAccess.isEmpty { try container.encode(modelAccess, forKey: .modelAccess) }
    }

    /// A shortcut's desktop settings (the defaults when it has none).
    public func desktopPreference(for identifier: String) -> DesktopPreference {
        desktop.first { $0.identifier == identifier } ?? DesktopPreference(identifier: identifier, name: "")
    }

    /// Records a shortcut's desktop settings; at their defaults they are left out.
    public mutating func setDesktopPreference(_ preference: DesktopPreference) {
        desktop.removeAll { $0.identifier == preference.identifier }
        if !preference.isDefault { desktop.append(preference) }
    }

    /// The folders the shortcut with this identifier may use.
    public func folderAccess(for identifier: String) -> [FolderAccess] {
        folderAccess.filter { $0.identifier == identifier }
    }

    /// Allows a folder to a shortcut; a grant of the same folder is replaced, so the last word counts.
    public mutating func allow(_ grant: FolderAccess) {
        folderAccess.removeAll { $0.identifier == grant.identifier && $0.path == grant.path }
        folderAccess.append(grant)
    }

    /// Takes back a shortcut's grants: one folder's, or all when `path` is `nil`. Returns how many went.
    @discardableResult
    public mutating func revoke(identifier: String, path: String? = nil) -> Int {
        let before = folderAccess.count
        folderAccess.removeAll { $0.identifier == identifier && (path == nil || $0.path == path) }
        return before - folderAccess.count
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        allowRunningScripts = try container.decodeIfPresent(Bool.self, forKey: .allowRunningScripts) ?? false
        folderAccess = try container.decodeIfPresent([FolderAccess].self, forKey: .folderAccess) ?? []
        limits = try container.decodeIfPresent(RunLimits.self, forKey: .limits) ?? .standard
        services = try container.decodeIfPresent([String: String].self, forKey: .services) ?? [:]
        waitToReturn = try container.decodeIfPresent(Bool.self, forKey: .waitToReturn) ?? false
        history = try container.decodeIfPresent(HistorySettings.self, forKey: .history) ?? HistorySettings()
        desktop = try container.decodeIfPresent([DesktopPreference].self, forKey: .desktop) ?? []
        models = try container.decodeIfPresent([ModelEndpoint].self, forKey: .models) ?? []
        modelAccess = try container.decodeIfPresent([ModelAccess].self, forKey: .modelAccess) ?? []
    }

    /// Reads settings from a path; a missing file gives the defaults.
    ///
    /// - Throws: ``LibraryError`` when the file is damaged or from a newer version.
    public static func read(from path: String) throws(LibraryError) -> LibrarySettings {
        guard let data = FileManager.default.contents(atPath: path) else { return LibrarySettings() }
        let settings: LibrarySettings
        do {
            settings = try JSONDecoder().decode(LibrarySettings.self, from: data)
        } catch {
            throw LibraryError(.invalidIndex, "\(path) is damaged (\(error)); fix it or delete it to go back to the default settings")
        }
        guard settings.version <= currentVersion else {
            throw LibraryError(
                .invalidIndex,
                "\(path) is version \(settings.version); this shortcuts reads versions up to \(currentVersion), so update shortcuts")
        }
        return settings
    }

    /// Writes the settings atomically, readable by the owner alone: they may hold the web
    /// services' keys and the mail server's password.
    public func write(to path: String) throws(LibraryError) {
        try AtomicFile.write(JSONFile.encode(self), to: path, replacing: true, permissions: 0o600, enforcingPermissions: true)
    }
}

/// The run history's settings: whether runs are recorded, how many steps of each are kept, how
/// long runs are kept, and whether outputs are previewed.
public struct HistorySettings: Codable, Equatable, Sendable {
    /// Whether runs are recorded (`shortcuts settings --history on|off`; `SHORTCUTS_HISTORY=0`
    /// turns it off for one process).
    public var enabled = true
    /// How many steps of a run are kept in full; every action's count and time are kept whatever the run's length.
    public var traceSteps = 1_000
    /// The most runs kept per shortcut.
    public var keepRuns = 100
    /// The most days a run is kept.
    public var keepDays = 30
    /// Whether a run's input, output and steps are shown in short (off: only their types).
    public var previews = true

    public init() {}

    enum CodingKeys: String, CodingKey { case enabled, traceSteps, keepRuns, keepDays, previews }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let standard = HistorySettings()
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? standard.enabled
        traceSteps = try container.decodeIfPresent(Int.self, forKey: .traceSteps) ?? standard.traceSteps
        keepRuns = try container.decodeIfPresent(Int.self, forKey: .keepRuns) ?? standard.keepRuns
        keepDays = try container.decodeIfPresent(Int.self, forKey: .keepDays) ?? standard.keepDays
        previews = try container.decodeIfPresent(Bool.self, forKey: .previews) ?? standard.previews
    }

    /// Whether the history is on for a process: `SHORTCUTS_HISTORY` (0/off/no/false, 1/on/yes/true) when set, otherwise ``enabled``.
    public func isEnabled(in environment: [String: String]) -> Bool {
        guard let value = environment["SHORTCUTS_HISTORY"]?.lowercased(), !value.isEmpty else { return enabled }
        if ["0", "off", "no", "false"].contains(value) { return false }
        if ["1", "on", "yes", "true"].contains(value) { return true }
        return enabled
    }
}

/// Where one shortcut shows up on the desktop beyond its file's `WFWorkflowTypes`: its keyboard
/// shortcut and whether search finds it (`shortcuts set`).
public struct DesktopPreference: Codable, Equatable, Sendable {
    /// The shortcut's library identifier: the setting follows it through renames.
    public var identifier: String
    /// Its name when last set, for people reading the file.
    public var name: String
    /// The keyboard shortcut in the XDG shortcuts syntax (`CTRL+ALT+h`), or `nil` for none.
    public var keyboardShortcut: String?
    /// Whether desktop search (GNOME Shell, KRunner, launchers) finds it; on unless turned off,
    /// as Spotlight finds every shortcut.
    public var showInSearch: Bool

    public init(identifier: String, name: String, keyboardShortcut: String? = nil, showInSearch: Bool = true) {
        self.identifier = identifier
        self.name = name
        self.keyboardShortcut = keyboardShortcut
        self.showInSearch = showInSearch
    }

    var isDefault: Bool { keyboardShortcut == nil && showInSearch }

    enum CodingKeys: String, CodingKey { case identifier, name, keyboardShortcut, showInSearch }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        keyboardShortcut = try container.decodeIfPresent(String.self, forKey: .keyboardShortcut)
        showInSearch = try container.decodeIfPresent(Bool.self, forKey: .showInSearch) ?? true
    }
}
