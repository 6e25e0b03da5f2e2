import Foundation
import ShortcutsTestSupport
import Testing

/// The service as GNOME Shell's search provider and as a KRunner runner, on a private session
/// bus, called by gdbus and busctl as the shell and KRunner call them.
@Suite(.enabled(if: ServiceHarness.hasDBus, "dbus-daemon is missing (apt-get install dbus-daemon); the D-Bus tests are skipped"))
struct DesktopSearchTests {
    static let provider = [
        "call", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/org/swiftshortcuts/SearchProvider", "--method",
    ]
    static let runner = [
        "call", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/org/swiftshortcuts/KRunner", "--method",
    ]

    private func started() throws -> ServiceHarness {
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startService()
        return harness
    }

    /// The ids in a gdbus `(['a', 'b'],)` answer.
    private func ids(_ output: String) -> [String] {
        output.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The runs the history holds, as `shortcuts runs --json` gives them, once `count` are there.
    private func runs(_ harness: ServiceHarness, count: Int) throws -> [[String: Any]] {
        var runs: [[String: Any]] = []
        try harness.waitUntil("\(count) run(s) are in the history") {
            guard let listed = try? harness.run(try BuiltProducts.path(of: "shortcuts"), ["runs", "--json"]),
                let decoded = try? JSONSerialization.jsonObject(with: listed.outputData) as? [[String: Any]]
            else { return false }
            runs = decoded
            return decoded.count >= count && decoded.allSatisfy { $0["status"] as? String != "running" }
        }
        return runs
    }

    @Test func gnomeShellFindsShortcutsShowsThemAndRunsOneWithTheTextAfterItsName() throws {
        let harness = try started()
        let found = try harness.run("/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['gre']"])
        #expect(found.status == 0, "\(found.error)")
        let greet = ids(found.output)
        #expect(greet.count == 1 && greet[0].hasPrefix("shortcut:"), "\(found.output)")
        let work = try harness.run("/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['work']"])
        #expect(ids(work.output).count == 1, "the folder finds Report: \(work.output)")
        let narrowed = try harness.run(
            "/usr/bin/gdbus",
            Self.provider + ["org.gnome.Shell.SearchProvider2.GetSubsearchResultSet", "['\(greet[0])']", "['greet', 'Ada']"])
        #expect(ids(narrowed.output) == greet, "\(narrowed.output)")
        let metas = try harness.run(
            "/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.GetResultMetas", "['\(greet[0])']"])
        #expect(metas.output.contains("'name': <'Greet'>"), "\(metas.output)")
        #expect(metas.output.contains("'icon': <('themed', <['org.swiftshortcuts.Shortcuts']>)>"), "\(metas.output)")

        let activated = try harness.run(
            "/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.ActivateResult", greet[0], "['greet', 'Ada']", "0"])
        #expect(activated.status == 0, "\(activated.error)")
        let run = try #require(try runs(harness, count: 1).first)
        #expect((run["shortcut"] as? [String: Any])?["name"] as? String == "Greet")
        #expect(run["trigger"] as? String == "GNOME Shell search")
        #expect((run["output"] as? [String: Any])?["preview"] as? String == "Hello, Ada!", "\(run)")

        let gone = try harness.run(
            "/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.ActivateResult", "shortcut:nope", "['x']", "0"])
        #expect(gone.status != 0)
        #expect(gone.error.contains("org.swiftshortcuts.Error.NotFound"), "\(gone.error)")
    }

    @Test func anAppShortcutIsFoundByItsPhraseAndRunsWithTheTextAfterIt() throws {
        let harness = try ServiceHarness()
        try harness.startBus()
        // Run once, as a person would, so the app's manifest is written.
        #expect(try harness.run(try BuiltProducts.path(of: "askmeanything"), ["hello"]).status == 0)
        try harness.startService()
        let found = try harness.run(
            "/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['ask', 'what', 'is', 'swift']"])
        let id = "app:com.example.AskMeAnything:com.example.AskMeAnything.AskQuestionIntent"
        #expect(ids(found.output).first == id, "\(found.output)")
        let metas = try harness.run("/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.GetResultMetas", "['\(id)']"])
        #expect(metas.output.contains("'name': <'Ask a Question'>") && metas.output.contains("'description': <'AskMeAnything'>"))
        let activated = try harness.run(
            "/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.ActivateResult", id, "['ask', 'what', 'is', 'swift']", "0"])
        #expect(activated.status == 0, "\(activated.error)")
        let run = try #require(try runs(harness, count: 1).first)
        #expect((run["shortcut"] as? [String: Any])?["name"] as? String == "Ask a Question")
        #expect((run["output"] as? [String: Any])?["preview"] as? String == "Swift is a general-purpose programming language.", "\(run)")
    }

    @Test func aNewShortcutIsFoundWithoutRestartingTheService() throws {
        let harness = try started()
        let before = try harness.run("/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['memo']"])
        #expect(ids(before.output).isEmpty)
        try FileManager.default.copyItem(
            atPath: harness.home + "/Shortcuts/Greet.shortcut", toPath: harness.home + "/Shortcuts/Memo.shortcut")
        let after = try harness.run("/usr/bin/gdbus", Self.provider + ["org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['memo']"])
        #expect(ids(after.output).count == 1, "\(after.output)")
    }

    @Test func krunnerMatchesAndRunsAShortcut() throws {
        let harness = try started()
        let matched = try harness.run(
            "/usr/bin/busctl",
            ["--user", "call", "org.swiftshortcuts.Events", "/org/swiftshortcuts/KRunner", "org.kde.krunner1", "Match", "s", "greet Bo"])
        #expect(matched.status == 0, "\(matched.error)")
        #expect(matched.output.hasPrefix("a(sssida{sv}) 1 \"shortcut:"), "\(matched.output)")
        #expect(matched.output.contains("\"Greet\" \"org.swiftshortcuts.Shortcuts\" 30"), "\(matched.output)")
        // busctl writes what isn't ASCII in octal: “Bo”.
        #expect(matched.output.contains("\"subtext\" s \"Run with \\342\\200\\234Bo\\342\\200\\235\""), "\(matched.output)")
        let id = try #require(matched.output.split(separator: "\"").dropFirst().first).replacingOccurrences(of: "\\t", with: "\t")
        let actions = try harness.run("/usr/bin/gdbus", Self.runner + ["org.kde.krunner1.Actions"])
        #expect(actions.output == "(@a(sss) [],)\n", "\(actions.output)")
        let ran = try harness.run("/usr/bin/gdbus", Self.runner + ["org.kde.krunner1.Run", id, ""])
        #expect(ran.status == 0, "\(ran.error)")
        let run = try #require(try runs(harness, count: 1).first)
        #expect(run["trigger"] as? String == "KRunner")
        #expect((run["output"] as? [String: Any])?["preview"] as? String == "Hello, Bo!", "\(run)")
        let nothing = try harness.run("/usr/bin/gdbus", Self.runner + ["org.kde.krunner1.Match", "zzzz"])
        #expect(nothing.output == "(@a(sssida{sv}) [],)\n", "\(nothing.output)")
        let wrong = try harness.run("/usr/bin/gdbus", Self.runner + ["org.kde.krunner1.Match", "1"])
        #expect(wrong.status == 0, "a number is a query too: \(wrong.error)")
        let introspect = try harness.run(
            "/usr/bin/gdbus",
            ["introspect", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/org/swiftshortcuts/KRunner"])
        #expect(introspect.output.contains("Match(in  s query,"), "\(introspect.output)")
    }
}
