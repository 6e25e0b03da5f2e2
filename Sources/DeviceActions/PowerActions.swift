import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The machine's power and session: Get Battery Status (UPower), Set Low Power Mode
/// (power-profiles-daemon), Set Brightness, Lock Screen, Sleep, Shut Down and Log Out
/// (systemd-logind), Start Screen Saver (the session's screen saver).
enum PowerActions {
    static let all: [ActionDefinition] = [
        batteryStatus, lowPowerMode, brightness, lockScreen, sleep, shutDown, logOut, screenSaver,
    ]

    static let upowerPath = "/org/freedesktop/UPower"
    static let displayDevice = "/org/freedesktop/UPower/devices/DisplayDevice"

    /// `Subject` of Get Battery Status.
    enum BatterySubject: String, ParameterOption {
        case level = "Battery Level", isCharging = "Is Charging", isConnected = "Is Connected to Charger"
    }

    static let batteryStatus = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getbatterylevel", title: "Get Battery Status",
            description:
                "Gets the battery's charge (0 to 100), whether it is charging, or whether a charger is connected, from UPower's display device.",
            parameters: [.option("Subject", title: "Get", default: BatterySubject.level)],
            outputType: "Number", outputName: "Battery Level", keywords: ["battery", "charge", "power", "upower"]
        ).needing(.upower)
    ) { parameters in
        let subject = OptionParameter(parameters, "Subject", default: BatterySubject.level)
        return { _, run in
            let subject = try subject.value(in: run)
            let upower = try ServiceClient(.upower, for: run)
            let device = try upower.properties(displayDevice, "org.freedesktop.UPower.Device")
            guard device["IsPresent"]?.bool != false else {
                throw ActionFailure("this computer has no battery that UPower knows of")
            }
            switch subject {
            case .level:
                return .number(device["Percentage"]?.number ?? 0)
            case .isCharging:
                // UPower's states: 1 charging, 4 fully charged, 5 pending charge.
                return .boolean(device["State"]?.integer == 1)
            case .isConnected:
                let onBattery = try upower.property(upowerPath, "org.freedesktop.UPower", "OnBattery")
                return .boolean(onBattery.bool == false)
            }
        }
    }

    static let lowPowerMode = SwitchParameters.action(
        "is.workflow.actions.lowpowermode.set", "Set Low Power Mode", label: "Low Power Mode",
        description: "Turns power saving on (power-profiles-daemon's power-saver profile) or off (balanced), or toggles it.",
        keywords: ["battery", "power saver", "profile"], service: .powerProfiles,
        current: { run in
            try ServiceClient(.powerProfiles, for: run).property("/net/hadess/PowerProfiles", "net.hadess.PowerProfiles", "ActiveProfile")
                .text
                == "power-saver"
        },
        set: { on, run in
            try ServiceClient(.powerProfiles, for: run).setProperty(
                "/net/hadess/PowerProfiles", "net.hadess.PowerProfiles", "ActiveProfile", to: .string(on ? "power-saver" : "balanced"))
        })

    // MARK: The login session

    /// The run's login session: `XDG_SESSION_ID`, else the session logind files this process under.
    static func session(_ logind: ServiceClient, run: RunContext) throws -> (id: String, path: String) {
        if let id = run.environment.variables["XDG_SESSION_ID"], !id.isEmpty {
            let path = try logind.call(managerPath, manager, "GetSession", [.string(id)]).first?.text ?? ""
            return (id, path)
        }
        let path: String
        do {
            path = try logind.call(managerPath, manager, "GetSessionByPID", [.uint32(UInt32(getpid()))]).first?.text ?? ""
        } catch {
            throw ActionFailure("this run is in no login session (XDG_SESSION_ID is unset and logind knows of none for it)")
        }
        let id = try logind.property(path, "org.freedesktop.login1.Session", "Id").text ?? ""
        return (id, path)
    }

    static let managerPath = "/org/freedesktop/login1"
    static let manager = "org.freedesktop.login1.Manager"

    /// An action that calls one logind method, taking no parameters but `extra`.
    static func logindAction(
        _ identifier: String, _ title: String, description: String, parameters extra: [ParameterMetadata] = [], keywords: [String],
        call: @escaping @Sendable (CompiledParameters) -> @Sendable (ServiceClient, RunContext) throws -> Void
    ) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title, description: description, parameters: extra, isReadOnly: false,
                keywords: keywords
            ).needing(.logind),
            passesInputThrough: true
        ) { parameters in
            let body = call(parameters)
            return { input, run in
                try body(try ServiceClient(.logind, for: run), run)
                return input
            }
        }
    }

    static let lockScreen = logindAction(
        "is.workflow.actions.lockscreen", "Lock Screen", description: "Locks this login session's screen (logind's LockSession).",
        keywords: ["lock", "screen"]
    ) { _ in
        { logind, run in _ = try logind.call(managerPath, manager, "LockSession", [.string(try session(logind, run: run).id)]) }
    }

    static let sleep = logindAction(
        "is.workflow.actions.sleep", "Sleep", description: "Suspends this computer (logind's Suspend).", keywords: ["suspend"]
    ) { _ in
        { logind, _ in _ = try logind.call(managerPath, manager, "Suspend", [.bool(true)]) }
    }

    /// `WFShutdownMode`.
    enum ShutdownMode: String, ParameterOption {
        case shutDown = "Shut Down", restart = "Restart"
    }

    static let shutDown = logindAction(
        "is.workflow.actions.reboot", "Shut Down", description: "Shuts down or restarts this computer (logind's PowerOff or Reboot).",
        parameters: [.option("WFShutdownMode", title: "Mode", default: ShutdownMode.shutDown)],
        keywords: ["power off", "restart", "reboot"]
    ) { parameters in
        let mode = OptionParameter(parameters, "WFShutdownMode", default: ShutdownMode.shutDown)
        return { logind, run in
            let member = try mode.value(in: run) == .restart ? "Reboot" : "PowerOff"
            _ = try logind.call(managerPath, manager, member, [.bool(true)])
        }
    }

    static let logOut = logindAction(
        "is.workflow.actions.logout", "Log Out User", description: "Ends this login session (logind's TerminateSession).",
        keywords: ["log off", "sign out"]
    ) { _ in
        { logind, run in _ = try logind.call(managerPath, manager, "TerminateSession", [.string(try session(logind, run: run).id)]) }
    }

    static let brightness = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setbrightness", title: "Set Brightness",
            description:
                "Sets the screen's backlight, 0 to 1, through logind (no root needed), on the first backlight in /sys/class/backlight.",
            parameters: [
                ParameterMetadata(
                    key: "WFBrightness", title: "Brightness", description: "0 to 1; 0.5 is half brightness.", type: .number,
                    defaultValue: "0.5", minimum: 0, maximum: 1)
            ],
            isReadOnly: false, keywords: ["screen", "display", "backlight"]
        ).needing(.logind),
        passesInputThrough: true
    ) { parameters in
        let level = parameters["WFBrightness"]
        return { input, run in
            let value = try run.boundedNumber(level, parameter: "WFBrightness", in: 0...1, default: 0.5) ?? 0.5
            let logind = try ServiceClient(.logind, for: run)
            let root = (run.environment.variables["SHORTCUTS_SYSFS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/sys") + "/class/backlight"
            let devices = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
            guard let device = devices.first,
                let text = try? String(contentsOfFile: "\(root)/\(device)/max_brightness", encoding: .utf8),
                let maximum = UInt32(text.trimmingCharacters(in: .whitespacesAndNewlines)), maximum > 0
            else {
                throw ActionFailure("this computer has no screen backlight to set (\(root) lists none)", parameter: "WFBrightness")
            }
            let path = try session(logind, run: run).path
            let raw = UInt32((value * Double(maximum)).rounded())
            _ = try logind.call(
                path, "org.freedesktop.login1.Session", "SetBrightness", [.string("backlight"), .string(device), .uint32(raw)])
            return input
        }
    }

    static let screenSaver = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.startscreensaver", title: "Start Screen Saver",
            description: "Starts the session's screen saver (org.freedesktop.ScreenSaver, or GNOME's).", isReadOnly: false,
            keywords: ["screensaver", "blank"]
        ).needing(.screenSaver),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let saver = try ServiceClient(.screenSaver, for: run)
            var answered = true
            do throws(DBusFailure) {
                _ = try saver.connection.call(
                    "org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver", "SetActive", [.bool(true)]
                )
            } catch {
                guard error.kind == .serviceMissing else { throw saver.failure(error, doing: "SetActive") }
                answered = false
            }
            if !answered {
                // GNOME Shell answers only on its own name.
                _ = try saver.call(
                    "/org/gnome/ScreenSaver", "org.gnome.ScreenSaver", "SetActive", [.bool(true)], destination: "org.gnome.ScreenSaver")
            }
            return input
        }
    }
}
