import Foundation
import ShortcutsTestSupport
import Testing

/// The Clock app's timer and alarm actions against python-dbusmock's systemd user manager:
/// Start Timer's transient timer paused, resumed, read and cancelled; alarms added, found,
/// turned off, opened and deleted.
struct ClockAppTimerTests {
    static func systemd(_ harness: ServiceHarness) throws {
        try harness.startBus()
        try harness.startMock(
            arguments: ["org.freedesktop.systemd1", "/org/freedesktop/systemd1", "org.freedesktop.systemd1.Manager"],
            name: "org.freedesktop.systemd1", system: false)
        let added = try harness.python(
            """
            import dbus
            manager = dbus.Interface(dbus.SessionBus().get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1'), 'org.freedesktop.DBus.Mock')
            interface = 'org.freedesktop.systemd1.Manager'
            manager.AddMethod(interface, 'StartTransientUnit', 'ssa(sv)a(sa(sv))', 'o', 'ret = dbus.ObjectPath("/org/freedesktop/systemd1/job/1")')
            manager.AddMethod(interface, 'Reload', '', '', '')
            manager.AddMethod(interface, 'EnableUnitFiles', 'asbb', 'ba(sss)', 'ret = (False, [])')
            manager.AddMethod(interface, 'DisableUnitFiles', 'asb', 'a(sss)', 'ret = []')
            manager.AddMethod(interface, 'StartUnit', 'ss', 'o', 'ret = dbus.ObjectPath("/org/freedesktop/systemd1/job/2")')
            manager.AddMethod(interface, 'StopUnit', 'ss', 'o', 'ret = dbus.ObjectPath("/org/freedesktop/systemd1/job/3")')
            """)
        #expect(added.status == 0, "\(added.error)")
    }

    static func calls(_ harness: ServiceHarness) throws -> [String] {
        try DeviceActionTests.calls("org.freedesktop.systemd1", "/org/freedesktop/systemd1", system: false, in: harness)
    }

    @Test func theCurrentTimerPausesResumesAndCancels() throws {
        let harness = try ServiceHarness()
        try Self.systemd(harness)
        let started = try DeviceActionTests.run(#"is.workflow.actions.timer.start WFDuration: "5 min""#, in: harness)
        #expect(started.status == 0, "\(started.error)")
        let unit = try #require(try Self.calls(harness).first?.split(separator: "(")[1].split(separator: ".").first.map(String.init))
        let state = (harness.environment["XDG_RUNTIME_DIR"] ?? "") + "/shortcuts/timer.json"
        #expect(FileManager.default.fileExists(atPath: state), "no \(state)")

        let read = try DeviceActionTests.run(
            """
            whole = com.apple.clock.GetCurrentTimerDetailsIntent mode: "duration"
            left = com.apple.clock.GetCurrentTimerDetailsIntent mode: "remainingTime"
            Text "\\(whole) \\(left.Magnitude)"
            """, in: harness)
        #expect(read.status == 0, "\(read.error)")
        let shown = read.output.trimmingCharacters(in: .newlines).split(separator: " ")
        #expect(shown.count == 3 && shown[0] == "300" && shown[1] == "s", "\(read.output)")
        let left = Double(shown.last ?? "") ?? 0
        #expect(left > 200 && left <= 300, "\(read.output)")

        let paused = try DeviceActionTests.run("com.apple.clock.PauseTimerIntent", in: harness)
        #expect(paused.status == 0, "\(paused.error)")
        #expect(try Self.calls(harness).last == "StopUnit(\(unit).timer, replace)")
        let again = try DeviceActionTests.run("com.apple.clock.PauseTimerIntent", in: harness)
        #expect(again.status == 1 && again.error.contains("the timer is already paused"), "\(again.error)")

        let resumed = try DeviceActionTests.run("com.apple.clock.ResumeTimerIntent", in: harness)
        #expect(resumed.status == 0, "\(resumed.error)")
        let restart = try #require(try Self.calls(harness).last)
        #expect(restart.hasPrefix("StartTransientUnit(shortcuts-timer-") && !restart.contains(unit), "\(restart)")
        let microseconds = restart.split(separator: "OnActiveUSec, ").last.flatMap { Double($0.prefix { $0.isNumber }) } ?? 0
        #expect(microseconds > 200e6 && microseconds <= 300e6, "\(restart)")
        #expect(restart.contains("Your 5 min timer is done."), "\(restart)")
        let length = try DeviceActionTests.run("com.apple.clock.GetCurrentTimerDetailsIntent", in: harness)
        #expect(length.output == "300 s\n", "\(length.output) \(length.error)")

        let cancelled = try DeviceActionTests.run("com.apple.clock.CancelTimerIntent", in: harness)
        #expect(cancelled.status == 0, "\(cancelled.error)")
        #expect(try Self.calls(harness).last?.hasPrefix("StopUnit(shortcuts-timer-") == true)
        #expect(!FileManager.default.fileExists(atPath: state))
        let none = try DeviceActionTests.run("com.apple.clock.GetCurrentTimerDetailsIntent", in: harness)
        #expect(none.status == 1 && none.error.contains("no timer is running"), "\(none.error)")
    }

    @Test func alarmsAreAddedFoundTurnedOffOpenedAndDeleted() throws {
        let harness = try ServiceHarness()
        harness.extra["TZ"] = "Europe/Paris"
        try Self.systemd(harness)
        let opened = harness.directory + "/opened"
        let bin = harness.directory + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"$1\" >> \(opened)\n".write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(bin + "/xdg-open", 0o755)
        harness.extra["PATH"] = bin + ":/usr/bin:/bin"
        let made = try DeviceActionTests.run(
            """
            com.apple.mobiletimer-framework.MobileTimerIntents.MTCreateAlarmIntent dateComponents: "06:45", name: "Run", repeats: ["saturday", "sunday"]
            com.apple.mobiletimer-framework.MobileTimerIntents.MTCreateAlarmIntent dateComponents: "07:30", name: "Work"
            """, in: harness)
        #expect(made.status == 0, "\(made.error)")
        let folder = (harness.environment["XDG_CONFIG_HOME"] ?? "") + "/systemd/user"
        let timers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".timer") }
        #expect(timers.count == 2, "\(timers)")
        let texts = try timers.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
        #expect(texts.contains { $0.contains("OnCalendar=Sat,Sun *-*-* 06:45:00 Europe/Paris") }, "\(texts)")

