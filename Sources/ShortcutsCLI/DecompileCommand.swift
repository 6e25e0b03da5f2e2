import Foundation
import ShortcutFormat
import ShortcutsLanguage
import ShortcutsLibrary
import ShortcutsRun

/// `shortcuts decompile`: a `.shortcut` file → shortcut text that compiles back to it.
enum DecompileCommand {
    static let spec = CommandSpec(
        name: "decompile", abstract: "Turn a .shortcut file into shortcut text (.sct).",
        discussion: "The text compiles back to the same shortcut (its UUIDs renamed). It is printed unless -o is given.",
        arguments: [ArgumentSpec("file", help: "The shortcut file (signed or not), Automator workflow or iCloud link to decompile.")],
        options: [output, Flag.ignoreSignature, Flag.follow])

    static let output = Option("output", short: "o", value: "output", help: "Where to write the text (- is standard output).")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let input = arguments.positionals[0]
        let setup = RunSetup.commandLine(environment)
        let workflow = try ShortcutSource.load(
            input, setup: setup, ignoringSignature: arguments[Flag.ignoreSignature], report: TextShortcuts.report
        )
        .workflow
        let text = setup.language(for: workflow).decompile(workflow)
        if let output = arguments[output], output != "-" {
            do {
                try AtomicFile.write(Data(text.utf8), to: output, replacing: true, followingLinks: arguments[Flag.follow])
            } catch {
                throw CommandFailure("Couldn't write \(output): \(error.message)")
            }
        } else {
            Console.out(text)
        }
        return 0
    }
}
