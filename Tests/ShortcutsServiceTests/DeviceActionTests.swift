import Foundation
import ShortcutsTestSupport
import Testing

/// The device, desktop and media actions against the real D-Bus daemon: private system and
/// session buses with the services mocked by python3-dbusmock (its UPower, power-profiles-daemon,
/// logind, NetworkManager, BlueZ, notification daemon and GNOME screen saver templates, and bare
/// mocks for an MPRIS player and a file manager). Each test runs the built `shortcuts` and
/// asserts what the mock saw and what the action output.
@Suite(
    .enabled(
        if: ServiceHarness.hasDBus && ServiceHarness.hasDBusMock,
        "dbus-daemon or python3-dbusmock is missing (apt-get install dbus-daemon python3-dbusmock)"))
struct DeviceActionTests {
    /// Runs shortcut text with the built `shortcuts` in the harness's environment.
    static func run(_ text: String, in harness: ServiceHarness, options: [String] = []) throws -> ProcessOutput {
        let file = harness.directory + "/device-\(UUID().uuidString.prefix(8)).sct"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return try harness.run(try BuiltProducts.path(of: "shortcuts"), ["run"] + options + [file])
    }

    /// The calls a dbusmock object has seen, as `Member(arg, arg…)` lines.
    static func calls(_ name: String, _ path: String, system: Bool, in harness: ServiceHarness) throws -> [String] {
        let listed = try harness.python(
            """
            import dbus, sys
            bus = dbus.SystemBus() if sys.argv[1] == 'system' else dbus.SessionBus()
            def show(value):
                if isinstance(value, dbus.Boolean): return 'true' if value else 'false'
                if isinstance(value, (list, tuple, dbus.Array, dbus.Struct)): return '[' + ', '.join(show(v) for v in value) + ']'
                if isinstance(value, (dict, dbus.Dictionary)): return '{' + ', '.join(show(k) + ': ' + show(v) for k, v in value.items()) + '}'
                return str(value)
            for _, member, arguments in bus.get_object(sys.argv[2], sys.argv[3]).GetCalls(dbus_interface='org.freedesktop.DBus.Mock'):
                print(member + '(' + ', '.join(show(a) for a in arguments) + ')')
            """, [system ? "system" : "session", name, path])
        #expect(listed.status == 0, "\(listed.error)")
        return listed.output.split(separator: "\n").map(String.init)
    }

