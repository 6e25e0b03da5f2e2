/// The control-flow actions, described once: If, Repeat, Repeat with Each and Choose from Menu.
/// Each is a start action, middles (Otherwise, menu cases) and an end action sharing a
/// `GroupingIdentifier`; the block's output is the last output of the branch it ran. The
/// engine's compiler, the text language, `view` and MCP all read this description and match
/// blocks with ``BlockMatcher``.
public enum ControlFlowBlock: CaseIterable, Sendable {
    case conditional, repeatCount, repeatEach, menu

    /// The action identifier the block's start, middles and end share.
    public var identifier: String {
        switch self {
        case .conditional: return "is.workflow.actions.conditional"
        case .repeatCount: return "is.workflow.actions.repeat.count"
        case .repeatEach: return "is.workflow.actions.repeat.each"
        case .menu: return "is.workflow.actions.choosefrommenu"
        }
    }

    /// The block an identifier starts, middles or ends; `nil` for every other action.
    public init?(identifier: String) {
        guard let kind = Self.byIdentifier[identifier] else { return nil }
        self = kind
    }

    private static let byIdentifier = Dictionary(uniqueKeysWithValues: allCases.map { ($0.identifier, $0) })

    /// Every control-flow identifier.
    public static let identifiers = Set(allCases.map(\.identifier))

    /// How many middles the block may have: one Otherwise, none in a repeat, any number of cases.
    public var maximumMiddles: Int? {
        switch self {
        case .conditional: return 1
        case .repeatCount, .repeatEach: return 0
        case .menu: return nil
        }
    }

    /// The title an action of this block shows at its place, as the Shortcuts editor shows it.
    public func title(_ mode: ControlFlowMode) -> String {
        switch (self, mode) {
        case (.conditional, .start): return "If"
        case (.conditional, .middle): return "Otherwise"
        case (.conditional, .end): return "End If"
        case (.repeatCount, .start), (.repeatCount, .middle), (.repeatEach, .middle): return "Repeat"
        case (.repeatEach, .start): return "Repeat with Each"
        case (.repeatCount, .end), (.repeatEach, .end): return "End Repeat"
        case (.menu, .start): return "Choose from Menu"
        case (.menu, .middle): return "Menu Item"
        case (.menu, .end): return "End Menu"
        }
    }

    /// What the block's output is called by default.
    public var outputName: String {
        switch self {
        case .conditional: return "If Result"
        case .repeatCount, .repeatEach: return "Repeat Results"
        case .menu: return "Menu Result"
        }
    }

    /// The sentence the block's start shows in the editor, `${key}` standing for a parameter.
    public var summary: String {
        switch self {
        case .conditional: return "If ${WFInput} ${WFCondition} ${WFConditionalActionString}"
        case .repeatCount: return "Repeat ${WFRepeatCount} times"
        case .repeatEach: return "Repeat with each item in ${WFInput}"
        case .menu: return "Choose from menu with ${WFMenuPrompt}"
        }
    }

    /// The title of a control-flow action at its place in its block; `nil` for other actions.
    public static func title(of action: WorkflowAction) -> String? {
        ControlFlowBlock(identifier: action.identifier)?.title(action.controlFlowMode ?? .start)
    }

    /// Parameter titles of the block actions, which have no metadata of their own.
    public static let parameterTitles: [String: String] = [
        "WFInput": "Input", "WFCondition": "Condition", "WFConditions": "Conditions",
        "WFConditionalActionString": "Text", "WFNumberValue": "Number", "WFAnotherNumber": "Second Number",
        "WFDate": "Date", "WFAnotherDate": "Second Date", "WFBooleanValue": "Boolean",
        "WFEnumerationValue": "Value", "WFDuration": "Duration", "WFRepeatCount": "Times",
        "WFMenuPrompt": "Prompt", "WFMenuItems": "Items", "WFMenuItemTitle": "Title",
        "WFMenuItemAttributedTitle": "Title",
    ]
}

