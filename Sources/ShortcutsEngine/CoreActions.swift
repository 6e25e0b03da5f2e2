import ShortcutFormat
import ShortcutsContent

/// The actions that work on the run itself: variables, Stop, Nothing, Comment and Run Shortcut.
/// Control flow (If, Repeat, Choose from Menu) is compiled into jumps and has no definition here.
enum CoreActions {
    static let catalog = ActionCatalog([
        comment, setVariable, appendVariable, getVariable, nothing, stop, stopAndOutput, runShortcut,
    ])

    static let comment = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.comment", title: "Comment",
            description: "A note in the shortcut; it does nothing and passes its input on.",
            parameters: [ParameterMetadata(key: "WFCommentActionText", title: "Text", type: .text)],
            summary: "${WFCommentActionText}"),
        passesInputThrough: true
    ) { _ in { input, _ in input } }

    static let setVariable = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setvariable", title: "Set Variable",
            description: "Sets a named variable to the input.",
            parameters: [
                ParameterMetadata(key: "WFVariableName", title: "Variable", type: .variableName, isRequired: true),
                ParameterMetadata(key: "WFInput", title: "Input", type: .content),
            ],
            inputParameter: "WFInput", isReadOnly: true,
            summary: "Set variable ${WFVariableName} to ${WFInput}"),
        passesInputThrough: true
    ) { parameters in
        let slot = try variableSlot(parameters)
        return { input, run in
            try run.setVariable(slot: slot, to: input)
            return input
        }
    }

    static let appendVariable = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.appendvariable", title: "Add to Variable",
            description: "Adds the input to the end of a named variable's list.",
            parameters: [
                ParameterMetadata(key: "WFVariableName", title: "Variable", type: .variableName, isRequired: true),
                ParameterMetadata(key: "WFInput", title: "Input", type: .content),
            ],
            inputParameter: "WFInput",
            summary: "Add ${WFInput} to ${WFVariableName}"),
        passesInputThrough: true
    ) { parameters in
        let slot = try variableSlot(parameters)
        return { input, run in
            try run.setVariable(slot: slot, to: .list(run.variable(slot: slot).items + input.items))
            return input
        }
    }

    static let getVariable = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getvariable", title: "Get Variable",
            description: "Outputs the value of a variable.",
            parameters: [ParameterMetadata(key: "WFVariable", title: "Variable", type: .content, isRequired: true)],
            outputType: "Content",
            summary: "Get ${WFVariable}")
    ) { parameters in
        let variable = parameters["WFVariable"]
        return { _, run in try run.content(variable) }
    }

    static let nothing = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.nothing", title: "Nothing",
            description: "Outputs nothing, so the next action gets no input.")
    ) { _ in { _, _ in .nothing } }

    static let stop = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.exit", title: "Stop This Shortcut",
            description: "Stops the shortcut; it outputs nothing.")
    ) { _ in
        { _, run in
            run.stop(output: .nothing)
            return .nothing
        }
    }

    static let stopAndOutput = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.output", title: "Stop and Output",
            description: "Stops the shortcut and outputs the given content.",
            parameters: [
                ParameterMetadata(key: "WFOutput", title: "Output", type: .content),
                ParameterMetadata(
                    key: "WFNoOutputSurfaceBehavior", title: "If There's Nowhere to Output", type: .enumeration,
                    options: ["Do Nothing", "Copy to Clipboard", "Respond", "Show Notification"]),
            ],
            inputParameter: "WFOutput", outputType: "Content",
            summary: "Stop and output ${WFOutput}")
    ) { _ in
        { input, run in
            run.stop(output: input)
            return input
        }
    }

    static let runShortcut = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.runworkflow", title: "Run Shortcut",
            description: "Runs another shortcut from the library with the input and outputs its result.",
            parameters: [
                ParameterMetadata(key: "WFWorkflow", title: "Shortcut", type: .shortcut, isRequired: true),
                ParameterMetadata(key: "WFWorkflowName", title: "Shortcut Name", type: .text),
                ParameterMetadata(key: "WFInput", title: "Input", type: .content),
                ParameterMetadata(key: "WFShowWorkflow", title: "Show While Running", type: .boolean),
            ],
            inputParameter: "WFInput", outputType: "Content", isReadOnly: false)
    ) { parameters in
        let byName = parameters["WFWorkflowName"]
        let reference = parameters.raw["WFWorkflow"]
        return { input, run in
            var name: String?
            if case .record(let fields)? = reference {
                name = fields["workflowName"]?.stringValue ?? fields["workflowIdentifier"]?.stringValue
                if fields["isSelf"]?.boolValue == true, name == nil { name = run.shortcutName }
            } else if let reference {
                name = try run.text(ParameterExpression.constant(.text(Compiler.plainText(reference) ?? "")))
            }
            if name == nil || name == "" { name = try run.text(byName) }
            guard let name, !name.isEmpty else {
                throw ActionFailure("no shortcut is chosen", parameter: "WFWorkflow")
            }
            return try run.runShortcut(named: name, input: input)
        }
    }

    private static func variableSlot(_ parameters: CompiledParameters) throws -> Int {
        guard let name = parameters["WFVariableName"].constantText, let slot = parameters.variableSlot(named: name) else {
            throw ActionFailure("the variable has no name", parameter: "WFVariableName")
        }
        return slot
    }
}
