import Foundation
import ShortcutFormat
import ShortcutsLanguage
import ShortcutsLibrary
import ShortcutsRun

/// `shortcuts list`: the shortcuts or folders in the library.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list", abstract: "List your shortcuts.",
        options: [
            OptionSpec("folder-name", short: "f", value: "folder-name", help: "List only the shortcuts in this folder."),
            OptionSpec("folders", help: "List folders instead of shortcuts."),
            OptionSpec("show-identifiers", help: "Show each shortcut's identifier: Name (UUID)."),
        ])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let library = ShortcutLibrary(environment: environment)
        if arguments.flag("folders") {
            for folder in library.folders() { Console.out(folder + "\n") }
            return 0
        }
        var entries = try library.entries()
        if let folder = arguments.value("folder-name") {
            guard let match = library.folders().first(where: { $0.caseInsensitiveCompare(folder) == .orderedSame }) else {
                throw CommandFailure("Couldn't find folder \"\(folder)\"")
            }
            entries = entries.filter { $0.folder == match }
        }
        var text = ""
        for entry in entries {
            text += arguments.flag("show-identifiers") ? "\(entry.name) (\(entry.identifier))\n" : entry.name + "\n"
        }
        Console.out(text)
        return 0
    }
}

/// `shortcuts import`: adds a shortcut file to the library.
enum ImportCommand {
    static let spec = CommandSpec(
        name: "import", abstract: "Add a shortcut file to your library.",
        discussion:
            "The shortcut is named after the file unless --name is given. An existing shortcut with the same name is kept unless --replace is given. Its set-up questions are asked on the terminal (or answered from --answers); without a terminal they keep their defaults.",
        arguments: [ArgumentSpec("file", help: "The shortcut file (or iCloud link, https://www.icloud.com/shortcuts/…) to import.")],
        options: [
            OptionSpec("name", value: "name", help: "The name to give the shortcut (default: the file name)."),
            OptionSpec("folder", value: "folder", help: "The folder to put it in (created if needed)."),
            OptionSpec("replace", help: "Replace a shortcut with the same name, keeping its identifier."),
            OptionSpec("allow-unverified", help: "Import a signed shortcut whose signer is not Apple or an Apple ID."),
            .ignoreSignature,
            OptionSpec(
                "answers", value: "answers-file", help: "Answer the shortcut's set-up questions from a file, one per line."),
            OptionSpec("no-interaction", help: "Never ask: set-up questions keep their default answers."),
        ])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let setup = RunSetup.commandLine(environment)
        let library = setup.library
        let source = arguments.positionals[0]
        // The library checks a signed file's signature as it imports it.
        let ignoringSignature = arguments.flag("ignore-signature")
        let loaded = try ShortcutSource.load(
            source, setup: setup, ignoringSignature: ignoringSignature, checkingSignature: false)
        let allowsUnverified = arguments.flag("allow-unverified")
        let prompter = try RunCommand.makePrompter(arguments, environment: environment)
        let entry = try library.importShortcut(
            loaded.fileData, source: source, name: arguments.value("name") ?? loaded.name, folder: arguments.value("folder"),
            replacing: arguments.flag("replace"), ignoringSignature: ignoringSignature,
            refusal: { signature in
                Console.out(signature.summary() + "\n")
                guard case .unknown = signature.signer, !allowsUnverified else { return nil }
                return refusalOfUnverified(source)
            },
            setUp: { workflow in try SetupQuestions.answer(workflow, label: source, prompter: prompter) })
        Console.out("Imported \"\(entry.name)\" (\(entry.identifier)) to \(entry.location.path)\n")
        return 0
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
        name: "settings", abstract: "Show or change settings, such as Allow Running Scripts.",
        options: [
            OptionSpec("allow-running-scripts", help: "Let shortcuts run scripts (Run Shell Script…)."),
            OptionSpec("disallow-running-scripts", help: "Stop shortcuts from running scripts (the default)."),
        ])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let library = ShortcutLibrary(environment: environment)
        let allow = arguments.flag("allow-running-scripts")
        let disallow = arguments.flag("disallow-running-scripts")
        if allow && disallow {
            throw UsageError("Give either --allow-running-scripts or --disallow-running-scripts, not both", command: spec.name)
        }
        var settings = try library.settings()
        if allow || disallow {
            settings.allowRunningScripts = allow
            try library.save(settings)
        }
        var text = "Library: \(library.home)\n"
        text += "Allow Running Scripts: \(settings.allowRunningScripts ? "on" : "off")"
        if let override = RunSetup.scriptsOverride(in: environment) {
            text += " (SHORTCUTS_ALLOW_RUNNING_SCRIPTS turns it \(override ? "on" : "off") for now)"
        }
        Console.out(text + "\n")
        return 0
    }
}

/// `shortcuts sign`: not possible on Linux, and says why.
enum SignCommand {
    static let spec = CommandSpec(
        name: "sign", abstract: "Sign a shortcut file (needs Apple's servers; not available on Linux).",
        options: [
            OptionSpec("mode", short: "m", value: "mode", help: "people-who-know-me or anyone."),
            OptionSpec("input", short: "i", value: "input", help: "The shortcut file to sign."),
            OptionSpec("output", short: "o", value: "output", help: "Where to write the signed file."),
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
