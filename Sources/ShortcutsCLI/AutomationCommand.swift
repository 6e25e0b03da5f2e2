import Automations
import Foundation
import RunHistory
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsPlatform
import ShortcutsRun

#if canImport(Glibc)
    import Glibc
#endif

/// `shortcuts automation`: shortcuts that run by themselves, at a time, at login or when a file
/// arrives, through systemd user units (docs/AUTOMATIONS.md).
enum AutomationCommand {
    static let spec = CommandSpec(
        name: "automation", abstract: "Add, list, change, remove or run automations: shortcuts that run by themselves.",
        discussion: """
            add <name> --shortcut <shortcut> and one trigger: --at HH:MM [--days mon,tue,…], --every 15m, \
            --calendar SPEC (systemd's calendar syntax), --at-login, --when-file-added DIR or \
            --when-file-changed DIR (the run's input is the new or changed files). Automations are kept in \
            $SHORTCUTS_HOME/automations.json and run by systemd user units written to \
            $XDG_CONFIG_HOME/systemd/user (default ~/.config); timers are persistent, so a run missed while \
            the machine was off happens after it starts. An automation never asks: a question fails its \
            run, recorded in the history (`shortcuts runs`), with a notification. run <name> fires it now. \
            See docs/AUTOMATIONS.md.
            """,
        arguments: [
            ArgumentSpec("subcommand", help: "add, list, show, enable, disable, remove or run."),
            ArgumentSpec("name", help: "The automation's name.", isOptional: true),
        ],
        options: options,
        subcommands: [
            CommandSpec(
                name: "add", abstract: "Add an automation: a shortcut and one trigger.",
                arguments: [ArgumentSpec("name", help: "The automation's name.")],
                options: [
                    shortcut, at, days, every, calendar, atLogin, whenFileAdded, whenFileChanged, onNetworkChange, onPowerChange,
                    batteryBelow, input, ifRunning, disabled,
                ]),
            CommandSpec(name: "list", abstract: "List the automations with their triggers and last runs.", options: [json]),
            CommandSpec(
                name: "show", abstract: "Show one automation.", arguments: [ArgumentSpec("name", help: "The automation's name.")],
                options: [json]),
            CommandSpec(
                name: "enable", abstract: "Switch an automation on.", arguments: [ArgumentSpec("name", help: "The automation's name.")]),
            CommandSpec(
                name: "disable", abstract: "Switch an automation off; it stays listed.",
                arguments: [ArgumentSpec("name", help: "The automation's name.")]),
            CommandSpec(
                name: "remove", abstract: "Remove an automation and its units.",
                arguments: [ArgumentSpec("name", help: "The automation's name.")]),
            CommandSpec(
                name: "run", abstract: "Run an automation now, as its trigger would.",
                arguments: [ArgumentSpec("name", help: "The automation's name.")], options: [input, triggered]),
        ])

