import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsDesktop
import ShortcutsEvents
import ShortcutsLibrary

#if canImport(Glibc)
    import Glibc
#endif

/// `shortcuts set`: where one shortcut shows up on the desktop (menu bar, Quick Actions,
/// keyboard shortcut, search), as its details in Shortcuts on a Mac say.
enum SetCommand {
    static let spec = CommandSpec(
        name: "set", abstract: "Change where a shortcut shows up on the desktop.",
        discussion: """
            --menu-bar and --quick-action change the shortcut's file (Pin in Menu Bar, Use as Quick \
            Action); --keyboard-shortcut and --search are settings of the library. A keyboard shortcut \
            is written as CTRL+ALT+h (modifiers CTRL, ALT, SHIFT, LOGO, then a key); one another \
            shortcut has is refused. Without options it shows the shortcut's settings. When \
            `shortcuts desktop install` has run, the desktop's files are brought up to date at once.
            """,
        arguments: [ArgumentSpec("shortcut-name-or-identifier", help: "The shortcut to change.")],
        options: [menuBar, quickAction, keyboardShortcut, search])

    static let menuBar = Option("menu-bar", value: "on|off", help: "Show it in the menu bar (the tray) and the app's jump list.")
    static let quickAction = Option("quick-action", value: "on|off", help: "Offer it in the file managers' menus for the selected files.")
    static let keyboardShortcut = Option("keyboard-shortcut", value: "keys|none", help: "Run it with these keys anywhere on the desktop.")
    static let search = Option("search", value: "on|off", help: "Let desktop search and launchers find it (on unless turned off).")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let library = ShortcutLibrary(environment: environment)
        let argument = arguments.positionals[0]
        guard let location = try library.find(argument) else { throw CommandFailure("Couldn't find shortcut \"\(argument)\"") }
        let identifier = try library.identifier(of: location)
        var types: [(String, Bool)] = []
        if let menuBar = try onOrOff(arguments, Self.menuBar) { types.append(("MenuBar", menuBar)) }
        if let quickAction = try onOrOff(arguments, Self.quickAction) { types.append(("QuickActions", quickAction)) }
        if !types.isEmpty {
            try library.update(location) { (workflow: inout Workflow) throws(LibraryError) in
                for (type, on) in types {
                    workflow.types.removeAll { $0 == type }
                    if on { workflow.types.append(type) }
                }
            }
        }
        let search = try onOrOff(arguments, Self.search)
        let keys = try arguments[keyboardShortcut].map { text throws -> String? in
            if text.lowercased() == "none" { return nil }
            do throws(KeyboardShortcut.Problem) {
                return try KeyboardShortcut(text).trigger
            } catch {
                throw UsageError("--keyboard-shortcut \(error.description)", command: spec.name)
            }
        }
        if search != nil || keys != nil {
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
                var preference = settings.desktopPreference(for: identifier)
                preference.name = location.name
                if let search { preference.showInSearch = search }
                if let keys {
                    if let keys, let holder = settings.desktop.first(where: { $0.identifier != identifier && $0.keyboardShortcut == keys })
                    {
                        throw LibraryError(
                            .alreadyExists,
                            "\(keys) is already the keyboard shortcut of “\(holder.name)”; free it first with `shortcuts set \"\(holder.name)\" --keyboard-shortcut none`"
                        )
                    }
                    preference.keyboardShortcut = keys
                }
                settings.setDesktopPreference(preference)
            }
        }
        let workflow = try library.workflow(at: location)
        let preference = try LibrarySettings.read(from: library.settingsPath).desktopPreference(for: identifier)
        Console.out(
            """
            \(location.name)
              menu bar:          \(workflow.types.contains("MenuBar") ? "on" : "off")
              quick action:      \(workflow.types.contains("QuickActions") ? "on" : "off")
              keyboard shortcut: \(preference.keyboardShortcut ?? "none")
              search:            \(preference.showInSearch ? "on" : "off")

            """)
        let changed = !types.isEmpty || search != nil || keys != nil
        let installer = DesktopCommand.installer(library: library, environment: environment)
        if changed, installer.isInstalled {
            return DesktopCommand.show(installer.install(try DesktopCommand.plan(library: library, places: installer.places)))
        }
        return 0
    }

    private static func onOrOff(_ arguments: ParsedArguments, _ option: Option) throws(UsageError) -> Bool? {
        guard let value = arguments[option] else { return nil }
        switch value.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw UsageError("--\(option.spec.long) takes on or off, not '\(value)'", command: spec.name)
        }
    }
}

