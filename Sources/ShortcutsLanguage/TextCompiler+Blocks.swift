import PropertyList
import ShortcutFormat

extension TextCompiler {
    /// Expands a block into its start action, its body, its middle actions (Otherwise, menu
    /// cases) and its End, all sharing one `GroupingIdentifier`.
    mutating func compile(_ block: BlockStatement) {
        let identifier = ControlFlow.identifier(block.kind)
        let group = ParameterValue.plain(.string(makeUUID()))
        func marker(_ mode: ControlFlowMode) -> WorkflowAction {
            WorkflowAction(
                identifier: identifier,
                parameters: ["GroupingIdentifier": group, "WFControlFlowMode": .plain(.integer(mode.rawValue))])
        }
        var start = marker(.start)
        let entry = ControlFlow.entries[block.kind]!
        for (key, value) in parameters(block.arguments, entry: entry, extra: &start.extra, what: block.kind.rawValue) {
            start.parameters[key] = value
        }
        let startIndex = actions.count
        actions.append(start)
        compile(block.body)

        switch block.kind {
        case .menu:
            let caseEntry = ControlFlow.caseEntry
            var titles: [ParameterValue] = []
            for menuCase in block.cases {
                var action = marker(.middle)
                for (key, value) in parameters(menuCase.arguments, entry: caseEntry, extra: &action.extra, what: "Case") {
                    action.parameters[key] = value
                }
                if let title = action.parameters["WFMenuItemTitle"] {
                    titles.append(title)
                } else {
                    log.error("a Case needs its title, such as Case \"Option\"", at: menuCase.position)
                }
                actions.append(action)
                compile(menuCase.body)
            }
            if actions[startIndex].parameters["WFMenuItems"] == nil {
                actions[startIndex].parameters["WFMenuItems"] = .array(titles)
            }
        case .ifBlock:
            switch block.otherwise {
            case .body(let body, _)?:
                actions.append(marker(.middle))
                compile(body)
            case .elseIf(let inner)?:
                actions.append(marker(.middle))
                compile(inner)
            case nil: break
            }
        case .repeatCount, .repeatEach: break
        }
        var end = marker(.end)
        bind(block.binding, to: &end, defaultName: ControlFlow.defaultOutputName(block.kind))
        actions.append(end)
    }
}
