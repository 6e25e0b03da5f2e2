import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLanguage
import ShortcutsLibrary
import ShortcutsRun

/// `shortcuts list`: the shortcuts or folders in the library.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list", abstract: "List your shortcuts.",
        options: [folderName, folders, showIdentifiers])

    static let folderName = Option("folder-name", short: "f", value: "folder-name", help: "List only the shortcuts in this folder.")
    static let folders = Flag("folders", help: "List folders instead of shortcuts.")
    static let showIdentifiers = Flag("show-identifiers", help: "Show each shortcut's identifier: Name (UUID).")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let library = ShortcutLibrary(environment: environment)
        if arguments[folders] {
            for folder in library.folders() { Console.out(folder + "\n") }
            return 0
        }
        var entries = try library.entries()
        if let folder = arguments[folderName] {
            guard let match = library.folders().first(where: { $0.caseInsensitiveCompare(folder) == .orderedSame }) else {
                throw CommandFailure("Couldn't find folder \"\(folder)\"")
            }
            entries = entries.filter { $0.folder == match }
        }
        var text = ""
        for entry in entries {
            text += arguments[showIdentifiers] ? "\(entry.name) (\(entry.identifier))\n" : entry.name + "\n"
        }
        Console.out(text)
        return 0
    }
}

/// `shortcuts import`: adds shortcut files to the library: each file, link, or every shortcut in
/// a folder, in one call.
enum ImportCommand {
    static let spec = CommandSpec(
        name: "import", abstract: "Add shortcut files to your library.",
        discussion:
            "Each shortcut is named after its file unless --name is given (with one file only). A folder gives every shortcut file in it (.shortcut, .wflow, .workflow, .sct; not its subfolders). An existing shortcut with the same name is kept unless --replace is given. Set-up questions are asked on the terminal (or answered from --answers); without a terminal they keep their defaults. A file that can't be imported is reported and the others are still imported; the exit status is then 1.",
        arguments: [
            ArgumentSpec(
                "file", help: "The shortcut files, folders of them, or iCloud links (https://www.icloud.com/shortcuts/…) to import.",
                repeating: true)
        ],
        options: [name, folder, replace, allowUnverified, Flag.ignoreSignature, answers, noInteraction])

