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
}
