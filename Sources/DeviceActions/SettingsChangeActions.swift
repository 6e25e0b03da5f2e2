import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// System Settings' actions that change a setting in place (`com.apple.systempreferences.*`,
/// macOS 15's keys, and Focus's Set Focus State), as GNOME's settings through `gsettings`, each
/// read back to be sure it took. A setting GNOME doesn't have fails naming its parameter rather
/// than being passed over.
enum SettingsChangeActions {
    static let prefix = "com.apple.systempreferences."
    typealias Settings = DesktopSettingsActions.GNOMESettings

    static var all: [ActionDefinition] {
        [mouseSpeed, trackpadSpeed, clockOptions, notificationCenter].inApp("System Settings")
            + [
                setFocusState("com.apple.donotdisturb.DoNotDisturbAppIntents.SetFocusState"),
                setFocusState("com.apple.Preferences.SetFocusState"),
            ]
            .inApp("Focus")
    }

    /// Refuses the switches turned on that GNOME has no setting for (off is how GNOME already is).
    static func refuse(_ keys: [(key: String, what: String)], _ parameters: CompiledParameters, run: RunContext) throws {
        for (key, what) in keys where !parameters[key].isAbsent {
            if (try? run.bool(parameters[key])) == false { continue }
            throw ActionFailure("GNOME has no setting for \(what)", parameter: key)
        }
    }

    // MARK: Tracking speed

    /// A step of tracking speed on GNOME's −1 to 1 scale: a quarter of its range either way.
    static let speedStep = 0.25

