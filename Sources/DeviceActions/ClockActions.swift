import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Timers and alarms as the person's systemd user manager keeps them, each showing a
/// notification when it goes off, whether or not the run (or the service) is still there:
/// Start Timer is a transient timer (it lives until it fires or the session ends); Create Alarm
/// and Toggle Alarm write timer units to `$XDG_CONFIG_HOME/systemd/user`, so alarms outlive a
/// restart. Linux has no system clock app.
enum ClockActions {
    static let all: [ActionDefinition] = [startTimer, createAlarm, toggleAlarm]

    static let systemdUser = RequiredService(
        title: "the systemd user manager", busName: "org.freedesktop.systemd1", bus: "session", package: "systemd")

    /// The longest timer, as Apple's Clock allows (23 h 59 min 59 s) rounded to a day.
    static let longest: Double = 24 * 3600

    static let startTimer = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.timer.start", title: "Start Timer",
            description: "Starts a timer that shows a notification when it ends (a transient timer of the systemd user manager).",
            parameters: [
                ParameterMetadata(
                    key: "WFDuration", title: "Duration", description: "e.g. 5 min, 90 sec or 1 hr", type: .text, isRequired: true)
            ],
            isReadOnly: false, keywords: ["countdown", "clock", "alarm"]
        ).needing(systemdUser),
        passesInputThrough: true
    ) { parameters in
        let duration = parameters["WFDuration"]
        return { input, run in
            let systemd = try ServiceClient(systemdUser, for: run)
            let (amount, unit) = try DateParameters.duration(duration, run: run)
            let seconds = amount * DurationUnit.seconds(named: unit)
            guard seconds > 0, seconds <= longest else {
                throw ActionFailure(
                    "expected a duration of more than 0 and at most 24 hours, got \(NumberText.format(amount)) \(unit)",
                    parameter: "WFDuration")
            }
            let spoken = NumberText.format(amount) + " " + unit
            try startTimer(seconds: seconds, spoken: spoken, systemd: systemd, run: run)
            return input
        }
    }

    /// Starts a transient timer of `seconds` that notifies when it ends, and makes it the current
    /// timer (``ClockAppActions/TimerState``), which the Clock app's timer actions pause, resume,
    /// cancel and read. `spoken` is how its notification names its length.
    static func startTimer(seconds: Double, spoken: String, label: String = "Timer", systemd: ServiceClient, run: RunContext) throws {
        guard seconds.isFinite, seconds > 0, seconds <= longest else {
            throw ActionFailure("a timer runs for more than 0 seconds and at most 24 hours")
        }
        // One timer at a time, as Clock has: the one before stops (it would go off, out of reach).
        if let previous = ClockAppActions.TimerState.load(run: run), previous.endsAt != nil {
            try ClockAppActions.stopUnit(previous.unit, systemd: systemd)
        }
        let command = try notification(title: "Timer", body: "Your \(spoken) timer is done.", run: run)
        let name = "shortcuts-timer-\(UUID().uuidString.prefix(8).lowercased())"
        let description = DBusValue.string("Shortcuts timer (\(spoken))")
        _ = try systemd.call(
            "/org/freedesktop/systemd1", "org.freedesktop.systemd1.Manager", "StartTransientUnit",
            [
                .string(name + ".timer"), .string("fail"),
                .array(
                    element: "(sv)",
                    [
                        .structure([.string("Description"), .variant(description)]),
                        .structure([
                            .string("TimersMonotonic"),
                            .variant(
                                .array(element: "(st)", [.structure([.string("OnActiveUSec"), .uint64(UInt64(seconds * 1_000_000))])])),
                        ]),
                        .structure([.string("RemainAfterElapse"), .variant(.bool(false))]),
                    ]),
                .array(
                    element: "(sa(sv))",
                    [
                        .structure([
                            .string(name + ".service"),
                            .array(
                                element: "(sv)",
                                [
                                    .structure([.string("Description"), .variant(description)]),
                                    .structure([
                                        .string("ExecStart"),
                                        .variant(
                                            .array(
                                                element: "(sasb)", [.structure([.string(command[0]), .strings(command), .bool(false)])])
                                        ),
                                    ]),
                                ]),
                        ])
                    ]),
            ])
        try ClockAppActions.TimerState(
            unit: name, label: label, duration: seconds, endsAt: run.environment.now().addingTimeInterval(seconds), remaining: nil
        ).save(run: run)
    }

    /// The command a timer's service runs to show its notification: notify-send, else gdbus.
    static func notification(title: String, body: String, run: RunContext) throws -> [String] {
        let path = run.environment.variables["PATH"]
        if let notify = run.findProgram("notify-send", path: path) {
            return [notify, "--app-name=Shortcuts", "--urgency=critical", title, body]
        }
        if let gdbus = run.findProgram("gdbus", path: path) {
            return [
                gdbus, "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
                // 0: it stays until dismissed (gdbus would read -1 as an option).
                "--method", "org.freedesktop.Notifications.Notify", "Shortcuts", "0", "", title, body, "[]", "{}", "0",
            ]
        }
        throw ActionFailure("a timer's notification needs notify-send (install libnotify-bin) or gdbus (install libglib2.0-bin)")
    }

    // MARK: Alarms

    static let alarmPrefix = "shortcuts-alarm-"
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    static func unitFolder(run: RunContext) -> String { UserFolders.configHome(in: run.environment.variables) + "/systemd/user" }

    /// The alarms the units folder holds: each timer's label, time, days and whether it is on.
    static func alarms(run: RunContext) -> [Content] {
        let folder = unitFolder(run: run)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasPrefix(alarmPrefix) && $0.hasSuffix(".timer")
        }
        return names.sorted().compactMap { name in
            guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { return nil }
            func value(_ key: String) -> String? {
                text.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
            }
            let label = (value("X-Shortcuts-Label") ?? "Alarm").replacingOccurrences(of: "%%", with: "%")
            let days = (value("X-Shortcuts-Repeat") ?? "").split(separator: ",").map { Content.text(String($0)) }
            let enabled = FileManager.default.fileExists(atPath: folder + "/timers.target.wants/" + name)
            return .entity(
                EntityContent(
                    typeName: "Alarm", identifier: String(name.dropLast(".timer".count)), displayTitle: label,
                    properties: [
                        "Label": .text(label), "Time": .text(value("X-Shortcuts-Time") ?? ""), "Is Enabled": .boolean(enabled),
                        "Repeat": .list(days),
                    ]))
        }
    }

    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ActionFailure("can't write \(path): \(error.localizedDescription)")
        }
    }

    /// Turns an alarm's timer on (enabled and started) or off (stopped and disabled).
    static func setAlarm(_ unit: String, on: Bool, systemd: ServiceClient) throws {
        let manager = "org.freedesktop.systemd1.Manager"
        let path = "/org/freedesktop/systemd1"
        _ = try systemd.call(path, manager, "Reload")
        if on {
            _ = try systemd.call(path, manager, "EnableUnitFiles", [.strings([unit + ".timer"]), .bool(false), .bool(true)])
            _ = try systemd.call(path, manager, "StartUnit", [.string(unit + ".timer"), .string("replace")])
        } else {
            _ = try systemd.call(path, manager, "StopUnit", [.string(unit + ".timer"), .string("replace")])
            _ = try systemd.call(path, manager, "DisableUnitFiles", [.strings([unit + ".timer"]), .bool(false)])
        }
    }

    static let createAlarm = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.alarm.create", title: "Create Alarm",
            description:
                "Makes an alarm: a timer of the systemd user manager that shows a notification at the time, once or on the days given, kept across restarts.",
            parameters: [
                ParameterMetadata(key: "WFTime", title: "Time", type: .date, isRequired: true),
                ParameterMetadata(key: "WFLabel", title: "Label", type: .text, defaultValue: "Alarm"),
                ParameterMetadata(key: "WFFrequency", title: "Repeat", type: .enumeration, options: weekdays, isList: true),
            ],
            outputType: "Alarm", outputName: "Alarm", isReadOnly: false, keywords: ["wake", "clock", "reminder"]
        ).needing(systemdUser)
    ) { parameters in
        { _, run in
            let systemd = try ServiceClient(systemdUser, for: run)
            let time = try DateParameters.date(parameters["WFTime"], parameter: "WFTime", run: run)
            let label = (try run.text(parameters["WFLabel"])).flatMap { $0.isEmpty ? nil : $0 } ?? "Alarm"
            let days = try run.content(parameters["WFFrequency"]).items.map(\.text).map { day in
                guard let match = weekdays.first(where: { $0.lowercased().hasPrefix(day.lowercased().prefix(3)) && !day.isEmpty }) else {
                    throw ActionFailure("“\(day)” is not a day of the week", parameter: "WFFrequency")
                }
                return match
            }
            return try makeAlarm(at: time, label: label, days: days, systemd: systemd, run: run)
        }
    }

    /// Makes an alarm: a timer unit at `time`'s hour and minute, once (the next time the clock
    /// shows it) or on `days` (English weekday names), turned on; the alarm as content.
    static func makeAlarm(at time: Date, label: String, days: [String], systemd: ServiceClient, run: RunContext) throws -> Content {
        var calendar = run.environment.calendar
        calendar.timeZone = run.environment.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: time)
        let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        let spec: String
        if days.isEmpty {
            // Once: at the next time the clock shows it, as an alarm rings.
            var next = calendar.nextDate(after: run.environment.now(), matching: parts, matchingPolicy: .nextTime) ?? time
            if time > run.environment.now(), !calendar.isDate(time, inSameDayAs: run.environment.now()) { next = time }
            let day = calendar.dateComponents([.year, .month, .day], from: next)
            spec = String(format: "%04d-%02d-%02d ", day.year ?? 0, day.month ?? 0, day.day ?? 0) + clock + ":00"
        } else {
            spec = days.map { String($0.prefix(3)) }.joined(separator: ",") + " *-*-* " + clock + ":00"
        }
        let zone = run.environment.timeZone.identifier
        let unit = alarmPrefix + UUID().uuidString.prefix(8).lowercased()
        let folder = unitFolder(run: run)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ActionFailure("can't make \(folder): \(error.localizedDescription)")
        }
        let command = try notification(title: "Alarm", body: label, run: run)
        try write(
            "[Unit]\nDescription=Shortcuts alarm: \(SystemdText.escaped(label))\n\n[Service]\nType=oneshot\nExecStart="
                + command.map(SystemdText.quoted).joined(separator: " ") + "\n",
            to: folder + "/" + unit + ".service")
        try write(
            "[Unit]\nDescription=Shortcuts alarm: \(SystemdText.escaped(label))\nX-Shortcuts-Label=\(SystemdText.escaped(label))\n"
                + "X-Shortcuts-Time=\(clock)\nX-Shortcuts-Repeat=\(days.joined(separator: ","))\n\n[Timer]\nOnCalendar=\(spec) \(zone)\n"
                + "AccuracySec=1s\n\n[Install]\nWantedBy=timers.target\n",
            to: folder + "/" + unit + ".timer")
        try setAlarm(unit, on: true, systemd: systemd)
        return alarms(run: run).first { $0.entityIdentifier == unit } ?? .nothing
    }

    /// The alarm content names (an alarm from an earlier action, or its label), and its unit.
    static func findAlarm(_ given: Content, parameter: String, run: RunContext) throws -> (alarm: Content, unit: String) {
        let all = alarms(run: run)
        let wanted = given.entityIdentifier ?? given.text
        guard
            let alarm = all.first(where: {
                $0.entityIdentifier == wanted || $0.property("Label").text.caseInsensitiveCompare(wanted) == .orderedSame
            }),
            let unit = alarm.entityIdentifier
        else {
            let labels = all.map { $0.property("Label").text }
            throw ActionFailure(
                "there is no alarm “\(wanted.prefix(60))”" + (labels.isEmpty ? "" : "; there are \(labels.joined(separator: ", "))"),
                parameter: parameter)
        }
        return (alarm, unit)
    }

    static let toggleAlarm = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.alarm.toggle", title: "Toggle Alarm",
            description: "Turns an alarm Create Alarm made on or off, or toggles it.",
            parameters: [ParameterMetadata(key: "WFAlarm", title: "Alarm", type: .content, isRequired: true)]
                + SwitchParameters.metadata("Alarm"),
            isReadOnly: false, keywords: ["wake", "clock"]
        ).needing(systemdUser),
        passesInputThrough: true
    ) { parameters in
        let switchValue = SwitchParameters(parameters)
        return { input, run in
            let systemd = try ServiceClient(systemdUser, for: run)
            let (alarm, unit) = try findAlarm(try run.content(parameters["WFAlarm"]), parameter: "WFAlarm", run: run)
            let on = try switchValue.wanted(in: run) { alarm.property("Is Enabled").boolean ?? false }
            try setAlarm(unit, on: on, systemd: systemd)
            return input
        }
    }
}
