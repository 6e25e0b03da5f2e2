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
        options: [output, xml, replace, Flag.ignoreSignature, Flag.follow])

    static let output = Option("output", short: "o", value: "output", help: "Where to write the file (- is standard output).")
    static let xml = Flag("xml", help: "Write an XML property list instead of a binary one.")
    static let replace = Flag("replace", help: "Replace an existing file.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let setup = RunSetup.commandLine(environment)
        let shortcut = try ShortcutResolver.resolve(
            arguments.positionals[0], setup: setup, ignoringSignature: arguments[Flag.ignoreSignature])
        let data = ShortcutFile.write(shortcut.workflow, format: arguments[xml] ? .xml : .binary)
        let output = arguments[output] ?? shortcut.name + ".shortcut"
        if output == "-" {
            _ = Console.write(data, to: Console.output)
            return 0
        }
        let replacing = arguments[replace]
        if !replacing, (try? FileManager.default.attributesOfItem(atPath: output)) != nil {
            throw CommandFailure("\(output) already exists; use --replace to replace it, or -o to write elsewhere")
        }
        try AtomicFile.write(data, to: output, replacing: replacing, followingLinks: arguments[Flag.follow])
        Console.err("Exported \"\(shortcut.name)\" to \(output)\n")
        return 0
    }
}
