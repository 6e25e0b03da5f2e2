import Foundation
import ShortcutsContent
import ShortcutsDesktop
import ShortcutsLibrary
import ShortcutsTestSupport
import Testing

/// Finding shortcuts and App Shortcuts from search terms and spoken phrases, over a real library
/// and the manifests the example apps print.
struct PhraseMatchingTests {
    static func manifest(_ app: String) throws -> AppManifest {
        let printed = try ProcessRun.run(try BuiltProducts.path(of: app), ["--print-manifest"])
        return try JSONDecoder().decode(AppManifest.self, from: printed.outputData)
    }

    /// A library with a few shortcuts, one of them hidden from search, and both example apps.
    static func catalog() throws -> (DesktopCatalog, TemporaryHome) {
        let home = try TemporaryHome()
        let library = ShortcutLibrary(home: home.home)
        var settings = LibrarySettings()
        for (name, folder) in [
            ("Greet", nil), ("Morning Routine", "Home"), ("Backup Photos", "Home"), ("Backup Notes", nil), ("Secret", nil),
        ] {
            let entry = try library.create(named: name, folder: folder)
            if name == "Secret" {
                settings.setDesktopPreference(DesktopPreference(identifier: entry.identifier, name: name, showInSearch: false))
            }
        }
        let catalog = DesktopCatalog(
            shortcuts: try library.summaries(), settings: settings, apps: [try manifest("askmeanything"), try manifest("soupertask")])
        return (catalog, home)
    }

    static func title(_ understanding: DesktopCatalog.Understanding) -> String? {
        if case .matched(let entry, _) = understanding { return entry.title }
        return nil
    }

    @Test func phrasesFindTheirAppShortcutWhateverTheCaseAndPunctuation() throws {
        let (catalog, _) = try Self.catalog()
        #expect(Self.title(catalog.understand("Ask AskMeAnything a question")) == "Ask a Question")
        #expect(Self.title(catalog.understand("ask askmeanything a question!")) == "Ask a Question")
        #expect(Self.title(catalog.understand("Hey, ask Ask Me Anything a question, please")) == "Ask a Question")
        #expect(Self.title(catalog.understand("Create a task in SouperTask")) == "Create Task")
        #expect(Self.title(catalog.understand("add a soupertask task")) == "Create Task")
        #expect(Self.title(catalog.understand("Morning routine")) == "Morning Routine")
        #expect(Self.title(catalog.understand("run greet")) == "Greet")
    }

    @Test func smallTyposAreForgivenButNotStrangers() throws {
        let (catalog, _) = try Self.catalog()
        #expect(Self.title(catalog.understand("Ask AskMeAnythin a questoin")) == "Ask a Question")
        #expect(Self.title(catalog.understand("Creat a task in SouperTsak")) == "Create Task")
        #expect(Self.title(catalog.understand("Mornign Routine")) == "Morning Routine")
        #expect(catalog.understand("Order a pizza") == .none)
        #expect(catalog.understand("") == .none)
        #expect(catalog.understand("Secret") == .none, "a shortcut hidden from search is not found")
    }

    /// Part of several names is offered as a choice, never run and never "nothing matched".
    @Test func partOfSeveralNamesNamesThemAll() throws {
        let (catalog, _) = try Self.catalog()
        guard case .ambiguous(let entries) = catalog.understand("backup") else {
            Issue.record("\(catalog.understand("backup"))")
            return
        }
        #expect(entries.map(\.title) == ["Backup Notes", "Backup Photos"])
        #expect(Self.title(catalog.understand("backup photos")) == "Backup Photos")
        guard case .ambiguous(let one) = catalog.understand("the morning") else {
            Issue.record("\(catalog.understand("the morning"))")
            return
        }
        #expect(one.map(\.title) == ["Morning Routine"])
        #expect(catalog.understand("the please") == .none, "fillers alone name nothing")
    }

    @Test func parametersComeFromTheCasesAndEntitiesThePhraseNames() throws {
        let (catalog, _) = try Self.catalog()
        guard case .matched(let topic, let parameters) = catalog.understand("Ask AskMeAnything about the meaning of life") else {
            Issue.record("no match")
            return
        }
        #expect(topic.title == "Ask About a Topic")
        #expect(parameters == ["topic": "meaningOfLife"])
        guard case .matched(_, let weather) = catalog.understand("what does askmeanything know about the wether") else {
            Issue.record("no match for a misspelled case")
            return
        }
        #expect(weather == ["topic": "weather"])
        guard case .matched(let open, let task) = catalog.understand("Open Buy milk in SouperTask") else {
            Issue.record("no match for an entity")
            return
        }
        #expect(open.target == .appShortcut(bundleIdentifier: "com.example.SouperTask", action: "com.example.SouperTask.OpenTaskIntent"))
        #expect(task == ["task": "Buy milk"], "an entity is said in the phrase's own words, found by the app's text search")
        guard case .matched(_, let none) = catalog.understand("Ask AskMeAnything about") else {
            Issue.record("a phrase without its parameter still matches, and the run asks")
            return
        }
        #expect(none.isEmpty)
    }

    @Test func closeMatchesAreListedNotGuessed() throws {
        let home = try TemporaryHome()
        let library = ShortcutLibrary(home: home.home)
        for name in ["Start Timer", "Stop Timer", "Start Timers"] { _ = try library.create(named: name) }
        let catalog = DesktopCatalog(shortcuts: try library.summaries())
        #expect(Self.title(catalog.understand("start timer")) == "Start Timer", "an exact name wins over a near one")
        guard case .ambiguous(let entries) = catalog.understand("stat timer") else {
            Issue.record("expected an ambiguous match")
            return
        }
        #expect(Set(entries.map(\.title)) == ["Start Timer", "Start Timers"], "Stop Timer is two typos away, not close")
        #expect(Self.title(catalog.understand("stop timer")) == "Stop Timer")
    }

    @Test func searchFindsByNameFolderAndPhraseWithInputAfterTheName() throws {
        let (catalog, _) = try Self.catalog()
        #expect(catalog.search(["gre"]).map(\.entry.title) == ["Greet"])
        #expect(catalog.search(["home"]).map(\.entry.title) == ["Backup Photos", "Morning Routine"])
        #expect(catalog.search(["rout", "morn"]).map(\.entry.title) == ["Morning Routine"], "terms are ANDed, in any order")
        #expect(catalog.search(["mornign"]).map(\.entry.title) == ["Morning Routine"], "a typo once the word is long enough")
        #expect(catalog.search(["soupertask"]).map(\.entry.title).sorted() == ["Create Task", "Find Tasks", "Open Task"])
        #expect(catalog.search(["secret"]).isEmpty)
        #expect(catalog.search(["pizza"]).isEmpty)
        let asked = catalog.search(["ask", "what", "is", "swift"])
        #expect(asked.first?.entry.title == "Ask a Question")
        #expect(asked.first?.input == "what is swift")
    }
}
