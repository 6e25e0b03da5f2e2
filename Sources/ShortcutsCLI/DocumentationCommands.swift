import Foundation
import ShortcutsLibrary

/// `shortcuts completions <shell>`: prints the completion script for bash, zsh or fish.
///
/// ```text
/// $ shortcuts completions fish > ~/.config/fish/completions/shortcuts.fish
/// ```
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions", abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            Scripts/install puts them where the shells look. By hand: bash reads \
            ~/.local/share/bash-completion/completions/shortcuts, zsh a _shortcuts file in a folder on \
            $fpath, fish ~/.config/fish/completions/shortcuts.fish.
            """,
        arguments: [ArgumentSpec("shell", help: "bash, zsh or fish.")])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        guard let shell = ShellCompletions.Shell(rawValue: arguments.positionals[0]) else {
            throw UsageError("Unknown shell '\(arguments.positionals[0])'; give bash, zsh or fish", command: spec.name)
        }
        Console.out(ShellCompletions.script(for: shell, tool: ShortcutsCommand.tool, specs: ShortcutsCommand.specs))
        return 0
    }
}

/// `shortcuts manual --output <folder>`: writes the manual pages, `shortcuts.1` and one per
/// subcommand.
enum ManualCommand {
    static let spec = CommandSpec(
        name: "manual", abstract: "Write the manual pages (shortcuts.1 and one per subcommand) into a folder.",
        discussion: "Scripts/install puts them in <prefix>/share/man/man1, where `man shortcuts-run` finds them.",
        options: [output, replace])

    static let output = Option("output", short: "o", value: "folder", help: "The folder to write them in (created if needed).")
    static let replace = Flag("replace", help: "Replace pages already there.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        guard let folder = arguments[output] else {
            throw UsageError("Give the folder to write the pages in: --output <folder>", command: spec.name)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("Couldn't make \(folder): \(error.localizedDescription)")
        }
        for page in ManualPages.pages(tool: ShortcutsCommand.tool, abstract: ShortcutsCommand.abstract, specs: ShortcutsCommand.specs) {
            let path = (folder as NSString).appendingPathComponent(page.name)
            do {
                try AtomicFile.write(Data(page.text.utf8), to: path, replacing: arguments[replace])
            } catch {
                throw CommandFailure(
                    "Couldn't write \(path): \(error.message)\(arguments[replace] ? "" : " (--replace replaces it)")")
            }
            Console.out(path + "\n")
        }
        return 0
    }
}
