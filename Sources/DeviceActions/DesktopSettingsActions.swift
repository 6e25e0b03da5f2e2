import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The desktop's own switches: Focus (Do Not Disturb), Night Shift, Orientation Lock, Silent
/// Mode, Get Orientation and Put Display to Sleep. Freedesktop has no shared interface for the
/// first three, so they are GNOME's settings (and its relatives'), through `gsettings`; on
/// another desktop they fail naming it.
enum DesktopSettingsActions {
    static let all: [ActionDefinition] = [setFocus, getFocus, nightShift, orientationLock, orientation, silentMode, displaySleep]

    static let sensorProxy = RequiredService(
        title: "iio-sensor-proxy", busName: "net.hadess.SensorProxy", bus: "system", package: "iio-sensor-proxy")
    static let mutter = RequiredService(
        title: "GNOME's display configuration", busName: "org.gnome.Mutter.DisplayConfig", bus: "session", package: "gnome-shell")

    /// GNOME's settings, read and written with `gsettings`.
    enum GNOMESettings {
        /// The desktops that keep GNOME's settings.
        static let desktops: Set<String> = ["gnome", "unity", "budgie", "budgie-desktop", "pantheon", "cinnamon", "x-cinnamon", "ubuntu"]

        static func program(doing what: String, run: RunContext) throws -> String {
            let current = run.environment.variables["XDG_CURRENT_DESKTOP"] ?? ""
            let names = current.lowercased().split(separator: ":").map(String.init)
            guard names.isEmpty || names.contains(where: desktops.contains) else {
                throw ActionFailure("\(what) is a GNOME setting, and this desktop is \(current), which has no shared interface for it")
            }
            guard let program = run.findProgram("gsettings", path: run.environment.variables["PATH"]) else {
                throw ActionFailure("\(what) needs gsettings (install libglib2.0-bin)")
            }
            return program
        }

        static func get(_ schema: String, _ key: String, doing what: String, run: RunContext) throws -> String {
            let outcome = try run.runProgram(
                try program(doing: what, run: run), arguments: ["get", schema, key], environment: run.environment.variables, timeout: 10)
            guard outcome.status == 0 else {
                throw ActionFailure("gsettings could not read \(schema) \(key): \(outcome.errorText.prefix(300))")
            }
            try checkStore(outcome.errorText, doing: what)
            return String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        static func set(_ schema: String, _ key: String, to value: String, doing what: String, run: RunContext) throws {
            let outcome = try run.runProgram(
                try program(doing: what, run: run), arguments: ["set", schema, key, value], environment: run.environment.variables,
                timeout: 10)
            guard outcome.status == 0 else {
                throw ActionFailure("gsettings could not set \(schema) \(key): \(outcome.errorText.prefix(300))")
            }
            try checkStore(outcome.errorText, doing: what)
            // dconf reports a commit that failed after gsettings may have exited, so the value is
            // read back by a process of its own: a store out of reach still holds the old one.
            let now = try get(schema, key, doing: what, run: run)
            let read = now.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            // A number is compared as one: gsettings prints doubles with 17 digits (0.35 as 0.34999999999999998).
            let same = read == value || Double(read).flatMap { number in Double(value).map { abs($0 - number) < 1e-9 } } == true
            guard same else {
                throw ActionFailure(
                    "\(what) needs \(store.description), but the value didn't take (\(schema) \(key) is still \(now)), so gsettings reached no settings store; nothing changed"
                )
            }
        }

        /// The desktop's settings store (dconf, over the session bus). gsettings exits 0 when it
        /// can't reach it: with no dconf it keeps the value in memory for itself alone, and with
        /// no session bus dconf fails to commit; either way nothing changed.
        static let store = RequiredService(
            title: "GNOME's settings store (dconf)", busName: "ca.desrt.dconf", bus: "session", package: "dconf-service")

        /// Fails when gsettings said it couldn't reach the settings store.
        static func checkStore(_ said: String, doing what: String) throws {
            let reason: String
            if said.contains("'memory' GSettings backend") {
                reason = "gsettings has no settings store here (no dconf), so it would keep the value in memory only"
            } else if said.contains("failed to commit changes to dconf") {
                reason =
                    "dconf couldn't reach the session bus: \(said.split(separator: ":").suffix(1).joined().trimmingCharacters(in: .whitespacesAndNewlines))"
            } else {
                return
            }
            throw ActionFailure("\(what) needs \(store.description), but \(reason); nothing changed")
        }
    }

