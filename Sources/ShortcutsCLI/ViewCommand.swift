import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRun

/// `shortcuts view`: prints a readable listing of a shortcut's actions.
enum ViewCommand {
    static let spec = CommandSpec(
        name: "view", abstract: "Show a shortcut's actions and their parameters.",
        discussion: "A signed shortcut shows who signed it and whether its signature matches.",
        arguments: [ArgumentSpec("shortcut-name", help: "The name, identifier or file path of the shortcut to view.")],
        options: [.ignoreSignature])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let setup = RunSetup.commandLine(environment)
        let shortcut = try ShortcutResolver.resolve(
            arguments.positionals[0], setup: setup, ignoringSignature: arguments.flag("ignore-signature"),
            checkingLibrarySignature: true)
        let viewer = ShortcutViewer(engine: setup.engine)
        Console.out(viewer.render(shortcut.workflow, name: shortcut.name, signature: shortcut.signature))
        return 0
    }
}
