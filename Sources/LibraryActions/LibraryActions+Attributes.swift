import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsDesktop
import ShortcutsEngine
import ShortcutsLibrary

/// A shortcut's attributes as Set Shortcut Attributes names them, each one of the shortcut's
/// `WFWorkflowTypes`.
enum ShortcutAttribute: String, CaseIterable, Sendable {
    case shareSheet = "Show in Share Sheet", watch = "Show on Apple Watch", menuBar = "Pin in Menu Bar"
    case quickAction = "Use as Quick Action", onScreen = "Receive What's On Screen", sleep = "Show in Sleep Mode"

    var type: String {
        switch self {
        case .shareSheet: "ActionExtension"
        case .watch: "Watch"
        case .menuBar: "MenuBar"
        case .quickAction: "QuickActions"
        case .onScreen: "ReceivesOnScreenContent"
        case .sleep: "Sleep"
        }
    }

    static let aliases: [String: ShortcutAttribute] = [
        "show in menu bar": .menuBar, "menu bar": .menuBar, "share sheet": .shareSheet, "apple watch": .watch,
        "quick action": .quickAction, "services menu": .quickAction,
    ]

    init?(named name: String) {
        let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard
            let found = Self.allCases.first(where: { $0.rawValue.lowercased() == folded || $0.type.lowercased() == folded })
                ?? Self.aliases[folded]
        else { return nil }
        self = found
    }

    func isOn(_ workflow: Workflow) -> Bool { workflow.types.contains(type) }
}

extension LibraryActions {
    static func attribute(_ expression: ParameterExpression, run: RunContext) throws -> ShortcutAttribute {
        let name = try run.text(expression) ?? ""
        guard let attribute = ShortcutAttribute(named: name) else {
            throw ActionFailure(
                "\"\(name.prefix(40))\" is not an attribute of a shortcut; it takes \(ShortcutAttribute.allCases.map(\.rawValue).joined(separator: ", "))",
                parameter: "attribute")
        }
        return attribute
    }

