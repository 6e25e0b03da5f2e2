import Foundation
import ShortcutsTestSupport
import Testing

/// The accessibility switches of macOS and iOS as GNOME's settings, through the built
/// `shortcuts` and the real `gsettings` (its keyfile backend, read back by gsettings itself).
struct AccessibilityTogglesTests {
    @Test func switchesTurnAndToggleGNOMEsAccessibilitySettings() throws {
        let harness = try ServiceHarness()
        harness.extra["XDG_CURRENT_DESKTOP"] = "GNOME"
        harness.extra["GSETTINGS_BACKEND"] = "keyfile"
        harness.extra["GSETTINGS_SCHEMA_DIR"] = "/usr/share/glib-2.0/schemas"
        func get(_ schema: String, _ key: String) throws -> String {
            try harness.run("/usr/bin/gsettings", ["get", schema, key]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let ran = try DeviceActionTests.run(
            """
            com.apple.UniversalAccess.UASettingsShortcuts.UAToggleStickyKeysIntent operation: "turn", state: "on"
            com.apple.UniversalAccess.UASettingsShortcuts.UAToggleZoomIntent operation: "toggle"
            com.apple.UniversalAccess.UASettingsShortcuts.UAToggleReduceMotionIntent operation: "turn", state: "on"
            com.apple.AccessibilityUtilities.AXSettingsShortcuts.AXToggleContrastIntent operation: "turn", state: 1
            com.apple.UniversalAccess.UASettingsShortcuts.UAToggleContrastIntent operation: "toggle"
            """, in: harness)
        #expect(ran.status == 0, "\(ran.error)")
        #expect(try get("org.gnome.desktop.a11y.keyboard", "stickykeys-enable") == "true")
        #expect(try get("org.gnome.desktop.a11y.applications", "screen-magnifier-enabled") == "true")
        // Reduce Motion on is animations off.
        #expect(try get("org.gnome.desktop.interface", "enable-animations") == "false")
        #expect(try get("org.gnome.desktop.a11y.interface", "high-contrast") == "false")
        let bad = try DeviceActionTests.run(
            #"com.apple.UniversalAccess.UASettingsShortcuts.UAToggleSlowKeysIntent operation: "turn", state: "sideways""#, in: harness)
        #expect(bad.status == 1 && bad.error.contains("parameter state"), "\(bad.error)")
        harness.extra["XDG_CURRENT_DESKTOP"] = "KDE"
        let kde = try DeviceActionTests.run("com.apple.UniversalAccess.UASettingsShortcuts.UAToggleSlowKeysIntent", in: harness)
        #expect(kde.status == 1 && kde.error.contains("this desktop is KDE"), "\(kde.error)")
    }
}
