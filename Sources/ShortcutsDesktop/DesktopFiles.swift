import Foundation
import ShortcutsLibrary

/// A shortcut as the desktop's files see it: its name, where it shows up, what files it takes,
/// and its keyboard shortcut.
public struct DesktopShortcut: Sendable, Equatable {
    public var identifier: String
    public var name: String
    public var folder: String?
    /// `WFWorkflowTypes`: `MenuBar`, `QuickActions`…
    public var types: [String]
    /// `WFWorkflowInputContentItemClasses`.
    public var inputClasses: [String]
    public var preference: DesktopPreference

    public init(
        identifier: String, name: String, folder: String? = nil, types: [String] = [], inputClasses: [String] = [],
        preference: DesktopPreference? = nil
    ) {
        self.identifier = identifier
        self.name = name
        self.folder = folder
        self.types = types
        self.inputClasses = inputClasses
        self.preference = preference ?? DesktopPreference(identifier: identifier, name: name)
    }

    /// Every shortcut of a library with its settings.
    public static func all(_ summaries: [ShortcutSummary], settings: LibrarySettings) -> [DesktopShortcut] {
        summaries.map { summary in
            DesktopShortcut(
                identifier: summary.entry.identifier, name: summary.entry.name, folder: summary.entry.folder, types: summary.types,
                inputClasses: summary.inputClasses, preference: settings.desktopPreference(for: summary.entry.identifier))
        }
    }

    public var isInMenuBar: Bool { types.contains("MenuBar") }
    public var isQuickAction: Bool { types.contains("QuickActions") }
    public var keyboardShortcut: KeyboardShortcut? { preference.keyboardShortcut.flatMap { try? KeyboardShortcut($0) } }

    /// A short, file-name-safe form of the identifier.
    var slug: String { identifier.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" } }

    /// The MIME types of the files it takes, from its input classes; `nil` for any file.
    var mimeTypes: [String]? {
        let byClass: [String: [String]] = [
            "WFImageContentItem": ["image/*"], "WFPhotoMediaContentItem": ["image/*"], "WFPDFContentItem": ["application/pdf"],
            "WFAVAssetContentItem": ["video/*", "audio/*"], "WFStringContentItem": ["text/*"], "WFRichTextContentItem": ["text/*"],
            "WFFolderContentItem": ["inode/directory"],
        ]
        var types: [String] = []
        for inputClass in inputClasses {
            guard let known = byClass[inputClass] else { return nil }
            for type in known where !types.contains(type) { types.append(type) }
        }
        return types.isEmpty ? nil : types
    }
}

/// The text of each file `shortcuts desktop install` writes.
public enum DesktopFiles {
    /// A value of a `.desktop` file: newlines and backslashes escaped (Desktop Entry spec, "Possible value types").
    public static func value(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\t", with: "\\t")
    }

