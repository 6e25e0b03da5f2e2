import Foundation
import ShortcutsTestSupport
import Testing

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
