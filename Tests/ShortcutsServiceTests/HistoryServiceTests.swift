import Foundation
import ShortcutsEvents
import ShortcutsRPC
import ShortcutsTestSupport
import Testing

@testable import ShortcutsService

/// The run history through the service: its runs are recorded with their trigger, and the
/// socket and D-Bus APIs list past runs and show one, as `shortcuts runs` does.
struct HistoryServiceTests {
    @Test func socketRunsAreRecordedAndQueriedOverTheSocket() throws {
        let harness = try ServiceHarness()
        try harness.startService()
        let script =
            SocketTests.client + """
                print(call('shortcuts.run', {'shortcut': 'Greet', 'input': 'Sock'})['result']['output'])
                print(call('shortcuts.run', {'shortcut': 'Script'})['error']['code'])
                runs = call('history.list', {})['result']['runs']
                print([(r['shortcut']['name'], r['status'], r['trigger']) for r in runs])
                failed = call('history.list', {'status': 'failed'})['result']['runs']
                print(len(failed), failed[0]['error']['actionIndex'], failed[0]['error']['identifier'], failed[0]['error']['code'])
                print(len(call('history.list', {'shortcut': 'greet'})['result']['runs']))
                print(len(call('history.list', {'since': '2999-01-01'})['result']['runs']))
                shown = call('history.show', {'runID': failed[0]['id'][:8]})['result']
                print(shown['status'], [s['actionIndex'] for s in shown['trace']], [p['count'] for p in shown['profile']])
                print(call('history.show', {'runID': 'nope'})['error']['code'])
                print(call('history.list', {'status': 'sideways'})['error']['code'])
                print(len(call('history.list', None)['result']['runs']))
                """
        let result = try harness.python(script, [harness.socketPath])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                Hello, Sock!
                1003
                [('Script', 'failed', 'socket'), ('Greet', 'succeeded', 'socket')]
                1 2 is.workflow.actions.runshellscript scriptsNotAllowed
                1
                0
                failed [1, 2] [1, 1]
                1001
                -32602
                2

                """, "\(result.error)")
        // The service's runs are in the history `shortcuts runs` reads.
        let listed = try harness.temporary.run("shortcuts", ["runs", "Greet"])
        #expect(
            listed.output.contains("succeeded") && listed.output.contains("socket") && listed.output.contains("Greet"), "\(listed.output)")
    }

    @Test(.enabled(if: ServiceHarness.hasDBus, "dbus-daemon is missing (apt-get install dbus-daemon)"))
    func dbusRunsAreRecordedAndQueriedOverDBus() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startService()
        let run = try harness.run("/usr/bin/gdbus", DBusTests.call + ["org.swiftshortcuts.Events1.RunShortcut", "Greet", "Bus"])
        #expect(run.output == "('Hello, Bus!',)\n", "\(run.error)")
        _ = try harness.run("/usr/bin/gdbus", DBusTests.call + ["org.swiftshortcuts.Events1.RunShortcut", "Script", ""])
        let listed = try harness.run("/usr/bin/gdbus", DBusTests.call + ["org.swiftshortcuts.Events1.ListHistory", "", "failed", ""])
        #expect(listed.status == 0, "\(listed.error)")
        for expected in [
            "'shortcut': <'Script'>", "'status': <'failed'>", "'trigger': <'D-Bus'>", "'errorActionIndex': <2>",
            "'errorIdentifier': <'is.workflow.actions.runshellscript'>", "'errorCode': <'scriptsNotAllowed'>",
        ] {
            #expect(listed.output.contains(expected), "\(expected) missing from \(listed.output)")
        }
        #expect(!listed.output.contains("'Greet'"), "\(listed.output)")
        let all = try harness.run(
            "/usr/bin/busctl",
            [
                "--user", "call", "org.swiftshortcuts.Events", "/org/swiftshortcuts/Events", "org.swiftshortcuts.Events1", "ListHistory",
                "sss", "Greet", "", "1h",
            ])
        #expect(all.output.hasPrefix("aa{sv} 1 "), "\(all.output) \(all.error)")
        let id = try #require(all.output.firstMatch(of: /"runID" s "([0-9A-F-]+)"/).map { String($0.1) }, "\(all.output)")
        let shown = try harness.run("/usr/bin/gdbus", DBusTests.call + ["org.swiftshortcuts.Events1.ShowRun", id])
        #expect(
            shown.output.contains("\\\"status\\\":\\\"succeeded\\\"") || shown.output.contains("\"status\":\"succeeded\""),
            "\(shown.output)")
        #expect(shown.output.contains("\"trace\":[") || shown.output.contains("\\\"trace\\\":["), "\(shown.output)")
        let missing = try harness.run("/usr/bin/gdbus", DBusTests.call + ["org.swiftshortcuts.Events1.ShowRun", "nope"])
        #expect(missing.status != 0 && missing.error.contains("org.swiftshortcuts.Error.NotFound"), "\(missing.error)")
    }
}

/// Where no systemd user manager runs, the service runs the automations itself.
struct ServiceAutomationTests {
    @Test func aFolderAutomationFiresInTheServiceForANewFileWithItAsInput() throws {
        let harness = try ServiceHarness()
        harness.extra["SHORTCUTS_SERVICE_AUTOMATIONS"] = "1"
        let inbox = harness.directory + "/Inbox"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        let added = try harness.run(
            try BuiltProducts.path(of: "shortcuts"), ["automation", "add", "Inbox", "--shortcut", "Greet", "--when-file-added", inbox])
        #expect(added.status == 0, "\(added.error)")
        try harness.startService()
        let events = ShortcutsEvents(startsService: false, environment: harness.environment)
        try harness.waitUntil("the service keeps the automation") { harness.log.contains("runs the 1 automation(s) itself") }
        try Data("Ada".utf8).write(to: URL(fileURLWithPath: inbox + "/name.txt"))
        var run: JSONValue?
        try harness.waitUntil("the automation's run is in the history") {
            run = (try? events.history())?.first { $0["trigger"] == "automation Inbox" }
            return run?["status"] == "succeeded"
        }
        #expect(run?["input"]?["preview"] == "name.txt (3 bytes)", "\(String(describing: run))")
        #expect(run?["output"]?["preview"] == "Hello, name.txt!" || run?["output"]?["preview"]?.stringValue?.hasPrefix("Hello") == true)
        try harness.waitUntil("the service logs how it ended") { harness.log.contains("automation \"Inbox\" (when a file is added to") }
    }
}

/// Network and power automations, from NetworkManager's and UPower's signals as
/// python3-dbusmock's templates send them on a private system bus.
@Suite(
    .enabled(
        if: ServiceHarness.hasDBus && ServiceHarness.hasDBusMock,
        "dbus-daemon or python3-dbusmock is missing (apt-get install dbus-daemon python3-dbusmock)"))
struct SystemEventAutomationTests {
    @Test func networkAndPowerChangesFireTheirAutomations() throws {
        let harness = try ServiceHarness()
        try harness.startSystemBus()
        try harness.startMock("networkmanager", name: "org.freedesktop.NetworkManager")
        try harness.startMock("upower", name: "org.freedesktop.UPower")
        let shortcuts = try BuiltProducts.path(of: "shortcuts")
        for (name, trigger) in [
            ("Net", ["--on-network-change"]), ("Plug", ["--on-power-change"]), ("Low", ["--on-power-change", "--battery-below", "20"]),
        ] {
            let added = try harness.run(shortcuts, ["automation", "add", name, "--shortcut", "Greet"] + trigger)
            #expect(added.status == 0 && added.output.contains("shortcutsd keeps it"), "\(added.output) \(added.error)")
        }
        try harness.startService()
        try harness.waitUntil("the service follows the system bus") { harness.log.contains("following NetworkManager and UPower") }

        let signals = try harness.python(
            """
            import dbus
            bus = dbus.SystemBus()
            nm = bus.get_object('org.freedesktop.NetworkManager', '/org/freedesktop/NetworkManager')
            nm.SetGlobalConnectionState(dbus.UInt32(70), dbus_interface='org.freedesktop.DBus.Mock')
            upower = bus.get_object('org.freedesktop.UPower', '/org/freedesktop/UPower')
            mock = dbus.Interface(upower, 'org.freedesktop.DBus.Mock')
            display = '/org/freedesktop/UPower/devices/DisplayDevice'
            mock.SetDeviceProperties(display, {'Percentage': dbus.Double(50.0, variant_level=1)})
            mock.SetDeviceProperties(display, {'Percentage': dbus.Double(15.0, variant_level=1)})
            mock.SetDeviceProperties(display, {'Percentage': dbus.Double(12.0, variant_level=1)})
            upower.Set('org.freedesktop.UPower', 'OnBattery', True, dbus_interface='org.freedesktop.DBus.Properties')
            """)
        #expect(signals.status == 0, "\(signals.error)")
        let events = ShortcutsEvents(startsService: false, environment: harness.environment)
        var runs: [JSONValue] = []
        do {
            try harness.waitUntil("the three automations ran", timeout: 30) {
                runs = ((try? events.history()) ?? []).filter { $0["status"] != "running" }
                return Set(runs.compactMap { $0["trigger"]?.stringValue }) == ["automation Net", "automation Plug", "automation Low"]
            }
        } catch {
            Issue.record("runs: \(runs)\nservice log:\n\(harness.log)")
            throw error
        }
        #expect(runs.allSatisfy { $0["status"] == "succeeded" }, "\(runs)")
        func inputs(_ trigger: String) -> [String] {
            runs.filter { $0["trigger"]?.stringValue == trigger }.compactMap { $0["input"]?["preview"]?.stringValue }
        }
        #expect(inputs("automation Net") == ["network connected"])
        #expect(inputs("automation Plug") == ["on battery"])
        // Falling below 20% fires once, not again at 12%.
        #expect(inputs("automation Low") == ["battery at 15%"])
    }
}

/// The service's own schedule, on a clock the test moves: nothing sleeps until 07:30.
struct ServiceScheduleTests {
    @Test func aTimeAutomationFiresWhenTheServicesClockReachesItsTime() throws {
        let harness = try ServiceHarness()
        let shortcuts = try BuiltProducts.path(of: "shortcuts")
        let added = try harness.run(
            shortcuts, ["automation", "add", "Morning", "--shortcut", "Greet", "--at", "07:30", "--input", "clock"])
        #expect(added.status == 0, "\(added.error)")
        var calendar = Calendar.current
        calendar.timeZone = TimeZone.current
        let morning = calendar.date(from: DateComponents(year: 2030, month: 6, day: 3, hour: 7, minute: 29, second: 58))!
        let clock = Locked(morning)
        var environment = harness.environment
        environment["SHORTCUTS_SERVICE_AUTOMATIONS"] = "1"
        environment["SHORTCUTS_EXECUTABLE"] = shortcuts
        let watcher = AutomationWatcher(
            home: harness.home, environment: environment, log: ServiceLog(sink: { _ in }), now: { clock.withLock { $0 } })
        watcher.start()
        defer { watcher.stop() }
        try harness.waitUntil("the watcher keeps the automation") { watcher.isKeeping }
        func runs() throws -> [[String: Any]] {
            let listed = try harness.run(shortcuts, ["runs", "--json"])
            return (try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]]) ?? []
        }
        #expect(try runs().isEmpty)
        clock.withLock { $0 = morning.addingTimeInterval(2) }
        var fired: [[String: Any]] = []
        try harness.waitUntil("the automation ran at 07:30 on the service's clock") {
            fired =
                (try? runs())?.filter { $0["trigger"] as? String == "automation Morning" && $0["status"] as? String == "succeeded" } ?? []
            return !fired.isEmpty
        }
        #expect((fired.first?["output"] as? [String: Any])?["preview"] as? String == "Hello, clock!")
        #expect(fired.count == 1)
    }
}
