import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine

/// The stand-in for an Automator action that has no Shortcuts counterpart (see
/// `AutomatorWorkflow`): it keeps the action's settings and fails when reached, naming it.
enum AutomatorActions {
    static let all: [ActionDefinition] = [unconverted]

    static let unconverted = ActionDefinition(
        metadata: ActionMetadata(
            identifier: AutomatorWorkflow.unconvertedIdentifier, title: "Automator Action",
            description: "An Automator action imported from a workflow, with no Shortcuts counterpart; it can't run.",
            parameters: [
                ParameterMetadata(key: "AutomatorActionName", title: "Automator Action", type: .text),
                ParameterMetadata(key: "AutomatorBundleIdentifier", title: "Bundle Identifier", type: .text),
            ],
            isAvailable: false)
    ) { parameters in
        let name = parameters.raw["AutomatorActionName"]?.stringValue ?? "?"
        let bundle = parameters.raw["AutomatorBundleIdentifier"]?.stringValue ?? "?"
        return { _, _ in
            throw ActionFailure(
                "the Automator action \"\(name)\" (\(bundle)) has no Shortcuts counterpart, so it can't run here; replace it with a shortcut action",
                code: .unsupportedAction)
        }
    }
}
