import Foundation
import ShortcutsTestSupport
import Testing

/// `shortcuts set` and `shortcuts desktop`, with the built binary in a temporary home: the files
/// written are checked for content, validated by `desktop-file-validate`, run the way the file
/// managers run them, and removed exactly by uninstall; GNOME's keyboard shortcuts go through
/// the real `gsettings` (its keyfile backend, so no dconf is needed).
@Suite(.serialized) struct DesktopCommandTests {
    let runner: CommandRunner
    var data: String { runner.directory.path + "/xdg" }
    var config: String { runner.directory.path + "/config" }

    /// Names the files a shortcut gets as input, one per line.
    static let names = """
        @input file
        names = RepeatEach ShortcutInput {
            GetDetailsOfFiles RepeatItem, detail: "Name"
        }
        CombineText names, separator: "New Lines"

        """

    init() throws {
        runner = try CommandRunner()
        runner.extraEnvironment = [
            "HOME": runner.directory.path + "/home-folder", "XDG_CONFIG_HOME": runner.directory.path + "/config",
            "GSETTINGS_BACKEND": "keyfile", "XDG_CURRENT_DESKTOP": "GNOME",
            // The temporary XDG_DATA_DIRS has no schemas; gsettings finds Debian's here.
            "GSETTINGS_SCHEMA_DIR": "/usr/share/glib-2.0/schemas",
        ]
        let source = try runner.write(Data(Self.names.utf8), to: "names.sct")
        for (name, folder) in [("Name Files", "Files"), ("Hello", nil)] {
            let imported = try runner.run(["import", source, "--name", name] + (folder.map { ["--folder", $0] } ?? []))
            #expect(imported.status == 0, "\(imported.error)")
        }
    }

    private func gsettings(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in runner.extraEnvironment { environment[key] = value }
        return try ProcessRun.run("/usr/bin/gsettings", arguments, environment: environment).output
    }

    private static let keys = "org.gnome.settings-daemon.plugins.media-keys"

