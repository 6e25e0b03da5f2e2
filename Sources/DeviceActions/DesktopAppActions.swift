import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC

#if canImport(Glibc)
    import Glibc
#endif

/// The desktop's applications as Shortcuts sees apps: Find Apps (the `.desktop` files of
/// `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`), Open App (D-Bus activation, else its `Exec`) and Quit
/// App (the app's processes of this user).
enum DesktopAppActions {
    static let all: [ActionDefinition] = [findApps, quitApp, openApp]

    struct DesktopApp: Sendable {
        var identifier: String
        var name: String
        var comment: String
        var exec: String
        var icon: String
        var categories: [String]
        var path: String
        /// Whether the entry says `DBusActivatable=true`: started by its bus name, not Exec.
        var isDBusActivatable = false

        /// The program Exec starts, without its arguments and field codes.
        var executable: String {
            let words = exec.split(separator: " ").map(String.init).filter { !$0.hasPrefix("%") }
            var index = 0
            // `env VAR=x program` and `flatpak run id` start another program.
            if words.first.map({ URL(fileURLWithPath: $0).lastPathComponent }) == "env" {
                index = 1
                while index < words.count, words[index].contains("=") { index += 1 }
            }
            return index < words.count ? words[index].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
        }

        var content: Content {
            .entity(
                EntityContent(
                    typeName: "App", identifier: identifier, displayTitle: name, subtitle: comment.isEmpty ? nil : comment,
                    properties: [
                        "Name": .text(name), "Bundle Identifier": .text(identifier), "Description": .text(comment),
                        "Executable": .text(executable), "Categories": .list(categories.map(Content.text)), "Icon": .text(icon),
                        "File Path": .text(path),
                    ]))
        }
    }

