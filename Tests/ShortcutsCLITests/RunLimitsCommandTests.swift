import Foundation
import ShortcutsTestSupport
import Testing

/// Run limits through the built `shortcuts`: set in settings, overridden by the environment.
struct RunLimitsCommandTests {
    @Test func limitsAreSetShownAndOverridden() throws {
        let shell = try CommandRunner()
        let loop = try shell.write(Data("Repeat 1000 {\n    Text \"x\"\n}\nText \"done\"\n".utf8), to: "Loop.sct")
        #expect(try shell.run(["run", loop]).output == "done\n")

        let set = try shell.run(["settings", "--limit", "actions=500"])
        #expect(set.status == 0, "\(set.error)")
        #expect(set.output.contains("Run limits: actions 500, seconds 3600,"), "\(set.output)")
        let stopped = try shell.run(["run", loop])
        #expect(stopped.status == 1)
        #expect(stopped.error.contains("Loop.sct: action "), "\(stopped.error)")
        #expect(stopped.error.contains("the run executed more than 500 actions, its limit (SHORTCUTS_MAX_ACTIONS"), "\(stopped.error)")

        shell.extraEnvironment["SHORTCUTS_MAX_ACTIONS"] = "0"
        #expect(try shell.run(["run", loop]).output == "done\n")
        #expect(try shell.run(["settings"]).output.contains("(SHORTCUTS_MAX_… variables make them actions none,"))
        shell.extraEnvironment["SHORTCUTS_MAX_ACTIONS"] = "many"
        let warned = try shell.run(["run", loop])
        #expect(warned.status == 1 && warned.error.contains("SHORTCUTS_MAX_ACTIONS=many is not a limit"), "\(warned.error)")
        shell.extraEnvironment["SHORTCUTS_MAX_ACTIONS"] = nil

        #expect(try shell.run(["settings", "--limit", "actions=default"]).output.contains("Run limits: actions 100000000,"))
        #expect(try shell.run(["run", loop]).output == "done\n")
        let bad = try shell.run(["settings", "--limit", "actions=1.5"])
        #expect(bad.status != 0 && bad.error.contains("takes a whole number"), "\(bad.error)")
    }
}
