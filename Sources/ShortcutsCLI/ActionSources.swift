import AppActions
import BuiltinActions
import ShortcutsEngine
import ShortcutsLibrary

/// Where the command's actions come from: the built-in actions and the installed apps' actions.
enum ActionSources {
    /// The installed apps' actions (manifests in `$SHORTCUTS_HOME/Apps` and system-wide); a
    /// manifest that is skipped is a warning on standard error.
    static func apps(environment: [String: String]) -> AppActionSource {
        AppActionSource(
            home: ShortcutLibrary.home(in: environment), environment: environment,
            warn: { Console.err("Warning: \($0)\n") })
    }

    /// An engine that runs built-in and app actions.
    static func engine(environment: [String: String]) -> Engine {
        Engine(sources: [Builtins.catalog, apps(environment: environment)])
    }
}
