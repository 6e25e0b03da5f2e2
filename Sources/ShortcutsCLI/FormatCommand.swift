import Foundation
import ShortcutsLanguage
import ShortcutsLibrary

/// `shortcuts format`: prints a shortcut text file in the canonical layout.
enum FormatCommand {
    static let spec = CommandSpec(
        name: "format", abstract: "Format a shortcut text file (.sct) in the canonical layout.",
        discussion: "Comments and blank lines are kept. The result is printed unless --in-place is given.",
        arguments: [ArgumentSpec("file", help: "The shortcut text file to format.")],
        options: [inPlace, Flag.follow])

    static let inPlace = Flag("in-place", short: "i", help: "Rewrite the file instead of printing the result.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let path = arguments.positionals[0]
        let source = try TextShortcuts.source(at: path)
        let formatted: String
        do {
            formatted = try ShortcutText.format(source, path: path)
        } catch {
            TextShortcuts.report(error.diagnostics)
            return 1
        }
        if arguments[inPlace] {
            if formatted != source {
                do {
                    try AtomicFile.write(Data(formatted.utf8), to: path, replacing: true, followingLinks: arguments[Flag.follow])
                } catch {
                    throw CommandFailure("Couldn't write \(path): \(error.message)")
                }
            }
        } else {
            Console.out(formatted)
        }
        return 0
    }
}