    /// One argument of an `Exec` key, quoted when it needs to be (Desktop Entry spec, "The Exec key").
    static func execArgument(_ argument: String) -> String {
        let reserved = CharacterSet(charactersIn: " \t\n\"'\\><~|&;$*?#()`=%")
        guard argument.rangeOfCharacter(from: reserved) != nil || argument.isEmpty else { return argument }
        var quoted = "\""
        for character in argument {
            if "\"`$\\".contains(character) { quoted.append("\\") }
            if character == "%" {
                quoted.append("%%")
                continue
            }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// A command line for a `.desktop` file's `Exec`, with field codes (`%F`) left as they are.
    static func exec(_ arguments: [String], fieldCode: String? = nil) -> String {
        value(arguments.map(execArgument).joined(separator: " ") + (fieldCode.map { " " + $0 } ?? ""))
    }

    /// A word for a shell script, in single quotes.
    static func shellWord(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Where Add Shortcut to Home Screen puts a shortcut's launcher (search finds it there, so
    /// `desktop install` writes no second one).
    public static func homeScreenLauncher(identifier: String, dataHome: String) -> String {
        dataHome + "/applications/shortcuts-\(identifier).desktop"
    }

    /// The Shortcuts app's entry in the app menu, with the menu-bar shortcuts as its actions (the
    /// dock's and launcher's jump list).
    public static func appEntry(shortcuts executable: String, menuBar: [DesktopShortcut] = []) -> String {
        var text = """
            [Desktop Entry]
            Type=Application
            Name=Shortcuts
            GenericName=Automation
            Comment=See, build and run your shortcuts
            Exec=\(exec([executable, "app"]))
            Icon=\(DesktopNames.appID)
            Terminal=false
            Categories=Utility;
            Keywords=automation;workflow;shortcut;

            """
        guard !menuBar.isEmpty else { return text }
        text = text.replacingOccurrences(
            of: "Terminal=false\n", with: "Terminal=false\nActions=\(menuBar.map { "run-\($0.slug);" }.joined())\n")
        for shortcut in menuBar {
            text += """

                [Desktop Action run-\(shortcut.slug)]
                Name=\(value(shortcut.name))
                Exec=\(exec([executable, "run", shortcut.identifier]))

                """
        }
        return text
    }

    /// A launcher entry for one shortcut, which every launcher's search finds (GNOME, KRunner,
    /// rofi, wofi, fuzzel); on KDE it carries the keyboard shortcut, which kglobalaccel binds.
    static func shortcutEntry(_ shortcut: DesktopShortcut, executable: String, kdeKeys: KeyboardShortcut?) -> String {
        let keywords = ["shortcut"] + (shortcut.folder.map { [$0] } ?? [])
        var text = """
            [Desktop Entry]
            Type=Application
            Name=\(value(shortcut.name))
            Comment=\(value("Run the shortcut “\(shortcut.name)”"))
            Exec=\(exec([executable, "run", shortcut.identifier]))
            Icon=\(DesktopNames.appID)
            Terminal=false
            Categories=Utility;
            Keywords=\(keywords.map { value($0).replacingOccurrences(of: ";", with: "\\;") + ";" }.joined())

            """
        if !shortcut.preference.showInSearch { text += "NoDisplay=true\n" }
        if let kdeKeys { text += "X-KDE-Shortcuts=\(kdeKeys.kde)\n" }
        return text
    }

    /// The script every file manager's entry calls: the shortcut's identifier, then the files,
    /// each given to `shortcuts run` with `-i`.
    static func quickActionScript(executable: String) -> String {
        """
        #!/bin/sh
        # Written by `shortcuts desktop install`: runs a shortcut with the files a file manager
        # passes, each as an input (-i). Usage: quick-action SHORTCUT-IDENTIFIER FILE...
        shortcut=$1
        shift
        for file do set -- "$@" -i "$file"; shift; done
        exec \(shellWord(executable)) run "$shortcut" "$@"

        """
    }

    /// A Nautilus script (Scripts in the right-click menu): Nautilus passes the selected files.
    static func nautilusScript(_ shortcut: DesktopShortcut, helper: String) -> String {
        """
        #!/bin/sh
        # Written by `shortcuts desktop install`: the Quick Action “\(shortcut.name.replacingOccurrences(of: "\n", with: " "))”.
        exec \(shellWord(helper)) \(shellWord(shortcut.identifier)) "$@"

        """
    }

    /// A Dolphin service menu (right-click → Shortcuts).
    static func dolphinServiceMenu(_ shortcut: DesktopShortcut, helper: String) -> String {
        """
        [Desktop Entry]
        Type=Service
        MimeType=\((shortcut.mimeTypes ?? ["all/allfiles"]).map { $0 + ";" }.joined())
        Actions=run
        X-KDE-ServiceTypes=KonqPopupMenu/Plugin
        X-KDE-Submenu=Shortcuts

        [Desktop Action run]
        Name=\(value(shortcut.name))
        Icon=\(DesktopNames.appID)
        Exec=\(exec([helper, shortcut.identifier], fieldCode: "%F"))

        """
    }

    /// A Nemo action (right-click menu).
    static func nemoAction(_ shortcut: DesktopShortcut, helper: String) -> String {
        let filter = shortcut.mimeTypes.map { "Mimetypes=" + $0.map { $0 + ";" }.joined() } ?? "Extensions=any;"
        return """
            [Nemo Action]
            Name=\(value(shortcut.name))
            Comment=\(value("Run the shortcut “\(shortcut.name)” with the selected files"))
            Exec=\(exec([helper, shortcut.identifier], fieldCode: "%F"))
            Icon-Name=\(DesktopNames.appID)
            Selection=notnone
            \(filter)

            """
    }

    /// A Thunar custom action, one `<action>` of `uca.xml`.
    static func thunarAction(_ shortcut: DesktopShortcut, helper: String) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let mime = shortcut.mimeTypes
        let kinds: [String] =
            mime == nil
            ? ["directories", "audio-files", "image-files", "other-files", "text-files", "video-files"]
            : mime!.compactMap {
                [
                    "image/*": "image-files", "video/*": "video-files", "audio/*": "audio-files", "text/*": "text-files",
                    "inode/directory": "directories", "application/pdf": "other-files",
                ][$0]
            }
        let command = shellWord(helper) + " " + shellWord(shortcut.identifier) + " %F"
        return """
            <action>
            \t<icon>\(DesktopNames.appID)</icon>
            \t<name>\(escaped(shortcut.name))</name>
            \t<submenu>Shortcuts</submenu>
            \t<unique-id>\(thunarPrefix)\(shortcut.slug)</unique-id>
            \t<command>\(escaped(command))</command>
            \t<description>\(escaped("Run the shortcut “\(shortcut.name)”"))</description>
            \t<range></range>
            \t<patterns>\(shortcut.inputClasses.contains("WFPDFContentItem") && mime?.count == 1 ? "*.pdf;*.PDF" : "*")</patterns>
            \(kinds.map { "\t<\($0)/>" }.joined(separator: "\n"))
            </action>

            """
    }

    /// The `unique-id` prefix of the Thunar actions this writes, so they are found again.
    static let thunarPrefix = "swiftshortcuts-"

    /// Starts `shortcutsd` when the session starts, so the menu bar's item and the keyboard
    /// shortcuts it binds are there without a first call.
    static func autostart(daemon: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=Shortcuts Events
        Comment=Keeps the menu bar's shortcuts and keyboard shortcuts ready
        Exec=\(exec([daemon]))
        Icon=\(DesktopNames.appID)
        Terminal=false
        NoDisplay=true
        X-GNOME-Autostart-enabled=true

        """
    }

    /// KRunner's plugin file for the runner the service serves (read from the user's own data folder).
    static let krunnerPlugin = """
        [Desktop Entry]
        Name=Shortcuts
        Comment=Find and run your shortcuts
        Type=Service
        Icon=\(DesktopNames.appID)
        X-KDE-PluginInfo-Name=swiftshortcuts
        X-KDE-PluginInfo-EnabledByDefault=true
        X-Plasma-API=DBus
        X-Plasma-DBusRunner-Service=\(DesktopNames.busName)
        X-Plasma-DBusRunner-Path=\(DesktopNames.krunnerPath)
        X-Plasma-Request-Actions-Once=true
        X-Plasma-Runner-Min-Letter-Count=2

        """

    /// GNOME Shell's registration of the search provider; GNOME Shell reads it from the system's
    /// data folders only.
    public static let searchProvider = """
        [Shell Search Provider]
        DesktopId=\(DesktopNames.appID).desktop
        BusName=\(DesktopNames.busName)
        ObjectPath=\(DesktopNames.searchProviderPath)
        Version=2

        """
}