    static let name = Option("name", value: "name", help: "The name to give the shortcut (default: the file name); one file only.")
    static let folder = Option("folder", value: "folder", help: "The folder to put it in (created if needed).")
    static let replace = Flag("replace", help: "Replace a shortcut with the same name, keeping its identifier.")
    static let allowUnverified = Flag("allow-unverified", help: "Import a signed shortcut whose signer is not Apple or an Apple ID.")
    static let answers = Option("answers", value: "answers-file", help: "Answer the shortcut's set-up questions from a file, one per line.")
    static let noInteraction = Flag("no-interaction", help: "Never ask: set-up questions keep their default answers.")
    /// The extensions a folder's shortcut files have.
    static let shortcutExtensions: Set<String> = ["shortcut", "wflow", "workflow", "sct"]

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let sources = try arguments.positionals.flatMap(expand)
        if arguments[name] != nil, sources.count != 1 {
            throw UsageError("--name names one shortcut, and \(sources.count) files were given", command: spec.name)
        }
        let setup = RunSetup.commandLine(environment)
        let prompter = try RunCommand.makePrompter(
            answers: arguments[answers], noInteraction: arguments[noInteraction], environment: environment)
        // One file's error ends the command as before; with several, each is reported and the rest go on.
        guard sources.count > 1 else {
            try importOne(sources[0], arguments: arguments, setup: setup, prompter: prompter)
            return 0
        }
        var failed = 0
        for source in sources {
            do {
                try importOne(source, arguments: arguments, setup: setup, prompter: prompter)
            } catch let error as UsageError {
                throw error
            } catch {
                ShortcutsCommand.fail("\(source): \(ShortcutsCommand.message(of: error))")
                failed += 1
            }
        }
        if failed > 0 {
            Console.err("\(failed) of \(sources.count) files were not imported\n")
            return 1
        }
        return 0
    }

    /// A folder's shortcut files by name, or the argument itself (a file, a `.workflow` bundle, a link).
    static func expand(_ argument: String) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue,
            !FileManager.default.fileExists(atPath: (argument as NSString).appendingPathComponent("Contents/document.wflow"))
        else { return [argument] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: argument)
        } catch {
            throw CommandFailure("Couldn't read the folder \(argument): \(error.localizedDescription)")
        }
        let files = names.filter { name in
            !name.hasPrefix(".") && shortcutExtensions.contains((name as NSString).pathExtension.lowercased())
        }
        guard !files.isEmpty else {
            throw CommandFailure("The folder \(argument) holds no shortcut files (.shortcut, .wflow, .workflow, .sct)")
        }
        return files.sorted().map { (argument as NSString).appendingPathComponent($0) }
    }

    private static func importOne(
        _ source: String, arguments: ParsedArguments, setup: RunSetup, prompter: any Prompter
    ) throws {
        // The library checks a signed file's signature as it imports it.
        let ignoringSignature = arguments[Flag.ignoreSignature]
        let loaded = try ShortcutSource.load(
            source, setup: setup, ignoringSignature: ignoringSignature, checkingSignature: false, report: TextShortcuts.report)
        let allowsUnverified = arguments[allowUnverified]
        let entry = try setup.library.importShortcut(
            loaded.fileData, source: source, name: arguments[name] ?? loaded.name, folder: arguments[folder],
            replacing: arguments[replace], ignoringSignature: ignoringSignature,
            refusal: { signature in
                Console.out(signature.summary() + "\n")
                guard case .unknown = signature.signer, !allowsUnverified else { return nil }
                return refusalOfUnverified(source)
            },
            setUp: { workflow in try SetupQuestions.answer(workflow, label: source, prompter: prompter) })
        Console.out("Imported \"\(entry.name)\" (\(entry.identifier)) to \(entry.location.path)\n")
    }

    /// Asks on the terminal before importing a file signed by someone Apple doesn't vouch for;
    /// without a terminal, or when the answer is no, the message refusing it.
    static func refusalOfUnverified(_ source: String) -> String? {
        let refusal = "\(source) is signed by an unknown signer; use --allow-unverified to import it anyway"
        guard Console.isTerminal(0) || Console.isTerminal(Console.error), let terminal = TerminalPrompter() else { return refusal }
        let message = "Its certificates don't lead to Apple, so nobody vouches for who made it. Import it anyway?"
        return (try? terminal.confirm(title: "", message: message, allowsCancel: true)) == true ? nil : refusal
    }
}

/// `shortcuts settings`: shows or changes the library's settings.
enum SettingsCommand {
    static let spec = CommandSpec(
        name: "settings", abstract: "Show or change settings: Allow Running Scripts, and the folders shortcuts may use.",
        discussion: """
            A shortcut uses its input files, the files you pick while it runs and the Shortcuts folder \
            without asking. --allow gives one shortcut a folder for good (--read-only to let it only \
            read there); --revoke takes a folder back, or all of a shortcut's folders without --folder.
            """,
        options: [
            allowRunningScripts, disallowRunningScripts, allow, revoke, folder, readOnly, limit, waitToReturn, service, history,
            historyLimit, model, allowModel, revokeModel,
        ])

