import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Start Timer: a transient timer of the person's systemd user manager, which shows a
/// notification when it elapses, so it goes off whether or not the run (or the service) is
/// still there. Linux has no system clock app; the timer lives until it fires or the session ends.
enum ClockActions {
    static let all: [ActionDefinition] = [startTimer]

    static let systemdUser = RequiredService(
        title: "the systemd user manager", busName: "org.freedesktop.systemd1", bus: "session", package: "systemd")

    /// The longest timer, as Apple's Clock allows (23 h 59 min 59 s) rounded to a day.
    static let longest: Double = 24 * 3600

    static let startTimer = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.timer.start", title: "Start Timer",
            description: "Starts a timer that shows a notification when it ends (a transient timer of the systemd user manager).",
            parameters: [
                ParameterMetadata(key: "WFDuration", title: "Duration", description: "e.g. 5 min, 90 sec or 1 hr", type: .text, isRequired: true)
            ],
            isReadOnly: false, keywords: ["countdown", "clock", "alarm"]
        ).needing(systemdUser),
        passesInputThrough: true
    ) { parameters in
        let duration = parameters["WFDuration"]
        return { input, run in
            let systemd = try ServiceClient(systemdUser, for: run)
            let (amount, unit) = try DateActions.duration(duration, run: run)
            guard let seconds = MediaControlActions.seconds(amount, unit), seconds > 0, seconds <= longest else {
                throw ActionFailure("expected a duration of more than 0 and at most 24 hours, got \(NumberText.format(amount)) \(unit)", parameter: "WFDuration")
            }
            let spoken = NumberText.format(amount) + " " + unit
            let path = run.environment.variables["PATH"]
            let command: [String]
            if let notify = ProcessRunner.find("notify-send", path: path) {
                command = [notify, "--app-name=Shortcuts", "--urgency=critical", "Timer", "Your \(spoken) timer is done."]
            } else if let gdbus = ProcessRunner.find("gdbus", path: path) {
                command = [
                    gdbus, "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
                    "--method", "org.freedesktop.Notifications.Notify", "Shortcuts", "0", "", "Timer", "Your \(spoken) timer is done.", "[]",
                    // 0: it stays until dismissed (gdbus would read -1 as an option).
                    "{}", "0",
                ]
            } else {
                throw ActionFailure("a timer's notification needs notify-send (install libnotify-bin) or gdbus (install libglib2.0-bin)")
            }
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
                                .variant(.array(element: "(st)", [.structure([.string("OnActiveUSec"), .uint64(UInt64(seconds * 1_000_000))])])),
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
                                            .variant(.array(element: "(sasb)", [.structure([.string(command[0]), .strings(command), .bool(false)])])),
                                        ]),
                                    ]),
                            ])
                        ]),
                ])
            return input
        }
    }
}
