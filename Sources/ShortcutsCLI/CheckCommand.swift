import ShortcutsLanguage
import ShortcutsRun

/// `shortcuts check`: reports a shortcut text file's problems without writing anything.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check", abstract: "Check a shortcut text file (.sct) and print its problems.",
        discussion: "Exits with 1 when there is an error; warnings (such as actions no catalog here knows) don't fail the check.",
        arguments: [ArgumentSpec("file", help: "The shortcut text file to check.")])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let path = arguments.positionals[0]
        let diagnostics = RunSetup.commandLine(environment).compileText(try TextShortcuts.source(at: path), path: path).diagnostics
        TextShortcuts.report(diagnostics)
        return diagnostics.contains(where: \.isError) ? 1 : 0
    }
}