        let found = try DeviceActionTests.run(
            """
            com.apple.mobiletimer-framework.MobileTimerIntents.MTGetAlarmsIntent WFContentItemSortProperty: "Time", WFContentItemSortOrder: "Latest First"
            """, in: harness)
        #expect(found.status == 0 && found.output == "Work\nRun\n", "\(found.output) \(found.error)")

        let off = try DeviceActionTests.run(
            """
            alarm = com.apple.mobiletimer-framework.MobileTimerIntents.MTToggleAlarmIntent operation: "turn", state: false, alarm: "run"
            Text "\\(alarm."Is Enabled")"
            """, in: harness)
        #expect(off.status == 0 && off.output == "No\n", "\(off.output) \(off.error)")
        #expect(try Self.calls(harness).suffix(2).first?.hasPrefix("StopUnit(shortcuts-alarm-") == true)

        let shown = try DeviceActionTests.run(#"com.apple.clock.OpenAlarmIntent target: "Work""#, in: harness)
        #expect(shown.status == 0, "\(shown.error)")
        let link = try String(contentsOfFile: opened, encoding: .utf8)
        #expect(link.hasPrefix("file://" + folder + "/shortcuts-alarm-") && link.hasSuffix(".timer\n"), "\(link)")

        let deleted = try DeviceActionTests.run(#"com.apple.clock.DeleteAlarmIntent entities: ["Run", "Work"]"#, in: harness)
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("shortcuts-alarm-") }.isEmpty)
        #expect(try Self.calls(harness).last == "Reload()")
        let missing = try DeviceActionTests.run(#"com.apple.clock.DeleteAlarmIntent entities: "Run""#, in: harness)
        #expect(missing.status == 1 && missing.error.contains("parameter entities: there is no alarm “Run”"), "\(missing.error)")
        let badDay = try DeviceActionTests.run(
            #"com.apple.mobiletimer-framework.MobileTimerIntents.MTCreateAlarmIntent dateComponents: "08:00", repeats: ["someday"]"#,
            in: harness)
        #expect(badDay.status == 1 && badDay.error.contains("parameter repeats: “someday” is not a day of the week"), "\(badDay.error)")
    }
}