    /// A Set action over one GNOME Boolean setting.
    static func gnomeSwitch(
        _ identifier: String, _ title: String, label: String, schema: String, key: String, description: String, keywords: [String]
    ) -> ActionDefinition {
        SwitchParameters.action(
            identifier, title, label: label, description: description, keywords: keywords, service: nil,
            current: { run in try GNOMESettings.get(schema, key, doing: title, run: run) == "true" },
            set: { on, run in try GNOMESettings.set(schema, key, to: on ? "true" : "false", doing: title, run: run) })
    }

    static let nightShift = gnomeSwitch(
        "is.workflow.actions.nightshift.set", "Set Night Shift", label: "Night Shift", schema: "org.gnome.settings-daemon.plugins.color",
        key: "night-light-enabled", description: "Turns GNOME's Night Light on or off, or toggles it.",
        keywords: ["night light", "blue light", "warm"])

    static let orientationLock = gnomeSwitch(
        "is.workflow.actions.orientationlock.set", "Set Orientation Lock", label: "Orientation Lock",
        schema: "org.gnome.settings-daemon.peripherals.touchscreen", key: "orientation-lock",
        description: "Locks or unlocks the screen's rotation (GNOME's orientation lock), or toggles it.", keywords: ["rotation", "rotate"])

    /// `AssertionType` of Set Focus.
    enum FocusUntil: String, ParameterOption {
        case turnedOff = "Turned Off", time = "Time", leave = "I Leave", eventEnds = "Event Ends"
    }