/// Matches a workflow's control-flow actions into blocks: a middle or end belongs to the
/// innermost open block of its kind and `GroupingIdentifier`, and blocks nest.
///
/// What doesn't fit is a ``Problem`` and stays an ordinary action: the engine refuses the
/// shortcut at the first problem, naming the action; the text language writes such actions as
/// plain actions so the file round-trips.
///
/// ```swift
/// let matched = BlockMatcher.match(workflow.actions)
/// if let problem = matched.problems.first { … }
/// for block in matched.blocks { … block.start, block.middles, block.end … }
/// ```
public enum BlockMatcher {
    /// One block: where its start, middles and end are (indices into the actions).
    public struct Block: Sendable, Equatable {
        public var kind: ControlFlowBlock
        public var start: Int
        public var middles: [Int] = []
        /// `nil` when the block is still open at the end of the shortcut (Shortcuts closes it there).
        public var end: Int?

        public init(kind: ControlFlowBlock, start: Int, middles: [Int] = [], end: Int? = nil) {
            self.kind = kind
            self.start = start
            self.middles = middles
            self.end = end
        }
    }

    /// An action that doesn't fit a block.
    public enum Problem: Sendable, Equatable {
        /// A middle or end with no open block of its kind and group.
        case noStart(action: Int, mode: ControlFlowMode)
        /// A middle or end of an outer block while the block started at `innerStart` is open.
        case closesOuterFirst(action: Int, innerStart: Int)
        /// A block with more middles than its kind allows; `action` is its end (its last middle
        /// when it is never closed).
        case tooManyMiddles(action: Int, start: Int, count: Int)

        /// The action at fault.
        public var action: Int {
            switch self {
            case .noStart(let action, _), .closesOuterFirst(let action, _), .tooManyMiddles(let action, _, _): return action
            }
        }
    }

    /// The blocks, in the order they start, and the problems, in the order of their actions.
    public struct Result: Sendable {
        public var blocks: [Block]
        public var problems: [Problem]

        /// Each action's block (an index into ``blocks``) and its place there, for block members.
        public func roles(count: Int) -> [(block: Int, mode: ControlFlowMode)?] {
            var roles: [(block: Int, mode: ControlFlowMode)?] = Array(repeating: nil, count: count)
            for (index, block) in blocks.enumerated() {
                roles[block.start] = (index, .start)
                for middle in block.middles { roles[middle] = (index, .middle) }
                if let end = block.end { roles[end] = (index, .end) }
            }
            return roles
        }
    }

    /// Matches blocks by kind and `GroupingIdentifier` (a missing mode is a start).
    ///
    /// - Parameter accepts: whether an action may take part in a block at all; one that may
    ///   not is an ordinary action (the text language keeps actions with extra keys so).
    public static func match(
        _ actions: [WorkflowAction], accepts: (WorkflowAction, ControlFlowBlock, ControlFlowMode) -> Bool = { _, _, _ in true }
    ) -> Result {
        var blocks: [Block] = []
        var problems: [Problem] = []
        // Open blocks: their index in `blocks` and their group.
        var open: [(block: Int, group: String?)] = []
        for (index, action) in actions.enumerated() {
            guard let kind = ControlFlowBlock(identifier: action.identifier) else { continue }
            let mode = action.controlFlowMode ?? .start
            guard accepts(action, kind, mode) else { continue }
            if mode == .start {
                open.append((blocks.count, action.groupingIdentifier))
                blocks.append(Block(kind: kind, start: index))
                continue
            }
            let group = action.groupingIdentifier
            guard let position = open.lastIndex(where: { $0.group == group && blocks[$0.block].kind == kind }) else {
                problems.append(.noStart(action: index, mode: mode))
                continue
            }
            guard position == open.count - 1 else {
                problems.append(.closesOuterFirst(action: index, innerStart: blocks[open[open.count - 1].block].start))
                continue
            }
            let current = open[position].block
            if mode == .middle {
                blocks[current].middles.append(index)
            } else {
                blocks[current].end = index
                open.removeLast()
                if let maximum = kind.maximumMiddles, blocks[current].middles.count > maximum {
                    problems.append(
                        .tooManyMiddles(action: index, start: blocks[current].start, count: blocks[current].middles.count))
                }
            }
        }
        for (current, _) in open {
            if let maximum = blocks[current].kind.maximumMiddles, blocks[current].middles.count > maximum {
                let last = blocks[current].middles[blocks[current].middles.count - 1]
                problems.append(.tooManyMiddles(action: last, start: blocks[current].start, count: blocks[current].middles.count))
            }
        }
        return Result(blocks: blocks, problems: problems.sorted { $0.action < $1.action })
    }
}