    static let options: [any OptionDeclaration] = [
        shortcut, at, days, every, calendar, atLogin, whenFileAdded, whenFileChanged, onNetworkChange, onPowerChange, batteryBelow,
        input, ifRunning, disabled, triggered, json,
    ]
    static let shortcut = Option("shortcut", value: "shortcut", help: "With add: the shortcut it runs (name or identifier).")
    static let at = Option("at", value: "HH:MM", help: "Run at this time of day (24-hour, local time).")
    static let days = Option("days", value: "mon,tue,…", help: "With --at: only on these days.")
    static let every = Option("every", value: "duration", help: "Run every so often: 90s, 15m, 2h, 1d, 1h30m.")
    static let calendar = Option("calendar", value: "spec", help: "Run on a systemd calendar expression (Mon..Fri *-*-* 09:00, hourly…).")
    static let atLogin = Flag("at-login", help: "Run when you log in.")
    static let whenFileAdded = Option(
        "when-file-added", value: "folder", help: "Run when a file arrives in the folder; its input is the new files.")
    static let whenFileChanged = Option(
        "when-file-changed", value: "folder", help: "Run when a file in the folder is written; its input is those files.")
    static let onNetworkChange = Flag(
        "on-network-change", help: "Run when the network connects or disconnects (NetworkManager; kept by shortcutsd).")
    static let onPowerChange = Flag("on-power-change", help: "Run when power is plugged in or out (UPower; kept by shortcutsd).")
    static let batteryBelow = Option(
        "battery-below", value: "percent", help: "With --on-power-change: run when the battery falls below this level instead.")
    static let input = Option("input", value: "text", help: "With add: text the runs get as input; with run: this run's input.")
    static let ifRunning = Option(
        "if-running", value: "skip|queue", help: "When it fires while still running: skip that run (default) or queue it.")
    static let disabled = Flag("disabled", help: "With add: add it switched off.")
    static let triggered = Flag(
        "triggered", help: "With run: started by its unit (skips a disabled automation, and a folder one with nothing new).")
    static let json = Flag("json", help: "With list or show: print JSON.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let action = arguments.positionals[0]
        let library = ShortcutLibrary(environment: environment)
        let store = AutomationStore(home: library.home)
        let units = SystemdUnits(environment: environment, shortcuts: ManifestFile.currentExecutable)
        func name() throws -> String {
            guard arguments.positionals.count > 1 else {
                throw UsageError("Give the automation's name: shortcuts automation \(action) <name>", command: spec.name)
            }
            return arguments.positionals[1]
        }
        do {
            switch action {
            case "add":
                let status = try add(try name(), arguments, library: library, store: store, units: units, environment: environment)
                DevelopmentBuild.warnAboutBuildFolderPaths(in: "its systemd units")
                return status
            case "list": return try list(store, units: units, json: arguments[Self.json])
            case "show": return try show(store.automation(named: try name()), units: units, json: arguments[Self.json])
            case "enable", "disable":
                let on = action == "enable"
                let target = try name()
                let automation = try store.update { (automations: inout [Automation]) throws(AutomationError) -> Automation in
                    guard let index = automations.firstIndex(where: { $0.name.caseInsensitiveCompare(target) == .orderedSame }) else {
                        throw AutomationError("there is no automation named \"\(target)\"; `shortcuts automation list` lists them")
                    }
                    automations[index].isEnabled = on
                    return automations[index]
                }
                report(try units.setEnabled(automation, on), units: units)
                Console.out("\(on ? "Enabled" : "Disabled") \"\(automation.name)\".\n")
                return 0
            case "remove":
                let target = try name()
                let automation = try store.update { (automations: inout [Automation]) throws(AutomationError) -> Automation in
                    guard let index = automations.firstIndex(where: { $0.name.caseInsensitiveCompare(target) == .orderedSame }) else {
                        throw AutomationError("there is no automation named \"\(target)\"; `shortcuts automation list` lists them")
                    }
                    return automations.remove(at: index)
                }
                report(units.uninstall(automation), units: units, removing: true)
                FolderState(stateHome: FolderState.stateHome(in: environment), unitName: automation.unitName).forget()
                Console.out("Removed \"\(automation.name)\".\n")
                return 0
            case "run":
                var automation = try store.automation(named: try name())
                if let input = arguments[Self.input] { automation.input = input }
                return try fire(automation, triggered: arguments[Self.triggered], environment: environment)
            default:
                throw UsageError("Unknown action '\(action)'; use add, list, show, enable, disable, remove or run", command: spec.name)
            }
        } catch let error as AutomationError {
            throw CommandFailure(error.message)
        }
    }

    // MARK: Adding

