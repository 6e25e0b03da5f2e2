import ActionSupport
import ShortcutsContent
import ShortcutsEngine

/// `operation` of the Set actions since iOS 16: turn the setting to `OnValue`, or toggle it.
enum SwitchOperation: String, ParameterOption {
    case turn, toggle
}

/// The parameters a Set Wi-Fi–style action takes: `OnValue` and `operation`.
struct SwitchParameters: Sendable {
    static func metadata(_ title: String) -> [ParameterMetadata] {
        [
            .option("operation", title: "Operation", default: SwitchOperation.turn),
            ParameterMetadata(key: "OnValue", title: title, type: .boolean, defaultValue: "true"),
        ]
    }

    let operation: OptionParameter<SwitchOperation>
    let value: ParameterExpression

    init(_ parameters: CompiledParameters) {
        operation = OptionParameter(parameters, "operation", default: .turn)
        value = parameters["OnValue"]
    }

    /// A Set action over one on/off setting: `current` reads it (only to toggle), `set` changes it.
    static func action(
        _ identifier: String, _ title: String, label: String, description: String, keywords: [String], service: RequiredService?,
        current: @escaping @Sendable (RunContext) throws -> Bool, set: @escaping @Sendable (Bool, RunContext) throws -> Void
    ) -> ActionDefinition {
        var described = ActionMetadata(
            identifier: identifier, title: title, description: description, parameters: metadata(label), isReadOnly: false,
            keywords: keywords)
        described.service = service
        return ActionDefinition(metadata: described, passesInputThrough: true) { parameters in
            let switchValue = SwitchParameters(parameters)
            return { input, run in
                try set(try switchValue.wanted(in: run) { try current(run) }, run)
                return input
            }
        }
    }

    /// The state to set, given the current one (read only when toggling).
    func wanted(in run: RunContext, current: () throws -> Bool) throws -> Bool {
        switch try operation.value(in: run) {
        case .toggle: return !(try current())
        case .turn: return try run.bool(value) ?? true
        }
    }
}
