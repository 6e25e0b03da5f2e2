import Foundation
import LanguageModels
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRun

/// `shortcuts describe`: writes a shortcut from a sentence with the person's language model,
/// checks it with the text language's compiler (the model gets the errors back and tries again),
/// shows it, and saves it to the library once the person accepts it.
///
/// ```text
/// $ shortcuts describe "ask for my name and greet me" --yes
/// // Greet Me
/// name = AskForInput "What is your name?"
/// ShowResult "Hello, \(name)!"
/// Saved "Greet Me" (7F3C…) to /home/ada/.local/share/shortcuts/Greet Me.shortcut
/// ```
enum DescribeCommand {
    static let spec = CommandSpec(
        name: "describe", abstract: "Write a shortcut from a sentence with your language model, and save it.",
        discussion: """
            The model named in shortcuts settings --model (else OPENAI_BASE_URL, else llama.cpp's server on \
            127.0.0.1:8080) is given the text language's rules and the actions that exist here, and writes the \
            shortcut as text. What doesn't compile goes back to it with the compiler's errors, up to --attempts \
            times. The shortcut is shown, then saved to the library when you accept it (--yes accepts without \
            asking; without a terminal it is only shown). -o writes its text to a file instead.
            """,
        arguments: [ArgumentSpec("description", help: "What the shortcut should do, in a sentence.")],
        options: [name, yes, output, attempts, model, replace])

    static let name = Option("name", value: "name", help: "The name to save it under (default: the name the model gives it).")
    static let yes = Flag("yes", short: "y", help: "Save it without asking.")
    static let output = Option(
        "output", short: "o", value: "file.sct", help: "Write its text to a file instead of saving it to the library.")
    static let attempts = Option("attempts", value: "n", help: "How many answers to ask the model for at most (default 3).")
    static let model = Option(
        "model", value: "choice", help: "Which of your endpoints: on-device, private-cloud or chatgpt (default: the first).")
    static let replace = Flag("replace", help: "Replace a shortcut with the same name, keeping its identifier.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let description = arguments.positionals[0]
        var tries = 3
        if let given = arguments[attempts] {
            guard let number = Int(given), (1...10).contains(number) else {
                throw UsageError("--attempts \(given): give a whole number from 1 to 10", command: spec.name)
            }
            tries = number
        }
        var choice: ModelChoice?
        if let given = arguments[model] {
            guard let known = ModelChoice(rawValue: given) else {
                throw UsageError(
                    "--model \(given): give one of \(ModelChoice.allCases.map(\.rawValue).joined(separator: ", "))", command: spec.name)
            }
            choice = known
        }
        let setup = RunSetup.commandLine(environment)
        let answers = Console.isTerminal(2) ? AnswerEcho() : nil
        var partialAnswer: (@Sendable (String, String) -> Void)?
        if let answers { partialAnswer = { action, piece in answers.show(action, piece) } }
        let described: DescribedShortcut
        do {
            defer { answers?.finish() }
            described = try setup.describeShortcut(
                description, choice: choice, attempts: tries, cancellation: Interruption.install(), partialAnswer: partialAnswer)
        } catch let failure as DescriptionFailure {
            Console.err(failure.text.isEmpty ? "" : failure.text + "\n")
            throw CommandFailure("Nothing was saved: \(failure)")
        } catch let failure as ActionFailure {
            throw CommandFailure("Couldn't write the shortcut: \(failure.message)")
        }
        let shortcutName = arguments[name] ?? (described.name.isEmpty ? "Described Shortcut" : described.name)
        var text = described.text
        if !text.hasSuffix("\n") { text += "\n" }
        if let path = arguments[output] {
            do {
                try AtomicFile.write(Data(text.utf8), to: path, replacing: arguments[replace])
            } catch {
                throw CommandFailure("Couldn't write \(path): \(error.message)")
            }
            Console.err("Wrote “\(shortcutName)” to \(path) (\(attemptsText(described.attempts)))\n")
            return 0
        }
        let runsBySelf = described.when.map { " by itself \($0)" } ?? ""
        Console.out("// \(shortcutName)\n" + (described.when.map { "// Runs by itself \($0) (an automation)\n" } ?? "") + text)
        if !arguments[yes] {
            guard Console.isTerminal(0), let terminal = TerminalPrompter() else {
                Console.err("Not saved: there is no terminal to ask; --yes saves it without asking, -o writes it to a file\n")
                return 0
            }
            guard
                try terminal.confirm(
                    title: "", message: "Save “\(shortcutName)” to your library\(described.when == nil ? "" : " and run it\(runsBySelf)")?",
                    allowsCancel: true)
            else {
                Console.err("Not saved\n")
                return 0
            }
        }
        guard let workflow = setup.compileText(text, path: shortcutName + ".sct").workflow else {
            throw CommandFailure("The shortcut no longer compiles, so nothing was saved")
        }
        let entry = try setup.library.importShortcut(
            ShortcutFile.write(workflow, format: .binary), source: "shortcuts describe", name: shortcutName, replacing: arguments[replace])
        Console.out("Saved \"\(entry.name)\" (\(entry.identifier)) to \(entry.location.path) (\(attemptsText(described.attempts)))\n")
        if let when = described.when {
            return try addAutomation(named: entry.name, when: when, environment: environment)
        }
        return 0
    }

    /// Adds the automation that runs the described shortcut by itself, as `shortcuts automation
    /// add` does: `at 07:30` every day, `every 15m`, `at login`.
    static func addAutomation(named name: String, when: String, environment: [String: String]) throws -> Int32 {
        var arguments = ["add", name, "--shortcut", name]
        if when == "at login" {
            arguments.append("--at-login")
        } else if when.hasPrefix("at ") {
            arguments += ["--at", String(when.dropFirst(3))]
        } else if when.hasPrefix("every ") {
            arguments += ["--every", String(when.dropFirst(6))]
        } else {
            return 0
        }
        return try AutomationCommand.run(try ArgumentParser.parse(arguments, for: AutomationCommand.spec), environment: environment)
    }

    static func attemptsText(_ count: Int) -> String { count == 1 ? "the first answer compiled" : "it compiled on answer \(count)" }
}