    static func speed(_ name: String, title: String, schema: String, device: String) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: prefix + name, title: title,
                description: "Makes the \(device) faster or slower, a step of GNOME's \(device) speed (\(schema) speed) at a time.",
                parameters: [
                    ParameterMetadata(
                        key: "change", title: "\(title.replacingOccurrences(of: "Change ", with: "")) Adjustment", type: .enumeration,
                        options: ["increase", "decrease"], defaultValue: "increase")
                ],
                isReadOnly: false, keywords: ["pointer", "cursor", "speed", "sensitivity"]),
            passesInputThrough: true
        ) { parameters in
            { input, run in
                let change = (try run.text(parameters["change"]) ?? "increase").lowercased().filter(\.isLetter)
                let direction: Double
                switch change {
                case "increase", "faster", "up", "more": direction = 1
                case "decrease", "slower", "down", "less": direction = -1
                default: throw ActionFailure("“\(change.prefix(30))” is no change of speed: increase or decrease", parameter: "change")
                }
                let now = Double(try Settings.get(schema, "speed", doing: title, run: run)) ?? 0
                let next = max(-1, min(1, now + direction * speedStep))
                try Settings.set(schema, "speed", to: String(next), doing: title, run: run)
                return input
            }
        }
    }

    static let mouseSpeed = speed(
        "ChangeMouseTrackingSpeedIntent", title: "Change Mouse Tracking Speed", schema: "org.gnome.desktop.peripherals.mouse",
        device: "mouse")
    static let trackpadSpeed = speed(
        "ChangeTrackpadTrackingSpeedIntent", title: "Change Trackpad Tracking Speed", schema: "org.gnome.desktop.peripherals.touchpad",
        device: "touchpad")

    // MARK: The clock

    static let interface = "org.gnome.desktop.interface"

    static let clockOptions = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "ClockOptionsEntity-UpdatableEntity", title: "Set Clock Options",
            description:
                "Changes how the top bar's clock shows the time: seconds, the date (always or never), the weekday, AM/PM (the 12-hour clock) — GNOME's clock settings; the others (announcing the time, flashing separators, an analogue clock) GNOME hasn't.",
            parameters: [
                ParameterMetadata(key: "entity", title: "Clock Options", type: .content),
                ParameterMetadata(key: "showSeconds", title: "Display the time with seconds", type: .boolean),
                ParameterMetadata(
                    key: "showDate", title: "Show date", type: .enumeration, options: ["always", "never", "whenSpaceAllows"]),
                ParameterMetadata(key: "showDayOfWeek", title: "Show the day of the week", type: .boolean),
                ParameterMetadata(key: "showAMPM", title: "Show AM/PM", type: .boolean),
                ParameterMetadata(key: "announceTime", title: "Announce the time", type: .boolean),
                ParameterMetadata(key: "flashSeparators", title: "Flash the time separators", type: .boolean),
                ParameterMetadata(key: "clockStyle", title: "Style", type: .enumeration, options: ["digital", "analog"]),
                ParameterMetadata(key: "timeAnnouncementsInterval", title: "Interval", type: .enumeration),
            ],
            outputType: "Clock Options", outputName: "Clock Options", isReadOnly: false, keywords: ["clock", "menu bar", "top bar"])
    ) { parameters in
        { _, run in
            try refuse(
                [
                    ("announceTime", "announcing the time"), ("flashSeparators", "flashing the time's separators"),
                    ("timeAnnouncementsInterval", "announcing the time"),
                ], parameters, run: run)
            if let style = try run.text(parameters["clockStyle"]), style.lowercased() != "digital" {
                throw ActionFailure("GNOME's top bar clock is digital only", parameter: "clockStyle")
            }
            let title = "Set Clock Options"
            if let seconds = try run.bool(parameters["showSeconds"]) {
                try Settings.set(interface, "clock-show-seconds", to: String(seconds), doing: title, run: run)
            }
            if let date = try run.text(parameters["showDate"])?.lowercased().filter(\.isLetter) {
                guard ["always", "never", "whenspaceallows"].contains(date) else {
                    throw ActionFailure(
                        "“\(date.prefix(30))” is not when to show the date: always, never or when space allows", parameter: "showDate")
                }
                try Settings.set(interface, "clock-show-date", to: String(date != "never"), doing: title, run: run)
            }
            if let weekday = try run.bool(parameters["showDayOfWeek"]) {
                try Settings.set(interface, "clock-show-weekday", to: String(weekday), doing: title, run: run)
            }
            if let ampm = try run.bool(parameters["showAMPM"]) {
                try Settings.set(interface, "clock-format", to: ampm ? "12h" : "24h", doing: title, run: run)
            }
            func flag(_ key: String) throws -> Content { .boolean(try Settings.get(interface, key, doing: title, run: run) == "true") }
            return .entity(
                EntityContent(
                    typeName: "Clock Options", identifier: "clock", displayTitle: "Clock Options",
                    properties: [
                        "Show Seconds": try flag("clock-show-seconds"), "Show Date": try flag("clock-show-date"),
                        "Show Day of Week": try flag("clock-show-weekday"),
                        "Show AM/PM": .boolean(try Settings.get(interface, "clock-format", doing: title, run: run).contains("12h")),
                    ]))
        }
    }

    // MARK: Notifications

    static let notifications = "org.gnome.desktop.notifications"

    static let notificationCenter = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "NotificationCenterEntity-UpdatableEntity", title: "Set Notification Center",
            description:
                "Lets notifications show on the lock screen or not (GNOME's show-in-lock-screen); the other Notification Center settings GNOME hasn't.",
            parameters: [
                ParameterMetadata(key: "entity", title: "Notification Center", type: .content),
                ParameterMetadata(key: "allowWhenLocked", title: "Allow notifications when the screen is locked", type: .boolean),
                ParameterMetadata(
                    key: "allowWhenSharing", title: "Allow notifications when mirroring or sharing the display", type: .boolean),
                ParameterMetadata(key: "allowWhenSleeping", title: "Allow notifications when the display is sleeping", type: .boolean),
                ParameterMetadata(
                    key: "showPreviews", title: "Show previews", type: .enumeration, options: ["always", "whenUnlocked", "never"]),
                ParameterMetadata(key: "summarizePreviews", title: "Summarize notifications", type: .boolean),
            ],
            outputType: "Notification Center", outputName: "Notification Center", isReadOnly: false,
            keywords: ["notifications", "lock screen"])
    ) { parameters in
        { _, run in
            try refuse(
                [
                    ("allowWhenSharing", "notifications while the screen is shared"),
                    ("allowWhenSleeping", "notifications while the display sleeps"),
                    ("showPreviews", "notification previews"), ("summarizePreviews", "summarized notifications"),
                ], parameters, run: run)
            let title = "Set Notification Center"
            if let locked = try run.bool(parameters["allowWhenLocked"]) {
                try Settings.set(notifications, "show-in-lock-screen", to: String(locked), doing: title, run: run)
            }
            let now = try Settings.get(notifications, "show-in-lock-screen", doing: title, run: run) == "true"
            return .entity(
                EntityContent(
                    typeName: "Notification Center", identifier: "notifications", displayTitle: "Notification Center",
                    properties: ["Allow When Locked": .boolean(now)]))
        }
    }

    // MARK: Focus

    /// Set Focus State: Linux has one Focus, Do Not Disturb, which is GNOME's banners off.
    static func setFocusState(_ identifier: String) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: "Set Focus State",
                description: "Turns a Focus on or off: Linux has one, Do Not Disturb (GNOME's notification banners off).",
                parameters: [
                    ParameterMetadata(key: "focus", title: "Focus", type: .content),
                    ParameterMetadata(key: "enable", title: "Enabled", type: .boolean, defaultValue: "true"),
                    ParameterMetadata(key: "ShowWhenRun", title: "Show When Run", type: .boolean, defaultValue: "false"),
                ],
                isReadOnly: false, keywords: ["do not disturb", "dnd", "focus"]),
            passesInputThrough: true
        ) { parameters in
            { input, run in
                // The one Focus here is Do Not Disturb; another can't be turned on or off.
                let focus = try run.content(parameters["focus"])
                let name = (focus.dictionary?["Name"] ?? focus).text.trimmingCharacters(in: .whitespaces)
                if !focus.isNothing, !name.isEmpty, name.lowercased().filter(\.isLetter) != "donotdisturb" {
                    throw ActionFailure("“\(name.prefix(40))” is no Focus here: Linux has one, Do Not Disturb", parameter: "focus")
                }
                let on = try run.bool(parameters["enable"]) ?? true
                try Settings.set(notifications, "show-banners", to: on ? "false" : "true", doing: "Set Focus State", run: run)
                return input
            }
        }
    }
}
