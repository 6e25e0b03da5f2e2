import Foundation
import ShortcutsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Each store the project writes, with the writing process killed (SIGKILL) at 200 random
/// moments of its writes: afterwards every item a finished write made is there exactly once and
/// whole, an item a killed write made is there whole or not at all, and a later start leaves no
/// temporary file behind. The moments are spread over the command's whole run (its duration is
/// measured first), from a fixed seed so a failure repeats.
@Suite(.serialized) struct CrashCampaignTests {
    static let kills = 200
    /// The attempt whose duration is measured first; never checked.
    static let measuringIndex = 999

    /// What one campaign saw: which attempts finished (exit 0) and which were killed.
    struct Outcome {
        var finished: Set<Int> = []
        var killed: Set<Int> = []
    }

    /// Runs `arguments(i)` for i = 0, 1, … until `kills` of them were killed (at most twenty times
    /// as many attempts), each killed after a random delay within 1.5 times the command's
    /// measured duration (the middle of three runs), every fourth given time to finish, and says
    /// which finished and which were killed.
    func campaign(_ home: TemporaryHome, seed: UInt64, _ arguments: (Int) -> [String]) throws -> Outcome {
        let executable = try BuiltProducts.path(of: "shortcuts")
        // How long one write takes here, from a run left alone (index -1, not checked).
        // The middle of three runs: the first is cold, and a loaded machine slows some.
        var durations: [Duration] = []
        for _ in 0..<3 {
            let measured = ContinuousClock.now
            _ = try home.run("shortcuts", arguments(Self.measuringIndex))
            durations.append(ContinuousClock.now - measured)
        }
        var span = max(1000, Int(durations.sorted()[1] / .microseconds(1)) * 3 / 2)
        var generator = SeededGenerator(seed: seed)
        var outcome = Outcome()
        for index in 0..<(20 * Self.kills) where outcome.killed.count < Self.kills {
            // Every fourth attempt is given three spans, time to finish: when even that is killed,
            // the machine has slowed (a build beside the tests), and the span grows to match.
            let patient = index % 4 == 3
            let delay = patient ? span * 3 : Int.random(in: 0..<span, using: &generator)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments(index)
            process.environment = home.environment
            process.currentDirectoryURL = home.directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit, process.terminationStatus == 0 {
                outcome.finished.insert(index)
            } else if process.terminationReason == .uncaughtSignal {
                outcome.killed.insert(index)
                if patient { span = min(span * 2, 20_000_000) }
            } else {
                Issue.record("attempt \(index) (\(arguments(index).joined(separator: " "))) exited \(process.terminationStatus)")
            }
        }
        // The campaign means something only when it killed writes and let others finish.
        #expect(
            outcome.killed.count == Self.kills && outcome.finished.count >= 10,
            "killed \(outcome.killed.count), finished \(outcome.finished.count)")
        return outcome
    }

    /// Files under `folder` (recursively) that look like a write's temporary file: AtomicFile's
    /// `.<name>.<hex>.tmp`, and any other hidden file but the stores' own.
    func leftovers(in folder: String, keeping kept: Set<String> = []) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        for case let path as String in enumerator {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix("."), !kept.contains(name) { found.append(path) }
        }
        return found
    }

    @Test func theLibrary() throws {
        let home = try TemporaryHome(prefix: "crash-library")
        let source = BuiltProducts.packageRoot.path + "/Examples/Hello.shortcut"
        let outcome = try campaign(home, seed: 1) { ["import", source, "--name", "S\($0)"] }
        // A later start recovers: the listing finishes what a killed transaction left.
        let listed = try home.run("shortcuts", ["list"])
        #expect(listed.status == 0, "\(listed.error)")
        let names = listed.output.split(separator: "\n").map(String.init)
        #expect(Set(names).count == names.count, "a shortcut is listed twice")
        for index in outcome.finished { #expect(names.contains("S\(index)"), "S\(index) was imported and is gone") }
        for name in names where name != "S\(Self.measuringIndex)" {
            let index = Int(name.dropFirst()).map { $0 }
            #expect(index.map { outcome.finished.contains($0) || outcome.killed.contains($0) } == true, "\(name) was never imported")
            let ran = try home.run("shortcuts", ["run", name], input: Data("Ada".utf8))
            #expect(ran.output == "Hello, Ada!\n", "\(name) isn't whole: \(ran.error)")
        }
        #expect(leftovers(in: home.home, keeping: [".lock"]).isEmpty, "\(leftovers(in: home.home, keeping: [".lock"]))")
    }

    @Test func settingsAndGrants() throws {
        let home = try TemporaryHome(prefix: "crash-settings")
        let imported = try home.run("shortcuts", ["import", BuiltProducts.packageRoot.path + "/Examples/Hello.shortcut"])
        try #require(imported.status == 0, "\(imported.error)")
        let folders = (0...Self.measuringIndex).map { home.directory.path + "/granted/F\($0)" }
        for folder in folders { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let outcome = try campaign(home, seed: 2) { ["settings", "--allow", "Hello", "--folder", folders[$0]] }
        let shown = try home.run("shortcuts", ["settings"])
        #expect(shown.status == 0, "settings.json no longer reads: \(shown.error)")
        for index in outcome.finished {
            #expect(
                shown.output.contains(folders[index] + "\n") || shown.output.contains(folders[index] + " "),
                "the grant of F\(index) was made and is gone")
        }
        #expect(leftovers(in: home.home, keeping: [".lock"]).isEmpty, "\(leftovers(in: home.home, keeping: [".lock"]))")
    }

    @Test func theRunHistory() throws {
        let home = try TemporaryHome(prefix: "crash-history")
        let source = BuiltProducts.packageRoot.path + "/Examples/Hello.shortcut"
        // Every run kept (by default the last 100 of each shortcut are).
        let kept = try home.run("shortcuts", ["settings", "--history-limit", "runs=100000"])
        try #require(kept.status == 0, "\(kept.error)")
        let outcome = try campaign(home, seed: 3) { _ in ["run", source] }
        let listed = try home.run("shortcuts", ["runs", "--json", "--limit", "100000"])
        #expect(listed.status == 0, "the history no longer reads: \(listed.error)")
        let runs = (try? JSONSerialization.jsonObject(with: listed.outputData) as? [[String: Any]]) ?? []
        let succeeded = runs.filter { $0["status"] as? String == "succeeded" }.count
        // The measuring run, the finished ones, and each later start's own run.
        #expect(succeeded >= outcome.finished.count + 1, "\(succeeded) succeeded runs recorded for \(outcome.finished.count + 1) finished")
        #expect(runs.allSatisfy { ["succeeded", "failed", "cancelled"].contains($0["status"] as? String ?? "") }, "a run left as running")
        let check = try ProcessRun.run(
            "/usr/bin/python3",
            [
                "-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])",
                home.historyDatabase,
            ])
        #expect(check.output == "ok\n", "\(check.output)\(check.error)")
    }

    @Test func remindersEventsContactsAndNotes() throws {
        let home = try TemporaryHome(prefix: "crash-personal")
        // One shortcut text per attempt, each naming its items by the attempt's number.
        func source(_ index: Int) -> String {
            let text =
                "AddNewReminder \"R\(index)\"\nAddNewEvent WFCalendarItemTitle: \"E\(index)\"\n"
                + "AddNewContact WFContactFirstName: \"C\(index)\"\nCreateNote \"N\(index)\"\n"
            return (try? home.write(Data(text.utf8), to: "personal-\(index).sct")) ?? ""
        }
        let outcome = try campaign(home, seed: 4) { ["run", source($0)] }
        // Each kind's files, with what each says its title is; every file whole.
        func titles(_ folder: String, _ ending: String, _ key: String) -> [String] {
            let root = home.home + "/" + folder
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
            var found: [String] = []
            for case let path as String in enumerator where !(path as NSString).lastPathComponent.hasPrefix(".") {
                guard let contents = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { continue }
                if ending.isEmpty {
                    found.append((path as NSString).lastPathComponent)
                    continue
                }
                #expect(contents.hasSuffix(ending), "\(folder)/\(path) isn't whole: \(contents.suffix(80))")
                if let line = contents.split(separator: "\r\n").first(where: { $0.hasPrefix(key) }) {
                    found.append(String(line.dropFirst(key.count)))
                }
            }
            return found
        }
        let reminders = titles("Reminders", "END:VCALENDAR\r\n", "SUMMARY:")
        let events = titles("Calendars", "END:VCALENDAR\r\n", "SUMMARY:")
        let contacts = titles("Contacts", "END:VCARD\r\n", "FN:")
        let notes = titles("Notes", "", "")
        for (kind, items, prefix) in [("reminder", reminders, "R"), ("event", events, "E"), ("contact", contacts, "C")] {
            // The measuring runs made theirs three times, on purpose.
            let campaign = items.filter { $0 != "\(prefix)\(Self.measuringIndex)" }
            #expect(Set(campaign).count == campaign.count, "a \(kind) is there twice")
            for index in outcome.finished { #expect(items.contains("\(prefix)\(index)"), "\(kind) \(prefix)\(index) was made and is gone") }
        }
        for index in outcome.finished { #expect(notes.contains("N\(index).md"), "note N\(index) was made and is gone") }
        // A later start cleans up whatever temporary files the killed writes left.
        _ = try home.run("shortcuts", ["run", source(Self.measuringIndex + 1)])
        for folder in ["Reminders", "Calendars", "Contacts", "Notes"] {
            let left = leftovers(in: home.home + "/" + folder)
            #expect(left.isEmpty, "\(folder): \(left.prefix(5))")
        }
    }

    @Test func automationsAndTheirUnits() throws {
        let home = try TemporaryHome(prefix: "crash-automations")
        home.extraEnvironment["XDG_CONFIG_HOME"] = home.directory.path + "/config"
        let imported = try home.run("shortcuts", ["import", BuiltProducts.packageRoot.path + "/Examples/Hello.shortcut"])
        try #require(imported.status == 0, "\(imported.error)")
        let outcome = try campaign(home, seed: 5) { ["automation", "add", "A\($0)", "--shortcut", "Hello", "--every", "1h"] }
        let listed = try home.run("shortcuts", ["automation", "list"])
        #expect(listed.status == 0, "automations.json no longer reads: \(listed.error)")
        let names = listed.output.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(Set(names).count == names.count, "an automation is listed twice")
        for index in outcome.finished { #expect(names.contains("A\(index)"), "automation A\(index) was added and is gone") }
        // Each listed automation has its units, whole.
        let units = home.directory.path + "/config/systemd/user"
        for name in names where name != "A\(Self.measuringIndex)" {
            let timer = (try? String(contentsOfFile: units + "/shortcuts-automation-\(name.lowercased()).timer", encoding: .utf8)) ?? ""
            if outcome.finished.contains(Int(name.dropFirst()) ?? -1) {
                #expect(timer.contains("OnUnitActiveSec="), "A \(name)'s timer isn't whole: \(timer)")
            }
        }
        // The next write cleans up what killed writers left.
        let later = try home.run("shortcuts", ["automation", "add", "Later", "--shortcut", "Hello", "--every", "2h"])
        #expect(later.status == 0, "\(later.error)")
        #expect(leftovers(in: home.home, keeping: [".lock"]).isEmpty, "\(leftovers(in: home.home, keeping: [".lock"]))")
        #expect(leftovers(in: units).isEmpty, "\(leftovers(in: units))")
    }
}