    /// The applications the desktop shows, by desktop file id; the first directory of the
    /// search path wins, as the Desktop Entry Specification says.
    static func installedApps(_ variables: [String: String]) -> [DesktopApp] {
        let home = UserFolders.homeFolder(in: variables)
        let dataHome = variables["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dataDirs = (variables["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share").split(separator: ":")
        var seen: Set<String> = []
        var apps: [DesktopApp] = []
        for directory in [dataHome] + dataDirs.map(String.init) {
            let root = directory + "/applications"
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            for case let relative as String in enumerator where relative.hasSuffix(".desktop") {
                let identifier = String(relative.dropLast(".desktop".count)).replacingOccurrences(of: "/", with: "-")
                guard seen.insert(identifier).inserted else { continue }
                guard let app = parse(root + "/" + relative, identifier: identifier) else { continue }
                apps.append(app)
            }
        }
        return apps.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// A desktop entry's application, or `nil` for one hidden or not an application.
    static func parse(_ path: String, identifier: String) -> DesktopApp? {
        guard let values = entryValues(path) else { return nil }
        guard values["Type"] == "Application", values["NoDisplay"] != "true", values["Hidden"] != "true", let name = values["Name"] else {
            return nil
        }
        return DesktopApp(
            identifier: identifier, name: name, comment: values["Comment"] ?? values["GenericName"] ?? "", exec: values["Exec"] ?? "",
            icon: values["Icon"] ?? "", categories: (values["Categories"] ?? "").split(separator: ";").map(String.init), path: path,
            isDBusActivatable: values["DBusActivatable"] == "true")
    }

    /// The keys of a desktop entry file's `[Desktop Entry]` group (the first of a key repeated),
    /// or `nil` when it can't be read.
    static func entryValues(_ path: String) -> [String: String]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var values: [String: String] = [:]
        var inEntry = false
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                inEntry = trimmed == "[Desktop Entry]"
                continue
            }
            guard inEntry, !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            if values[key] == nil { values[key] = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces) }
        }
        return values
    }

    static let appProperties = FileFilter.Properties(
        kind: "apps", names: ["Name", "Bundle Identifier", "Description", "Executable", "Categories"],
        value: { name, item in
            let value = item.property(name)
            if case .list(let items) = value { return .text(items.map(\.text).joined(separator: ";")) }
            return value
        })

    static let findApps = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.apps", title: "Find Apps",
            description:
                "Outputs the installed applications (the desktop's .desktop files) that match the conditions on Name, Bundle Identifier (the desktop file id), Description, Executable or Categories, sorted and limited.",
            parameters: FileFilter.parameters(input: nil, sortBy: ["Name", "Bundle Identifier", "Random"]),
            outputType: "App", outputName: "Apps", keywords: ["applications", "installed", "desktop"]),
        properties: appProperties,
        source: { run in Content.list(installedApps(run.environment.variables).map(\.content)) })

    /// `WFQuitAppMode`.
    enum QuitMode: String, ParameterOption {
        case app = "App", allApps = "All Apps"
    }

    static let quitApp = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.quit.app", title: "Quit App",
            description:
                "Asks an installed application (one Find Apps lists) to quit: its processes of this user get SIGTERM. The desktop session's own programs and All Apps are refused: they would end the desktop.",
            parameters: [
                .option("WFQuitAppMode", title: "Mode", default: QuitMode.app),
                ParameterMetadata(key: "WFApp", title: "App", type: .content, isRequired: true),
                ParameterMetadata(key: "WFAskToSaveChanges", title: "Ask to Save Changes", type: .boolean, defaultValue: "true"),
            ],
            isReadOnly: false, keywords: ["close", "kill", "stop"])
    ) { parameters in
        let mode = OptionParameter(parameters, "WFQuitAppMode", default: QuitMode.app)
        let appExpression = parameters["WFApp"]
        return { _, run in
            guard try mode.value(in: run) == .app else {
                throw ActionFailure("All Apps would end the whole desktop session; choose one app", parameter: "WFQuitAppMode")
            }
            // Only an app the desktop shows can be quit, as on Apple's systems: not the desktop's
            // own programs (a shell, a compositor, a session manager), which have no app entry.
            let app = try DesktopAppActions.app(try run.content(appExpression), parameter: "WFApp", run: run)
            let program = URL(fileURLWithPath: app.executable).lastPathComponent
            guard !program.isEmpty, !sessionPrograms.contains(program) else {
                throw ActionFailure("“\(app.name)” can't be quit from a shortcut: its program runs the desktop session", parameter: "WFApp")
            }
            for pid in processes(named: program) where pid != getpid() { kill(pid, SIGTERM) }
            return .nothing
        }
    }

    /// The installed app content names: an app from Find Apps, a picked app (`BundleIdentifier`,
    /// `Name`), or a desktop file id or name as text.
    static func app(_ given: Content, parameter: String, run: RunContext) throws -> DesktopApp {
        let key = (given.dictionary?["BundleIdentifier"] ?? given.dictionary?["Name"] ?? given).text
        let wanted =
            (given.items.first.flatMap { item -> String? in
                if case .entity(let entity) = item { return entity.identifier }
                return nil
            } ?? key).trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { throw ActionFailure("no app is given", parameter: parameter) }
        let apps = installedApps(run.environment.variables)
        guard
            let app = apps.first(where: { $0.identifier.caseInsensitiveCompare(wanted) == .orderedSame })
                ?? apps.first(where: { $0.name.caseInsensitiveCompare(wanted) == .orderedSame })
        else {
            throw ActionFailure(
                "\"\(wanted.prefix(60))\" is not an installed app (Find Apps lists them by name and desktop file id)", parameter: parameter)
        }
        return app
    }

    static let openApp = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.openapp", title: "Open App",
            description:
                "Opens an installed application (one Find Apps lists): through D-Bus activation when its entry says so, else by starting its Exec command.",
            parameters: [
                ParameterMetadata(
                    key: "WFAppIdentifier", title: "App", description: "Its desktop file id, e.g. org.gnome.TextEditor", type: .text),
                ParameterMetadata(key: "WFSelectedApp", title: "App", type: .content),
            ],
            isReadOnly: false, keywords: ["launch", "start", "run"]),
        passesInputThrough: true
    ) { parameters in
        let identifier = parameters["WFAppIdentifier"]
        let selected = parameters["WFSelectedApp"]
        return { input, run in
            let picked = try run.content(selected)
            let given = picked.isNothing ? try run.content(identifier) : picked
            let app = try DesktopAppActions.app(given, parameter: picked.isNothing ? "WFAppIdentifier" : "WFSelectedApp", run: run)
            try launch(app, run: run)
            return input
        }
    }

    /// Starts an app as the desktop would: `org.freedesktop.Application.Activate` for an entry
    /// with `DBusActivatable=true`, else its `Exec` line with the field codes dropped, in a
    /// session of its own with its output on `/dev/null`.
    static func launch(_ app: DesktopApp, run: RunContext) throws {
        if app.isDBusActivatable {
            let bus = try ServiceClient(
                RequiredService(title: app.name, busName: app.identifier, bus: "session", package: "the app's package"), for: run)
            let path = "/" + app.identifier.replacingOccurrences(of: ".", with: "/").replacingOccurrences(of: "-", with: "_")
            _ = try bus.call(path, "org.freedesktop.Application", "Activate", [.dictionary([])])
            return
        }
        let words = execArguments(app)
        guard let first = words.first, let program = run.findProgram(first, path: run.environment.variables["PATH"]) else {
            throw ActionFailure("“\(app.name)” can't be started: its program \(words.first ?? "(none)") is not installed")
        }
        try start(program, Array(words.dropFirst()), named: app.name, run: run)
    }

    /// Starts a program beside the run, in a session of its own with its output on `/dev/null`,
    /// reaped when it exits; the run doesn't wait for it.
    @discardableResult
    static func start(_ program: String, _ arguments: [String], named name: String, run: RunContext) throws -> pid_t {
        do {
            let pid = try ProcessSpawn.launch(
                program, arguments: arguments, environment: run.environment.variables, streams: (.null, .null, .null), newSession: true)
            // Reap it when it exits, so a long-lived host collects no zombies.
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
            return pid
        } catch {
            throw ActionFailure("“\(name)” can't be started: \(error)")
        }
    }

    /// An entry's `Exec` as arguments, as the Desktop Entry Specification reads it: the value's
    /// escapes undone, then words split
    /// at spaces outside double quotes, `\` escapes inside them, field codes for files dropped,
    /// `%i`, `%c` and `%k` filled in, `%%` a percent sign.
    static func execArguments(_ app: DesktopApp) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        // First the escapes every string value may have, then Exec's own quoting.
        var unescaped = ""
        var escapes = app.exec.makeIterator()
        while let character = escapes.next() {
            guard character == "\\", let next = escapes.next() else {
                unescaped.append(character)
                continue
            }
            switch next {
            case "s": unescaped.append(" ")
            case "n": unescaped.append("\n")
            case "t": unescaped.append("\t")
            case "r": unescaped.append("\r")
            case "\\": unescaped.append("\\")
            default: unescaped.append(character); unescaped.append(next)
            }
        }
        var characters = unescaped.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\"": quoted.toggle(); started = true
            case "\\" where quoted: if let next = characters.next() { current.append(next) }
            case " " where !quoted, "\t" where !quoted:
                if started || !current.isEmpty { words.append(current) }
                current = ""
                started = false
            default: current.append(character)
            }
        }
        if started || !current.isEmpty { words.append(current) }
        return words.flatMap { word -> [String] in
            switch word {
            case "%f", "%F", "%u", "%U", "%d", "%D", "%n", "%N", "%v", "%m": return []
            case "%i": return app.icon.isEmpty ? [] : ["--icon", app.icon]
            case "%c": return [app.name]
            case "%k": return [app.path]
            default: return [word.replacingOccurrences(of: "%%", with: "%")]
            }
        }
    }

    /// Programs that are the desktop session itself, refused even when an entry names them.
    static let sessionPrograms: Set<String> = [
        "gnome-shell", "gnome-session", "gnome-session-binary", "plasmashell", "kwin_wayland", "kwin_x11", "ksmserver", "mutter",
        "Xorg", "Xwayland", "sway", "weston", "systemd", "dbus-daemon", "dbus-broker", "pipewire", "wireplumber", "xfce4-session",
        "cinnamon", "mate-session", "lxqt-session", "shortcutsd",
    ]

    /// This user's processes whose program is `name` (by `/proc/<pid>/exe`, or `comm` where the
    /// link can't be read).
    static func processes(named name: String) -> [pid_t] {
        let user = getuid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = pid_t(entry) else { return nil }
            var info = stat()
            guard stat("/proc/\(entry)", &info) == 0, info.st_uid == user else { return nil }
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/exe")).map {
                URL(fileURLWithPath: $0).lastPathComponent
            }
            let comm = (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            // comm keeps 15 characters of the name.
            return exe == name || comm == String(name.prefix(15)) ? pid : nil
        }
    }
}

