import ShortcutFormat

/// The nesting of a workflow's actions: which control-flow actions form well-formed blocks.
///
/// Starts, middles and ends match by identifier and `GroupingIdentifier` and must nest. Any
/// control-flow action that doesn't fit (no matching start, a block never closed, extra keys on
/// an End, two Otherwise actions) stays a plain action in place, so the order of actions, and
/// therefore the compiled workflow, is always the same.
struct BlockTree {
    indirect enum Node {
        case action(Int)
        case block(Block)
    }

    struct Block {
        var kind: BlockStatement.Kind
        var start: Int
        var middles: [Int] = []
        var end: Int = -1
        /// The body before the first middle, then the body after each middle.
        var sections: [[Node]] = [[]]
    }

    private(set) var nodes: [Node] = []

    init(_ actions: [WorkflowAction]) {
        var stack: [(block: Block, group: String)] = []
        func append(_ node: Node) {
            if stack.isEmpty {
                nodes.append(node)
            } else {
                stack[stack.count - 1].block.sections[stack[stack.count - 1].block.sections.count - 1].append(node)
            }
        }
        func flatten(_ block: Block) {
            append(.action(block.start))
            for (offset, section) in block.sections.enumerated() {
                if offset > 0 { append(.action(block.middles[offset - 1])) }
                for node in section { append(node) }
            }
            if block.end >= 0 { append(.action(block.end)) }
        }
        for (index, action) in actions.enumerated() {
            guard let kind = ControlFlow.kind(of: action.identifier),
                case .plain(.string(let group))? = action.parameters["GroupingIdentifier"],
                case .plain(.integer(let mode))? = action.parameters["WFControlFlowMode"]
            else {
                append(.action(index))
                continue
            }
            let matchesTop = stack.last.map { $0.group == group && $0.block.kind == kind } ?? false
            switch mode {
            case 0 where action.extra.isEmpty:
                stack.append((Block(kind: kind, start: index), group))
            case 1 where matchesTop && Self.isPlainMiddle(action, kind: kind):
                stack[stack.count - 1].block.middles.append(index)
                stack[stack.count - 1].block.sections.append([])
            case 2 where matchesTop:
                var block = stack.removeLast().block
                block.end = index
                if Self.isPlainEnd(action), Self.isWellFormed(block, start: actions[block.start]) {
                    append(.block(block))
                } else {
                    flatten(block)
                }
            default:
                append(.action(index))
            }
        }
        while let open = stack.popLast() { flatten(open.block) }
    }

    private static func isPlainMiddle(_ action: WorkflowAction, kind: BlockStatement.Kind) -> Bool {
        guard action.extra.isEmpty else { return false }
        if kind == .menu { return action.parameters["WFMenuItemTitle"] != nil }
        return action.parameters.keys.allSatisfy { ["GroupingIdentifier", "WFControlFlowMode"].contains($0) }
    }

    private static func isPlainEnd(_ action: WorkflowAction) -> Bool {
        guard action.extra.isEmpty else { return false }
        if let uuid = action.parameters["UUID"], uuid.stringValue == nil { return false }
        return action.parameters.keys.allSatisfy { ["GroupingIdentifier", "WFControlFlowMode", "UUID"].contains($0) }
    }

    private static func isWellFormed(_ block: Block, start: WorkflowAction) -> Bool {
        switch block.kind {
        case .ifBlock: return block.middles.count <= 1
        case .repeatCount, .repeatEach: return block.middles.isEmpty
        // A menu's items are filled in from its cases when left out, so a menu without them can't be a block.
        case .menu: return block.middles.isEmpty || start.parameters["WFMenuItems"] != nil
        }
    }
}