/// `shortcuts desktop`: puts the library's shortcuts into the desktop (launchers, KRunner,
/// GNOME's search, the app's jump list, file managers, keyboard shortcuts) and takes them out.
enum DesktopCommand {
    static let spec = CommandSpec(
        name: "desktop", abstract: "Put your shortcuts into the desktop's search, menus and keyboard shortcuts.",
        discussion: """
            install writes, in your own folders only: a launcher entry per shortcut in search \
            ($XDG_DATA_HOME/applications), the Shortcuts app's entry with the menu-bar shortcuts as its \
            actions, KRunner's plugin, and for Quick Action shortcuts entries for Nautilus, Dolphin, \
            Nemo and Thunar; on GNOME it sets the keyboard shortcuts with gsettings, on KDE in the \
            launcher entries, and for sway, i3 and Hyprland it prints the lines to add. install \
            --system (as root) installs GNOME Shell's search provider under --prefix (default \
            /usr/local), which GNOME reads from there only. uninstall removes exactly what install \
            wrote; status says what is in place and what the desktop lacks. See docs/DESKTOP.md.
            """,
        arguments: [ArgumentSpec("subcommand", help: "install, uninstall or status.")],
        options: options,
        subcommands: [
            CommandSpec(
                name: "install", abstract: "Put your shortcuts into the desktop (your own folders; --system for the search provider).",
                options: options),
            CommandSpec(name: "uninstall", abstract: "Remove exactly what install wrote.", options: options),
            CommandSpec(name: "status", abstract: "Say what is in place, what the desktop lacks, and the keys as config lines."),
        ])