    static let setFocus = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.dnd.set", title: "Set Focus",
            description:
                "Turns Do Not Disturb on or off, or toggles it: GNOME's notification banners. Linux has one Focus, Do Not Disturb, kept until turned off.",
            parameters: [
                ParameterMetadata(key: "Enabled", title: "Do Not Disturb", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "Operation", title: "Operation", type: .text, options: ["Turn", "Toggle"]),
                .option("AssertionType", title: "Until", default: FocusUntil.turnedOff),
                ParameterMetadata(key: "FocusModes", title: "Focus", type: .content),
            ],
            isReadOnly: false, keywords: ["do not disturb", "dnd", "focus", "notifications"]),
        passesInputThrough: true
    ) { parameters in
        let enabled = parameters["Enabled"]
        let operation = parameters["Operation"]
        let until = OptionParameter(parameters, "AssertionType", default: FocusUntil.turnedOff)
        return { input, run in
            let schema = "org.gnome.desktop.notifications"
            let on: Bool
            if (try run.text(operation))?.lowercased() == "toggle" {
                on = try GNOMESettings.get(schema, "show-banners", doing: "Set Focus", run: run) == "true"
            } else {
                on = try run.bool(enabled) ?? false
            }
            if on, try until.value(in: run) != .turnedOff {
                throw ActionFailure(
                    "Do Not Disturb here lasts until it is turned off; a time or place to end it isn't kept", parameter: "AssertionType")
            }
            // Do Not Disturb is banners off.
            try GNOMESettings.set(schema, "show-banners", to: on ? "false" : "true", doing: "Set Focus", run: run)
            return input
        }
    }

    static let getFocus = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.dnd.getfocus", title: "Get Current Focus",
            description: "Outputs Do Not Disturb when it is on (GNOME's notification banners are off), else nothing.",
            outputType: "Focus", outputName: "Focus", keywords: ["do not disturb", "dnd", "focus"])
    ) { _ in
        { _, run in
            let banners = try GNOMESettings.get("org.gnome.desktop.notifications", "show-banners", doing: "Get Current Focus", run: run)
            guard banners == "false" else { return .nothing }
            return .entity(
                EntityContent(
                    typeName: "Focus", identifier: "com.apple.donotdisturb.mode.default", displayTitle: "Do Not Disturb",
                    properties: ["Name": .text("Do Not Disturb")]))
        }
    }

    static let orientation = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.ShortcutsActions.GetOrientationAction", title: "Get Orientation",
            description:
                "Gets which way up the screen is, from iio-sensor-proxy's accelerometer: Portrait (its natural way), Portrait Upside Down, Landscape Left or Landscape Right.",
            outputType: "Text", outputName: "Orientation", keywords: ["rotation", "accelerometer", "tablet"]
        ).needing(sensorProxy)
    ) { _ in
        { _, run in
            let sensors = try ServiceClient(sensorProxy, for: run)
            let path = "/net/hadess/SensorProxy"
            let interface = "net.hadess.SensorProxy"
            guard try sensors.property(path, interface, "HasAccelerometer").bool == true else {
                throw ActionFailure("this computer has no accelerometer (iio-sensor-proxy finds none)")
            }
            _ = try sensors.call(path, interface, "ClaimAccelerometer")
            defer { _ = try? sensors.call(path, interface, "ReleaseAccelerometer") }
            let value = try sensors.property(path, interface, "AccelerometerOrientation").text ?? ""
            switch value {
            case "normal": return .text("Portrait")
            case "bottom-up": return .text("Portrait Upside Down")
            case "left-up": return .text("Landscape Left")
            case "right-up": return .text("Landscape Right")
            default: return .text("Unknown")
            }
        }
    }

    static let silentMode = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.ShortcutsActions.SetSilentModeAction", title: "Set Silent Mode",
            description: "Mutes or unmutes the default output with PipeWire's wpctl or PulseAudio's pactl, or toggles it.",
            parameters: [
                .option("operation", title: "Operation", default: SwitchOperation.turn),
                ParameterMetadata(key: "state", title: "Silent Mode", type: .boolean, defaultValue: "true"),
            ],
            isReadOnly: false, keywords: ["mute", "silence", "ring"]),
        passesInputThrough: true
    ) { parameters in
        let operation = OptionParameter(parameters, "operation", default: SwitchOperation.turn)
        let state = parameters["state"]
        return { input, run in
            let path = run.environment.variables["PATH"]
            let toggle = try operation.value(in: run) == .toggle
            let value = toggle ? "toggle" : ((try run.bool(state) ?? true) ? "1" : "0")
            let (program, arguments): (String, [String])
            if let wpctl = run.findProgram("wpctl", path: path) {
                (program, arguments) = (wpctl, ["set-mute", "@DEFAULT_AUDIO_SINK@", value])
            } else if let pactl = run.findProgram("pactl", path: path) {
                (program, arguments) = (pactl, ["set-sink-mute", "@DEFAULT_SINK@", value])
            } else {
                throw ActionFailure("no sound server tool found: install wireplumber (wpctl) or pulseaudio-utils (pactl)")
            }
            let outcome = try run.runProgram(program, arguments: arguments, environment: run.environment.variables, timeout: 10)
            guard outcome.status == 0 else {
                throw ActionFailure(
                    "\(URL(fileURLWithPath: program).lastPathComponent) could not mute (status \(outcome.status)): \(outcome.errorText.prefix(300))"
                )
            }
            return input
        }
    }

    static let displaySleep = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.displaysleep", title: "Put Display to Sleep",
            description: "Turns the screens off until the next input: GNOME's display configuration, or DPMS with xset on X11.",
            isReadOnly: false, keywords: ["screen off", "blank", "monitor"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            if let mutter = try? ServiceClient(mutter, for: run), mutter.connection.hasOwner(mutter.service.busName) {
                // 3 is "off" in Mutter's PowerSaveMode (DPMS states).
                try mutter.setProperty("/org/gnome/Mutter/DisplayConfig", "org.gnome.Mutter.DisplayConfig", "PowerSaveMode", to: .int32(3))
                return input
            }
            if let display = run.environment.variables["DISPLAY"], !display.isEmpty,
                let xset = run.findProgram("xset", path: run.environment.variables["PATH"])
            {
                let outcome = try run.runProgram(
                    xset, arguments: ["dpms", "force", "off"], environment: run.environment.variables, timeout: 10)
                guard outcome.status == 0 else {
                    throw ActionFailure("xset could not turn the display off: \(outcome.errorText.prefix(300))")
                }
                return input
            }
            throw ActionFailure(
                "needs \(mutter.description), or an X11 display with xset (install x11-xserver-utils); this session has neither")
        }
    }
}
