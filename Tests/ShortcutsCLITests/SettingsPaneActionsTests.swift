import Foundation
import ShortcutsTestSupport
import Testing

/// System Settings' "Open … Settings" actions through the built `shortcuts`, with stand-ins for
/// GNOME Settings and KDE's System Settings on the PATH that write down the pane they were asked for.
@Suite(.serialized) struct SettingsPaneActionsTests {
    let runner: CommandRunner
    let asked: String

    init() throws {
        runner = try CommandRunner()
        asked = runner.directory.path + "/asked"
        for program in ["gnome-control-center", "systemsettings"] {
            let path = try runner.write(Data("#!/bin/sh\necho \"\(program) $*\" >> \(asked)\n".utf8), to: "bin/" + program)
            chmod(path, 0o755)
        }
        runner.extraEnvironment["PATH"] = runner.directory.path + "/bin:/usr/bin:/bin"
    }

    func run(_ source: String, desktop: String) throws -> ProcessOutput {
        runner.extraEnvironment["XDG_CURRENT_DESKTOP"] = desktop
        let file = try runner.write(Data("\(source)\n".utf8), to: "settings-\(UUID().uuidString).sct")
        return try runner.run(["run", file])
    }

    /// What the stand-ins were asked, once `count` lines are there (they run on their own, after the action returns).
    func lines(_ count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(10)
        var found: [String] = []
        while Date() < deadline {
            found = ((try? String(contentsOfFile: asked, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if found.count >= count { break }
            usleep(20_000)
        }
        return found
    }

    @Test func eachPaneOpensInTheDesktopsOwnSettingsApp() throws {
        let gnome = try run(
            """
            com.apple.systempreferences.OpenSoundSettingsDeepLinks
            com.apple.systempreferences.OpenAccessibilityZoomStaticDeepLinks
            com.apple.Preferences.OpenBluetoothSettingsDeepLinks
            """, desktop: "ubuntu:GNOME")
        #expect(gnome.status == 0, "\(gnome.error)")
        // Each stand-in runs on its own, so they may write in any order.
        #expect(
            lines(3).sorted() == ["gnome-control-center bluetooth", "gnome-control-center sound", "gnome-control-center universal-access"])
        let kde = try run("com.apple.systempreferences.OpenDisplaysSettingsDeepLinks", desktop: "KDE")
        #expect(kde.status == 0, "\(kde.error)")
        #expect(lines(4).last == "systemsettings kcm_kscreen")

        let sharing = try run("com.apple.systempreferences.SharingSettingsIntents.OpenSharingDeepLinks", desktop: "KDE")
        #expect(
            sharing.status == 1 && sharing.error.contains("KDE's System Settings has no counterpart of Sharing Settings"),
            "\(sharing.error)")
        let sway = try run("com.apple.systempreferences.OpenSoundSettingsDeepLinks", desktop: "sway")
        #expect(sway.status == 1 && sway.error.contains("sway has no settings app this action knows how to open"), "\(sway.error)")
        runner.extraEnvironment["PATH"] = "/usr/bin:/bin"
        let missing = try run("com.apple.systempreferences.OpenSoundSettingsDeepLinks", desktop: "GNOME")
        #expect(missing.status == 1 && missing.error.contains("install gnome-control-center"), "\(missing.error)")
    }

    @Test func theyAreListedAsSystemSettings() throws {
        let listed = try runner.run(["actions", "--app", "System Settings"])
        let heads = listed.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(heads.count > 60 && heads.allSatisfy { $0.contains("(System Settings)") }, "\(listed.output)")
    }
}
