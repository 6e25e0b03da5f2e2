import Foundation
import ShortcutFormat
import ShortcutsContent
import Testing

@testable import ShortcutsEngine

/// Whatever an action throws becomes one kind of run error, naming the action and keeping its cause.
struct RunErrorTests {
    struct DiskFull: Error, Equatable { let path: String }

    static func failing(_ error: any Error & Sendable) -> ActionDefinition {
        ActionDefinition(metadata: ActionMetadata(identifier: "test.fail", title: "Fail", parameters: [])) { _ in
            { _, _ in throw error }
        }
    }

    func runError(_ thrown: any Error & Sendable) throws -> RunError {
        let engine = Engine(sources: [ActionCatalog([Self.failing(thrown)]), TestActions.catalog()])
        let program = try engine.compile(Workflow(actions: [text("a"), action("test.fail")]), name: "Broken")
        do {
            _ = try engine.run(program)
        } catch {
            return error
        }
        throw RunError(.actionFailed, "the run didn't fail")
    }

    @Test func anyErrorKeepsItsCauseAndNamesTheAction() throws {
        let error = try runError(DiskFull(path: "/tmp/x"))
        #expect(error.code == .actionFailed)
        #expect(error.actionIndex == 2 && error.actionIdentifier == "test.fail" && error.shortcut == "Broken")
        #expect(error.underlying as? DiskFull == DiskFull(path: "/tmp/x"))
        #expect(error.description.hasPrefix("Broken: action 2 (test.fail, \"Fail\"): DiskFull"))
    }

    @Test func anActionFailureKeepsItsParameterCodeAndCause() throws {
        let failure = ActionFailure(
            "can't write /tmp/x", parameter: "WFFile", code: .actionFailed, underlying: CocoaError(.fileWriteOutOfSpace))
        let error = try runError(failure)
        #expect(error.parameter == "WFFile" && error.message == "can't write /tmp/x")
        #expect((error.underlying as? CocoaError)?.code == .fileWriteOutOfSpace)
        #expect(try runError(ActionFailure("no", code: .cancelled)).underlying == nil)
    }
}