/// The Calculator app's Calculator action (`com.apple.calculator.LaunchCalculatorOpenIntent`):
/// opens the desktop's calculator, the installed app whose entry is in the Calculator category
/// (GNOME Calculator, KCalc, Galculator, Qalculate!), as Open App starts apps.
enum CalculatorApp {
    static var all: [ActionDefinition] {
        var metadata = ActionMetadata(
            identifier: "com.apple.calculator.LaunchCalculatorOpenIntent", title: "Calculator",
            description: "Opens the desktop's calculator: the installed app in the Calculator category.",
            parameters: [ParameterMetadata(key: "target", title: "Calculator", type: .enumeration, options: ["app"], defaultValue: "app")],
            isReadOnly: false, keywords: ["calculator", "math", "open"])
        metadata.app = "Calculator"
        return [
            ActionDefinition(metadata: metadata, passesInputThrough: true) { _ in
                { input, run in
                    let apps = DesktopAppActions.installedApps(run.environment.variables).filter { $0.categories.contains("Calculator") }
                    guard
                        let app = apps.first(where: { $0.identifier.hasPrefix("org.gnome.") || $0.identifier.hasPrefix("org.kde.") })
                            ?? apps.first
                    else {
                        throw ActionFailure("no calculator app is installed (install gnome-calculator or kcalc)")
                    }
                    try DesktopAppActions.launch(app, run: run)
                    return input
                }
            }
        ]
    }
}
