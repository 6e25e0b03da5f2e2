import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsLanguage
import ShortcutsLibrary
import ShortcutsRun

/// Shortcut text files (`.sct`) for the commands: the language with every action the CLI knows.
enum TextShortcuts {

    /// Reads a text file, or fails with `Couldn't read …`.
    static func source(at path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("Couldn't read \(path): no such file, or it is not readable")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Compiles a text file, printing its warnings; errors are printed and fail the command.
    static func workflow(at path: String, setup: RunSetup) throws -> Workflow {
        let result = setup.compileText(try source(at: path), path: path)
        report(result.diagnostics)
        guard let workflow = result.workflow else {
            let count = result.diagnostics.filter(\.isError).count
            throw CommandFailure("\(path) has \(count) error\(count == 1 ? "" : "s")")
        }
        return workflow
    }

    /// Prints diagnostics to standard error, one per line.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        Console.err(diagnostics.map { $0.description + "\n" }.joined())
    }
}

/// `shortcuts compile`: shortcut text → a `.shortcut` file.
enum CompileCommand {
    static let spec = CommandSpec(
        name: "compile", abstract: "Compile a shortcut text file (.sct) into a .shortcut file.",
        discussion:
            "Problems are printed as file:line:column: error: message. The output is next to the input with the .shortcut extension unless -o is given.",
        arguments: [ArgumentSpec("file", help: "The shortcut text file to compile.")],
        options: [output, xml, binary, Flag.follow])

    static let output = Option("output", short: "o", value: "output", help: "Where to write the .shortcut file (- is standard output).")
    static let xml = Flag("xml", help: "Write an XML property list.")
    static let binary = Flag("binary", help: "Write a binary property list (the default).")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        if arguments[xml] && arguments[binary] {
            throw UsageError("Give either --xml or --binary, not both", command: spec.name)
        }
        let input = arguments.positionals[0]
        let workflow = try TextShortcuts.workflow(at: input, setup: .commandLine(environment))
        let data = ShortcutFile.write(workflow, format: arguments[xml] ? .xml : .binary)
        // What is written must open again: a value nested as deep as text allows can still nest
        // deeper than a property list may once it is wrapped in the file's structure.
        do {
            _ = try ShortcutFile.read(data, path: input)
        } catch {
            let reason = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
            throw CommandFailure("\(input) compiles to a file that can't be read back (\(reason)); nothing was written")
        }
        let output = arguments[output] ?? ((input as NSString).deletingPathExtension + ".shortcut")
        if output == "-" {
            Console.write(data, to: Console.output)
        } else {
            do {
                try AtomicFile.write(data, to: output, replacing: true, followingLinks: arguments[Flag.follow])
            } catch {
                throw CommandFailure("Couldn't write \(output): \(error.message)")
            }
        }
        return 0
    }
}