    static let options: [any OptionDeclaration] = [system, prefix]
    static let system = Flag("system", help: "Install or uninstall GNOME Shell's search provider for every user (needs root).")
    static let prefix = Option("prefix", value: "path", help: "Where --system installs (default /usr/local).")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let library = ShortcutLibrary(environment: environment)
        let prefix = arguments[Self.prefix] ?? "/usr/local"
        let installer = installer(library: library, environment: environment, prefix: prefix)
        switch (arguments.positionals[0], arguments[system]) {
        case ("install", false):
            let report = installer.install(try plan(library: library, places: installer.places))
            DevelopmentBuild.warnAboutBuildFolderPaths(in: "the launchers and keys")
            return show(report, notes: notes(installer))
        case ("uninstall", false): return show(installer.uninstall())
        case ("install", true): return try system(install: true, installer.places)
        case ("uninstall", true): return try system(install: false, installer.places)
        case ("status", _): return try status(installer, library: library, environment: environment)
        case (let other, _): throw UsageError("Unknown action '\(other)'; use install, uninstall or status", command: spec.name)
        }
    }

    static func installer(library: ShortcutLibrary, environment: [String: String], prefix: String = "/usr/local") -> DesktopInstaller {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return DesktopInstaller(
            places: DesktopPlaces(environment: environment, library: library, executable: executable, systemData: prefix + "/share"))
    }

    static func plan(library: ShortcutLibrary, places: DesktopPlaces) throws -> DesktopPlan {
        let settings: LibrarySettings
        do {
            settings = try LibrarySettings.read(from: library.settingsPath)
        } catch {
            throw CommandFailure(error.message)
        }
        return DesktopPlan(shortcuts: DesktopShortcut.all(try library.summaries(), settings: settings), places: places)
    }

    /// Prints a report; 1 when something went wrong.
    static func show(_ report: DesktopInstaller.Report, notes: [String] = []) -> Int32 {
        for line in report.done { Console.out(line + "\n") }
        for line in notes { Console.out(line + "\n") }
        for line in report.problems { Console.err("Error: " + line + "\n") }
        return report.problems.isEmpty ? 0 : 1
    }

    /// What the desktop needs beyond the files: the search provider's system file, the config
    /// lines of the tiling window managers.
    static func notes(_ installer: DesktopInstaller) -> [String] {
        let places = installer.places
        var notes: [String] = []
        if places.desktops.contains("gnome"), !FileManager.default.fileExists(atPath: places.searchProvider) {
            notes.append(
                "GNOME Shell reads search providers from system folders only: run `sudo shortcuts desktop install --system` to find shortcuts in its search"
            )
        }
        if places.desktops.contains(where: { ["sway", "i3", "hyprland"].contains($0) }) {
            notes.append(
                "\(places.desktops.joined(separator: ":")) takes keyboard shortcuts from its config: `shortcuts desktop status` prints the lines"
            )
        }
        return notes
    }

    private static func system(install: Bool, _ places: DesktopPlaces) throws -> Int32 {
        let path = places.searchProvider
        if install {
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write(Data(DesktopFiles.searchProvider.utf8), to: path, replacing: true)
            } catch {
                throw CommandFailure("Couldn't write \(path) (\(error)); --system needs root: sudo shortcuts desktop install --system")
            }
            Console.out("Wrote \(path): GNOME Shell's search finds your shortcuts after you log in again\n")
        } else if let existing = FileManager.default.contents(atPath: path) {
            guard String(decoding: existing, as: UTF8.self) == DesktopFiles.searchProvider else {
                throw CommandFailure("Left \(path): it isn't the file `shortcuts desktop install --system` writes")
            }
            guard unlink(path) == 0 else {
                throw CommandFailure("Couldn't remove \(path) (\(String(cString: strerror(errno)))); --system needs root")
            }
            Console.out("Removed \(path)\n")
        } else {
            Console.out("Nothing to remove: \(path) isn't there\n")
        }
        return 0
    }

    private static func status(_ installer: DesktopInstaller, library: ShortcutLibrary, environment: [String: String]) throws -> Int32 {
        let places = installer.places
        let plan = try plan(library: library, places: places)
        let desktop = places.desktops.isEmpty ? "unknown (XDG_CURRENT_DESKTOP is not set)" : places.desktops.joined(separator: ":")
        var lines = ["Desktop: \(desktop)"]
        let stale = installer.outOfDate(plan)
        if !installer.isInstalled {
            lines.append("Not installed: `shortcuts desktop install` puts your shortcuts into the desktop")
        } else if stale.isEmpty {
            lines.append("Installed and up to date (\(plan.files.count) files)")
        } else {
            lines.append("Installed, but \(stale.count) file(s) are out of date; run `shortcuts desktop install`:")
            lines += stale.map { "  \($0)" }
        }
        let service = (try? ShortcutsEvents(startsService: false, environment: environment).status()).map {
            "running (pid \($0.processIdentifier))"
        }
        let activatable = FileManager.default.fileExists(atPath: ServiceCommand.destinations(environment: environment).activation)
        lines.append(
            "shortcutsd: \(service ?? "not running"); "
                + (activatable
                    ? "D-Bus starts it when asked"
                    : "not installed for D-Bus, which KRunner, GNOME's search, the tray and the portal's keys need (shortcuts service install)")
        )
        let inSearch = plan.files.filter { $0.path.contains("/applications/swiftshortcuts-") }.count
        lines.append("Search: \(inSearch) shortcut(s) in launchers; KRunner through shortcutsd")
        lines.append(
            "  GNOME Shell's search provider: "
                + (FileManager.default.fileExists(atPath: places.searchProvider)
                    ? "installed (\(places.searchProvider))" : "not installed (sudo shortcuts desktop install --system)"))
        let menuBar =
            plan.files.first { $0.path == places.appEntry }.map { $0.text.components(separatedBy: "[Desktop Action ").count - 1 } ?? 0
        lines.append("Menu bar: \(menuBar) shortcut(s) in the app's jump list")
        lines.append("Quick Actions: \(plan.thunarActions.count) shortcut(s) for Nautilus, Dolphin, Nemo and Thunar")
        if plan.portalBindings.isEmpty {
            lines.append("Keyboard shortcuts: none set (shortcuts set NAME --keyboard-shortcut CTRL+ALT+h)")
        } else {
            lines.append("Keyboard shortcuts: \(plan.portalBindings.map { "\($0.trigger) “\($0.name)”" }.joined(separator: ", "))")
            if places.isDesktop("gnome") { lines.append("  GNOME: set with gsettings by install") }
            if places.isDesktop("kde") { lines.append("  KDE Plasma: in the launcher entries (X-KDE-Shortcuts), bound by kglobalaccel") }
            lines.append("  sway, i3 and Hyprland read them from their config; add these lines:")
            lines += plan.configLines.map { "    " + $0 }
        }
        Console.out(lines.joined(separator: "\n") + "\n")
        return 0
    }
}
