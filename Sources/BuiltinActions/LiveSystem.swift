import ShortcutFormat
import ShortcutsEngine

/// The real system behind a run on this machine: clipboard, notifications, opening URLs.
public enum LiveSystem {
    /// An environment that uses this machine's clipboard, notifications and URL handler.
    public static func environment(
        prompter: any Prompter, allowsRunningScripts: Bool, findShortcut: @escaping @Sendable (String) -> Workflow?
    ) -> RunEnvironment {
        RunEnvironment(prompter: prompter, findShortcut: findShortcut, allowsRunningScripts: allowsRunningScripts)
    }
}
