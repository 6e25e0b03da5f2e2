import BuiltinActions
import LibraryActions
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLanguage

extension RunSetup {
    /// The engine's and the built-in actions' descriptions, by identifier.
    public static let builtinMetadata =
        Engine(sources: [Builtins.catalog]).sources.flatMap(\.allMetadata)
        + LibraryActions.allMetadata
        .sorted { $0.identifier < $1.identifier }

    /// The text language knowing the engine's and the built-in actions, made once per process.
    public static let builtinLanguage = ShortcutText(metadata: builtinMetadata)

    /// The text language knowing every action, the installed apps' too (this reads their manifests).
    public var language: ShortcutText {
        ShortcutText(metadata: engine.sources.flatMap(\.allMetadata))
    }

    /// Compiles shortcut text. The built-in names are tried first; the apps' manifests are read
    /// only when the text doesn't compile with those alone, or names an action they don't
    /// have (an app's action written by its identifier), so a `.sct` of built-in actions runs
    /// without reading them. A built-in action's name therefore keeps its meaning when an
    /// installed app has an action of the same name.
    public func compileText(_ source: String, path: String? = nil) -> (workflow: Workflow?, diagnostics: [Diagnostic]) {
        let builtin = Self.builtinLanguage.compile(source, path: path)
        if let workflow = builtin.workflow, Self.isBuiltIn(workflow) { return builtin }
        return language.compile(source, path: path)
    }

    /// The identifiers ``builtinMetadata`` describes, and the control-flow actions.
    static let builtinIdentifiers = Set(builtinMetadata.map(\.identifier)).union(ControlFlowBlock.identifiers)

    /// Whether no action of a workflow can be an installed app's: each is built in, or Shortcuts'
    /// own (`is.workflow.actions.…`, which no app provides).
    static func isBuiltIn(_ workflow: Workflow) -> Bool {
        workflow.actions.allSatisfy {
            builtinIdentifiers.contains($0.identifier) || $0.identifier.hasPrefix(WorkflowAction.builtinPrefix)
        }
    }

    /// The language to show a workflow as text: the built-in one unless it has an action that
    /// isn't built in.
    public func language(for workflow: Workflow) -> ShortcutText {
        Self.isBuiltIn(workflow) ? Self.builtinLanguage : language
    }
}