    /// Every file under a folder with its contents, to compare before and after.
    private func snapshot(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return files }
        while let path = enumerator.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder + "/" + path) { files[path] = data }
        }
        return files
    }

    @Test func setChangesTheFileAndTheSettingsAndRefusesATakenKey() throws {
        let set = try runner.run(["set", "Hello", "--menu-bar", "on", "--keyboard-shortcut", "ctrl+alt+h", "--search", "off"])
        #expect(set.status == 0, "\(set.error)")
        #expect(
            set.output == """
                Hello
                  menu bar:          on
                  quick action:      off
                  keyboard shortcut: CTRL+ALT+h
                  search:            off

                """)
        let text = try runner.run(["decompile", runner.home + "/Shortcuts/Hello.shortcut"])
        #expect(text.output.contains("MenuBar"), "\(text.output)")
        let taken = try runner.run(["set", "Name Files", "--keyboard-shortcut", "<Control><Alt>H"])
        #expect(taken.status == 1)
        #expect(taken.error.contains("CTRL+ALT+h is already the keyboard shortcut of “Hello”"), "\(taken.error)")
        let bare = try runner.run(["set", "Name Files", "--keyboard-shortcut", "h"])
        #expect(bare.status == 2)
        #expect(bare.error.contains("add CTRL, ALT or LOGO"), "\(bare.error)")
        let wrong = try runner.run(["set", "Name Files", "--menu-bar", "maybe"])
        #expect(wrong.status == 2 && wrong.error.contains("--menu-bar takes on or off"), "\(wrong.error)")
        let freed = try runner.run(["set", "Hello", "--keyboard-shortcut", "none"])
        #expect(freed.output.contains("keyboard shortcut: none"))
        let moved = try runner.run(["set", "Name Files", "--keyboard-shortcut", "CTRL+ALT+h"])
        #expect(moved.status == 0, "\(moved.error)")
        let missing = try runner.run(["set", "Nope", "--search", "off"])
        #expect(missing.status == 1 && missing.error.contains("Couldn't find shortcut \"Nope\""))
    }

    @Test func installPutsEveryEntryPointInPlaceAndUninstallRemovesExactlyThat() throws {
        // What the user had before: an app entry of their own, a Thunar action, a GNOME shortcut.
        try runner.write(Data("[Desktop Entry]\nType=Application\nName=Mine\nExec=true\n".utf8), to: "xdg/applications/mine.desktop")
        let ownAction = "<action>\n\t<name>Open Terminal</name>\n\t<unique-id>1-1</unique-id>\n\t<command>xterm</command>\n</action>\n"
        try runner.write(
            Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<actions>\n\(ownAction)</actions>\n".utf8), to: "config/Thunar/uca.xml")
        let mine = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/"
        _ = try gsettings(["set", Self.keys, "custom-keybindings", "['\(mine)']"])
        _ = try gsettings(["set", "\(Self.keys).custom-keybinding:\(mine)", "binding", "<Control><Alt>t"])
        _ = try gsettings(["set", "\(Self.keys).custom-keybinding:\(mine)", "name", "Terminal"])
        let before = (snapshot(data), snapshot(config + "/Thunar"))

        #expect(try runner.run(["set", "Name Files", "--quick-action", "on", "--keyboard-shortcut", "LOGO+n"]).status == 0)
        #expect(try runner.run(["set", "Hello", "--menu-bar", "on", "--keyboard-shortcut", "CTRL+ALT+t"]).status == 0)
        let installed = try runner.run(["desktop", "install"])
        #expect(installed.status == 1, "the taken key is an error: \(installed.output)")
        #expect(installed.error.contains("CTRL+ALT+t is already GNOME's shortcut for “Terminal”"), "\(installed.error)")
        #expect(installed.output.contains("Set GNOME's keyboard shortcut <Super>n for “Name Files”"), "\(installed.output)")
        #expect(installed.output.contains("sudo shortcuts desktop install --system"))

        // Launchers, the app's jump list and KRunner's plugin.
        let applications = try FileManager.default.contentsOfDirectory(atPath: data + "/applications").sorted()
        #expect(applications.count == 4, "\(applications)")
        let validated = try ProcessRun.run("/usr/bin/desktop-file-validate", applications.map { data + "/applications/" + $0 })
        #expect(validated.status == 0, "\(validated.output)\(validated.error)")
        let app = try String(contentsOfFile: data + "/applications/org.swiftshortcuts.Shortcuts.desktop", encoding: .utf8)
        #expect(app.contains("Actions=run-") && app.contains("[Desktop Action run-") && app.contains("\nName=Hello\n"), "\(app)")
        let autostart = config + "/autostart/org.swiftshortcuts.Events.desktop"
        #expect(try String(contentsOfFile: autostart, encoding: .utf8).contains("/shortcutsd\n"), "shortcutsd starts at login")
        #expect(try ProcessRun.run("/usr/bin/desktop-file-validate", [autostart]).status == 0)
        let plugin = try String(contentsOfFile: data + "/krunner/dbusplugins/org.swiftshortcuts.Shortcuts.desktop", encoding: .utf8)
        #expect(plugin.contains("X-Plasma-DBusRunner-Path=/org/swiftshortcuts/KRunner"))

        // The Quick Action, run as each file manager runs it.
        let first = try runner.write(Data("1".utf8), to: "picked/one.txt")
        let second = try runner.write(Data("2".utf8), to: "picked/two words.txt")
        let nautilus = try ProcessRun.run(data + "/nautilus/scripts/Name Files", [first, second], environment: runner.environment)
        #expect(nautilus.output == "one\ntwo words\n", "\(nautilus.error)")
        let menus = try FileManager.default.contentsOfDirectory(atPath: data + "/kio/servicemenus")
        let dolphin = try String(contentsOfFile: data + "/kio/servicemenus/" + menus[0], encoding: .utf8)
        let exec = try #require(dolphin.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst(5).split(separator: " ")
        #expect(exec.last == "%F")
        let viaDolphin = try ProcessRun.run(String(exec[0]), [String(exec[1]), first, second], environment: runner.environment)
        #expect(viaDolphin.output == "one\ntwo words\n", "\(viaDolphin.error)")
        let thunar = try String(contentsOfFile: config + "/Thunar/uca.xml", encoding: .utf8)
        #expect(thunar.contains(ownAction) && thunar.contains("<name>Name Files</name>"), "\(thunar)")
        // Thunar runs its command through the shell with %F replaced by the quoted files.
        let command = try #require(thunar.components(separatedBy: "<command>").last?.components(separatedBy: "</command>").first)
        let shell = command.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "%F", with: "'\(first)' '\(second)'")
        let viaThunar = try ProcessRun.run("/bin/sh", ["-c", shell], environment: runner.environment)
        #expect(viaThunar.output == "one\ntwo words\n", "\(shell): \(viaThunar.error)")
        let nemo = try String(
            contentsOfFile: data + "/nemo/actions/" + menus[0].replacingOccurrences(of: ".desktop", with: ".nemo_action"), encoding: .utf8)
        #expect(nemo.contains("Selection=notnone\nExtensions=any;\n") && nemo.contains(" %F\n"), "\(nemo)")

        // GNOME: the user's shortcut kept, ours added.
        let list = try gsettings(["get", Self.keys, "custom-keybindings"])
        #expect(list.contains(mine) && list.contains("swiftshortcuts-"), "\(list)")

        let status = try runner.run(["desktop", "status"])
        #expect(status.output.contains("Installed and up to date"), "\(status.output)")
        #expect(status.output.contains("shortcutsd: not running; not installed for D-Bus"), "\(status.output)")
        #expect(status.output.contains("sway:     bindsym Mod4+n exec"), "\(status.output)")
        #expect(status.output.contains("Hyprland: bind = SUPER, n, exec"), "\(status.output)")

        // Turning search off removes that launcher at once.
        #expect(try runner.run(["set", "Hello", "--search", "off"]).output.contains("Removed "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/applications").count == 3)

        let removed = try runner.run(["desktop", "uninstall"])
        #expect(removed.status == 0, "\(removed.error)")
        #expect(snapshot(data) == before.0, "uninstall leaves the data folder as it was")
        #expect(snapshot(config + "/Thunar") == before.1, "and Thunar's actions")
        #expect(!FileManager.default.fileExists(atPath: autostart))
        #expect(try gsettings(["get", Self.keys, "custom-keybindings"]) == "['\(mine)']\n")
        #expect(!FileManager.default.fileExists(atPath: runner.home + "/desktop.json"))
    }

    @Test func aFileThatIsNotOursIsNeverReplaced() throws {
        #expect(try runner.run(["set", "Name Files", "--quick-action", "on"]).status == 0)
        let theirs = try runner.write(Data("#!/bin/sh\necho theirs\n".utf8), to: "xdg/nautilus/scripts/Name Files")
        let installed = try runner.run(["desktop", "install"])
        #expect(installed.status == 1)
        #expect(installed.error.contains("Left \(theirs) as it is: it was there before and isn't ours"), "\(installed.error)")
        #expect(try String(contentsOfFile: theirs, encoding: .utf8) == "#!/bin/sh\necho theirs\n")
        #expect(try runner.run(["desktop", "uninstall"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: theirs), "uninstall leaves it too")
    }

    @Test func systemInstallWritesTheSearchProviderUnderThePrefix() throws {
        let prefix = runner.directory.path + "/usr-local"
        let installed = try runner.run(["desktop", "install", "--system", "--prefix", prefix])
        #expect(installed.status == 0, "\(installed.error)")
        let ini = prefix + "/share/gnome-shell/search-providers/org.swiftshortcuts.Shortcuts.search-provider.ini"
        let text = try String(contentsOfFile: ini, encoding: .utf8)
        #expect(text.contains("BusName=org.swiftshortcuts.Events\nObjectPath=/org/swiftshortcuts/SearchProvider\nVersion=2"))
        let packaged = try String(
            contentsOfFile: BuiltProducts.packageRoot.path + "/Packaging/org.swiftshortcuts.Shortcuts.search-provider.ini", encoding: .utf8)
        #expect(packaged == text, "Packaging/ carries the same file")
        #expect(try runner.run(["desktop", "status", "--prefix", prefix]).output.contains("search provider: installed"))
        #expect(try runner.run(["desktop", "uninstall", "--system", "--prefix", prefix]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: ini))
        let refused = try runner.run(["desktop", "install", "--system", "--prefix", "/proc/none"])
        #expect(refused.status == 1 && refused.error.contains("--system needs root"), "\(refused.error)")
    }
}
