import Foundation
import ShortcutsTestSupport
import Testing

/// `shortcuts automation` through the built binary: the units it writes (checked by systemd's own
/// `systemd-analyze verify`), exactly the files each step touches, and runs as the units start them.
struct AutomationCommandTests {
    /// A library with one shortcut, Lengths (the WordLengths example), and a config folder of its own.
    private func shell() throws -> CommandRunner {
        let shell = try CommandRunner()
        shell.extraEnvironment["XDG_CONFIG_HOME"] = shell.directory.path + "/config"
        let imported = try shell.run(["import", ExampleShortcuts.examplesDirectory.path + "/WordLengths.shortcut", "--name", "Lengths"])
        try #require(imported.status == 0, "\(imported.error)")
        return shell
    }

    private func unitFolder(_ shell: CommandRunner) -> String { shell.directory.path + "/config/systemd/user" }

    /// Every file under the unit folder, with where a link points.
    private func tree(_ shell: CommandRunner) -> [String: String] {
        let root = unitFolder(shell)
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: root)
        while let path = walker?.nextObject() as? String {
            let full = root + "/" + path
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                files[path] = "→ " + link
            } else if let data = FileManager.default.contents(atPath: full) {
                files[path] = String(decoding: data, as: UTF8.self)
            }
        }
        return files
    }

    @Test func everyKindOfUnitPassesSystemdsOwnCheck() throws {
        let shell = try shell()
        let inbox = shell.directory.path + "/Inbox"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        let triggers: [(String, [String])] = [
            ("Morning", ["--at", "07:30", "--days", "mon,fri"]), ("Daily", ["--at", "23:05"]), ("Often", ["--every", "1h30m"]),
            ("Weekdays", ["--calendar", "Mon..Fri *-*-* 09:00"]), ("Login", ["--at-login"]), ("Inbox 100%", ["--when-file-added", inbox]),
            ("Edits", ["--when-file-changed", inbox]),
        ]
        for (name, trigger) in triggers {
            let added = try shell.run(["automation", "add", name, "--shortcut", "Lengths"] + trigger)
            #expect(added.status == 0, "\(name): \(added.error)")
        }
        let files = tree(shell)
        #expect(files.keys.filter { $0.hasSuffix(".service") && !$0.contains("/") }.count == 7)
        #expect(files["shortcuts-automation-morning.timer"]?.contains("OnCalendar=Mon,Fri *-*-* 07:30:00\nPersistent=true") == true)
        #expect(files["shortcuts-automation-daily.timer"]?.contains("OnCalendar=*-*-* 23:05:00") == true)
        #expect(files["shortcuts-automation-often.timer"]?.contains("OnUnitActiveSec=5400s") == true)
        #expect(files["shortcuts-automation-weekdays.timer"]?.contains("OnCalendar=Mon..Fri *-*-* 09:00") == true)
        #expect(files["default.target.wants/shortcuts-automation-login.service"] == "→ ../shortcuts-automation-login.service")
        // A % is doubled, or systemd would read a specifier.
        #expect(files["shortcuts-automation-inbox-100.path"]?.contains("PathChanged=\(inbox)") == true)
        #expect(files["shortcuts-automation-inbox-100.service"]?.contains("\"Inbox 100%%\"") == true)
        #expect(files["shortcuts-automation-edits.path"]?.contains("PathModified=\(inbox)") == true)

        // systemd's own reading of every unit: no complaint at all.
        let runtime = shell.directory.path + "/analyze-runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let units = files.keys.filter { !$0.contains("/") }.sorted().map { unitFolder(shell) + "/" + $0 }
        let verified = try ProcessRun.run(
            "/usr/bin/systemd-analyze", ["--user", "verify"] + units,
            environment: ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime]) { _, new in new })
        #expect(verified.status == 0, "\(verified.error)")
        #expect(verified.error.isEmpty, "systemd-analyze complained: \(verified.error)")
    }

    @Test func disablingEnablingAndRemovingTouchExactlyTheirFiles() throws {
        let shell = try shell()
        _ = try shell.run(["automation", "add", "Keep", "--shortcut", "Lengths", "--every", "10m"])
        let others = tree(shell)
        let added = try shell.run(["automation", "add", "Morning", "--shortcut", "Lengths", "--at", "07:30"])
        #expect(added.output.contains("No systemd user manager runs here"), "\(added.output)")
        let withMorning = tree(shell)
        #expect(
            Set(withMorning.keys).subtracting(others.keys) == [
                "shortcuts-automation-morning.service", "shortcuts-automation-morning.timer",
                "timers.target.wants/shortcuts-automation-morning.timer",
            ])

        #expect(try shell.run(["automation", "disable", "morning"]).status == 0)
        var expected = withMorning
        expected["timers.target.wants/shortcuts-automation-morning.timer"] = nil
        #expect(tree(shell) == expected)
        #expect(try shell.run(["automation", "list"]).output.contains("Morning (disabled): runs \"Lengths\" every day at 07:30"))
        // A disabled automation's unit, if systemd still starts it, runs nothing.
        let stale = try shell.run(["automation", "run", "--triggered", "Morning"])
        #expect(stale.status == 0 && stale.output.isEmpty && stale.error.contains("is disabled"), "\(stale.error)")

        #expect(try shell.run(["automation", "enable", "Morning"]).status == 0)
        #expect(tree(shell) == withMorning)
        let removed = try shell.run(["automation", "remove", "Morning"])
        #expect(removed.status == 0, "\(removed.error)")
        #expect(tree(shell) == others)
        let stored = try String(contentsOfFile: shell.home + "/automations.json", encoding: .utf8)
        #expect(stored.contains("\"Keep\"") && !stored.contains("Morning") && stored.contains("\"version\" : 1"), "\(stored)")
    }

    @Test func aFolderAutomationGetsTheNewFilesAsItsInput() throws {
        let shell = try shell()
        let inbox = shell.directory.path + "/Inbox"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        try Data("already here".utf8).write(to: URL(fileURLWithPath: inbox + "/old.txt"))
        #expect(try shell.run(["automation", "add", "Inbox", "--shortcut", "Lengths", "--when-file-added", inbox]).status == 0)
        // The path unit starts the service when the folder changes; this is what it runs.
        let nothing = try shell.run(["automation", "run", "--triggered", "Inbox"])
        #expect(nothing.status == 0 && nothing.output.isEmpty && nothing.error.contains("Nothing new"), "\(nothing.error)")
        try Data("ab cde".utf8).write(to: URL(fileURLWithPath: inbox + "/new.txt"))
        let fired = try shell.run(["automation", "run", "--triggered", "Inbox"])
        #expect(fired.status == 0, "\(fired.error)")
        #expect(fired.output == "{\"word\":\"ab\",\"letters\":2}\n{\"word\":\"cde\",\"letters\":3}\n", "\(fired.output)")
        let listed = try shell.run(["runs", "--json", "--limit", "1"])
        let run = try #require((try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])?.first)
        #expect(run["trigger"] as? String == "automation Inbox")
        #expect((run["input"] as? [String: Any])?["preview"] as? String == "new.txt (6 bytes)", "\(run)")
        #expect(try shell.run(["automation", "run", "--triggered", "Inbox"]).error.contains("Nothing new"))
    }

    @Test func anAutomationNeverAsksAndItsFailureIsRecorded() throws {
        let shell = try shell()
        let ask = try shell.write(TestShortcuts.data(TestShortcuts.askName), to: "Ask.shortcut")
        #expect(try shell.run(["import", ask, "--name", "Ask"]).status == 0)
        #expect(try shell.run(["automation", "add", "Asks", "--shortcut", "Ask", "--at-login"]).status == 0)
        let failed = try shell.run(["automation", "run", "--triggered", "Asks"])
        #expect(failed.status == 1)
        #expect(failed.error.contains("needs an answer to \"What is your name?\""), "\(failed.error)")
        // Without notify-send the notification is a line on standard error (the journal, from a unit).
        let hasNotifySend = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/notify-send")
        }
        if !hasNotifySend {
            #expect(failed.error.contains("Notification: Automation “Asks” failed"), "\(failed.error)")
        }
        let listed = try shell.run(["runs", "--failed", "--json"])
        let run = try #require((try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])?.first)
        let error = try #require(run["error"] as? [String: Any])
        #expect(error["code"] as? String == "needsInteraction")
        #expect((error["message"] as? String)?.contains("What is your name?") == true)
        #expect(run["trigger"] as? String == "automation Asks")
    }

    /// Waits until the first run holds its lock: its run is in the history, still going.
    private func waitUntilRunning(_ first: Process, shell: CommandRunner, log: String) throws {
        var running = false
        for _ in 0..<400 where !running && first.isRunning {
            running = try shell.run(["runs", "--json"]).output.contains("\"running\"")
            if !running { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(running, "the first run never showed as running: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    @Test func aRunStillGoingMakesTheNextSkip() throws {
        let shell = try shell()
        let slow = try shell.write(Data("Wait 5\nText \"slept\"\n".utf8), to: "Slow.sct")
        #expect(try shell.run(["import", slow, "--name", "Slow"]).status == 0)
        #expect(try shell.run(["automation", "add", "Nap", "--shortcut", "Slow", "--every", "1m"]).status == 0)
        let log = shell.directory.path + "/first.log"
        let first = try shell.start(["automation", "run", "--triggered", "Nap"], errorLog: log)
        defer { first.terminate() }
        try waitUntilRunning(first, shell: shell, log: log)
        let second = try shell.run(["automation", "run", "--triggered", "Nap"])
        #expect(second.status == 0 && second.error.contains("still running; this run is skipped"), "\(second.error)")
    }

    @Test func aQueuedRunWaitsForTheOneStillGoing() throws {
        let shell = try shell()
        let slow = try shell.write(Data("Wait 1\nText \"slept\"\n".utf8), to: "Slow.sct")
        #expect(try shell.run(["import", slow, "--name", "Slow"]).status == 0)
        #expect(try shell.run(["automation", "add", "Nap", "--shortcut", "Slow", "--every", "1m", "--if-running", "queue"]).status == 0)
        let log = shell.directory.path + "/first.log"
        let first = try shell.start(["automation", "run", "--triggered", "Nap"], errorLog: log)
        try waitUntilRunning(first, shell: shell, log: log)
        let second = try shell.run(["automation", "run", "--triggered", "Nap"])
        first.waitUntilExit()
        #expect(second.status == 0 && second.output == "slept\n", "\(second.error)")
        let listed = try shell.run(["runs", "--json"])
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(runs.count == 2 && runs.allSatisfy { $0["status"] as? String == "succeeded" })
        // The second started once the first had ended.
        let starts = runs.compactMap { $0["start"] as? String }.sorted()
        let ends = runs.compactMap { $0["end"] as? String }.sorted()
        #expect(starts.count == 2 && ends.count == 2 && starts[1] >= ends[0], "\(runs)")
    }

    /// shortcutsd keeps the event automations, so adding one makes it start at login.
    @Test func anEventAutomationMakesTheServiceStartAtLogin() throws {
        let shell = try shell()
        let before = try shell.run(["automation", "add", "Net", "--shortcut", "Lengths", "--on-network-change"])
        #expect(before.status == 0 && before.output.contains("run `shortcuts service install`"), "\(before.output)")
        #expect(tree(shell).isEmpty)
        #expect(try shell.run(["service", "install", "--executable", try BuiltProducts.path(of: "shortcutsd")]).status == 0)
        let installed = tree(shell)
        let added = try shell.run(["automation", "add", "Power", "--shortcut", "Lengths", "--on-power-change", "--battery-below", "15"])
        #expect(added.output.contains("so shortcutsd starts at login"), "\(added.output)")
        var expected = installed
        expected["default.target.wants/shortcutsd.service"] = "→ ../shortcutsd.service"
        #expect(tree(shell) == expected)
        #expect(try shell.run(["automation", "remove", "Power"]).status == 0)
        #expect(tree(shell) == expected)
        #expect(try shell.run(["automation", "show", "Net"]).output.contains("when: when the network changes"))
    }

    @Test func badTriggersAreRefusedNamingTheOption() throws {
        let shell = try shell()
        let cases: [([String], String)] = [
            (["--at", "25:00"], "--at 25:00: give a time of day as HH:MM"),
            (["--at", "07:30", "--days", "someday"], "--days someday"),
            (["--every", "soon"], "--every soon: give a duration"),
            (["--calendar", "whenever"], "--calendar whenever: systemd doesn't read it"),
            (["--when-file-added", "/nonexistent/folder"], "there is no such folder"),
            (["--at", "07:30", "--at-login"], "Give one trigger, not 2"),
            ([], "Give a trigger"),
            (["--on-power-change", "--battery-below", "0"], "--battery-below 0: give a level from 1 to 100"),
            (["--battery-below", "20"], "--battery-below goes with --on-power-change"),
        ]
        for (trigger, message) in cases {
            let refused = try shell.run(["automation", "add", "Bad", "--shortcut", "Lengths"] + trigger)
            #expect(refused.status != 0 && refused.error.contains(message), "\(trigger): \(refused.error)")
        }
        let missing = try shell.run(["automation", "add", "Bad", "--shortcut", "Nope", "--at-login"])
        #expect(missing.status != 0 && missing.error.contains("Couldn't find shortcut \"Nope\""), "\(missing.error)")
        #expect(try shell.run(["automation", "add", "Twice", "--shortcut", "Lengths", "--at-login"]).status == 0)
        let twice = try shell.run(["automation", "add", "twice", "--shortcut", "Lengths", "--at-login"])
        #expect(twice.status != 0 && twice.error.contains("an automation named \"twice\" exists"), "\(twice.error)")
        #expect(try shell.run(["automation", "list", "--json"]).output.components(separatedBy: "\"name\"").count == 2)
        #expect(!FileManager.default.fileExists(atPath: unitFolder(shell) + "/shortcuts-automation-bad.service"))
    }
}
