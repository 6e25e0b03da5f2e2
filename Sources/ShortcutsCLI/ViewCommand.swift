import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRun

/// `shortcuts view`: prints a readable listing of a shortcut's actions.
enum ViewCommand {
    static let spec = CommandSpec(
        name: "view", abstract: "Show a shortcut's actions and their parameters.",
        discussion: "A signed shortcut shows who signed it and whether its signature matches.",
        arguments: [ArgumentSpec("shortcut-name", help: "The name, identifier or file path of the shortcut to view.")],
        options: [Flag.ignoreSignature])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let setup = RunSetup.commandLine(environment)
        let shortcut = try ShortcutResolver.resolve(
            arguments.positionals[0], setup: setup, ignoringSignature: arguments[Flag.ignoreSignature],
            checkingLibrarySignature: true)
        let viewer = ShortcutViewer(engine: setup.engine)
        Console.out(viewer.render(shortcut.workflow, name: shortcut.name, signature: shortcut.signature))
        if let identifier = shortcut.identifier {
            Console.out(privacy(of: identifier, setup: setup, environment: environment))
        }
        return 0
    }

    /// The folders a library shortcut may use, as its Privacy settings on Apple's systems show them.
    static func privacy(of identifier: String, setup: RunSetup, environment: [String: String]) -> String {
        let home = UserFolders.homeFolder(in: environment)
        var text =
            "\nFolders it may use: its input, files you pick, \(FileAccess.shown(UserFolders.shortcutsFolder(in: environment), home: home))"
        let grants = (try? setup.library.settings().folderAccess(for: identifier)) ?? []
        for grant in grants.sorted(by: { $0.path < $1.path }) {
            text += ", \(FileAccess.shown(grant.path, home: home))\(grant.readOnly ? " (read only)" : "")"
        }
        return text + "\n"
    }
}
