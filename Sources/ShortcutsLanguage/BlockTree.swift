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
        // Only plain members take part: a start without extra keys, middles and ends with only
        // their block keys, all with a text group and an integer mode, so the text can say all
        // there is of them; anything else stays an action written as it is.
        let matched = BlockMatcher.match(actions) { action, kind, mode in
            guard case .plain(.string)? = action.parameters["GroupingIdentifier"],
                case .plain(.integer)? = action.parameters["WFControlFlowMode"], action.extra.isEmpty
            else { return false }
            switch mode {
            case .start: return true
            case .middle: return Self.isPlainMiddle(action, kind: BlockStatement.Kind(kind))
            case .end: return Self.isPlainEnd(action)
            }
        }
        let problems = Set(matched.problems.map(\.action))
        // How many actions share each identifier and group: a block whose group other actions
        // share too (an Otherwise that isn't plain, left out of the match) is written as its
        // actions, since the text of a block gives its members a new group of their own.
        var sharing: [String: Int] = [:]
        for action in actions {
            if case .plain(.string(let group))? = action.parameters["GroupingIdentifier"] {
                sharing[action.identifier + "\u{0}" + group, default: 0] += 1
            }
        }
        // Blocks that can be written as blocks: closed, well formed, none of their actions at fault.
        var members: [Int: (block: Block, mode: ControlFlowMode)] = [:]
        for match in matched.blocks {
            guard let end = match.end, !problems.contains(end) else { continue }
            if case .plain(.string(let group))? = actions[match.start].parameters["GroupingIdentifier"],
                sharing[actions[match.start].identifier + "\u{0}" + group] != 2 + match.middles.count
            {
                continue
            }
            var block = Block(kind: BlockStatement.Kind(match.kind), start: match.start)
            block.middles = match.middles
            block.end = end
            guard Self.isWellFormed(block, start: actions[match.start]) else { continue }
            members[match.start] = (block, .start)
            for middle in match.middles { members[middle] = (block, .middle) }
            members[end] = (block, .end)
        }
        var stack: [Block] = []
        // Blocks deeper than text may nest stay their plain actions (by the start's index).
        var flattened: Set<Int> = []
        func append(_ node: Node) {
            if stack.isEmpty {
                nodes.append(node)
            } else {
                stack[stack.count - 1].sections[stack[stack.count - 1].sections.count - 1].append(node)
            }
        }
        for index in actions.indices {
            guard let member = members[index], !flattened.contains(member.block.start) else {
                append(.action(index))
                continue
            }
            if member.mode == .start, stack.count >= ShortcutText.maximumBlockDepth {
                flattened.insert(member.block.start)
                append(.action(index))
                continue
            }
            switch member.mode {
            case .start: stack.append(member.block)
            case .middle: stack[stack.count - 1].sections.append([])
            case .end: append(.block(stack.removeLast()))
            }
        }
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
