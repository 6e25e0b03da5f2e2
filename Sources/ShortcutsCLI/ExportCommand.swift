import Foundation
import ShortcutFormat
import ShortcutsLibrary
import ShortcutsRun

/// `shortcuts export`: writes a library shortcut as an unsigned file, for other tools.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export", abstract: "Write a shortcut as an unsigned .shortcut file.",
        discussion: """
            Signed shortcuts are written unsigned (signing needs Apple's servers, which Linux can't reach). \
            The file is <name>.shortcut in the current folder unless -o is given; an existing file is kept \
            unless --replace is given.
            """,
        arguments: [ArgumentSpec("shortcut-name", help: "The name, identifier or file path of the shortcut to export.")],
        options: [
            OptionSpec("output", short: "o", value: "output", help: "Where to write the file (- is standard output)."),
            OptionSpec("xml", help: "Write an XML property list instead of a binary one."),
            OptionSpec("replace", help: "Replace an existing file."),
            .ignoreSignature, .follow,
        ])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let setup = RunSetup.commandLine(environment)
        let shortcut = try ShortcutResolver.resolve(
            arguments.positionals[0], setup: setup, ignoringSignature: arguments.flag("ignore-signature"))
        let data = ShortcutFile.write(shortcut.workflow, format: arguments.flag("xml") ? .xml : .binary)
        let output = arguments.value("output") ?? shortcut.name + ".shortcut"
        if output == "-" {
            _ = Console.write(data, to: Console.output)
            return 0
        }
        let replacing = arguments.flag("replace")
        if !replacing, (try? FileManager.default.attributesOfItem(atPath: output)) != nil {
            throw CommandFailure("\(output) already exists; use --replace to replace it, or -o to write elsewhere")
        }
        try AtomicFile.write(data, to: output, replacing: replacing, followingLinks: arguments.flag("follow"))
        Console.err("Exported \"\(shortcut.name)\" to \(output)\n")
        return 0
    }
}
