import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsTestSupport
import Testing

@testable import DeviceActions

/// System Settings' in-place settings as GNOME's, through the real `gsettings` on its keyfile
/// backend in a temporary home, read back by `gsettings` itself.
@Suite(.serialized) struct SettingsChangeActionsTests {
    typealias T = SystemTest
    let home: TemporaryDirectory
    let variables: [String: String]

    init() throws {
        home = try TemporaryDirectory()
        variables = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": "/usr/share/glib-2.0/schemas", "XDG_CURRENT_DESKTOP": "GNOME",
        ]
    }

    func run(_ identifier: String, _ parameters: ParameterDictionary = [:]) throws -> Content {
        try T.run([WorkflowAction(identifier: identifier, parameters: parameters)], environment: T.environment(variables: variables))
    }

    func failure(_ identifier: String, _ parameters: ParameterDictionary = [:]) -> RunError? {
        T.failure { try run(identifier, parameters) }
    }

    func get(_ schema: String, _ key: String) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in variables { environment[key] = value }
        return try ProcessRun.run("/usr/bin/gsettings", ["get", schema, key], environment: environment).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func trackingSpeedStepsAndStaysInRange() throws {
        let mouse = SettingsChangeActions.prefix + "ChangeMouseTrackingSpeedIntent"
        _ = try run(mouse, ["change": T.text("increase")])
        #expect(try get("org.gnome.desktop.peripherals.mouse", "speed") == "0.25")
        for _ in 0..<6 { _ = try run(mouse, ["change": T.text("increase")]) }
        #expect(try get("org.gnome.desktop.peripherals.mouse", "speed") == "1.0")
        _ = try run(SettingsChangeActions.prefix + "ChangeTrackpadTrackingSpeedIntent", ["change": T.text("decrease")])
        #expect(try get("org.gnome.desktop.peripherals.touchpad", "speed") == "-0.25")
        #expect(failure(mouse, ["change": T.text("sideways")])?.parameter == "change")
        // From a speed GNOME's slider left (0.1, which gsettings prints with 17 digits), a step still reads back as taken.
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in variables { environment[key] = value }
        _ = try ProcessRun.run(
            "/usr/bin/gsettings", ["set", "org.gnome.desktop.peripherals.mouse", "speed", "0.1"], environment: environment)
        _ = try run(mouse, ["change": T.text("increase")])
        #expect(try get("org.gnome.desktop.peripherals.mouse", "speed").hasPrefix("0.3"))
    }

    @Test func clockNotificationsAndFocus() throws {
        let options = try run(
            SettingsChangeActions.prefix + "ClockOptionsEntity-UpdatableEntity",
            ["showSeconds": T.bool(true), "showDate": T.text("never"), "showDayOfWeek": T.bool(true), "showAMPM": T.bool(true)])
        #expect(try get("org.gnome.desktop.interface", "clock-show-seconds") == "true")
        #expect(try get("org.gnome.desktop.interface", "clock-show-date") == "false")
        #expect(try get("org.gnome.desktop.interface", "clock-show-weekday") == "true")
        #expect(try get("org.gnome.desktop.interface", "clock-format") == "'12h'")
        #expect(options.property("Show Seconds") == .boolean(true) && options.property("Show AM/PM") == .boolean(true))
        let analog = failure(SettingsChangeActions.prefix + "ClockOptionsEntity-UpdatableEntity", ["clockStyle": T.text("analog")])
        #expect(analog?.parameter == "clockStyle")
        // Off is how GNOME's clock already is.
        _ = try run(SettingsChangeActions.prefix + "ClockOptionsEntity-UpdatableEntity", ["announceTime": T.bool(false)])
        let announce = failure(SettingsChangeActions.prefix + "ClockOptionsEntity-UpdatableEntity", ["announceTime": T.bool(true)])
        #expect(announce?.parameter == "announceTime" && announce?.message.contains("GNOME has no setting") == true)
        _ = try run(SettingsChangeActions.prefix + "NotificationCenterEntity-UpdatableEntity", ["allowWhenLocked": T.bool(false)])
        #expect(try get("org.gnome.desktop.notifications", "show-in-lock-screen") == "false")
        _ = try run("com.apple.donotdisturb.DoNotDisturbAppIntents.SetFocusState", ["enable": T.bool(true)])
        #expect(try get("org.gnome.desktop.notifications", "show-banners") == "false")
        _ = try run("com.apple.Preferences.SetFocusState", ["enable": T.bool(false)])
        let work = failure("com.apple.Preferences.SetFocusState", ["enable": T.bool(true), "focus": T.text("Work")])
        let banners = try get("org.gnome.desktop.notifications", "show-banners")
        #expect(work?.parameter == "focus" && banners == "true")
        #expect(try get("org.gnome.desktop.notifications", "show-banners") == "true")
        // Another desktop has no shared settings to change.
        let kde = T.failure {
            try T.run(
                [WorkflowAction(identifier: SettingsChangeActions.prefix + "ChangeMouseTrackingSpeedIntent")],
                environment: T.environment(variables: variables.merging(["XDG_CURRENT_DESKTOP": "KDE"]) { $1 }))
        }
        #expect(kde?.message.contains("this desktop is KDE") == true)
    }
}
