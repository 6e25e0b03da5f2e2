import Foundation
import ShortcutsContent
import ShortcutsLibrary

/// Where the desktop's files go, which desktop this is, and which `shortcuts` they run.
public struct DesktopPlaces: Sendable {
    /// `$XDG_DATA_HOME` (launchers, plugins, file managers' scripts).
    public var dataHome: String
    /// `$XDG_CONFIG_HOME` (Thunar's actions).
    public var configHome: String
    /// Where `--system` installs (GNOME Shell reads search providers from system folders only).
    public var systemData: String
    /// `XDG_CURRENT_DESKTOP`'s names, in lower case (`gnome`, `kde`, `sway`…).
    public var desktops: [String]
    /// The `shortcuts` executable the files run.
    public var executable: String
    /// The environment tools such as `gsettings` run in.
    public var environment: [String: String]
    /// What the last install wrote, so uninstall removes exactly that.
    public var recordPath: String

    public init(environment: [String: String], library: ShortcutLibrary, executable: String, systemData: String = "/usr/local/share") {
        dataHome = UserFolders.dataHome(in: environment)
        configHome = UserFolders.configHome(in: environment)
        self.systemData = systemData
        desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").lowercased().split(separator: ":").map(String.init)
        self.executable = executable
        self.environment = environment
        recordPath = library.home + "/desktop.json"
    }

    var helper: String { dataHome + "/swift-shortcuts/quick-action" }
    /// The `shortcutsd` beside `shortcuts`.
    var daemon: String { (executable as NSString).deletingLastPathComponent + "/shortcutsd" }
    var autostart: String { configHome + "/autostart/org.swiftshortcuts.Events.desktop" }
    public var appEntry: String { dataHome + "/applications/\(DesktopNames.appID).desktop" }
    var thunarActions: String { configHome + "/Thunar/uca.xml" }
    public var searchProvider: String { systemData + "/gnome-shell/search-providers/\(DesktopNames.appID).search-provider.ini" }

    public func isDesktop(_ names: String...) -> Bool { desktops.contains { names.contains($0) } }
    var isGNOME: Bool { isDesktop("gnome", "unity", "budgie", "pantheon") }
    var isKDE: Bool { isDesktop("kde") }
}

/// Everything `shortcuts desktop install` puts in place for the library as it is now.
public struct DesktopPlan: Sendable {
    public struct File: Sendable, Equatable {
        public var path: String
        public var text: String
        public var isExecutable: Bool
        /// What it is, for people reading the report.
        public var purpose: String
    }

    /// A GNOME custom keybinding (`org.gnome.settings-daemon.plugins.media-keys`).
    public struct GNOMEBinding: Sendable, Equatable {
        public var path: String
        public var name: String
        public var command: String
        public var binding: String
        public var trigger: String
    }

    public var files: [File] = []
    /// Thunar's `<action>` elements, merged into `uca.xml`.
    public var thunarActions: [String] = []
    /// Applied with `gsettings` on GNOME.
    public var gnomeBindings: [GNOMEBinding] = []
    /// The keyboard shortcuts as sway, i3 and Hyprland config lines, which no file here sets.
    public var configLines: [String] = []
    /// The keyboard shortcuts the service binds through the desktop portal, by shortcut identifier.
    public var portalBindings: [(identifier: String, name: String, trigger: String)] = []

    public init(shortcuts: [DesktopShortcut], places: DesktopPlaces) {
        let executable = places.executable
        let menuBar = shortcuts.filter(\.isInMenuBar)
        files.append(
            File(
                path: places.appEntry, text: DesktopFiles.appEntry(shortcuts: executable, menuBar: menuBar), isExecutable: false,
                purpose: "the Shortcuts app in the app menu"
                    + (menuBar.isEmpty ? "" : ", with \(menuBar.count) menu-bar shortcut(s) as its actions")))
        files.append(
            File(
                path: places.dataHome + "/krunner/dbusplugins/\(DesktopNames.appID).desktop", text: DesktopFiles.krunnerPlugin,
                isExecutable: false, purpose: "KRunner's runner for your shortcuts"))
        for shortcut in shortcuts {
            let keys = shortcut.keyboardShortcut
            guard shortcut.preference.showInSearch || (keys != nil && places.isKDE) else { continue }
            // A launcher from Add Shortcut to Home Screen is found already.
            let homeScreen = DesktopFiles.homeScreenLauncher(identifier: shortcut.identifier, dataHome: places.dataHome)
            if keys == nil, FileManager.default.fileExists(atPath: homeScreen) { continue }
            files.append(
                File(
                    path: places.dataHome + "/applications/swiftshortcuts-\(shortcut.slug).desktop",
                    text: DesktopFiles.shortcutEntry(shortcut, executable: executable, kdeKeys: places.isKDE ? keys : nil),
                    isExecutable: places.isKDE, purpose: "“\(shortcut.name)” in launchers' search"))
        }
        if !menuBar.isEmpty || shortcuts.contains(where: { $0.keyboardShortcut != nil }) {
            files.append(
                File(
                    path: places.autostart, text: DesktopFiles.autostart(daemon: places.daemon), isExecutable: false,
                    purpose: "shortcutsd at login, for the menu bar and keyboard shortcuts"))
        }
        let quickActions = shortcuts.filter(\.isQuickAction)
        if !quickActions.isEmpty {
            let helper = places.helper
            files.append(
                File(
                    path: helper, text: DesktopFiles.quickActionScript(executable: executable), isExecutable: true,
                    purpose: "the file managers' way into shortcuts run"))
            for shortcut in quickActions {
                let fileName = shortcut.name.replacingOccurrences(of: "/", with: "∕")
                files.append(
                    File(
                        path: places.dataHome + "/nautilus/scripts/" + fileName,
                        text: DesktopFiles.nautilusScript(shortcut, helper: helper),
                        isExecutable: true, purpose: "“\(shortcut.name)” in Nautilus's Scripts menu"))
                files.append(
                    File(
                        path: places.dataHome + "/kio/servicemenus/swiftshortcuts-\(shortcut.slug).desktop",
                        text: DesktopFiles.dolphinServiceMenu(shortcut, helper: helper), isExecutable: true,
                        purpose: "“\(shortcut.name)” in Dolphin's menu"))
                files.append(
                    File(
                        path: places.dataHome + "/nemo/actions/swiftshortcuts-\(shortcut.slug).nemo_action",
                        text: DesktopFiles.nemoAction(shortcut, helper: helper), isExecutable: false,
                        purpose: "“\(shortcut.name)” in Nemo's menu"))
                thunarActions.append(DesktopFiles.thunarAction(shortcut, helper: helper))
            }
        }
        for shortcut in shortcuts {
            guard let keys = shortcut.keyboardShortcut else { continue }
            let command = ([executable, "run", shortcut.identifier]).map(DesktopFiles.shellWord).joined(separator: " ")
            portalBindings.append((shortcut.identifier, shortcut.name, keys.trigger))
            if places.isGNOME {
                gnomeBindings.append(
                    GNOMEBinding(
                        path: GNOMEKeybindings.ownPrefix + shortcut.slug + "/", name: shortcut.name, command: command,
                        binding: keys.gnome, trigger: keys.trigger))
            }
            configLines.append("# \(shortcut.name.replacingOccurrences(of: "\n", with: " "))")
            configLines.append("sway:     bindsym \(keys.sway) exec \(command)")
            configLines.append("i3:       bindsym \(keys.sway) exec --no-startup-id \(command)")
            configLines.append("Hyprland: bind = \(keys.hyprland), exec, \(command)")
        }
    }
}