    private static func add(
        _ name: String, _ arguments: ParsedArguments, library: ShortcutLibrary, store: AutomationStore, units: SystemdUnits,
        environment: [String: String]
    ) throws -> Int32 {
        guard let shortcut = arguments[Self.shortcut] else {
            throw UsageError("Give the shortcut it runs: --shortcut <name or identifier>", command: spec.name)
        }
        guard try library.find(shortcut) != nil else {
            throw CommandFailure("Couldn't find shortcut \"\(shortcut)\"; automations run shortcuts of the library (`shortcuts list`)")
        }
        let trigger = try trigger(arguments)
        var ifRunning = Automation.IfRunning.skip
        if let value = arguments[Self.ifRunning] {
            guard let mode = Automation.IfRunning(rawValue: value) else {
                throw UsageError("--if-running \(value): give skip or queue", command: spec.name)
            }
            ifRunning = mode
        }
        let automation = try store.update { (automations: inout [Automation]) throws(AutomationError) -> Automation in
            guard !automations.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw AutomationError("an automation named \"\(name)\" exists; remove it first or pick another name")
            }
            let automation = Automation(
                name: name, shortcut: shortcut, trigger: trigger, input: arguments[Self.input],
                isEnabled: !arguments[Self.disabled], ifRunning: ifRunning,
                unitName: AutomationStore.unitName(for: name, taken: Set(automations.map(\.unitName))))
            automations.append(automation)
            return automation
        }
        if let folder = trigger.folder {
            try FolderState(stateHome: FolderState.stateHome(in: environment), unitName: automation.unitName).remember(folder)
        }
        report(try units.install(automation), units: units)
        Console.out("Added \"\(automation.name)\": runs \"\(shortcut)\" \(trigger.summary)\(automation.isEnabled ? "" : " (disabled)").\n")
        return 0
    }

    /// The one trigger the options give.
    static func trigger(_ arguments: ParsedArguments) throws -> Automation.Trigger {
        var triggers: [Automation.Trigger] = []
        if let time = arguments[Self.at] {
            guard let (hour, minute) = Automation.time(time) else {
                throw UsageError("--at \(time): give a time of day as HH:MM (24-hour), such as 07:30", command: spec.name)
            }
            var days: [Automation.Weekday] = []
            for day in (arguments[Self.days] ?? "").split(separator: ",") {
                guard
                    let weekday = Automation.Weekday(rawValue: day.trimmingCharacters(in: .whitespaces).lowercased().prefix(3).description)
                else {
                    throw UsageError(
                        "--days \(arguments[Self.days] ?? ""): give days as mon,tue,wed,thu,fri,sat,sun", command: spec.name)
                }
                if !days.contains(weekday) { days.append(weekday) }
            }
            triggers.append(.at(hour: hour, minute: minute, days: Automation.Weekday.allCases.filter(days.contains)))
        } else if arguments[Self.days] != nil {
            throw UsageError("--days goes with --at", command: spec.name)
        }
        if let every = arguments[Self.every] {
            guard let seconds = TimeSpan.seconds(every) else {
                throw UsageError("--every \(every): give a duration such as 90s, 15m, 2h, 1d or 1h30m", command: spec.name)
            }
            triggers.append(.every(seconds: seconds))
        }
        if let calendar = arguments[Self.calendar] {
            if let problem = calendarProblem(calendar) {
                throw UsageError("--calendar \(calendar): systemd doesn't read it (\(problem))", command: spec.name)
            }
            triggers.append(.calendar(calendar))
        }
        if arguments[Self.atLogin] { triggers.append(.atLogin) }
        for (option, make) in [(whenFileAdded, Automation.Trigger.fileAdded), (whenFileChanged, Automation.Trigger.fileChanged)] {
            guard let folder = arguments[option] else { continue }
            let path = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError("--\(option.spec.long) \(folder): there is no such folder", command: spec.name)
            }
            triggers.append(make((path as NSString).standardizingPath))
        }
        if arguments[Self.onNetworkChange] { triggers.append(.networkChange) }
        if arguments[Self.onPowerChange] {
            var level: Int?
            if let text = arguments[Self.batteryBelow] {
                guard let percent = Int(text), (1...100).contains(percent) else {
                    throw UsageError("--battery-below \(text): give a level from 1 to 100", command: spec.name)
                }
                level = percent
            }
            triggers.append(.powerChange(batteryBelow: level))
        } else if arguments[Self.batteryBelow] != nil {
            throw UsageError("--battery-below goes with --on-power-change", command: spec.name)
        }
        guard triggers.count == 1 else {
            throw UsageError(
                triggers.isEmpty
                    ? "Give a trigger: --at HH:MM, --every DURATION, --calendar SPEC, --at-login, --when-file-added DIR or --when-file-changed DIR"
                    : "Give one trigger, not \(triggers.count)", command: spec.name)
        }
        return triggers[0]
    }

    /// What `systemd-analyze calendar` says is wrong with an expression, or `nil` when it reads
    /// it (or isn't installed to ask).
    private static func calendarProblem(_ spec: String) -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else { return nil }
        guard let outcome = try? ProcessRunner.run("/usr/bin/systemd-analyze", arguments: ["calendar", spec], timeout: 10),
            outcome.status != 0
        else { return nil }
        return outcome.errorText
    }

    // MARK: Listing

    private static func list(_ store: AutomationStore, units: SystemdUnits, json: Bool) throws -> Int32 {
        let automations = try store.load()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Console.out(String(decoding: try encoder.encode(automations), as: UTF8.self) + "\n")
            return 0
        }
        guard !automations.isEmpty else {
            Console.out("No automations. Add one: shortcuts automation add <name> --shortcut <shortcut> --at 07:30\n")
            return 0
        }
        for automation in automations {
            Console.out(
                "\(automation.name)\(automation.isEnabled ? "" : " (disabled)"): runs \"\(automation.shortcut)\" \(automation.trigger.summary)\n"
            )
        }
        return 0
    }

    private static func show(_ automation: Automation, units: SystemdUnits, json: Bool) throws -> Int32 {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Console.out(String(decoding: try encoder.encode(automation), as: UTF8.self) + "\n")
            return 0
        }
        var text = "\(automation.name)\n  runs: \"\(automation.shortcut)\"\n  when: \(automation.trigger.summary)\n"
        if let input = automation.input { text += "  input: \(input)\n" }
        text += "  enabled: \(automation.isEnabled ? "yes" : "no")\n  if still running: \(automation.ifRunning.rawValue)\n  units:\n"
        for path in units.paths(of: automation) {
            text += "    \(path)\(FileManager.default.fileExists(atPath: path) ? "" : " (not there)")\n"
        }
        Console.out(text)
        return 0
    }

    /// Prints what was done with the units and, when no systemd user manager runs, who runs the
    /// automation instead (nothing to say when it was removed).
    private static func report(_ lines: [String], units: SystemdUnits, removing: Bool = false) {
        for line in lines { Console.out(line + "\n") }
        if !units.managerIsRunning, !removing {
            Console.out(
                "No systemd user manager runs here: shortcutsd runs time and folder automations itself while it runs "
                    + "(`shortcuts service start`), and the units take effect when a manager does.\n")
        }
    }

    // MARK: Running

    /// Runs the automation's shortcut now, as its unit does: never asking, recorded in the
    /// history as started by an automation, a failure also a notification.
    private static func fire(_ automation: Automation, triggered: Bool, environment: [String: String]) throws -> Int32 {
        if triggered, !automation.isEnabled {
            Console.err("\"\(automation.name)\" is disabled; not running it.\n")
            return 0
        }
        guard let lock = try lock(automation, environment: environment) else {
            Console.err("\"\(automation.name)\" is still running; this run is skipped (--if-running skip).\n")
            return 0
        }
        defer { close(lock) }
        var input = automation.input.map { Content.text($0) } ?? .nothing
        if let folder = automation.trigger.folder {
            let state = FolderState(stateHome: FolderState.stateHome(in: environment), unitName: automation.unitName)
            let files = try state.newFiles(in: folder, changed: automation.trigger == .fileChanged(folder: folder))
            if files.isEmpty, triggered {
                Console.err("Nothing new in \(folder); \"\(automation.name)\" doesn't run.\n")
                return 0
            }
            if !files.isEmpty { input = try RunInput.content(paths: files, standardInputIsTerminal: true) }
        }
        let setup = RunSetup(environment: environment, caller: .automation, warn: { Console.err($0 + "\n") })
        let library = setup.library
        guard let location = try library.find(automation.shortcut) else {
            let message = "Couldn't find shortcut \"\(automation.shortcut)\", which the automation \"\(automation.name)\" runs"
            LiveSystem.notify("Automation “\(automation.name)” didn't run", message, variables: environment)
            throw CommandFailure(message)
        }
        let identifier = try library.identifier(of: location)
        let program = try setup.compile(try library.workflow(at: location), name: location.name)
        do {
            let output = try setup.run(
                program, input: input, prompter: DesktopPrompter(fallback: NoInteraction(), variables: environment),
                running: RunningShortcut(
                    name: location.name, identifier: identifier,
                    fileHash: FileManager.default.contents(atPath: location.path).map(RunRecord.fileHash(of:))),
                trigger: "automation \(automation.name)")
            var data = try RunOutput.data(for: output, type: nil)
            if !data.isEmpty {
                if !output.isFile, data.last != 0x0A { data.append(0x0A) }
                Console.write(data, to: Console.output)
            }
            return 0
        } catch {
            LiveSystem.notify("Automation “\(automation.name)” failed", "\(error)", variables: environment)
            throw error
        }
    }

    /// Where the automations' locks are: `$XDG_RUNTIME_DIR/shortcuts/automations`, else a folder of
    /// this user's own in the temporary folder (`shortcuts-<uid>/automations`), which must be a
    /// real folder owned by this user and closed to others: the temporary folder is shared, so a
    /// folder or link someone else planted there is refused.
    static func lockFolder(environment: [String: String]) throws -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            let folder = runtime + "/shortcuts/automations"
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return folder
        }
        var base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        let own = base + "/shortcuts-\(getuid())"
        for folder in [own, own + "/automations"] {
            if mkdir(folder, 0o700) != 0, errno != EEXIST {
                throw CommandFailure("Couldn't create \(folder): \(String(cString: strerror(errno)))")
            }
            var status = stat()
            guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
                status.st_mode & 0o077 == 0
            else {
                throw CommandFailure(
                    "\(folder) is not a folder of yours closed to others (a link, or made by someone else), so no automation lock goes there; set XDG_RUNTIME_DIR, or remove it"
                )
            }
        }
        return own + "/automations"
    }

    /// Takes the automation's lock (`$XDG_RUNTIME_DIR/shortcuts/automations/<unit>.lock`): at
    /// once or not at all for `skip` (`nil` when another run holds it), waiting for `queue`.
    private static func lock(_ automation: Automation, environment: [String: String]) throws -> Int32? {
        let folder = try lockFolder(environment: environment)
        let path = folder + "/\(automation.unitName).lock"
        // A link planted at the lock's path is refused, never followed.
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw CommandFailure("Couldn't open \(path): it is a symbolic link, which is never followed; remove it") }
            throw CommandFailure("Couldn't open \(path): \(String(cString: strerror(errno)))")
        }
        let operation = automation.ifRunning == .skip ? LOCK_EX | LOCK_NB : LOCK_EX
        while flock(descriptor, operation) != 0 {
            if errno == EINTR { continue }
            close(descriptor)
            if errno == EWOULDBLOCK { return nil }
            throw CommandFailure("Couldn't lock \(path): \(String(cString: strerror(errno)))")
        }
        return descriptor
    }
}