    static let allowRunningScripts = Flag("allow-running-scripts", help: "Let shortcuts run scripts (Run Shell Script…).")
    static let disallowRunningScripts = Flag("disallow-running-scripts", help: "Stop shortcuts from running scripts (the default).")
    static let allow = Option("allow", value: "shortcut", help: "Give this shortcut (name or identifier) the folder given with --folder.")
    static let revoke = Option("revoke", value: "shortcut", help: "Take back the --folder, or every folder, given to this shortcut.")
    static let folder = Option("folder", value: "path", help: "The folder for --allow or --revoke.")
    static let readOnly = Flag("read-only", help: "With --allow: the shortcut may read in the folder but not change it.")
    static let limit = RepeatableOption(
        "limit", value: "name=value",
        help: "Set a run limit: actions, seconds, valueBytes, listItems or runBytes (0 for none, default for the default).")
    static let waitToReturn = Option(
        "wait-to-return", value: "on|off",
        help: "Whether Wait to Return and Continue in Shortcuts App wait for Return on a terminal (off: continue at once).")
    static let service = RepeatableOption(
        "service", value: "name=value",
        help: "Point a web service at a base URL, or set its key (default for the default); see the list below.")
    static let model = RepeatableOption(
        "model", value: "name=url,…",
        help:
            "Name a language model server for Use Model and the Writing Tools: NAME=URL (its OpenAI-compatible base, like http://127.0.0.1:8080/v1), then ,model=ID ,key-env=VARIABLE ,key-file=PATH ,for=on-device|private-cloud|chatgpt; NAME=default removes it."
    )
    static let allowModel = RepeatableOption(
        "allow-model", value: "shortcut=endpoint",
        help: "Let a shortcut send prompts to a model endpoint that isn't on this machine (its name in --model, or its URL).")
    static let revokeModel = RepeatableOption(
        "revoke-model", value: "shortcut[=endpoint]", help: "Take back --allow-model: one endpoint, or every one without =endpoint.")
    static let history = Option("history", value: "on|off", help: "Whether runs are recorded in the run history (`shortcuts runs`).")
    static let historyLimit = RepeatableOption(
        "history-limit", value: "name=value",
        help: "How much history is kept: steps (per run, in full), runs (per shortcut), days, or previews=on|off.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let library = ShortcutLibrary(environment: environment)
        let allow = arguments[allowRunningScripts]
        let disallow = arguments[disallowRunningScripts]
        if allow && disallow {
            throw UsageError("Give either --allow-running-scripts or --disallow-running-scripts, not both", command: spec.name)
        }
        if allow || disallow {
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in settings.allowRunningScripts = allow }
        }
        let limits = try limitChanges(arguments[limit])
        if !limits.isEmpty {
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
                for (limit, value) in limits {
                    settings.limits[limit] = value ?? RunLimits.standard[limit]
                }
            }
        }
        if let value = arguments[waitToReturn] {
            guard let on = ["on": true, "off": false][value.lowercased()] else {
                throw UsageError("--wait-to-return \(value): give on or off", command: spec.name)
            }
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in settings.waitToReturn = on }
        }
        if let value = arguments[history] {
            guard let on = ["on": true, "off": false][value.lowercased()] else {
                throw UsageError("--history \(value): give on or off", command: spec.name)
            }
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in settings.history.enabled = on }
        }
        let historyChanges = try historyLimitChanges(arguments[historyLimit])
        if !historyChanges.isEmpty {
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
                for change in historyChanges { change(&settings.history) }
            }
        }
        let services = try serviceChanges(arguments[service])
        if !services.isEmpty {
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
                for (name, value) in services { settings.services[name] = value }
            }
        }
        let models = try arguments[model].map { (assignment: String) throws(UsageError) in
            do throws(ModelSettingError) {
                return try ModelEndpoints.parse(assignment)
            } catch {
                throw UsageError(error.message, command: spec.name)
            }
        }
        if !models.isEmpty {
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
                var endpoints = ModelEndpoints(settings.models)
                for (name, endpoint) in models { endpoints.set(name, to: endpoint) }
                settings.models = endpoints.endpoints
            }
        }
        for assignment in arguments[allowModel] {
            Console.out(try changeModelAccess(assignment, allowing: true, library: library, environment: environment) + "\n")
        }
        for assignment in arguments[revokeModel] {
            Console.out(try changeModelAccess(assignment, allowing: false, library: library, environment: environment) + "\n")
        }
        if let change = try FolderChange(arguments) {
            Console.out(try change.apply(to: library, home: UserFolders.homeFolder(in: environment)) + "\n")
        }
        let settings = try library.settings()
        var text = "Library: \(library.home)\n"
        text += "Allow Running Scripts: \(settings.allowRunningScripts ? "on" : "off")"
        if let override = RunSetup.scriptsOverride(in: environment) {
            text += " (SHORTCUTS_ALLOW_RUNNING_SCRIPTS turns it \(override ? "on" : "off") for now)"
        }
        text += "\nWait to Return: \(settings.waitToReturn ? "waits for Return on a terminal" : "continues at once")"
        if let override = RunEnvironment.waitToReturnOverride(in: environment) {
            text += " (SHORTCUTS_WAIT_TO_RETURN makes it \(override ? "wait" : "continue") for now)"
        }
        text += "\nRun history: " + historySummary(settings.history)
        if settings.history.isEnabled(in: environment) != settings.history.enabled {
            text += " (SHORTCUTS_HISTORY turns it \(settings.history.enabled ? "off" : "on") for now)"
        }
        text += "\nRun limits: \(settings.limits.summary)"
        let effective = settings.limits.overridden(by: environment)
        if effective != settings.limits { text += " (SHORTCUTS_MAX_… variables make them \(effective.summary) for now)" }
        text += "\nShortcuts folder (every shortcut may use it): \(UserFolders.shortcutsFolder(in: environment))\n"
        text += serviceListing(settings.services, environment: environment)
        text += modelListing(settings.models, environment: environment)
        text += modelAccessListing(settings.modelAccess, library: library)
        text += FolderChange.listing(settings.folderAccess, library: library, home: UserFolders.homeFolder(in: environment))
        Console.out(text)
        return 0
    }

    static func historySummary(_ history: HistorySettings) -> String {
        (history.enabled ? "on" : "off")
            + ", keeping \(history.traceSteps) steps of each run, the last \(history.keepRuns) runs of each shortcut for \(history.keepDays) days, previews \(history.previews ? "on" : "off")"
    }

    /// The `--history-limit name=value` changes, each to apply to the settings.
    static func historyLimitChanges(_ assignments: [String]) throws(UsageError) -> [(inout HistorySettings) -> Void] {
        try assignments.map { assignment throws(UsageError) in
            let parts = assignment.split(separator: "=", maxSplits: 1).map { $0.lowercased() }
            let usage = UsageError(
                "--history-limit \(assignment): give steps=N, runs=N, days=N (N above 0, or default) or previews=on|off",
                command: spec.name)
            guard parts.count == 2 else { throw usage }
            let standard = HistorySettings()
            if parts[0] == "previews" {
                guard let on = ["on": true, "off": false][parts[1]] else { throw usage }
                return { $0.previews = on }
            }
            let number = parts[1] == "default" ? nil : Int(parts[1])
            guard parts[1] == "default" || (number ?? 0) > 0 else { throw usage }
            switch parts[0] {
            case "steps": return { $0.traceSteps = number ?? standard.traceSteps }
            case "runs": return { $0.keepRuns = number ?? standard.keepRuns }
            case "days": return { $0.keepDays = number ?? standard.keepDays }
            default: throw usage
            }
        }
    }

    /// The `--service name=value` changes: each service with its value, or `nil` for its default.
    static func serviceChanges(_ assignments: [String]) throws(UsageError) -> [(String, String?)] {
        let names = ServiceSettings.services.map(\.name).joined(separator: ", ")
        return try assignments.map { assignment throws(UsageError) in
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let service = ServiceSettings.services.first(where: { $0.name == parts[0] }) else {
                throw UsageError("--service \(assignment): give name=value, where the name is one of \(names)", command: spec.name)
            }
            if parts[1] == "default" { return (service.name, nil) }
            if service.name == "location" {
                let parts = parts[1].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 2, (-90...90).contains(parts[0]), (-180...180).contains(parts[1]) else {
                    throw UsageError("--service \(assignment): location takes LATITUDE,LONGITUDE in degrees", command: spec.name)
                }
            } else if service.name == "smtp" {
                guard let url = URL(string: parts[1]), ["smtp", "smtps"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                    throw UsageError("--service \(assignment): smtp takes an smtps:// or smtp:// URL", command: spec.name)
                }
            } else if !service.defaultValue.isEmpty || service.name.hasSuffix("webhook") {
                guard let url = URL(string: parts[1]), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                    throw UsageError("--service \(assignment): \(service.name) takes an http or https URL", command: spec.name)
                }
            }
            return (service.name, parts[1])
        }
    }

    /// `--allow-model` / `--revoke-model SHORTCUT[=ENDPOINT]`: changes a shortcut's model grants; returns what was done.
    static func changeModelAccess(
        _ assignment: String, allowing: Bool, library: ShortcutLibrary, environment: [String: String]
    ) throws -> String {
        let option = allowing ? "--allow-model" : "--revoke-model"
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard let shortcut = parts.first, !shortcut.isEmpty, allowing ? parts.count == 2 : true else {
            throw UsageError("\(option) \(assignment): give SHORTCUT=ENDPOINT (the endpoint's name or URL)", command: spec.name)
        }
        guard let location = try library.find(shortcut) else {
            throw CommandFailure("Couldn't find shortcut \"\(shortcut)\" in the library; grants are given to imported shortcuts")
        }
        let identifier = try library.identifier(of: location)
        var url: String?
        if parts.count == 2 {
            let named = parts[1]
            let endpoints = try library.settings().models
            if let endpoint = endpoints.first(where: { $0.name == named }) {
                url = endpoint.url
            } else if let given = URL(string: named), ["http", "https"].contains(given.scheme?.lowercased() ?? ""), given.host != nil {
                url = named
            } else {
                let names = endpoints.map(\.name)
                throw UsageError(
                    "\(option) \(assignment): \(named) is neither a model endpoint's name (\(names.isEmpty ? "none is named" : names.joined(separator: ", "))) nor an http or https URL",
                    command: spec.name)
            }
        }
        if allowing, let url {
            let access = ModelAccess(identifier: identifier, name: location.name, url: url)
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
                if !settings.modelAccess.contains(access) { settings.modelAccess.append(access) }
            }
            return "“\(location.name)” may now send prompts to \(url)"
        }
        let removed = try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) -> Int in
            let before = settings.modelAccess.count
            settings.modelAccess.removeAll { $0.identifier == identifier && (url == nil || $0.url == url) }
            return before - settings.modelAccess.count
        }
        return removed == 0
            ? "“\(location.name)” had no such grant; nothing changed"
            : "“\(location.name)” may no longer send prompts to \(url ?? "the endpoints it was allowed")"
    }

    /// The shortcuts allowed to send prompts off this machine, one line each.
    static func modelAccessListing(_ grants: [ModelAccess], library: ShortcutLibrary) -> String {
        guard !grants.isEmpty else { return "Shortcuts allowed to send prompts off this machine: none\n" }
        let names = Dictionary(((try? library.entries()) ?? []).map { ($0.identifier, $0.name) }, uniquingKeysWith: { first, _ in first })
        var text = "Shortcuts allowed to send prompts off this machine:\n"
        for grant in grants.sorted(by: { ($0.name, $0.url) < ($1.name, $1.url) }) {
            text += "  \(names[grant.identifier] ?? "\(grant.name) (no longer in the library)"): \(grant.url)\n"
        }
        return text
    }

    /// The model endpoints, each with what it answers and where its key comes from (never the key).
    static func modelListing(_ endpoints: [ModelEndpoint], environment: [String: String]) -> String {
        var text = "Models (Use Model, Writing Tools):\n"
        if endpoints.isEmpty {
            let fallback = ModelEndpoints().endpoint(for: nil, variables: environment)
            let origin = fallback.name == "OPENAI_BASE_URL" ? "from OPENAI_BASE_URL" : "llama.cpp's local server"
            return text + "  none named: \(fallback.url) (\(origin)); name one with --model NAME=URL\n"
        }
        for (position, endpoint) in endpoints.enumerated() {
            var details = [endpoint.model.map { "model \($0)" } ?? "the server's first model"]
            if let variable = endpoint.keyVariable { details.append("key from $\(variable)") }
            if let file = endpoint.keyFile { details.append("key from \(file)") }
            let answers = endpoint.choices.isEmpty ? "" : ", for \(endpoint.choices.joined(separator: ", "))"
            text +=
                "  \(endpoint.name): \(endpoint.url) (\(details.joined(separator: ", "))\(answers))\(position == 0 ? " — the default" : "")\n"
        }
        return text
    }

    /// The services, each with its value (keys and webhooks shown only as set or not).
    static func serviceListing(_ stored: [String: String], environment: [String: String]) -> String {
        let effective = ServiceSettings(stored).overridden(by: environment)
        var text = "Web services:\n"
        for service in ServiceSettings.services {
            let value = effective[service.name] ?? ""
            let secret = service.defaultValue.isEmpty
            let shown = secret ? (value.isEmpty ? "not set" : "set") : value
            let origin = ServiceSettings(stored)[service.name] != value ? " (from the environment)" : ""
            text += "  \(service.name): \(shown)\(origin) — \(service.purpose)\n"
        }
        return text
    }

    /// The `--limit name=value` changes: each limit with its new value, or `nil` for its default.
    static func limitChanges(_ assignments: [String]) throws(UsageError) -> [(RunLimits.Limit, Double?)] {
        try assignments.map { (assignment: String) throws(UsageError) -> (RunLimits.Limit, Double?) in
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            let names = RunLimits.all.map(\.key).joined(separator: ", ")
            guard parts.count == 2, let limit = RunLimits.all.first(where: { $0.key == parts[0] }) else {
                throw UsageError("--limit \(assignment): give name=value, where the name is one of \(names)", command: spec.name)
            }
            if parts[1] == "default" { return (limit, nil) }
            guard let value = RunLimits.value(parts[1], for: limit) else {
                throw UsageError(
                    "--limit \(assignment): \(limit.key) takes a whole number (0 for no limit, or default)", command: spec.name)
            }
            return (limit, value)
        }
    }

    /// `--allow` or `--revoke` with `--folder`.
    struct FolderChange {
        var shortcut: String
        var folder: String?
        var revoking: Bool
        var readOnly: Bool

        init?(_ arguments: ParsedArguments) throws {
            let allow = arguments[SettingsCommand.allow]
            let revoke = arguments[SettingsCommand.revoke]
            let folder = arguments[SettingsCommand.folder]
            let readOnly = arguments[SettingsCommand.readOnly]
            guard allow != nil || revoke != nil else {
                if folder != nil || readOnly {
                    throw UsageError("--folder and --read-only go with --allow <shortcut> or --revoke <shortcut>", command: spec.name)
                }
                return nil
            }
            guard allow == nil || revoke == nil else { throw UsageError("Give either --allow or --revoke, not both", command: spec.name) }
            if allow != nil, folder == nil { throw UsageError("--allow needs the folder to give: --folder PATH", command: spec.name) }
            if revoke != nil, readOnly { throw UsageError("--read-only goes with --allow", command: spec.name) }
            shortcut = allow ?? revoke ?? ""
            self.folder = folder.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            revoking = revoke != nil
            self.readOnly = readOnly
        }

        /// Changes the settings; returns what was done.
        func apply(to library: ShortcutLibrary, home: String) throws -> String {
            guard let location = try library.find(shortcut) else {
                throw CommandFailure(
                    "Couldn't find shortcut \"\(shortcut)\" in the library; folders are given to imported shortcuts (a file runs with --allow-folder)"
                )
            }
            let identifier = try library.identifier(of: location)
            if revoking {
                // Grants are stored with links resolved; the path as typed is taken back too.
                let paths = folder.map { [$0, FileAccess.resolvingLinks($0)] }
                let removed = try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
                    guard let paths else { return settings.revoke(identifier: identifier) }
                    return Set(paths).reduce(0) { $0 + settings.revoke(identifier: identifier, path: $1) }
                }
                guard removed > 0 else {
                    return
                        "“\(location.name)” had no \(folder.map { "access to \(FileAccess.shown($0, home: home))" } ?? "folders"); nothing changed"
                }
                return
                    "“\(location.name)” may no longer use \(folder.map { FileAccess.shown($0, home: home) } ?? "the folders it was given")"
            }
            guard let folder else { return "" }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandFailure("There is no folder at \(folder)")
            }
            let path = FileAccess.resolvingLinks(folder)
            let grant = LibrarySettings.FolderAccess(identifier: identifier, name: location.name, path: path, readOnly: readOnly)
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in settings.allow(grant) }
            return "“\(location.name)” may now \(readOnly ? "read" : "read and write") in \(FileAccess.shown(path, home: home))"
        }

        /// The folders given to shortcuts, one line each, by shortcut name.
        static func listing(_ grants: [LibrarySettings.FolderAccess], library: ShortcutLibrary, home: String) -> String {
            guard !grants.isEmpty else { return "Folders given to shortcuts: none\n" }
            let names = Dictionary(
                ((try? library.entries()) ?? []).map { ($0.identifier, $0.name) }, uniquingKeysWith: { first, _ in first })
            var text = "Folders given to shortcuts:\n"
            for grant in grants.sorted(by: { ($0.name, $0.path) < ($1.name, $1.path) }) {
                let name = names[grant.identifier] ?? "\(grant.name) (no longer in the library)"
                text += "  \(name): \(FileAccess.shown(grant.path, home: home))\(grant.readOnly ? " (read only)" : "")\n"
            }
            return text
        }
    }
}

/// `shortcuts sign`: not possible on Linux, and says why.
enum SignCommand {
    static let spec = CommandSpec(
        name: "sign", abstract: "Sign a shortcut file (needs Apple's servers; not available on Linux).",
        options: [
            Option("mode", short: "m", value: "mode", help: "people-who-know-me or anyone."),
            Option("input", short: "i", value: "input", help: "The shortcut file to sign."),
            Option("output", short: "o", value: "output", help: "Where to write the signed file."),
        ])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        throw CommandFailure(
            """
            Signing shortcuts needs Apple's servers and an Apple Account, so `shortcuts sign` is not \
            available on Linux. Signed and unsigned .shortcut files run and import here as they are; \
            `shortcuts export` writes an unsigned copy, which you can sign on an iPhone or Mac with \
            `shortcuts sign` to share it.
            """)
    }
}
