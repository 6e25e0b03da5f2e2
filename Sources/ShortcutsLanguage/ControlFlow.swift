import ShortcutFormat
import ShortcutsContent

extension BlockStatement.Kind {
    /// The control-flow block this statement writes.
    var block: ControlFlowBlock {
        switch self {
        case .ifBlock: return .conditional
        case .repeatCount: return .repeatCount
        case .repeatEach: return .repeatEach
        case .menu: return .menu
        }
    }

    init(_ block: ControlFlowBlock) {
        switch block {
        case .conditional: self = .ifBlock
        case .repeatCount: self = .repeatCount
        case .repeatEach: self = .repeatEach
        case .menu: self = .menu
        }
    }
}

/// The control-flow actions, which the language writes as blocks rather than as actions
/// (``ControlFlowBlock`` describes them): their parameter labels and the names of If's comparisons.
enum ControlFlow {
    static let conditional = ControlFlowBlock.conditional.identifier
    static let repeatCount = ControlFlowBlock.repeatCount.identifier
    static let repeatEach = ControlFlowBlock.repeatEach.identifier
    static let menu = ControlFlowBlock.menu.identifier

    /// The identifier of a block kind.
    static func identifier(_ kind: BlockStatement.Kind) -> String { kind.block.identifier }

    /// The block kind of an identifier, if it is a control-flow action.
    static func kind(of identifier: String) -> BlockStatement.Kind? {
        ControlFlowBlock(identifier: identifier).map(BlockStatement.Kind.init)
    }

    /// What a block's output is called by default, as Shortcuts names it.
    static func defaultOutputName(_ kind: BlockStatement.Kind) -> String { kind.block.outputName }

    /// The start actions' parameters, as metadata so they get labels and checks like any action.
    static func metadata(_ kind: BlockStatement.Kind) -> ActionMetadata {
        switch kind {
        case .ifBlock:
            return ActionMetadata(
                identifier: conditional, title: "If",
                parameters: [
                    ParameterMetadata(key: "WFInput", title: "Input", type: .content),
                    ParameterMetadata(key: "WFCondition", title: "Is", type: .enumeration),
                    ParameterMetadata(key: "WFConditionalActionString", title: "Text", type: .text),
                    ParameterMetadata(key: "WFNumberValue", title: "Number", type: .number),
                    ParameterMetadata(key: "WFAnotherNumber", title: "And", type: .number),
                    ParameterMetadata(key: "WFDate", title: "Date", type: .date),
                    ParameterMetadata(key: "WFAnotherDate", title: "And Date", type: .date),
                    ParameterMetadata(key: "WFBooleanValue", title: "Boolean", type: .boolean),
                    ParameterMetadata(key: "WFEnumerationValue", title: "Enumeration", type: .text),
                    ParameterMetadata(key: "WFDuration", title: "Duration", type: .duration),
                    ParameterMetadata(key: "WFConditions", title: "Conditions", type: .condition),
                ],
                inputParameter: "WFInput")
        case .repeatCount:
            return ActionMetadata(
                identifier: repeatCount, title: "Repeat",
                parameters: [ParameterMetadata(key: "WFRepeatCount", title: "Count", type: .number)])
        case .repeatEach:
            return ActionMetadata(
                identifier: repeatEach, title: "Repeat with Each",
                parameters: [ParameterMetadata(key: "WFInput", title: "Items", type: .content)], inputParameter: "WFInput")
        case .menu:
            return ActionMetadata(
                identifier: menu, title: "Choose from Menu",
                parameters: [
                    ParameterMetadata(key: "WFMenuPrompt", title: "Prompt", type: .text),
                    ParameterMetadata(key: "WFMenuItems", title: "Items", type: .list),
                ])
        }
    }

    /// The vocabulary entries of the blocks' start actions, built once.
    static let entries: [BlockStatement.Kind: Vocabulary.Entry] = Dictionary(
        uniqueKeysWithValues: [BlockStatement.Kind.ifBlock, .repeatCount, .repeatEach, .menu].map { ($0, Vocabulary.entry(metadata($0))) })

    /// The vocabulary entry of a menu case.
    static let caseEntry = Vocabulary.entry(caseMetadata)

    /// A menu case's parameters: its title first.
    static let caseMetadata = ActionMetadata(
        identifier: menu, title: "Case",
        parameters: [
            ParameterMetadata(key: "WFMenuItemTitle", title: "Title", type: .content),
            ParameterMetadata(key: "WFMenuItemAttributedTitle", title: "Attributed Title", type: .content),
        ])

    /// `WFCondition` codes by name, as written after `is:`.
    static let comparisons: [(name: String, code: Int64)] = [
        ("lessThan", 0), ("lessThanOrEqual", 1), ("greaterThan", 2), ("greaterThanOrEqual", 3),
        ("equals", 4), ("notEquals", 5), ("beginsWith", 8), ("endsWith", 9), ("contains", 99),
        ("doesNotContain", 999), ("hasAnyValue", 100), ("hasNoValue", 101), ("isInTheNext", 1000),
        ("isInTheLast", 1001), ("isToday", 1002), ("between", 1003),
    ]

    static func comparisonCode(_ name: String) -> Int64? { comparisons.first { $0.name == name }?.code }
    static func comparisonName(_ code: Int64) -> String? { comparisons.first { $0.code == code }?.name }
}