    static func getAttributes(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.GetShortcutAttributesAction", title: "Get Shortcut Attributes",
                description:
                    "Outputs whether an attribute of a shortcut (Show in Share Sheet, Pin in Menu Bar, Use as Quick Action…) is on.",
                parameters: [
                    ParameterMetadata(
                        key: "attribute", title: "Attribute", type: .enumeration, isRequired: true,
                        options: ShortcutAttribute.allCases.map(\.rawValue)),
                    ParameterMetadata(key: "shortcut", title: "Shortcut", type: .content, isRequired: true),
                ],
                inputParameter: "shortcut", outputType: "Boolean", outputName: "Attribute", keywords: ["menu bar", "share sheet"])
        ) { parameters in
            let attributeExpression = parameters["attribute"]
            return { input, run in
                let attribute = try attribute(attributeExpression, run: run)
                let location = try context.one(input, parameter: "shortcut")
                let workflow = try context.attempt("shortcut") { () throws(LibraryError) in try context.library.workflow(at: location) }
                return .boolean(attribute.isOn(workflow))
            }
        }
    }

    static func setAttributes(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.SetShortcutAttributesAction", title: "Set Shortcut Attributes",
                description: "Turns an attribute of a shortcut on or off, or toggles it; the shortcut's file is rewritten atomically.",
                parameters: [
                    ParameterMetadata(
                        key: "operation", title: "Operation", type: .enumeration, options: ["Turn", "Toggle"], defaultValue: "Turn"),
                    ParameterMetadata(
                        key: "attribute", title: "Attribute", type: .enumeration, isRequired: true,
                        options: ShortcutAttribute.allCases.map(\.rawValue)),
                    ParameterMetadata(key: "shortcut", title: "Shortcut", type: .content, isRequired: true),
                    ParameterMetadata(key: "state", title: "On", type: .boolean, defaultValue: "true"),
                ],
                inputParameter: "shortcut", isReadOnly: false, keywords: ["menu bar", "share sheet"])
        ) { parameters in
            let operation = parameters["operation"]
            let attributeExpression = parameters["attribute"]
            let state = parameters["state"]
            return { input, run in
                let attribute = try attribute(attributeExpression, run: run)
                let toggles = (try run.text(operation) ?? "").lowercased().contains("toggle")
                let on = try run.bool(state) ?? true
                for location in try context.shortcuts(in: input, parameter: "shortcut") {
                    try context.attempt("shortcut") { () throws(LibraryError) in
                        try context.library.update(location) { workflow in
                            let wanted = toggles ? !attribute.isOn(workflow) : on
                            var types = workflow.types.filter { $0 != attribute.type }
                            if wanted { types.append(attribute.type) }
                            workflow.types = types
                        }
                    }
                }
                return .nothing
            }
        }
    }

    static func openShortcut(_ context: Context, identifier: String, key: String) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: "Open Shortcut",
                description: "Opens a shortcut's file with the desktop's handler for .shortcut files (there is no editor here).",
                parameters: [ParameterMetadata(key: key, title: "Shortcut", type: .content, isRequired: true)],
                inputParameter: key, keywords: ["edit", "show"])
        ) { _ in
            { input, run in
                let location = try context.one(input, parameter: key)
                try run.environment.openURL(URL(fileURLWithPath: location.path))
                return .nothing
            }
        }
    }

    static func openFolder(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.OpenNavigationDestinationAction", title: "Open Folder",
                description: "Opens a folder of your library (All Shortcuts for the whole library) in the desktop's file manager.",
                parameters: [ParameterMetadata(key: "target", title: "Folder", type: .text)],
                keywords: ["library", "show"])
        ) { parameters in
            let target = parameters["target"]
            return { _, run in
                let folder = context.folder(try run.content(target))
                var path = context.library.shortcutsDirectory
                if let folder {
                    guard let known = context.library.folders().first(where: { $0.caseInsensitiveCompare(folder) == .orderedSame }) else {
                        throw ActionFailure("there is no folder named \"\(folder.prefix(80))\" in the library", parameter: "target")
                    }
                    path += "/" + known
                }
                try run.environment.openURL(URL(fileURLWithPath: path, isDirectory: true))
                return .nothing
            }
        }
    }

    static func openSettings(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.OpenShortcutsStaticDeepLinks", title: "Open Shortcuts Settings",
                description:
                    "Opens the library's settings file (settings.json, which shortcuts settings changes) with the desktop's handler for it.",
                parameters: [ParameterMetadata(key: "target", title: "Page", type: .text)],
                keywords: ["preferences", "privacy"])
        ) { _ in
            { _, run in
                try run.environment.openURL(URL(fileURLWithPath: context.library.settingsPath))
                return .nothing
            }
        }
    }

    /// The colours of Shortcuts' icon picker, as Apple stores them (RRGGBBAA).
    static let iconColors: [(name: String, value: UInt32)] = [
        ("Red", 4_282_601_983), ("Dark Orange", 4_251_333_119), ("Orange", 4_271_458_815), ("Yellow", 4_274_264_319),
        ("Green", 4_292_093_695), ("Teal", 431_817_727), ("Light Blue", 1_440_408_063), ("Blue", 463_140_863),
        ("Dark Blue", 946_986_751), ("Violet", 2_071_128_575), ("Purple", 3_679_049_983), ("Pink", 3_980_825_855),
        ("Dark Gray", 255), ("Gray", 3_031_607_807), ("Taupe", 2_846_468_607), ("Light Gray", 3_093_151_231),
    ]

    static func changeIcon(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.ChangeShortcutIconAction", title: "Change Shortcut Icon",
                description: "Asks for a colour for a shortcut's icon (from Shortcuts' palette) and sets it.",
                parameters: [ParameterMetadata(key: "shortcut", title: "Shortcut", type: .content, isRequired: true)],
                inputParameter: "shortcut", isReadOnly: false, keywords: ["color", "glyph"])
        ) { _ in
            { input, run in
                let location = try context.one(input, parameter: "shortcut")
                let chosen = try run.environment.prompter.choose(
                    "Icon colour for “\(location.name)”", options: iconColors.map(\.name), multiple: false)
                guard let index = chosen.first, iconColors.indices.contains(index) else { return .nothing }
                try context.attempt("shortcut") { () throws(LibraryError) in
                    try context.library.update(location) { workflow in workflow.iconColor = iconColors[index].value }
                }
                return .nothing
            }
        }
    }

    static func addToHomeScreen(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.AddShortcutToHomeScreenAction", title: "Add Shortcut to Home Screen",
                description:
                    "Adds a launcher for a shortcut to the desktop's applications ($XDG_DATA_HOME/applications/shortcuts-<id>.desktop), named by Title, with Image as its icon. Adding the same shortcut again updates its launcher.",
                parameters: [
                    ParameterMetadata(key: "shortcut", title: "Shortcut", type: .content, isRequired: true),
                    ParameterMetadata(key: "title", title: "Title", type: .text),
                    ParameterMetadata(key: "image", title: "Image", type: .file),
                ],
                inputParameter: "shortcut", outputType: "File", outputName: "Launcher", isReadOnly: false,
                keywords: ["desktop", "launcher", "dock"])
        ) { parameters in
            let title = parameters["title"]
            let image = parameters["image"]
            return { input, run in
                let location = try context.one(input, parameter: "shortcut")
                let identifier = try context.attempt("shortcut") { () throws(LibraryError) in try context.library.identifier(of: location) }
                let name = (try run.text(title) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let launcher = Launcher(
                    variables: run.environment.variables, identifier: identifier, name: name.isEmpty ? location.name : name)
                let icon = try run.convert(try run.content(image), to: .file, parameter: "image").items.first
                let file = try launcher.write(icon: icon.flatMap { if case .file(let file) = $0 { file } else { nil } })
                return .file(file)
            }
        }
    }
}

