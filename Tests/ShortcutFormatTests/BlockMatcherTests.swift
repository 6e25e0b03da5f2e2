import ShortcutFormat
import Testing

/// The one block matcher the engine, the text language, `view` and MCP share.
struct BlockMatcherTests {
    func member(_ kind: ControlFlowBlock, _ mode: ControlFlowMode, _ group: String) -> WorkflowAction {
        var parameters = ParameterDictionary()
        parameters["GroupingIdentifier"] = .plain(.string(group))
        parameters["WFControlFlowMode"] = .plain(.integer(mode.rawValue))
        return WorkflowAction(identifier: kind.identifier, parameters: parameters)
    }

    let plain = WorkflowAction(identifier: "is.workflow.actions.gettext", parameters: ParameterDictionary())

    @Test func nestedBlocksMatchByKindAndGroup() {
        let actions = [
            member(.conditional, .start, "A"), member(.repeatEach, .start, "B"), plain, member(.repeatEach, .end, "B"),
            member(.conditional, .middle, "A"), plain, member(.conditional, .end, "A"),
        ]
        let matched = BlockMatcher.match(actions)
        #expect(matched.problems.isEmpty)
        #expect(
            matched.blocks == [
                BlockMatcher.Block(kind: .conditional, start: 0, middles: [4], end: 6),
                BlockMatcher.Block(kind: .repeatEach, start: 1, middles: [], end: 3),
            ])
        let roles = matched.roles(count: actions.count)
        #expect(roles[2] == nil && roles[4]?.mode == .middle && roles[4]?.block == 0)
    }

    @Test func whatDoesntFitIsAProblemNamingTheAction() {
        let stray = BlockMatcher.match([plain, member(.menu, .end, "M")])
        #expect(stray.problems == [.noStart(action: 1, mode: .end)])

        let crossed = BlockMatcher.match([
            member(.conditional, .start, "A"), member(.repeatCount, .start, "B"), member(.conditional, .end, "A"),
        ])
        #expect(crossed.problems == [.closesOuterFirst(action: 2, innerStart: 1)])
        #expect(crossed.blocks.allSatisfy { $0.end == nil })

        let twoOtherwise = BlockMatcher.match([
            member(.conditional, .start, "A"), member(.conditional, .middle, "A"), member(.conditional, .middle, "A"),
            member(.conditional, .end, "A"),
        ])
        #expect(twoOtherwise.problems == [.tooManyMiddles(action: 3, start: 0, count: 2)])

        let repeatWithMiddle = BlockMatcher.match([member(.repeatCount, .start, "R"), member(.repeatCount, .middle, "R")])
        #expect(repeatWithMiddle.problems == [.tooManyMiddles(action: 1, start: 0, count: 1)])
    }

    @Test func aRefusedActionIsAnOrdinaryAction() {
        let actions = [member(.repeatCount, .start, "R"), member(.repeatCount, .end, "R")]
        let matched = BlockMatcher.match(actions) { _, _, mode in mode != .end }
        #expect(matched.problems.isEmpty)
        #expect(matched.blocks == [BlockMatcher.Block(kind: .repeatCount, start: 0, middles: [], end: nil)])
    }

    @Test func everyBlockIsDescribedOnce() {
        #expect(ControlFlowBlock.identifiers.count == 4)
        for kind in ControlFlowBlock.allCases { #expect(ControlFlowBlock(identifier: kind.identifier) == kind) }
        #expect(ControlFlowBlock.repeatEach.title(.start) == "Repeat with Each" && ControlFlowBlock.menu.outputName == "Menu Result")
        #expect(ControlFlowBlock(identifier: "is.workflow.actions.gettext") == nil)
    }
}
