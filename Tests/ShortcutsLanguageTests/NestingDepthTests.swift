import Foundation
import ShortcutFormat
import ShortcutsLanguage
import Testing

/// No nesting from input drives the parser's or the decompiler's recursion deeper than a
/// documented depth: deeper text is an error naming the line, deeper shortcuts decompile their
/// deepest blocks as plain actions, and both come back the same.
struct NestingDepthTests {
    @Test func textNestedTooDeepIsAnErrorNotACrash() {
        let depth = 20_000
        let blocks =
            String(repeating: "If ShortcutInput, is: hasAnyValue {\n", count: depth) + "Text \"x\"\n"
            + String(repeating: "}\n", count: depth)
        let compiled = language.compile(blocks, path: "deep.sct")
        #expect(compiled.workflow == nil)
        #expect(compiled.diagnostics.first?.description == "deep.sct:101:1: error: blocks nest deeper than 100 levels here")

        let list = "List " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let values = language.compile(list, path: "list.sct")
        #expect(values.workflow == nil)
        #expect(values.diagnostics.first?.description == "list.sct:1:518: error: values nest deeper than 512 levels here")

        // As deep as allowed compiles.
        let allowed =
            String(repeating: "If ShortcutInput, is: hasAnyValue {\n", count: 100) + "Text \"x\"\n" + String(repeating: "}\n", count: 100)
        #expect(language.compile(allowed, path: "ok.sct").workflow?.actions.count == 201)
    }

    @Test func aShortcutNestedDeeperThanTextDecompilesAndComesBackTheSame() throws {
        let depth = 3_000
        var actions: [WorkflowAction] = []
        func conditional(_ group: Int, _ mode: Int64, _ extra: ParameterDictionary = [:]) -> WorkflowAction {
            var parameters: ParameterDictionary = [
                "GroupingIdentifier": .plain(.string("G\(group)")), "WFControlFlowMode": .plain(.integer(mode)),
            ]
            for (key, value) in extra { parameters[key] = value }
            return WorkflowAction(identifier: "is.workflow.actions.conditional", parameters: parameters)
        }
        for group in 0..<depth { actions.append(conditional(group, 0, ["WFCondition": .plain(.integer(100))])) }
        actions.append(WorkflowAction(identifier: "is.workflow.actions.gettext", parameters: ["WFTextActionText": .plain("x")]))
        for group in (0..<depth).reversed() { actions.append(conditional(group, 2)) }
        let text = language.decompile(Workflow(actions: actions))
        let compiled = language.compile(text, path: "deep.sct")
        let workflow = try #require(compiled.workflow, "\(compiled.diagnostics.prefix(3))")
        #expect(workflow.actions.count == actions.count)
        #expect(language.decompile(workflow) == text)
    }
}