/// A freedesktop launcher (Desktop Entry Specification 1.5) that runs a shortcut by its identifier.
struct Launcher {
    let variables: [String: String]
    let identifier: String
    let name: String

    var dataHome: String { UserFolders.dataHome(in: variables) }

    var path: String { DesktopFiles.homeScreenLauncher(identifier: identifier, dataHome: dataHome) }

    /// A value as a desktop entry's string: escapes and no line breaks.
    static func escaped(_ text: String) -> String { DesktopFiles.value(text) }

    func write(icon: FileContent?) throws -> FileContent {
        var iconLine = "Icon=org.swiftshortcuts.Shortcuts"
        if let icon, !icon.data.isEmpty {
            let ext = icon.fileExtension.isEmpty ? "png" : icon.fileExtension.lowercased()
            let iconPath = dataHome + "/shortcuts/icons/\(identifier).\(ext)"
            try Self.atomically(icon.data, to: iconPath)
            iconLine = "Icon=" + Self.escaped(iconPath)
        }
        let text = """
            [Desktop Entry]
            Type=Application
            Version=1.5
            Name=\(Self.escaped(name))
            Comment=Runs the shortcut “\(Self.escaped(name))”
            Exec=shortcuts run \(identifier)
            \(iconLine)
            Terminal=false
            Categories=Utility;
            X-Shortcuts-Identifier=\(identifier)

            """
        try Self.atomically(Data(text.utf8), to: path)
        return FileContent(
            name: URL(fileURLWithPath: path).lastPathComponent, data: Data(text.utf8), path: path, typeIdentifier: "public.plain-text")
    }

    /// Writes a launcher or its icon in one step (``AtomicFile``); adding the same shortcut again replaces its own.
    static func atomically(_ data: Data, to path: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        } catch {
            throw ActionFailure(
                "can't create the folder of \(path): \(error.localizedDescription)", parameter: "shortcut", underlying: error)
        }
        do {
            try AtomicFile.write(data, to: path, replacing: true)
        } catch {
            throw ActionFailure(error.message, parameter: "shortcut", underlying: error)
        }
    }
}
