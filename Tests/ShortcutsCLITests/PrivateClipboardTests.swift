import Foundation
import ShortcutsTestSupport
import Testing

/// With no desktop session, the clipboard is a private file in the runtime folder, so headless
/// shortcuts that copy and paste still work, across runs.
struct PrivateClipboardTests {
    @Test func headlessRunsShareAPrivateClipboard() throws {
        let runner = try CommandRunner()
        runner.extraEnvironment["DISPLAY"] = ""
        runner.extraEnvironment["WAYLAND_DISPLAY"] = ""
        let runtime = try #require(runner.environment["XDG_RUNTIME_DIR"])
        let copy = try runner.write(Data("is.workflow.actions.setclipboard WFInput: \"the secret\"\n".utf8), to: "copy.sct")
        let paste = try runner.write(Data("is.workflow.actions.getclipboard\n".utf8), to: "paste.sct")
        let copied = try runner.run(["run", copy])
        #expect(copied.status == 0, "\(copied.error)")
        #expect(copied.error.contains("Shortcuts keeps its own clipboard in \(runtime)/shortcuts/clipboard"), "\(copied.error)")
        let pasted = try runner.run(["run", paste])
        #expect(pasted.status == 0 && pasted.output == "the secret\n", "\(pasted.output) \(pasted.error)")
        // The notice is given once.
        #expect(!pasted.error.contains("own clipboard"), "\(pasted.error)")
        let attributes = try FileManager.default.attributesOfItem(atPath: runtime + "/shortcuts/clipboard")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
