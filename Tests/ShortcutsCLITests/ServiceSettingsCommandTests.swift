import Foundation
import ShortcutsTestSupport
import Testing

/// The web services' settings through the built `shortcuts`: set, shown, overridden for a run,
/// and reaching the actions.
struct ServiceSettingsCommandTests {
    @Test func servicesAreSetShownAndUsedByTheActions() throws {
        let shell = try CommandRunner()
        let shown = try shell.run(["settings", "--service", "ip-echo=http://127.0.0.1:9/ip", "--service", "ifttt-key=K"])
        #expect(shown.status == 0, "\(shown.error)")
        #expect(shown.output.contains("  ip-echo: http://127.0.0.1:9/ip — "), "\(shown.output)")
        #expect(shown.output.contains("  ifttt-key: set — ") && !shown.output.contains("=K"))
        #expect(shown.output.contains("  itunes: https://itunes.apple.com — "))
        // The keys are the owner's alone.
        let mode = try FileManager.default.attributesOfItem(atPath: shell.home + "/settings.json")[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // Port 9 (discard) is closed here: the action names the URL it was pointed at.
        let ip = try shell.write(Data("GetCurrentIPAddress\n".utf8), to: "IP.sct")
        let failed = try shell.run(["run", ip])
        #expect(failed.status == 1 && failed.error.contains("http://127.0.0.1:9/ip"), "\(failed.error)")

        shell.extraEnvironment["SHORTCUTS_SERVICE_IP_ECHO"] = "http://127.0.0.1:7/echo"
        #expect(try shell.run(["settings"]).output.contains("  ip-echo: http://127.0.0.1:7/echo (from the environment)"))
        #expect(try shell.run(["run", ip]).error.contains("http://127.0.0.1:7/echo"))
        shell.extraEnvironment["SHORTCUTS_SERVICE_IP_ECHO"] = nil

        let reset = try shell.run(["settings", "--service", "ip-echo=default"])
        #expect(reset.output.contains("  ip-echo: https://api.ipify.org — "))
        let bad = try shell.run(["settings", "--service", "itunes=file:///etc/passwd"])
        #expect(bad.status != 0 && bad.error.contains("itunes takes an http or https URL"), "\(bad.error)")
        let unknown = try shell.run(["settings", "--service", "weather=http://x"])
        #expect(unknown.status != 0 && unknown.error.contains("where the name is one of itunes, ip-echo"), "\(unknown.error)")
    }

    @Test func waitToReturnWaitsForReturnOnATerminalWhenSet() throws {
        let shell = try CommandRunner()
        let script = try shell.write(Data("WaitToReturn\nText \"back\"\n".utf8), to: "Wait.sct")
        // Off, the default: the run continues at once, terminal or not.
        #expect(try shell.run(["run", script]).output == "back\n")
        let set = try shell.run(["settings", "--wait-to-return", "on"])
        #expect(set.output.contains("Wait to Return: waits for Return on a terminal"), "\(set.output)")
        let waited = try shell.runInTerminal(["run", script], answering: [("[Return to continue] ", "")])
        #expect(waited.output.contains("the shortcut is waiting") && waited.output.contains("back"), "\(waited.output)")
        // Without a terminal there is nobody to wait for: it continues.
        #expect(try shell.run(["run", script, "--no-interaction"]).output == "back\n")
        shell.extraEnvironment["SHORTCUTS_WAIT_TO_RETURN"] = "0"
        #expect(try shell.run(["settings"]).output.contains("(SHORTCUTS_WAIT_TO_RETURN makes it continue for now)"))
        let bad = try shell.run(["settings", "--wait-to-return", "maybe"])
        #expect(bad.status != 0 && bad.error.contains("give on or off"))
    }
}
