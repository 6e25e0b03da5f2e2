import ShortcutFormat
import ShortcutsContent

extension ControlFlowBlock {
    /// The block as `shortcuts actions` and the app's action library list it: its start's
    /// identifier and title, what it does, its parameters. The engine runs the block itself.
    public var metadata: ActionMetadata {
        let parameters: [ParameterMetadata]
        let description: String
        switch self {
        case .conditional:
            parameters = [
                ParameterMetadata(key: "WFInput", title: "Input", type: .content),
                ParameterMetadata(key: "WFCondition", title: "Condition", type: .condition),
                ParameterMetadata(key: "WFConditionalActionString", title: "Text", type: .text),
            ]
            description = "Runs the actions inside only when a condition holds, and others otherwise."
        case .repeatCount:
            parameters = [ParameterMetadata(key: "WFRepeatCount", title: "Times", type: .number)]
            description = "Runs the actions inside a number of times."
        case .repeatEach:
            parameters = [ParameterMetadata(key: "WFInput", title: "Items", type: .content)]
            description = "Runs the actions inside once for each item of a list."
        case .menu:
            parameters = [ParameterMetadata(key: "WFMenuPrompt", title: "Prompt", type: .text)]
            description = "Shows a menu and runs the actions of the item chosen."
        }
        return ActionMetadata(
            identifier: identifier, title: title(.start), description: description, parameters: parameters, outputName: outputName,
            keywords: ["control flow", "block"], summary: summary)
    }
}
