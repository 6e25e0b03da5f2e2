import Foundation
import ShortcutsTestSupport
import Testing

/// The service on a private session bus, called by gdbus, busctl and python3-dbus.
@Suite(.enabled(if: ServiceHarness.hasDBus, "dbus-daemon is missing (apt-get install dbus-daemon); the D-Bus tests are skipped"))
struct DBusTests {
    static let call = [
        "call", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/org/swiftshortcuts/Events", "--method",
    ]

    private func started() throws -> ServiceHarness {
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startService()
        return harness
    }

    @Test func gdbusListsRunsAndIntrospects() throws {
        let harness = try started()
        let list = try harness.run("/usr/bin/gdbus", Self.call + ["org.swiftshortcuts.Events1.ListShortcuts"])
        #expect(list.status == 0, "\(list.error)")
        for expected in [
            "'name': <'Greet'>", "'folder': <'Work'>", "'actionCount': <4>", "'acceptsInput': <true>", "'identifier': <'",
            "'color': <uint32",
        ] {
            #expect(list.output.contains(expected), "\(expected) missing from \(list.output)")
        }
        let run = try harness.run("/usr/bin/gdbus", Self.call + ["org.swiftshortcuts.Events1.RunShortcut", "Greet", "Ada"])
        #expect(run.output == "('Hello, Ada!',)\n", "\(run.error)")
        let introspect = try harness.run(
            "/usr/bin/gdbus",
            ["introspect", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/org/swiftshortcuts/Events"])
        for method in ["ListShortcuts", "ListFolders", "RunShortcut(", "RunShortcutWithFiles", "CancelRun", "ListRuns"] {
            #expect(introspect.output.contains(method), "\(method) missing from \(introspect.output)")
        }
    }

    @Test func failuresAreNamedErrorsNamingTheAction() throws {
        let harness = try started()
        let failed = try harness.run("/usr/bin/gdbus", Self.call + ["org.swiftshortcuts.Events1.RunShortcut", "Script", ""])
        #expect(failed.status != 0)
        #expect(failed.error.contains("org.swiftshortcuts.Error.ActionFailed"), "\(failed.error)")
        #expect(failed.error.contains("action 2 (is.workflow.actions.runshellscript"), "\(failed.error)")
        let missing = try harness.run(
            "/usr/bin/busctl",
            [
                "--user", "call", "org.swiftshortcuts.Events", "/org/swiftshortcuts/Events", "org.swiftshortcuts.Events1", "RunShortcut",
                "ss", "Nope", "",
            ])
        #expect(missing.status != 0)
        #expect(missing.error.contains("Couldn't find shortcut \"Nope\""), "\(missing.error)")
    }

    @Test func busctlListsFoldersAndRuns() throws {
        let harness = try started()
        let arguments = ["--user", "call", "org.swiftshortcuts.Events", "/org/swiftshortcuts/Events", "org.swiftshortcuts.Events1"]
        let folders = try harness.run("/usr/bin/busctl", arguments + ["ListFolders"])
        #expect(folders.output == "aa{sv} 1 2 \"name\" s \"Work\" \"shortcutCount\" i 1\n", "\(folders.error)")
        let run = try harness.run("/usr/bin/busctl", arguments + ["RunShortcut", "ss", "Report", "Bo"])
        #expect(run.output == "s \"Hello, Bo!\"\n", "\(run.error)")
    }

    @Test func pythonDBusListsRunsWithFilesAndCancels() throws {
        let harness = try started()
        let input = harness.directory + "/in.txt"
        try Data("Cy".utf8).write(to: URL(fileURLWithPath: input))
        let script = """
            import dbus, sys, threading, time
            bus = dbus.SessionBus()
            events = dbus.Interface(bus.get_object('org.swiftshortcuts.Events', '/org/swiftshortcuts/Events'), 'org.swiftshortcuts.Events1')
            print(sorted(str(s['name']) for s in events.ListShortcuts()))
            print(events.RunShortcut('Greet', 'Py'))
            paths = events.RunShortcutWithFiles('Greet', [sys.argv[1]])
            print(open(paths[0]).read())
            result = {}
            def slow():
                # A connection of its own, so the cancel below isn't queued behind this call.
                own = dbus.Interface(dbus.SessionBus(private=True).get_object('org.swiftshortcuts.Events', '/org/swiftshortcuts/Events'), 'org.swiftshortcuts.Events1')
                try:
                    own.RunShortcut('Slow', '', timeout=30)
                    result['error'] = 'finished'
                except dbus.DBusException as error:
                    result['error'] = error.get_dbus_name()
            thread = threading.Thread(target=slow); thread.start()
            deadline = time.monotonic() + 10
            while not events.ListRuns() and time.monotonic() < deadline: time.sleep(0.01)
            print('cancelled', int(events.CancelRun('Slow')))
            thread.join()
            print(result['error'])
            """
        let result = try harness.python(script, [input])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                ['Greet', 'Nap', 'Report', 'Script', 'Slow']
                Hello, Py!
                Hello, Cy!
                cancelled 1
                org.swiftshortcuts.Error.Cancelled

                """, "\(result.error)")
    }

    /// D-Bus sends a call's timeout to nobody but the caller, so a caller that will stop waiting
    /// says when (`RunShortcutWithOptions`, `timeout`): the run is cancelled on the service's
    /// side then, not left running. A misspelt option is refused by name; the socket's run takes
    /// the same as `timeoutSeconds`.
    @Test func aCallersTimeoutCancelsTheRunOnTheServicesSide() throws {
        let harness = try started()
        let call = ["call", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/org/swiftshortcuts/Events", "--method"]
        let started = Date()
        let timedOut = try harness.run(
            "/usr/bin/gdbus", call + ["org.swiftshortcuts.Events1.RunShortcutWithOptions", "Slow", "", "{'timeout': <0.5>}"])
        let waited = Date().timeIntervalSince(started)
        #expect(timedOut.status != 0 && timedOut.error.contains("org.swiftshortcuts.Error.Cancelled"), "\(timedOut.error)")
        #expect(waited > 0.4 && waited < 3, "the call ended after \(waited) s")
        let runs = try harness.run("/usr/bin/gdbus", call + ["org.swiftshortcuts.Events1.ListRuns"])
        #expect(runs.output == "(@aa{sv} [],)\n", "\(runs.output)")
        let quick = try harness.run(
            "/usr/bin/gdbus",
            call + ["org.swiftshortcuts.Events1.RunShortcutWithOptions", "Greet", "Di", "{'timeout': <uint32 30>, 'runID': <'g1'>}"])
        #expect(quick.output == "('Hello, Di!',)\n", "\(quick.error)")
        let misspelt = try harness.run(
            "/usr/bin/gdbus", call + ["org.swiftshortcuts.Events1.RunShortcutWithOptions", "Greet", "", "{'timout': <5.0>}"])
        #expect(misspelt.error.contains("RunShortcutWithOptions has no option timout; it takes timeout and runID"), "\(misspelt.error)")
        let script = """
            import json, socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile()
            s.sendall(b'{"jsonrpc": "2.0", "id": 1, "method": "shortcuts.run", "params": {"shortcut": "Slow", "timeoutSeconds": 0.3}}\\n')
            print(json.loads(f.readline())['error']['code'])
            """
        let socket = try harness.python(script, [harness.socketPath])
        #expect(socket.output == "1004\n", "\(socket.error)")
    }

    /// A caller that leaves the bus (killed mid-call) has its run cancelled, as a socket client
    /// that disconnects does; the run doesn't go on for nobody.
    @Test func aCallerLeavingTheBusCancelsItsRun() throws {
        let harness = try started()
        let caller = Process()
        caller.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        caller.arguments = Self.call + ["org.swiftshortcuts.Events1.RunShortcut", "Slow", ""]
        caller.environment = harness.environment
        caller.standardOutput = FileHandle.nullDevice
        caller.standardError = FileHandle.nullDevice
        try caller.run()
        func runs() throws -> String { try harness.run("/usr/bin/gdbus", Self.call + ["org.swiftshortcuts.Events1.ListRuns"]).output }
        try harness.waitUntil("the run starts") { (try? runs().contains("'shortcut': <'Slow'>")) == true }
        kill(caller.processIdentifier, SIGKILL)
        caller.waitUntilExit()
        // Slow takes 6 s when left alone.
        try harness.waitUntil("the run is cancelled", timeout: 3) { (try? runs()) == "(@aa{sv} [],)\n" }
        try harness.waitUntil("the log says so", timeout: 3) { harness.log.contains("a client went away; cancelled its 1 run(s)") }
    }

    @Test func refusesProgramsNotOnTheAllowList() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        harness.extra["SHORTCUTS_SERVICE_ALLOWED_CLIENTS"] = "/usr/bin/busctl"
        try harness.startService()
        let refused = try harness.run("/usr/bin/gdbus", Self.call + ["org.swiftshortcuts.Events1.RunShortcut", "Greet", "x"])
        #expect(refused.error.contains("org.swiftshortcuts.Error.Denied"), "\(refused.error)")
        #expect(refused.error.contains("/usr/bin/gdbus is not in the allowed clients"), "\(refused.error)")
        let allowed = try harness.run(
            "/usr/bin/busctl",
            [
                "--user", "call", "org.swiftshortcuts.Events", "/org/swiftshortcuts/Events", "org.swiftshortcuts.Events1", "RunShortcut",
                "ss", "Greet", "ok",
            ])
        #expect(allowed.output == "s \"Hello, ok!\"\n", "\(allowed.error)")
        #expect(harness.log.contains("refused RunShortcut from /usr/bin/gdbus"), "\(harness.log)")
    }

    @Test func activationStartsTheInstalledService() throws {
        let harness = try ServiceHarness()
        let install = try harness.run(
            try BuiltProducts.path(of: "shortcuts"), ["service", "install", "--executable", try BuiltProducts.path(of: "shortcutsd")])
        #expect(install.status == 0, "\(install.error)")
        let activation = harness.directory + "/xdg/dbus-1/services/org.swiftshortcuts.Events.service"
        let unit = harness.directory + "/config/systemd/user/shortcutsd.service"
        #expect(try String(contentsOfFile: unit, encoding: .utf8).contains("ExecStart=\(try BuiltProducts.path(of: "shortcutsd"))"))
        #expect(FileManager.default.fileExists(atPath: activation))
        let entry = try String(
            contentsOfFile: harness.directory + "/xdg/applications/org.swiftshortcuts.Shortcuts.desktop", encoding: .utf8)
        #expect(entry.contains("Exec=\(try BuiltProducts.path(of: "shortcuts")) app\n"), "\(entry)")
        #expect(
            FileManager.default.fileExists(atPath: harness.directory + "/xdg/icons/hicolor/scalable/apps/org.swiftshortcuts.Shortcuts.svg"))
        // The bus reads $XDG_DATA_HOME/dbus-1/services and starts shortcutsd on the first call.
        harness.extra["SHORTCUTS_SERVICE_IDLE_SECONDS"] = "2"
        try harness.startBus()
        let run = try harness.run("/usr/bin/gdbus", Self.call + ["org.swiftshortcuts.Events1.RunShortcut", "Greet", "Activated"])
        #expect(run.output == "('Hello, Activated!',)\n", "\(run.error)")
        // The activated service idles out; its socket goes with it.
        try harness.waitUntil("the activated service exits when idle") { !harness.connects() }
    }
}
