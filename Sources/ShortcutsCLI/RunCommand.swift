import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsPlatform
import ShortcutsRun

/// `shortcuts run`: runs a shortcut from the library or a file, with input and output.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run", abstract: "Run a shortcut.",
        discussion: """
            The shortcut is a name or identifier from your library, or the path of a .shortcut file, \
            which runs without being imported. Text piped to standard input is the input when no \
            --input-path is given. Questions are asked on the terminal; --answers answers them from a \
            file instead, and --no-interaction (or no terminal) makes a question an error.

            A shortcut reads and writes, without asking, only its input files, the files you pick \
            while it runs and the Shortcuts folder (~/Documents/Shortcuts). Any other folder is asked \
            about the first time (once, always, or no), granted for good with `shortcuts settings \
            --allow NAME --folder PATH`, or for one run with --allow-folder.
            """,
        arguments: [ArgumentSpec("shortcut-name-or-identifier", help: "The name, identifier or file path of the shortcut to run.")],
        options: [
            inputPath, outputPath, outputType, noInteraction, answers, allowFolder, allowReading, Flag.ignoreSignature, Flag.follow,
        ])

    static let inputPath = RepeatableOption(
        "input-path", short: "i", value: "input-path", help: "A file to give the shortcut as input (repeatable; - reads standard input).")
    static let outputPath = Option(
        "output-path", short: "o", value: "output-path",
        help: "Where to write the output; an existing file is replaced (- is standard output).")
    static let outputType = Option(
        "output-type", value: "output-type", help: "The type to output, as a uniform type identifier (public.plain-text, public.json…).")
    static let noInteraction = Flag("no-interaction", help: "Never ask questions: a shortcut that needs an answer fails.")
    static let answers = Option(
        "answers", value: "answers-file", help: "Answer the shortcut's questions from a file, one per line (or SHORTCUTS_ANSWERS).")
    static let allowFolder = RepeatableOption(
        "allow-folder", value: "folder", help: "Let the shortcut read and write in this folder for this run, without asking (repeatable).")
    static let allowReading = RepeatableOption(
        "allow-reading", value: "folder", help: "Let the shortcut read in this folder for this run (repeatable).")

    /// The folders `--allow-folder` and `--allow-reading` grant, which must exist.
    static func folderGrants(_ arguments: ParsedArguments) throws -> [FolderGrant] {
        var grants: [FolderGrant] = []
        for (option, readOnly) in [(allowFolder, false), (allowReading, true)] {
            for path in arguments[option] {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                    throw UsageError("--\(option.spec.long) \(path): there is no folder there", command: spec.name)
                }
                grants.append(FolderGrant(path: URL(fileURLWithPath: path).standardizedFileURL.path, readOnly: readOnly))
            }
        }
        return grants
    }

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        if let type = arguments[outputType] { try RunOutput.check(type: type, command: spec.name) }
        var setup = RunSetup.commandLine(environment)
        setup.folderGrants = try folderGrants(arguments)
        var shortcut = try ShortcutResolver.resolve(
            arguments.positionals[0], setup: setup, ignoringSignature: arguments[Flag.ignoreSignature])

        let input = try RunInput.content(
            paths: arguments[inputPath], standardInputIsTerminal: Console.isTerminal(0))
        let prompter = try makePrompter(answers: arguments[answers], noInteraction: arguments[noInteraction], environment: environment)
        // A file run without importing it is set up first, from the same answers.
        if !shortcut.isInLibrary, let answered = try SetupQuestions.answer(shortcut.workflow, label: shortcut.label, prompter: prompter) {
            shortcut.workflow = answered
        }
        let program = try setup.compile(shortcut.workflow, name: shortcut.label)
        // A model's answer streams to a terminal's standard error as it comes.
        let answers = Console.isTerminal(2) ? AnswerEcho() : nil
        var partialAnswer: (@Sendable (String, String) -> Void)?
        if let answers { partialAnswer = { action, piece in answers.show(action, piece) } }
        defer { answers?.finish() }
        let output = try setup.run(
            program, input: input, prompter: prompter, running: shortcut.running,
            asksForAccess: !(prompter is NoInteraction || prompter is DesktopPrompter),
            cancellation: Interruption.install(), partialAnswer: partialAnswer)
        answers?.finish()

        let destination = arguments[outputPath].flatMap { $0 == "-" ? nil : $0 }
        let type = arguments[outputType] ?? destination.flatMap(RunOutput.type(forDestination:))
        var data = try RunOutput.data(for: output, type: type)
        if let destination {
            do {
                try AtomicFile.write(data, to: destination, replacing: true, followingLinks: arguments[Flag.follow])
            } catch {
                throw CommandFailure("Couldn't write the output to \(destination): \(error.message)")
            }
        } else if !data.isEmpty {
            if !output.isFile, data.last != 0x0A { data.append(0x0A) }
            Console.write(data, to: Console.output)
        }
        return 0
    }

    /// Scripted answers, the terminal, the desktop's notifications for alerts, or no interaction
    /// at all, in that order of preference.
    static func makePrompter(answers: String?, noInteraction: Bool, environment: [String: String]) throws -> any Prompter {
        if let path = answers ?? environment["SHORTCUTS_ANSWERS"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return try ScriptedPrompter(contentsOf: path)
        }
        // With nothing to ask on, an alert that asks nothing is said on standard error.
        let silent = NoInteraction(tell: { Console.err($0 + "\n") })
        if noInteraction { return silent }
        if Console.isTerminal(0) || Console.isTerminal(Console.error), let terminal = TerminalPrompter() {
            return terminal
        }
        // Started with no terminal (a launcher, a keyboard shortcut): alerts go to the desktop.
        return DesktopPrompter(fallback: silent, variables: environment)
    }
}
