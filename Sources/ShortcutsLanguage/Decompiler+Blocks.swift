import ShortcutFormat

extension Decompiler {
    /// A block statement for a well-formed block; menus leave out `items:` when it lists the
    /// cases' titles, and an Otherwise holding only another If becomes `} Otherwise If`.
    mutating func blockStatement(_ block: BlockTree.Block) -> BlockStatement {
        let start = workflow.actions[block.start]
        let entry = ControlFlow.entries[block.kind]!
        var parameters = start.parameters
        parameters["GroupingIdentifier"] = nil
        parameters["WFControlFlowMode"] = nil
        if block.kind == .menu {
            let titles = block.middles.compactMap { workflow.actions[$0].parameters["WFMenuItemTitle"] }
            if parameters["WFMenuItems"] == .array(titles) { parameters["WFMenuItems"] = nil }
        }
        var arguments = self.arguments(parameters, entry: entry)
        if !start.extra.isEmpty {
            arguments.append(Argument(label: "#extra", value: plistSyntax(.dictionary(start.extra)), position: Self.nowhere))
        }
        var statement = BlockStatement(
            kind: block.kind, binding: nil, arguments: arguments, body: statements(block.sections[0]), otherwise: nil,
            cases: [], position: Self.nowhere)
        switch block.kind {
        case .menu:
            let caseEntry = ControlFlow.caseEntry
            for (offset, middle) in block.middles.enumerated() {
                var caseParameters = workflow.actions[middle].parameters
                caseParameters["GroupingIdentifier"] = nil
                caseParameters["WFControlFlowMode"] = nil
                let caseArguments = self.arguments(caseParameters, entry: caseEntry)
                statement.cases.append(
                    MenuCase(arguments: caseArguments, body: statements(block.sections[offset + 1]), position: Self.nowhere))
            }
        case .ifBlock where !block.middles.isEmpty:
            let section = block.sections[1]
            if section.count == 1, case .block(let inner) = section[0], inner.kind == .ifBlock, bindingsByIndex[inner.end] == nil {
                statement.otherwise = .elseIf(blockStatement(inner))
            } else {
                statement.otherwise = .body(statements(section), position: Self.nowhere)
            }
        default: break
        }
        statement.binding = bind(block.end)
        return statement
    }
}