    /// A property as `gdbus` prints it.
    static func property(_ name: String, _ path: String, _ interface: String, _ property: String, in harness: ServiceHarness)
        throws -> String
    {
        let read = try harness.run(
            "/usr/bin/gdbus",
            [
                "call", "--system", "--dest", name, "--object-path", path, "--method", "org.freedesktop.DBus.Properties.Get", interface,
                property,
            ])
        return read.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func batteryAndPowerProfileComeFromUPowerAndPowerProfilesDaemon() throws {
        let harness = try ServiceHarness()
        try harness.startSystemBus()
        try harness.startMock("upower", name: "org.freedesktop.UPower")
        try harness.startMock("power_profiles_daemon", name: "net.hadess.PowerProfiles")
        let set = try harness.python(
            """
            import dbus
            upower = dbus.SystemBus().get_object('org.freedesktop.UPower', '/org/freedesktop/UPower')
            mock = dbus.Interface(upower, 'org.freedesktop.DBus.Mock')
            mock.SetupDisplayDevice(dbus.UInt32(2), dbus.UInt32(1), dbus.Double(42.0), dbus.Double(20.0), dbus.Double(50.0),
                                    dbus.Double(2.0), dbus.Int64(600), dbus.Int64(0), True, 'battery-good-charging', dbus.UInt32(1))
            upower.Set('org.freedesktop.UPower', 'OnBattery', False, dbus_interface='org.freedesktop.DBus.Properties')
            """)
        #expect(set.status == 0, "\(set.error)")

        let level = try Self.run("is.workflow.actions.getbatterylevel", in: harness)
        #expect(level.status == 0 && level.output == "42\n", "\(level.output) \(level.error)")
        let charging = try Self.run(#"is.workflow.actions.getbatterylevel Subject: "Is Charging""#, in: harness)
        #expect(charging.output == "Yes\n", "\(charging.output) \(charging.error)")
        let connected = try Self.run(#"is.workflow.actions.getbatterylevel Subject: "Is Connected to Charger""#, in: harness)
        #expect(connected.output == "Yes\n", "\(connected.output) \(connected.error)")

        let saving = try Self.run("is.workflow.actions.lowpowermode.set OnValue: true", in: harness)
        #expect(saving.status == 0, "\(saving.error)")
        #expect(
            try Self.property(
                "net.hadess.PowerProfiles", "/net/hadess/PowerProfiles", "net.hadess.PowerProfiles", "ActiveProfile", in: harness)
                == "(<'power-saver'>,)")
        let toggled = try Self.run(#"is.workflow.actions.lowpowermode.set operation: "toggle""#, in: harness)
        #expect(toggled.status == 0, "\(toggled.error)")
        #expect(
            try Self.property(
                "net.hadess.PowerProfiles", "/net/hadess/PowerProfiles", "net.hadess.PowerProfiles", "ActiveProfile", in: harness)
                == "(<'balanced'>,)")
    }

    @Test func sessionActionsCallLogindForTheRunsSession() throws {
        let harness = try ServiceHarness()
        try harness.startSystemBus()
        try harness.startMock("logind", name: "org.freedesktop.login1")
        harness.extra["XDG_SESSION_ID"] = "c7"
        // A screen with a backlight whose maximum is 1000, in a sysfs of the test's own.
        let backlight = harness.directory + "/sys/class/backlight/intel_backlight"
        try FileManager.default.createDirectory(atPath: backlight, withIntermediateDirectories: true)
        try "1000\n".write(toFile: backlight + "/max_brightness", atomically: true, encoding: .utf8)
        harness.extra["SHORTCUTS_SYSFS"] = harness.directory + "/sys"
        let session = try harness.python(
            """
            import dbus
            bus = dbus.SystemBus()
            logind = dbus.Interface(bus.get_object('org.freedesktop.login1', '/org/freedesktop/login1'), 'org.freedesktop.DBus.Mock')
            path = logind.AddSession('c7', 'seat0', dbus.UInt32(1000), 'ada', True)
            session = dbus.Interface(bus.get_object('org.freedesktop.login1', path), 'org.freedesktop.DBus.Mock')
            session.AddMethod('org.freedesktop.login1.Session', 'SetBrightness', 'ssu', '', '')
            """)
        #expect(session.status == 0, "\(session.error)")

        for text in [
            "is.workflow.actions.lockscreen", "is.workflow.actions.sleep", #"is.workflow.actions.reboot WFShutdownMode: "Restart""#,
            "is.workflow.actions.reboot", "is.workflow.actions.logout", "is.workflow.actions.setbrightness WFBrightness: 0.25",
        ] {
            let ran = try Self.run(text, in: harness)
            #expect(ran.status == 0, "\(text): \(ran.error)")
        }
        let manager = try Self.calls("org.freedesktop.login1", "/org/freedesktop/login1", system: true, in: harness)
        #expect(manager.contains("LockSession(c7)"), "\(manager)")
        #expect(manager.contains("Suspend(true)"), "\(manager)")
        #expect(manager.contains("Reboot(true)"), "\(manager)")
        #expect(manager.contains("PowerOff(true)"), "\(manager)")
        #expect(manager.contains("TerminateSession(c7)"), "\(manager)")
        let onSession = try Self.calls("org.freedesktop.login1", "/org/freedesktop/login1/session/c7", system: true, in: harness)
        #expect(onSession.contains("SetBrightness(backlight, intel_backlight, 250)"), "\(onSession)")
    }

    @Test func radiosAndNetworkDetailsGoThroughNetworkManagerAndBlueZ() throws {
        let harness = try ServiceHarness()
        try harness.startSystemBus()
        try harness.startMock("networkmanager", name: "org.freedesktop.NetworkManager")
        try harness.startMock("bluez5", name: "org.bluez")
        let setUp = try harness.python(
            """
            import dbus
            bus = dbus.SystemBus()
            nm = dbus.Interface(bus.get_object('org.freedesktop.NetworkManager', '/org/freedesktop/NetworkManager'), 'org.freedesktop.DBus.Mock')
            device = nm.AddWiFiDevice('wlan0', 'wlan0', dbus.UInt32(100))
            point = nm.AddAccessPoint(device, 'ap1', 'Café Wi-Fi', '00:11:22:33:44:55', dbus.UInt32(2), dbus.UInt32(5180), dbus.UInt32(540), dbus.Byte(80), dbus.UInt32(0))
            wireless = dbus.Interface(bus.get_object('org.freedesktop.NetworkManager', device), 'org.freedesktop.DBus.Mock')
            wireless.AddProperty('org.freedesktop.NetworkManager.Device.Wireless', 'ActiveAccessPoint', dbus.ObjectPath(point))
            bluez = dbus.Interface(bus.get_object('org.bluez', '/'), 'org.bluez.Mock')
            bluez.AddAdapter('hci0', 'laptop')
            """)
        #expect(setUp.status == 0, "\(setUp.error)")
        let nm = ("org.freedesktop.NetworkManager", "/org/freedesktop/NetworkManager", "org.freedesktop.NetworkManager")

        #expect(try Self.run("is.workflow.actions.wifi.set OnValue: false", in: harness).status == 0)
        #expect(try Self.property(nm.0, nm.1, nm.2, "WirelessEnabled", in: harness) == "(<false>,)")
        #expect(try Self.run(#"is.workflow.actions.wifi.set operation: "toggle""#, in: harness).status == 0)
        #expect(try Self.property(nm.0, nm.1, nm.2, "WirelessEnabled", in: harness) == "(<true>,)")

        let name = try Self.run("is.workflow.actions.getwifi", in: harness)
        #expect(name.status == 0 && name.output == "Café Wi-Fi\n", "\(name.output) \(name.error)")
        let bssid = try Self.run(#"is.workflow.actions.getwifi WFWiFiDetail: "BSSID""#, in: harness)
        #expect(bssid.output == "00:11:22:33:44:55\n", "\(bssid.output) \(bssid.error)")
        let channel = try Self.run(#"is.workflow.actions.getwifi WFWiFiDetail: "Channel Number""#, in: harness)
        #expect(channel.output == "36\n", "\(channel.output) \(channel.error)")

        let airplane = try Self.run("is.workflow.actions.airplanemode.set OnValue: true", in: harness)
        #expect(airplane.status == 0, "\(airplane.error)")
        #expect(try Self.property(nm.0, nm.1, nm.2, "WirelessEnabled", in: harness) == "(<false>,)")
        #expect(try Self.property(nm.0, nm.1, nm.2, "WwanEnabled", in: harness) == "(<false>,)")
        #expect(try Self.property("org.bluez", "/org/bluez/hci0", "org.bluez.Adapter1", "Powered", in: harness) == "(<false>,)")

        let bluetooth = try Self.run("is.workflow.actions.bluetooth.set OnValue: true", in: harness)
        #expect(bluetooth.status == 0, "\(bluetooth.error)")
        #expect(try Self.property("org.bluez", "/org/bluez/hci0", "org.bluez.Adapter1", "Powered", in: harness) == "(<true>,)")
        #expect(try Self.run("is.workflow.actions.cellulardata.set OnValue: true", in: harness).status == 0)
        #expect(try Self.property(nm.0, nm.1, nm.2, "WwanEnabled", in: harness) == "(<true>,)")
    }

    @Test func vpnAndHotspotAreNetworkManagerConnections() throws {
        let harness = try ServiceHarness()
        try harness.startSystemBus()
        try harness.startMock("networkmanager", name: "org.freedesktop.NetworkManager")
        let setUp = try harness.python(
            """
            import dbus
            bus = dbus.SystemBus()
            nm = dbus.Interface(bus.get_object('org.freedesktop.NetworkManager', '/org/freedesktop/NetworkManager'), 'org.freedesktop.DBus.Mock')
            nm.AddWiFiDevice('wlan0', 'wlan0', dbus.UInt32(100))
            settings = dbus.Interface(bus.get_object('org.freedesktop.NetworkManager', '/org/freedesktop/NetworkManager/Settings'), 'org.freedesktop.NetworkManager.Settings')
            settings.AddConnection(dbus.Dictionary({'connection': dbus.Dictionary({'id': 'Office', 'type': 'vpn', 'uuid': 'f00d'}, signature='sv')}, signature='sa{sv}'))
            """)
        #expect(setUp.status == 0, "\(setUp.error)")
        func active() throws -> String {
            try harness.python(
                """
                import dbus
                bus = dbus.SystemBus()
                nm = bus.get_object('org.freedesktop.NetworkManager', '/org/freedesktop/NetworkManager')
                for path in nm.Get('org.freedesktop.NetworkManager', 'ActiveConnections', dbus_interface='org.freedesktop.DBus.Properties'):
                    print(bus.get_object('org.freedesktop.NetworkManager', path).Get('org.freedesktop.NetworkManager.Connection.Active', 'Id', dbus_interface='org.freedesktop.DBus.Properties'))
                """
            ).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try Self.run(#"is.workflow.actions.vpn.set WFVPN: "office""#, in: harness).status == 0)
        #expect(try active() == "Office")
        #expect(try Self.run(#"is.workflow.actions.vpn.set WFVPNOperation: "Disconnect", WFVPN: "Office""#, in: harness).status == 0)
        #expect(try active() == "")
        let unknown = try Self.run(#"is.workflow.actions.vpn.set WFVPN: "Home""#, in: harness)
        #expect(unknown.status == 1 && unknown.error.contains("NetworkManager has no VPN named “Home”; it has Office"), "\(unknown.error)")

        #expect(try Self.run("is.workflow.actions.personalhotspot.set OnValue: true", in: harness).status == 0)
        #expect(try active() == "Shortcuts Hotspot")
        #expect(try Self.run(#"is.workflow.actions.personalhotspot.password.set WFInput: "correct horse""#, in: harness).status == 0)
        let short = try Self.run(#"is.workflow.actions.personalhotspot.password.set WFInput: "short""#, in: harness)
        #expect(short.status == 1 && short.error.contains("8 to 63 characters"), "\(short.error)")
        let stored = try harness.python(
            """
            import dbus
            bus = dbus.SystemBus()
            settings = bus.get_object('org.freedesktop.NetworkManager', '/org/freedesktop/NetworkManager/Settings')
            for path in settings.ListConnections(dbus_interface='org.freedesktop.NetworkManager.Settings'):
                values = bus.get_object('org.freedesktop.NetworkManager', path).GetSettings(dbus_interface='org.freedesktop.NetworkManager.Settings.Connection')
                if values.get('802-11-wireless', {}).get('mode') == 'ap':
                    print(values['802-11-wireless-security']['psk'], values['ipv4']['method'])
            """)
        #expect(stored.output == "correct horse shared\n", "\(stored.output) \(stored.error)")
        #expect(try Self.run("is.workflow.actions.personalhotspot.set OnValue: false", in: harness).status == 0)
        #expect(try active() == "")
        // The password is a secret NetworkManager gives on request; the mock keeps it under "secrets".
        let secret = try harness.python(
            """
            import dbus
            bus = dbus.SystemBus()
            settings = bus.get_object('org.freedesktop.NetworkManager', '/org/freedesktop/NetworkManager/Settings')
            for path in settings.ListConnections(dbus_interface='org.freedesktop.NetworkManager.Settings'):
                connection = bus.get_object('org.freedesktop.NetworkManager', path)
                values = connection.GetSettings(dbus_interface='org.freedesktop.NetworkManager.Settings.Connection')
                if values.get('802-11-wireless', {}).get('mode') == 'ap':
                    values['802-11-wireless-security']['secrets'] = dbus.Dictionary({'psk': 'kept secret'}, signature='sv')
                    connection.Update(values, dbus_interface='org.freedesktop.NetworkManager.Settings.Connection')
            """)
        #expect(secret.status == 0, "\(secret.error)")
        let password = try Self.run("is.workflow.actions.personalhotspot.password.get", in: harness)
        #expect(password.status == 0 && password.output == "kept secret\n", "\(password.output) \(password.error)")
    }

    @Test func notificationsScreenSaverAndFileManagerOnTheSessionBus() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startMock("notification_daemon", name: "org.freedesktop.Notifications", system: false)
        try harness.startMock("gnome_screensaver", name: "org.gnome.ScreenSaver", system: false)
        try harness.startMock(
            arguments: ["org.freedesktop.FileManager1", "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1"],
            name: "org.freedesktop.FileManager1", system: false)
        let added = try harness.python(
            """
            import dbus
            manager = dbus.SessionBus().get_object('org.freedesktop.FileManager1', '/org/freedesktop/FileManager1')
            dbus.Interface(manager, 'org.freedesktop.DBus.Mock').AddMethod('org.freedesktop.FileManager1', 'ShowItems', 'ass', '', '')
            """)
        #expect(added.status == 0, "\(added.error)")

        let notified = try Self.run(
            #"is.workflow.actions.notification WFNotificationActionTitle: "Backup", WFNotificationActionBody: "Done at noon""#, in: harness)
        #expect(notified.status == 0, "\(notified.error)")
        #expect(!notified.error.contains("Notification:"), "it fell back to standard error: \(notified.error)")
        let notifications = try Self.calls("org.freedesktop.Notifications", "/org/freedesktop/Notifications", system: false, in: harness)
        #expect(
            notifications.contains { $0.hasPrefix("Notify(Shortcuts, 0, ") && $0.contains(", Backup, Done at noon, [], ") },
            "\(notifications)")

        #expect(try Self.run("is.workflow.actions.startscreensaver", in: harness).status == 0)
        let active = try harness.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.gnome.ScreenSaver", "--object-path", "/org/gnome/ScreenSaver", "--method",
                "org.gnome.ScreenSaver.GetActive",
            ])
        #expect(active.output.contains("true"), "\(active.output)")

        let folder = harness.directory + "/Reports"
        let file = folder + "/report.txt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "hello".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try Self.run(#"is.workflow.actions.file.reveal WFFile: "\#(file)""#, in: harness)
        #expect(
            refused.status == 1 && refused.error.contains("--allow-folder"),
            "a shortcut revealed a file it wasn't allowed: \(refused.error)")
        let revealed = try Self.run(
            #"is.workflow.actions.file.reveal WFFile: "\#(file)""#, in: harness, options: ["--allow-folder", folder])
        #expect(revealed.status == 0, "\(revealed.error)")
        let shown = try Self.calls("org.freedesktop.FileManager1", "/org/freedesktop/FileManager1", system: false, in: harness)
        #expect(shown == ["ShowItems([file://\(file)], )"], "\(shown)")
    }

    /// Start Timer asks the systemd user manager for a transient timer whose service notifies.
    @Test func aTimerIsATransientUserTimerThatNotifies() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startMock(
            arguments: ["org.freedesktop.systemd1", "/org/freedesktop/systemd1", "org.freedesktop.systemd1.Manager"],
            name: "org.freedesktop.systemd1", system: false)
        let added = try harness.python(
            """
            import dbus
            manager = dbus.SessionBus().get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1')
            dbus.Interface(manager, 'org.freedesktop.DBus.Mock').AddMethod(
                'org.freedesktop.systemd1.Manager', 'StartTransientUnit', 'ssa(sv)a(sa(sv))', 'o', 'ret = dbus.ObjectPath("/org/freedesktop/systemd1/job/1")')
            """)
        #expect(added.status == 0, "\(added.error)")
        let started = try Self.run(#"is.workflow.actions.timer.start WFDuration: "5 min""#, in: harness)
        #expect(started.status == 0, "\(started.error)")
        let calls = try Self.calls("org.freedesktop.systemd1", "/org/freedesktop/systemd1", system: false, in: harness)
        let call = try #require(calls.first, "\(calls)")
        #expect(call.hasPrefix("StartTransientUnit(shortcuts-timer-") && call.contains(".timer, fail, "), "\(call)")
        #expect(call.contains("[TimersMonotonic, [[OnActiveUSec, 300000000]]]"), "\(call)")
        #expect(call.contains(".service, [[Description, Shortcuts timer (5 min)], [ExecStart, [["), "\(call)")
        #expect(call.contains("Your 5 min timer is done."), "\(call)")
        let tooLong = try Self.run(#"is.workflow.actions.timer.start WFDuration: "3 days""#, in: harness)
        #expect(tooLong.status == 1 && tooLong.error.contains("parameter WFDuration"), "\(tooLong.error)")
    }

    /// Alarms are timer units in the user's systemd folder, enabled and started through the manager.
    @Test func alarmsAreUserTimerUnitsThatSystemdReads() throws {
        let harness = try ServiceHarness()
        harness.extra["TZ"] = "Europe/Paris"
        try harness.startBus()
        try harness.startMock(
            arguments: ["org.freedesktop.systemd1", "/org/freedesktop/systemd1", "org.freedesktop.systemd1.Manager"],
            name: "org.freedesktop.systemd1", system: false)
        let added = try harness.python(
            """
            import dbus
            manager = dbus.Interface(dbus.SessionBus().get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1'), 'org.freedesktop.DBus.Mock')
            interface = 'org.freedesktop.systemd1.Manager'
            manager.AddMethod(interface, 'Reload', '', '', '')
            manager.AddMethod(interface, 'EnableUnitFiles', 'asbb', 'ba(sss)', 'ret = (False, [])')
            manager.AddMethod(interface, 'DisableUnitFiles', 'asb', 'a(sss)', 'ret = []')
            manager.AddMethod(interface, 'StartUnit', 'ss', 'o', 'ret = dbus.ObjectPath("/org/freedesktop/systemd1/job/1")')
            manager.AddMethod(interface, 'StopUnit', 'ss', 'o', 'ret = dbus.ObjectPath("/org/freedesktop/systemd1/job/2")')
            """)
        #expect(added.status == 0, "\(added.error)")
        let made = try Self.run(
            #"is.workflow.actions.alarm.create WFTime: "07:30", WFLabel: "Wake up, 100% awake", WFFrequency: ["Monday", "fri"]"#,
            in: harness)
        #expect(made.status == 0 && made.output == "Wake up, 100% awake\n", "\(made.output) \(made.error)")
        let folder = (harness.environment["XDG_CONFIG_HOME"] ?? "") + "/systemd/user"
        let timers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".timer") }
        let timer = try #require(timers.first, "\(timers)")
        let unit = String(timer.dropLast(".timer".count))
        let text = try String(contentsOfFile: folder + "/" + timer, encoding: .utf8)
        #expect(text.contains("OnCalendar=Mon,Fri *-*-* 07:30:00 Europe/Paris"), "\(text)")
        #expect(text.contains("X-Shortcuts-Label=Wake up, 100%% awake"), "\(text)")
        let calls = try Self.calls("org.freedesktop.systemd1", "/org/freedesktop/systemd1", system: false, in: harness)
        #expect(calls == ["Reload()", "EnableUnitFiles([\(timer)], false, true)", "StartUnit(\(timer), replace)"], "\(calls)")
        // systemd's own reading of both units: no complaint.
        let runtime = harness.directory + "/analyze-runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let verified = try ProcessRun.run(
            "/usr/bin/systemd-analyze", ["--user", "verify", folder + "/" + timer, folder + "/" + unit + ".service"],
            environment: ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime]) { _, new in new })
        #expect(verified.status == 0 && verified.error.isEmpty, "\(verified.error)")

        let off = try Self.run(#"is.workflow.actions.alarm.toggle WFAlarm: "wake up, 100% awake", OnValue: false"#, in: harness)
        #expect(off.status == 0, "\(off.error)")
        let later = try Self.calls("org.freedesktop.systemd1", "/org/freedesktop/systemd1", system: false, in: harness)
        #expect(Array(later.suffix(2)) == ["StopUnit(\(timer), replace)", "DisableUnitFiles([\(timer)], false)"], "\(later)")
        let missing = try Self.run(#"is.workflow.actions.alarm.toggle WFAlarm: "Nap""#, in: harness)
        #expect(missing.status == 1 && missing.error.contains("there is no alarm “Nap”; there are Wake up, 100% awake"), "\(missing.error)")
    }

    /// Eject Disk and Mount Disk Image against a UDisks mock with its object manager.
    @Test func disksAreEjectedAndImagesMountedThroughUDisks() throws {
        let harness = try ServiceHarness()
        try harness.startSystemBus()
        try harness.startMock(
            arguments: ["-m", "org.freedesktop.UDisks2", "/org/freedesktop/UDisks2", "org.freedesktop.UDisks2"],
            name: "org.freedesktop.UDisks2")
        let image = harness.directory + "/disk.iso"
        try Data(repeating: 0, count: 4096).write(to: URL(fileURLWithPath: image))
        let mounted = harness.directory + "/media/DISK"
        try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: true)
        try "readme".write(toFile: mounted + "/README.txt", atomically: true, encoding: .utf8)
        let set = try harness.python(
            """
            import dbus, sys
            bus = dbus.SystemBus()
            root = dbus.Interface(bus.get_object('org.freedesktop.UDisks2', '/org/freedesktop/UDisks2'), 'org.freedesktop.DBus.Mock')
            def bytes_of(path): return dbus.Array([dbus.Byte(b) for b in path.encode() + b'\\0'], signature='y')
            base = '/org/freedesktop/UDisks2'
            root.AddObject(base + '/drives/USB_Stick', 'org.freedesktop.UDisks2.Drive', {'Ejectable': True, 'CanPowerOff': True}, [('Eject', 'a{sv}', '', ''), ('PowerOff', 'a{sv}', '', '')])
            root.AddObject(base + '/block_devices/sdb1', 'org.freedesktop.UDisks2.Block', {'Drive': dbus.ObjectPath(base + '/drives/USB_Stick'), 'IdLabel': 'USB'}, [])
            usb = dbus.Interface(bus.get_object('org.freedesktop.UDisks2', base + '/block_devices/sdb1'), 'org.freedesktop.DBus.Mock')
            usb.AddProperties('org.freedesktop.UDisks2.Filesystem', {'MountPoints': dbus.Array([bytes_of('/run/media/ada/USB')], signature='ay')})
            usb.AddMethod('org.freedesktop.UDisks2.Filesystem', 'Unmount', 'a{sv}', '', '')
            root.AddObject(base + '/Manager', 'org.freedesktop.UDisks2.Manager', {}, [('LoopSetup', 'ha{sv}', 'o', 'ret = dbus.ObjectPath("%s/block_devices/loop0")' % base)])
            root.AddObject(base + '/block_devices/loop0', 'org.freedesktop.UDisks2.Block', {'Drive': dbus.ObjectPath('/')}, [])
            loop = dbus.Interface(bus.get_object('org.freedesktop.UDisks2', base + '/block_devices/loop0'), 'org.freedesktop.DBus.Mock')
            loop.AddProperties('org.freedesktop.UDisks2.Filesystem', {'MountPoints': dbus.Array([], signature='ay')})
            loop.AddMethod('org.freedesktop.UDisks2.Filesystem', 'Mount', 'a{sv}', 's', 'ret = "%s"' % sys.argv[1])
            """, [mounted])
        #expect(set.status == 0, "\(set.error)")
        let ejected = try Self.run(#"is.workflow.actions.ejectdisk WFInput: "/run/media/ada/USB""#, in: harness)
        #expect(ejected.status == 0, "\(ejected.error)")
        let base = "/org/freedesktop/UDisks2"
        #expect(try Self.calls("org.freedesktop.UDisks2", base + "/block_devices/sdb1", system: true, in: harness) == ["Unmount({})"])
        #expect(try Self.calls("org.freedesktop.UDisks2", base + "/drives/USB_Stick", system: true, in: harness) == ["Eject({})"])
        let notMounted = try Self.run(#"is.workflow.actions.ejectdisk WFInput: "/run/media/ada/Other""#, in: harness)
        #expect(notMounted.status == 1 && notMounted.error.contains("no disk is mounted at /run/media/ada/Other"), "\(notMounted.error)")

        let opened = try Self.run(
            """
            is.workflow.actions.mountdiskimage WFInput: "\(image)"
            is.workflow.actions.file.getfoldercontents
            """, in: harness, options: ["--allow-reading", harness.directory])
        #expect(opened.status == 0 && opened.output == "readme\n", "\(opened.output) \(opened.error)")
        let manager = try Self.calls("org.freedesktop.UDisks2", base + "/Manager", system: true, in: harness)
        #expect(manager.count == 1 && manager[0].hasPrefix("LoopSetup(") && manager[0].hasSuffix(", {read-only: true})"), "\(manager)")
    }

    /// With no terminal, Show Alert is a notification with OK and Cancel, and the run waits for the click.
    @Test func alertsWithoutATerminalAreNotificationsWithButtons() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startMock(
            "notification_daemon", name: "org.freedesktop.Notifications", system: false, parameters: #"{"capabilities": "body actions"}"#)
        let file = harness.directory + "/alert.sct"
        try """
        is.workflow.actions.alert WFAlertActionTitle: "Delete old logs?", WFAlertActionMessage: "12 files", WFAlertActionCancelButtonShown: true
        is.workflow.actions.gettext WFTextActionText: "deleted"
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let answered = try harness.python(
            """
            import dbus, subprocess, sys, time
            bus = dbus.SessionBus()
            daemon = bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications')
            mock = dbus.Interface(daemon, 'org.freedesktop.DBus.Mock')
            for number, button in [(1, 'ok'), (2, 'cancel')]:
                run = subprocess.Popen([sys.argv[1], 'run', sys.argv[2]], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for _ in range(500):
                    if sum(1 for call in mock.GetCalls() if call[1] == 'Notify') == number: break
                    time.sleep(0.02)
                notify = [call for call in mock.GetCalls() if call[1] == 'Notify'][-1][2]
                print('shown', notify[3], '/', notify[4], [str(b) for b in notify[5]])
                mock.EmitSignal('org.freedesktop.Notifications', 'ActionInvoked', 'us', [dbus.UInt32(number), button])
                out, err = run.communicate(timeout=20)
                print(button, run.returncode, out.decode().strip(), err.decode().strip()[:200])
            """, [try BuiltProducts.path(of: "shortcuts"), file])
        #expect(answered.status == 0, "\(answered.error)")
        let lines = answered.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "shown Delete old logs? / 12 files ['ok', 'OK', 'cancel', 'Cancel']", "\(lines)")
        #expect(lines.contains("ok 0 deleted "), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("cancel 1  ") && $0.contains("was cancelled") }, "\(lines)")
    }

    @Test func mediaControlsDriveTheMPRISPlayerThatIsPlaying() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        for player in ["idle", "playing"] {
            try harness.startMock(
                arguments: ["org.mpris.MediaPlayer2.\(player)", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player"],
                name: "org.mpris.MediaPlayer2.\(player)", system: false)
            let set = try harness.python(
                """
                import dbus, sys
                player = dbus.SessionBus().get_object('org.mpris.MediaPlayer2.' + sys.argv[1], '/org/mpris/MediaPlayer2')
                mock = dbus.Interface(player, 'org.freedesktop.DBus.Mock')
                interface = 'org.mpris.MediaPlayer2.Player'
                for method, signature in [('PlayPause', ''), ('Play', ''), ('Pause', ''), ('Next', ''), ('Previous', ''),
                                          ('Seek', 'x'), ('SetPosition', 'ox'), ('OpenUri', 's')]:
                    mock.AddMethod(interface, method, signature, '', '')
                metadata = dbus.Dictionary({'mpris:trackid': dbus.ObjectPath('/org/mpris/track/7'), 'xesam:title': 'So What',
                                            'xesam:artist': dbus.Array(['Miles Davis'], signature='s'), 'xesam:album': 'Kind of Blue',
                                            'mpris:length': dbus.Int64(562000000)}, signature='sv')
                mock.AddProperties(interface, dbus.Dictionary({
                    'PlaybackStatus': 'Playing' if sys.argv[1] == 'playing' else 'Stopped',
                    'Metadata': metadata, 'Shuffle': False, 'LoopStatus': 'None'}, signature='sv'))
                mock.AddProperties('org.mpris.MediaPlayer2', dbus.Dictionary({'HasTrackList': True, 'Identity': sys.argv[1]}, signature='sv'))
                tracks = dbus.Array([dbus.ObjectPath('/org/mpris/track/%d' % n) for n in (6, 7, 8, 9)], signature='o')
                mock.AddProperties('org.mpris.MediaPlayer2.TrackList', dbus.Dictionary({'Tracks': tracks, 'CanEditTracks': True}, signature='sv'))
                mock.AddMethod('org.mpris.MediaPlayer2.TrackList', 'AddTrack', 'sob', '', '')
                mock.AddMethod('org.mpris.MediaPlayer2.TrackList', 'RemoveTrack', 'o', '', '')
                """, [player])
            #expect(set.status == 0, "\(set.error)")
        }

        // A podcast's feed, read from a file here: the newest episode plays.
        let feed = harness.directory + "/feed.xml"
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Radio</title>
        <item><title>Old</title><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><enclosure url="https://example.org/old.mp3" type="audio/mpeg"/></item>
        <item><title>New</title><pubDate>Tue, 01 Oct 2024 10:00:00 GMT</pubDate><enclosure url="https://example.org/new.mp3" type="audio/mpeg"/></item>
        </channel></rss>
        """.write(toFile: feed, atomically: true, encoding: .utf8)
        for text in [
            #"is.workflow.actions.pausemusic WFPlayPauseBehavior: "Pause""#, "is.workflow.actions.skipforward",
            #"is.workflow.actions.skipback WFSkipBackBehavior: "Previous Song""#, "is.workflow.actions.skipback",
            #"is.workflow.actions.seek WFSeekBehavior: "Forward", WFTimeInterval: "30 sec""#,
            #"is.workflow.actions.seek WFSeekBehavior: "To Time", WFTimeInterval: "2 min""#,
            #"is.workflow.actions.playmusic WFPlayMusicActionRepeat: "All""#,
            #"is.workflow.actions.addmusictoupnext WFMusic: "https://example.org/a.mp3", WFWhenToPlay: "Next""#,
            "is.workflow.actions.clearupnext",
            #"is.workflow.actions.playpodcast WFPodcastShow: "file://\#(feed)""#,
            "com.apple.podcasts.PlayPauseWidgetIntent",
        ] {
            let ran = try Self.run(text, in: harness, options: ["--allow-reading", harness.directory])
            #expect(ran.status == 0, "\(text): \(ran.error)")
        }
        let seen = try Self.calls("org.mpris.MediaPlayer2.playing", "/org/mpris/MediaPlayer2", system: false, in: harness)
        let commands = seen.filter { !$0.hasPrefix("Get") && !$0.hasPrefix("Set(") }
        #expect(
            commands == [
                "Pause()", "Next()", "Previous()", "SetPosition(/org/mpris/track/7, 0)", "Seek(30000000)",
                "SetPosition(/org/mpris/track/7, 120000000)", "Play()", "AddTrack(https://example.org/a.mp3, /org/mpris/track/7, false)",
                "RemoveTrack(/org/mpris/track/8)", "RemoveTrack(/org/mpris/track/9)", "OpenUri(https://example.org/new.mp3)", "PlayPause()",
            ], "\(seen)")
        let notEpisode = try Self.run(#"com.apple.podcasts.PlayPauseWidgetIntent episode: "hello""#, in: harness)
        #expect(notEpisode.status == 1 && notEpisode.error.contains("parameter episode"), "\(notEpisode.error)")
        let loop = try harness.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.mpris.MediaPlayer2.playing", "--object-path", "/org/mpris/MediaPlayer2", "--method",
                "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "LoopStatus",
            ])
        #expect(loop.output.contains("'Playlist'"), "\(loop.output) \(loop.error)")
        let far = try Self.run(#"is.workflow.actions.seek WFSeekBehavior: "Forward", WFTimeInterval: "1e300 sec""#, in: harness)
        #expect(far.status == 1 && far.error.contains("parameter WFTimeInterval: expected a duration of at most a year"), "\(far.error)")
        let idle = try Self.calls("org.mpris.MediaPlayer2.idle", "/org/mpris/MediaPlayer2", system: false, in: harness)
        #expect(!idle.contains { !$0.hasPrefix("Get") }, "the idle player was driven: \(idle)")

        let song = try Self.run("is.workflow.actions.getcurrentsong", in: harness)
        #expect(song.status == 0, "\(song.error)")
        #expect(song.output.contains("So What"), "\(song.output)")
    }

    /// On a machine with no buses at all, every action that needs a service fails at once,
    /// naming the action, the service, its bus and its package, and exits non-zero; the listing
    /// marks each unavailable.
    @Test func withoutTheirServicesActionsFailNamingTheServiceAndPackage() throws {
        let harness = try ServiceHarness()
        harness.extra["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(harness.directory)/no-system-bus"
        harness.extra["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(harness.directory)/no-session-bus"
        let shortcuts = try BuiltProducts.path(of: "shortcuts")
        let json = try harness.run(shortcuts, ["actions", "--json"])
        let actions = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let needing = actions.compactMap { action -> (String, String)? in
            guard let identifier = action["identifier"] as? String, let service = action["service"] as? [String: String],
                let title = service["title"], let name = service["busName"], let bus = service["bus"], let package = service["package"]
            else { return nil }
            return (identifier, "needs \(title) (\(name) on the \(bus) bus; install \(package))")
        }
        #expect(needing.count >= 35, "\(needing.map(\.0))")
        let listed = try harness.run(shortcuts, ["actions"]).output
        for (identifier, needs) in needing {
            let ran = try Self.run(identifier, in: harness)
            #expect(ran.status == 1, "\(identifier): \(ran.output)")
            #expect(ran.error.contains("action 1 (\(identifier)") && ran.error.contains(needs), "\(identifier): \(ran.error)")
            #expect(
                listed.split(separator: "\n").contains { $0.hasPrefix(identifier + " ") && $0.contains("[unavailable here: \(needs)]") },
                "\(identifier) isn't marked")
        }
        let wifi = try Self.run("is.workflow.actions.wifi.set", in: harness)
        #expect(
            wifi.error.contains(
                "needs NetworkManager (org.freedesktop.NetworkManager on the system bus; install network-manager), but can't connect to the system bus at unix:path="
            ), "\(wifi.error)")
    }

    /// A service that takes a call and never answers doesn't hang the run: every call has a
    /// timeout, and the error says who didn't answer.
    @Test func aServiceThatNeverAnswersFailsTheActionInsteadOfHangingIt() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startMock(
            arguments: ["org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver"],
            name: "org.freedesktop.ScreenSaver", system: false)
        let added = try harness.python(
            """
            import dbus
            saver = dbus.SessionBus().get_object('org.freedesktop.ScreenSaver', '/org/freedesktop/ScreenSaver')
            dbus.Interface(saver, 'org.freedesktop.DBus.Mock').AddMethod('org.freedesktop.ScreenSaver', 'SetActive', 'b', 'b', 'time.sleep(20); ret = True')
            """)
        #expect(added.status == 0, "\(added.error)")
        let ran = try Self.run("is.workflow.actions.startscreensaver", in: harness)
        #expect(
            ran.status == 1
                && ran.error.contains(
                    "the screen saver is running but did not answer in time: org.freedesktop.ScreenSaver did not answer SetActive within 5"),
            "\(ran.error)")
    }

    /// A service that is running is not marked unavailable, and one with the name missing on a
    /// live bus fails with "isn't running here".
    @Test func theListingMarksOnlyWhatTheBusesLack() throws {
        let harness = try ServiceHarness()
        try harness.startSystemBus()
        try harness.startMock("upower", name: "org.freedesktop.UPower")
        let listed = try harness.run(try BuiltProducts.path(of: "shortcuts"), ["actions"])
        let battery = listed.output.split(separator: "\n").first { $0.hasPrefix("is.workflow.actions.getbatterylevel ") } ?? ""
        #expect(battery.hasSuffix("Get Battery Status → Number"), "\(battery)")
        #expect(listed.output.contains("Set Bluetooth  [unavailable here: needs BlueZ"))
        let missing = try Self.run("is.workflow.actions.bluetooth.set", in: harness)
        #expect(missing.status == 1 && missing.error.contains("isn't running here"), "\(missing.error)")
    }
}

/// The portal's actions through Debian's real xdg-desktop-portal, whose backend here is a small
/// one in python3-dbus (as GNOME's or KDE's would be): it prints what it was asked and answers
/// with files the test made.
@Suite(
    .enabled(
        if: ServiceHarness.hasDBus && FileManager.default.isExecutableFile(atPath: "/usr/libexec/xdg-desktop-portal"),
        "xdg-desktop-portal is missing (apt-get install xdg-desktop-portal)"))
struct PortalActionTests {
    static let backend = """
        import dbus, dbus.service, sys
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib
        DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()
        shot, picked = sys.argv[1], sys.argv[2].split(':')
        class Backend(dbus.service.Object):
            @dbus.service.method('org.freedesktop.impl.portal.Screenshot', in_signature='ossa{sv}', out_signature='ua{sv}')
            def Screenshot(self, handle, app_id, parent, options):
                print('screenshot', 'interactive' if options.get('interactive') else 'full', flush=True)
                return (dbus.UInt32(0), {'uri': 'file://' + shot})
            @dbus.service.method('org.freedesktop.impl.portal.AppChooser', in_signature='ossasa{sv}', out_signature='ua{sv}')
            def ChooseApplication(self, handle, app_id, parent, choices, options):
                print('choose', ' '.join(sorted(choices)), flush=True)
                return (dbus.UInt32(0), {'choice': 'org.example.Viewer'})
            @dbus.service.method('org.freedesktop.impl.portal.AppChooser', in_signature='oas', out_signature='')
            def UpdateChoices(self, handle, choices):
                pass
            @dbus.service.method('org.freedesktop.impl.portal.Access', in_signature='osssssa{sv}', out_signature='ua{sv}')
            def AccessDialog(self, handle, app_id, parent, title, subtitle, body, options):
                print('asked', title, flush=True)
                return (dbus.UInt32(0), {})
            @dbus.service.method('org.freedesktop.impl.portal.FileChooser', in_signature='osssa{sv}', out_signature='ua{sv}')
            def OpenFile(self, handle, app_id, parent, title, options):
                print('open', title, 'multiple' if options.get('multiple') else 'one', 'filtered' if 'filters' in options else 'all', flush=True)
                return (dbus.UInt32(0), {'uris': dbus.Array(['file://' + p for p in picked], signature='s')})
            @dbus.service.method('org.freedesktop.impl.portal.Wallpaper', in_signature='osssa{sv}', out_signature='u')
            def SetWallpaperURI(self, handle, app_id, parent, uri, options):
                print('wallpaper', uri, options.get('set-on'), flush=True)
                return dbus.UInt32(0)
            @dbus.service.method('org.freedesktop.impl.portal.Settings', in_signature='as', out_signature='a{sa{sv}}')
            def ReadAll(self, namespaces):
                return {'org.freedesktop.appearance': {'color-scheme': dbus.UInt32(1)}}
            @dbus.service.method('org.freedesktop.impl.portal.Settings', in_signature='ss', out_signature='v')
            def Read(self, namespace, key):
                if namespace == 'org.freedesktop.appearance' and key == 'color-scheme':
                    return dbus.UInt32(1, variant_level=1)
                raise dbus.exceptions.DBusException('no such key', name='org.freedesktop.portal.Error.NotFound')
        name = dbus.service.BusName('org.freedesktop.impl.portal.desktop.test', bus)
        Backend(bus, '/org/freedesktop/portal/desktop')
        print('ready', flush=True)
        GLib.MainLoop().run()
        """

    @Test func filesScreenshotsWallpaperAndAppearanceGoThroughThePortal() throws {
        let harness = try ServiceHarness()
        let portals = harness.directory + "/portals"
        try FileManager.default.createDirectory(atPath: portals, withIntermediateDirectories: true)
        // The frontend offers Screenshot only with an Access backend to ask with.
        let interfaces = ["Screenshot", "Access", "FileChooser", "Wallpaper", "Settings", "AppChooser"].map {
            "org.freedesktop.impl.portal.\($0);"
        }.joined()
        try Data("[portal]\nDBusName=org.freedesktop.impl.portal.desktop.test\nInterfaces=\(interfaces)\nUseIn=GNOME\n".utf8)
            .write(to: URL(fileURLWithPath: portals + "/test.portal"))
        // GNOME, so that Set Appearance writes GNOME's setting, kept in a file of the test's own.
        harness.extra["XDG_CURRENT_DESKTOP"] = "GNOME"
        harness.extra["XDG_DESKTOP_PORTAL_DIR"] = portals
        harness.extra["GSETTINGS_BACKEND"] = "keyfile"
        // The temporary XDG_DATA_DIRS has no schemas; gsettings finds Debian's here.
        harness.extra["GSETTINGS_SCHEMA_DIR"] = "/usr/share/glib-2.0/schemas"
        let pictures = harness.directory + "/Pictures"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        let shot = pictures + "/Screenshot.png"
        let (first, second) = (pictures + "/beach.txt", pictures + "/hills.txt")
        try Data("screen pixels".utf8).write(to: URL(fileURLWithPath: shot))
        try "the beach".write(toFile: first, atomically: true, encoding: .utf8)
        try "the hills".write(toFile: second, atomically: true, encoding: .utf8)
        try harness.startBus()
        let printed = try harness.startProcess("/usr/bin/python3", ["-u", "-c", Self.backend, shot, first + ":" + second])
        try harness.waitUntil("the backend is on the bus") { printed().contains("ready") }
        let frontend = try harness.startProcess("/usr/libexec/xdg-desktop-portal", ["-r"])
        try harness.waitUntil("the portal is on the bus") {
            let owned = try? harness.run(
                "/usr/bin/gdbus",
                [
                    "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
                    "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.portal.Desktop",
                ])
            return owned?.output.contains("true") == true
        }

        let picked = try DeviceActionTests.run(#"is.workflow.actions.file.select SelectMultiple: true"#, in: harness)
        #expect(
            picked.status == 0 && picked.output.contains("the beach") && picked.output.contains("the hills"),
            "\(picked.output) \(picked.error) \(frontend())")
        #expect(printed().contains("open Choose a file multiple all"), "\(printed())")
        let photo = try DeviceActionTests.run("is.workflow.actions.selectphoto", in: harness)
        #expect(photo.status == 0 && photo.output == "the beach", "\(photo.output) \(photo.error)")
        #expect(printed().contains("open Choose photos one filtered"), "\(printed())")

        let screenshot = try DeviceActionTests.run(
            #"is.workflow.actions.takescreenshot WFTakeScreenshotScreenshotType: "Interactive""#, in: harness)
        #expect(screenshot.status == 0 && screenshot.output == "screen pixels", "\(screenshot.output) \(screenshot.error)")
        #expect(printed().contains("screenshot interactive"), "\(printed())")

        let wallpaper = try DeviceActionTests.run(
            #"is.workflow.actions.wallpaper.set WFInput: "\#(shot)""#, in: harness, options: ["--allow-reading", pictures])
        #expect(wallpaper.status == 0, "\(wallpaper.error)")
        #expect(printed().contains("wallpaper file://\(shot) both"), "\(printed())")
        // An image made in the run is kept in the data folder's backgrounds, named by its contents.
        let made = try DeviceActionTests.run(
            """
            is.workflow.actions.generatebarcode WFText: "wallpaper"
            is.workflow.actions.wallpaper.set
            """, in: harness)
        #expect(made.status == 0, "\(made.error)")
        let kept = printed().first { $0.hasPrefix("wallpaper ") && $0.contains("/backgrounds/shortcuts-") && $0.hasSuffix(".png both") }
        let keptPath = kept.flatMap { URL(string: String($0.split(separator: " ")[1]))?.path }
        #expect(
            keptPath.map { FileManager.default.contents(atPath: $0)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true } == true,
            "\(printed())")

        let screen = try DeviceActionTests.run("is.workflow.actions.getonscreencontent", in: harness)
        #expect(screen.status == 0 && screen.output == "screen pixels", "\(screen.output) \(screen.error)")
        #expect(printed().contains("screenshot full"), "\(printed())")

        // Share: the portal's app chooser picks the viewer, which the portal starts with the file.
        let applications =
            (harness.environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").first.map { String($0) + "/applications" } ?? ""
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        let viewed = harness.directory + "/viewed"
        let viewer = harness.directory + "/viewer.sh"
        try "#!/bin/sh\ncat \"$1\" > \(viewed)\n".write(toFile: viewer, atomically: true, encoding: .utf8)
        chmod(viewer, 0o755)
        try "[Desktop Entry]\nType=Application\nName=Viewer\nExec=\(viewer) %f\nMimeType=text/plain;application/octet-stream;\n"
            .write(toFile: applications + "/org.example.Viewer.desktop", atomically: true, encoding: .utf8)
        let shared = try DeviceActionTests.run(#"is.workflow.actions.share WFInput: "Notes from the meeting""#, in: harness)
        #expect(shared.status == 0, "\(shared.error) \(frontend())")
        #expect(printed().contains { $0.hasPrefix("choose") }, "\(printed())")
        try harness.waitUntil("the chosen app opened the shared text") {
            (try? String(contentsOfFile: viewed, encoding: .utf8)) == "Notes from the meeting"
        }

        // The portal says the desktop is dark; toggling makes it light, then it is set dark again.
        func scheme() throws -> String {
            try harness.run("/usr/bin/gsettings", ["get", "org.gnome.desktop.interface", "color-scheme"]).output
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let toggled = try DeviceActionTests.run(#"is.workflow.actions.appearance operation: "toggle""#, in: harness)
        #expect(toggled.status == 0, "\(toggled.error)")
        #expect(try scheme() == "'default'")
        #expect(try DeviceActionTests.run(#"is.workflow.actions.appearance style: "dark""#, in: harness).status == 0)
        #expect(try scheme() == "'prefer-dark'")
    }
}

/// Current Location through GeoClue, mocked bare with python3-dbusmock: a manager that hands out
/// a client, whose Start reports a fix.
@Suite(
    .enabled(
        if: ServiceHarness.hasDBus && ServiceHarness.hasDBusMock,
        "dbus-daemon or python3-dbusmock is missing (apt-get install dbus-daemon python3-dbusmock)"))
struct CurrentLocationTests {
    @Test func geoClueGivesTheCurrentLocationUnlessTheSettingDoes() throws {
        let harness = try ServiceHarness()
        try harness.startSystemBus()
        try harness.startMock(
            arguments: ["org.freedesktop.GeoClue2", "/org/freedesktop/GeoClue2/Manager", "org.freedesktop.GeoClue2.Manager"],
            name: "org.freedesktop.GeoClue2")
        let set = try harness.python(
            """
            import dbus
            bus = dbus.SystemBus()
            manager = dbus.Interface(bus.get_object('org.freedesktop.GeoClue2', '/org/freedesktop/GeoClue2/Manager'), 'org.freedesktop.DBus.Mock')
            client, fix = '/org/freedesktop/GeoClue2/Client/1', '/org/freedesktop/GeoClue2/Location/1'
            manager.AddMethod('', 'GetClient', '', 'o', 'ret = dbus.ObjectPath("%s")' % client)
            manager.AddObject(fix, 'org.freedesktop.GeoClue2.Location',
                              {'Latitude': 48.8584, 'Longitude': 2.2945, 'Accuracy': 20.0, 'Altitude': 35.0, 'Description': ''}, [])
            manager.AddObject(client, 'org.freedesktop.GeoClue2.Client',
                              {'DesktopId': '', 'RequestedAccuracyLevel': dbus.UInt32(0), 'Location': dbus.ObjectPath('/'), 'Active': False},
                              [('Start', '', '', 'self.Set("org.freedesktop.GeoClue2.Client", "Location", dbus.ObjectPath("%s")); '
                                'self.EmitSignal("org.freedesktop.GeoClue2.Client", "LocationUpdated", "oo", [dbus.ObjectPath("/"), dbus.ObjectPath("%s")])' % (fix, fix)),
                               ('Stop', '', '', '')])
            """)
        #expect(set.status == 0, "\(set.error)")
        let located = try DeviceActionTests.run(
            """
            is.workflow.actions.getcurrentlocation
            is.workflow.actions.properties.locations WFContentItemPropertyName: "Latitude"
            """, in: harness)
        #expect(located.status == 0 && located.output == "48.8584\n", "\(located.output) \(located.error)")
        let client = try DeviceActionTests.calls(
            "org.freedesktop.GeoClue2", "/org/freedesktop/GeoClue2/Client/1", system: true, in: harness)
        #expect(client.contains("Start()") && client.contains("Stop()"), "\(client)")
        let desktopID = try DeviceActionTests.property(
            "org.freedesktop.GeoClue2", "/org/freedesktop/GeoClue2/Client/1", "org.freedesktop.GeoClue2.Client", "DesktopId", in: harness)
        #expect(desktopID == "(<'org.swiftshortcuts.Shortcuts'>,)")

        // The person's own setting wins over GeoClue.
        #expect(
            try harness.run(try BuiltProducts.path(of: "shortcuts"), ["settings", "--service", "location=51.5074,-0.1278"]).status == 0)
        let set2 = try DeviceActionTests.run(
            """
            is.workflow.actions.getcurrentlocation
            is.workflow.actions.properties.locations WFContentItemPropertyName: "Latitude"
            """, in: harness)
        #expect(set2.output == "51.5074\n", "\(set2.output) \(set2.error)")
    }
}

/// Open App, GNOME's switches, the accelerometer, the display and the sound server's tools.
@Suite(
    .enabled(
        if: ServiceHarness.hasDBus && ServiceHarness.hasDBusMock,
        "dbus-daemon or python3-dbusmock is missing (apt-get install dbus-daemon python3-dbusmock)"))
struct DesktopSettingsActionTests {
    /// The folder the run reads app entries from.
    static func applications(_ harness: ServiceHarness) -> String {
        (harness.environment["XDG_DATA_HOME"] ?? harness.home + "/.local/share") + "/applications"
    }

    @Test func openAppStartsItsExecOrActivatesItOnTheBus() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        let folder = Self.applications(harness)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let marker = harness.directory + "/started"
        let script = harness.directory + "/marker app.sh"
        try "#!/bin/sh\necho \"$1|$2\" > \(marker)\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        try """
        [Desktop Entry]
        Type=Application
        Name=Marker
        Exec="\(script)" "%c" %U --flag=100%%
        """.write(toFile: folder + "/org.example.Marker.desktop", atomically: true, encoding: .utf8)
        try """
        [Desktop Entry]
        Type=Application
        Name=Bus App
        Exec=/bin/false
        DBusActivatable=true
        """.write(toFile: folder + "/org.example.BusApp.desktop", atomically: true, encoding: .utf8)
        try harness.startMock(
            arguments: ["org.example.BusApp", "/org/example/BusApp", "org.freedesktop.Application"], name: "org.example.BusApp",
            system: false)
        let added = try harness.python(
            """
            import dbus
            app = dbus.SessionBus().get_object('org.example.BusApp', '/org/example/BusApp')
            dbus.Interface(app, 'org.freedesktop.DBus.Mock').AddMethod('org.freedesktop.Application', 'Activate', 'a{sv}', '', '')
            """)
        #expect(added.status == 0, "\(added.error)")

        let opened = try DeviceActionTests.run(#"is.workflow.actions.openapp WFAppIdentifier: "org.example.Marker""#, in: harness)
        #expect(opened.status == 0, "\(opened.error)")
        try harness.waitUntil("the app's Exec ran") { FileManager.default.fileExists(atPath: marker) }
        try harness.waitUntil("the app wrote its arguments") {
            ((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "").hasSuffix("\n")
        }
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "Marker|--flag=100%\n")

        // The Calculator app's action opens the entry in the Calculator category.
        try """
        [Desktop Entry]
        Type=Application
        Name=Sums
        Categories=Utility;Calculator;
        Exec="\(script)" calculator
        """.write(toFile: folder + "/org.example.Sums.desktop", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: marker)
        let calculator = try DeviceActionTests.run("com.apple.calculator.LaunchCalculatorOpenIntent", in: harness)
        #expect(calculator.status == 0, "\(calculator.error)")
        try harness.waitUntil("the calculator's Exec ran") {
            ((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "").hasSuffix("\n")
        }
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "calculator|\n")

        let activated = try DeviceActionTests.run(
            #"is.workflow.actions.openapp WFSelectedApp: #record {BundleIdentifier: "org.example.BusApp", Name: "Bus App"}"#, in: harness)
        #expect(activated.status == 0, "\(activated.error)")
        #expect(try DeviceActionTests.calls("org.example.BusApp", "/org/example/BusApp", system: false, in: harness) == ["Activate({})"])
        let unknown = try DeviceActionTests.run(#"is.workflow.actions.openapp WFAppIdentifier: "org.example.Missing""#, in: harness)
        #expect(
            unknown.status == 1 && unknown.error.contains("WFAppIdentifier: \"org.example.Missing\" is not an installed app"),
            "\(unknown.error)")
    }

    @Test func focusNightLightAndOrientationLockAreGNOMEsSettings() throws {
        let harness = try ServiceHarness()
        harness.extra["XDG_CURRENT_DESKTOP"] = "ubuntu:GNOME"
        harness.extra["GSETTINGS_BACKEND"] = "keyfile"
        harness.extra["GSETTINGS_SCHEMA_DIR"] = "/usr/share/glib-2.0/schemas"
        func get(_ schema: String, _ key: String) throws -> String {
            try harness.run("/usr/bin/gsettings", ["get", schema, key]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let notifications = "org.gnome.desktop.notifications"
        #expect(try DeviceActionTests.run("is.workflow.actions.dnd.getfocus", in: harness).output == "")
        #expect(try DeviceActionTests.run("is.workflow.actions.dnd.set Enabled: true", in: harness).status == 0)
        #expect(try get(notifications, "show-banners") == "false")
        #expect(try DeviceActionTests.run("is.workflow.actions.dnd.getfocus", in: harness).output == "Do Not Disturb\n")
        #expect(try DeviceActionTests.run(#"is.workflow.actions.dnd.set Operation: "Toggle""#, in: harness).status == 0)
        #expect(try get(notifications, "show-banners") == "true")
        let timed = try DeviceActionTests.run(#"is.workflow.actions.dnd.set Enabled: true, AssertionType: "Time""#, in: harness)
        #expect(timed.status == 1 && timed.error.contains("parameter AssertionType"), "\(timed.error)")

        #expect(try DeviceActionTests.run(#"is.workflow.actions.nightshift.set operation: "toggle""#, in: harness).status == 0)
        #expect(try get("org.gnome.settings-daemon.plugins.color", "night-light-enabled") == "true")
        #expect(try DeviceActionTests.run("is.workflow.actions.orientationlock.set OnValue: true", in: harness).status == 0)
        #expect(try get("org.gnome.settings-daemon.peripherals.touchscreen", "orientation-lock") == "true")

        harness.extra["XDG_CURRENT_DESKTOP"] = "sway"
        let elsewhere = try DeviceActionTests.run("is.workflow.actions.nightshift.set", in: harness)
        #expect(elsewhere.status == 1 && elsewhere.error.contains("this desktop is sway"), "\(elsewhere.error)")
    }

    /// With no settings store to reach (no session bus, so dconf can't commit; or no dconf, so
    /// gsettings keeps values in memory), GNOME's switches and Set Appearance fail naming the
    /// store instead of exiting 0 having changed nothing.
    @Test func gnomesSwitchesFailWhenTheSettingsStoreIsOutOfReach() throws {
        let harness = try ServiceHarness()
        harness.extra["XDG_CURRENT_DESKTOP"] = "GNOME"
        harness.extra["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + harness.directory + "/no-bus"
        harness.extra["GSETTINGS_SCHEMA_DIR"] = "/usr/share/glib-2.0/schemas"
        for (text, title) in [
            ("is.workflow.actions.dnd.set Enabled: true", "Set Focus"),
            ("is.workflow.actions.nightshift.set OnValue: true", "Set Night Shift"),
            ("is.workflow.actions.orientationlock.set OnValue: true", "Set Orientation Lock"),
            (#"is.workflow.actions.appearance operation: "set", style: "dark""#, "Set Appearance"),
        ] {
            let result = try DeviceActionTests.run(text, in: harness)
            #expect(result.status == 1, "\(title) exited \(result.status): \(result.output) \(result.error)")
            #expect(
                result.error.contains(
                    "\(title) needs GNOME's settings store (dconf) (ca.desrt.dconf on the session bus; install dconf-service)")
                    && result.error.hasSuffix("nothing changed\n"), "\(result.error)")
        }
    }

    @Test func orientationDisplaySleepAndTheSoundServer() throws {
        let harness = try ServiceHarness()
        try harness.startSystemBus()
        try harness.startBus()
        try harness.startMock(
            "iio-sensors-proxy", name: "net.hadess.SensorProxy",
            parameters: #"{"has_accelerometer": true, "accelerometer_orientation": "left-up"}"#)
        let orientation = try DeviceActionTests.run("com.apple.ShortcutsActions.GetOrientationAction", in: harness)
        #expect(orientation.status == 0 && orientation.output == "Landscape Left\n", "\(orientation.output) \(orientation.error)")

        try harness.startMock(
            arguments: ["org.gnome.Mutter.DisplayConfig", "/org/gnome/Mutter/DisplayConfig", "org.gnome.Mutter.DisplayConfig"],
            name: "org.gnome.Mutter.DisplayConfig", system: false)
        let added = try harness.python(
            """
            import dbus
            display = dbus.SessionBus().get_object('org.gnome.Mutter.DisplayConfig', '/org/gnome/Mutter/DisplayConfig')
            dbus.Interface(display, 'org.freedesktop.DBus.Mock').AddProperty('org.gnome.Mutter.DisplayConfig', 'PowerSaveMode', dbus.Int32(0))
            """)
        #expect(added.status == 0, "\(added.error)")
        #expect(try DeviceActionTests.run("is.workflow.actions.displaysleep", in: harness).status == 0)
        let mode = try harness.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.gnome.Mutter.DisplayConfig", "--object-path", "/org/gnome/Mutter/DisplayConfig",
                "--method", "org.freedesktop.DBus.Properties.Get", "org.gnome.Mutter.DisplayConfig", "PowerSaveMode",
            ])
        #expect(mode.output.contains("<3>"), "\(mode.output) \(mode.error)")

        // WirePlumber's wpctl, standing in on PATH: it records what it was asked.
        let tools = harness.directory + "/bin"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let asked = harness.directory + "/wpctl.log"
        try "#!/bin/sh\necho \"$*\" >> \(asked)\n".write(toFile: tools + "/wpctl", atomically: true, encoding: .utf8)
        chmod(tools + "/wpctl", 0o755)
        harness.extra["PATH"] = tools + ":/usr/bin:/bin"
        for text in [
            "is.workflow.actions.setvolume WFVolume: 0.35", "com.apple.ShortcutsActions.SetSilentModeAction state: true",
            #"com.apple.ShortcutsActions.SetSilentModeAction operation: "toggle""#,
        ] {
            let ran = try DeviceActionTests.run(text, in: harness)
            #expect(ran.status == 0, "\(text): \(ran.error)")
        }
        #expect(
            try String(contentsOfFile: asked, encoding: .utf8)
                == "set-volume @DEFAULT_AUDIO_SINK@ 35%\nset-mute @DEFAULT_AUDIO_SINK@ 1\nset-mute @DEFAULT_AUDIO_SINK@ toggle\n")
        // PipeWire's players and recorder, GVfs's gio and wpctl's listing, standing in the same way.
        for tool in ["pw-play", "gio"] {
            try "#!/bin/sh\necho \"\(tool) $*\" >> \(asked)\n".write(toFile: tools + "/" + tool, atomically: true, encoding: .utf8)
            chmod(tools + "/" + tool, 0o755)
        }
        // pw-record: writes its file, and finishes on SIGINT as the real one does.
        try """
        #!/bin/sh
        for last; do :; done
        trap 'echo "pw-record stopped" >> \(asked); exit 0' INT
        printf 'RIFF\\044\\000\\000\\000WAVEfmt ' > "$last"; head -c 200 /dev/zero >> "$last"
        while :; do sleep 0.05; done
        """.write(toFile: tools + "/pw-record", atomically: true, encoding: .utf8)
        chmod(tools + "/pw-record", 0o755)
        try """
        #!/bin/sh
        if [ "$1" = status ]; then
        printf 'PipeWire\n\nAudio\n ├─ Devices:\n │      42. Built-in Audio [alsa]\n │\n ├─ Sinks:\n │  *   46. Built-in Audio Analog Stereo [vol: 0.40]\n │      51. WH-1000XM4 [vol: 0.70]\n │\n ├─ Sources:\n │      47. Built-in Microphone [vol: 1.00]\n\nVideo\n ├─ Sinks:\n │      60. Dummy [vol: 1.00]\n'
        else echo "$*" >> \(asked); fi
        """.write(toFile: tools + "/wpctl", atomically: true, encoding: .utf8)
        chmod(tools + "/wpctl", 0o755)
        let song = harness.directory + "/chime.oga"
        try Data("OggS".utf8).write(to: URL(fileURLWithPath: song))
        for text in [
            #"is.workflow.actions.playsound WFInput: "\#(song)""#,
            #"is.workflow.actions.connecttoservers WFInput: "smb://nas.local/media""#,
            #"is.workflow.actions.setplaybackdestination WFMediaRoute: "wh-1000""#,
        ] {
            let ran = try DeviceActionTests.run(text, in: harness, options: ["--allow-reading", harness.directory])
            #expect(ran.status == 0, "\(text): \(ran.error)")
        }
        let recorded = try DeviceActionTests.run(
            #"is.workflow.actions.recordaudio WFRecordingEnd: "After Time", WFRecordingTimeInterval: "1 sec""#, in: harness)
        #expect(recorded.status == 0 && recorded.output.hasPrefix("RIFF"), "\(recorded.error)")
        let log = try String(contentsOfFile: asked, encoding: .utf8).split(separator: "\n").suffix(4)
        #expect(
            Array(log) == ["pw-play \(song)", "gio mount smb://nas.local/media", "set-default 51", "pw-record stopped"], "\(log)")
        // A slider's value that isn't a number is refused by name, never turned into a crash.
        let notANumber = try DeviceActionTests.run(
            "level = is.workflow.actions.number WFNumberActionNumber: \"nan\"\nis.workflow.actions.setvolume WFVolume: level", in: harness)
        #expect(
            notANumber.status == 1 && notANumber.error.contains("parameter WFVolume: expected a number from 0 to 1"), "\(notANumber.error)")
        let unknown = try DeviceActionTests.run(#"is.workflow.actions.setplaybackdestination WFMediaRoute: "HomePod""#, in: harness)
        #expect(
            unknown.status == 1 && unknown.error.contains("there are Built-in Audio Analog Stereo, WH-1000XM4"), "\(unknown.error)")

        // The links the desktop opens, through xdg-open standing in on PATH the same way.
        let opened = harness.directory + "/xdg-open.log"
        try "#!/bin/sh\necho \"$1\" >> \(opened)\n".write(toFile: tools + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(tools + "/xdg-open", 0o755)
        let note = harness.directory + "/note.txt"
        try "hello".write(toFile: note, atomically: true, encoding: .utf8)
        for text in [
            #"is.workflow.actions.searchweb WFSearchWebDestination: "DuckDuckGo", WFInputText: "swift & linux""#,
            #"is.workflow.actions.searchmaps WFInput: "10 Downing Street, London""#,
            #"is.workflow.actions.location WFLocation: "48.8584, 2.2945""#
                + "\nis.workflow.actions.getdirections WFGetDirectionsActionMode: \"Walking\"",
            #"is.workflow.actions.getdirections WFDestination: "Louvre", WFGetDirectionsActionMode: "Transit""#,
            #"is.workflow.actions.showwebpage WFURL: "https://example.org/page""#,
            #"is.workflow.actions.openxcallbackurl WFXCallbackURL: "bear://x-callback-url/create?title=Hi""#,
        ] {
            let ran = try DeviceActionTests.run(text, in: harness)
            #expect(ran.status == 0, "\(text): \(ran.error)")
        }
        #expect(
            try DeviceActionTests.run(
                #"is.workflow.actions.openin WFInput: "\#(note)""#, in: harness, options: ["--allow-reading", harness.directory]
            ).status == 0)
        #expect(
            try String(contentsOfFile: opened, encoding: .utf8).split(separator: "\n") == [
                "https://duckduckgo.com/?q=swift%20%26%20linux",
                "https://www.openstreetmap.org/search?query=10%20Downing%20Street,%20London",
                "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=%3B48.8584%2C2.2945",
                "https://www.google.com/maps/dir/?api=1&destination=Louvre&travelmode=transit", "https://example.org/page",
                "bear://x-callback-url/create?title=Hi", "file://\(note)",
            ], "\((try? String(contentsOfFile: opened, encoding: .utf8)) ?? "")")
    }
}
