import Foundation
import ShortcutsTestSupport
import Testing

/// Rich text through the built `shortcuts`: what a missing libxml2 or cmark-gfm says, and that
/// the actions are listed.
@Suite(.serialized) struct RichTextCommandTests {
    let runner: CommandRunner

    init() throws {
        runner = try CommandRunner()
    }

    func run(_ source: String, input: String) throws -> CommandResult {
        let file = try runner.write(Data("\(source)\n".utf8), to: "shortcut-\(UUID().uuidString).sct")
        return try runner.run(["run", file], input: Data(input.utf8))
    }

    @Test func theActionsAreListed() throws {
        let listed = try runner.run(["actions"])
        for identifier in [
            "getrichtextfromhtml", "gethtmlfromrichtext", "getrichtextfrommarkdown", "getmarkdownfromrichtext", "getarticle",
            "properties.articles", "filter.articles", "properties.safariwebpage",
        ] {
            #expect(listed.output.contains("is.workflow.actions.\(identifier) "), "\(identifier)")
        }
    }

    @Test func aMissingLibraryNamesItsPackage() throws {
        runner.extraEnvironment["SHORTCUTS_LIBXML2"] = "libxml2-hidden-for-the-test.so"
        runner.extraEnvironment["SHORTCUTS_LIBCMARK_GFM"] = "libcmark-gfm-hidden-for-the-test.so"
        let markdown = try run("is.workflow.actions.getrichtextfrommarkdown WFInput: ShortcutInput", input: "# Hi")
        #expect(
            markdown.status == 1 && markdown.error.contains("WFInput")
                && markdown.error.contains("apt-get install libcmark-gfm0.29.0.gfm.6 libcmark-gfm-extensions0.29.0.gfm.6"),
            "\(markdown.error)")
        let source = """
            page = is.workflow.actions.getrichtextfromhtml WFHTML: ShortcutInput
            is.workflow.actions.getmarkdownfromrichtext WFInput: page
            """
        let html = try run(source, input: "<p>Hi</p>")
        #expect(html.status == 1 && html.error.contains("action 2") && html.error.contains("apt-get install libxml2"), "\(html.error)")
        // Without libxml2, rich text shown as text is its source rather than nothing.
        let shown = try run("is.workflow.actions.getrichtextfromhtml WFHTML: ShortcutInput", input: "<p>Hi</p>")
        #expect(shown.status == 0 && shown.output.trimmingCharacters(in: .newlines) == "<p>Hi</p>", "\(shown.error)")
    }
}
