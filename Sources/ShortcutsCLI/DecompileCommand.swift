import Foundation
import ShortcutFormat
import ShortcutsLanguage

/// `shortcuts decompile`: a `.shortcut` file → shortcut text that compiles back to it.
enum DecompileCommand {
    static let spec = CommandSpec(
        name: "decompile", abstract: "Turn a .shortcut file into shortcut text (.sct).",
        discussion: "The text compiles back to the same shortcut (its UUIDs renamed). It is printed unless -o is given.",
        arguments: [ArgumentSpec("file", help: "The shortcut file (signed or not), Automator workflow or iCloud link to decompile.")],
        options: [
            OptionSpec("output", short: "o", value: "output", help: "Where to write the text (- is standard output)."), .ignoreSignature,
        ])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let input = arguments.positionals[0]
        let workflow = try ShortcutSource.load(input, environment: environment, ignoringSignature: arguments.flag("ignore-signature"))
            .workflow
        let text = TextShortcuts.language(environment: environment).decompile(workflow)
        if let output = arguments.value("output"), output != "-" {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                throw CommandFailure("Couldn't write \(output)")
            }
        } else {
            Console.out(text)
        }
        return 0
    }
}
