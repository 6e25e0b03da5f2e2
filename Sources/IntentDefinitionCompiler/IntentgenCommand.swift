import Foundation

/// The `intentgen` command: `intentgen <file.intentdefinition> --output <dir>`.
///
/// Writes `<dir>/<name>.swift`, prints warnings and notes to standard error, and returns the exit
/// status (0 on success, 1 when nothing was generated, 2 for a usage error).
public enum IntentgenCommand {
    public static let usage = "usage: intentgen <file.intentdefinition> --output <directory>\n"

    public static func run(arguments: [String]) -> Int32 {
        var input: String?
        var output: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--output", "-o": output = rest.popFirst()
            case "--help", "-h":
                write(usage, to: .standardOutput)
                return 0
            default:
                guard input == nil, !argument.hasPrefix("-") else {
                    write("intentgen: unexpected argument '\(argument)'\n" + usage, to: .standardError)
                    return 2
                }
                input = argument
            }
        }
        guard let input, let output else {
            write(usage, to: .standardError)
            return 2
        }
        do {
            let generated = try GeneratorPipeline.generate(fileAt: URL(fileURLWithPath: input))
            for diagnostic in generated.diagnostics { write("\(diagnostic)\n", to: .standardError) }
            let directory = URL(fileURLWithPath: output)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(generated.source.utf8).write(to: directory.appendingPathComponent(generated.fileName), options: .atomic)
            return 0
        } catch let error as IntentDefinitionError {
            write("\(error)\n", to: .standardError)
            return 1
        } catch {
            write("intentgen: can't write to \(output): \(error.localizedDescription)\n", to: .standardError)
            return 1
        }
    }

    private static func write(_ text: String, to handle: FileHandle) {
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
