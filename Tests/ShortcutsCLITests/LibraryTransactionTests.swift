import Foundation
import ShortcutFormat
import ShortcutsLibrary
import ShortcutsTestSupport
import Testing

/// Changes to the library are transactions: what a writer killed at any moment leaves is
/// finished or undone by the next command, and a library that can't be written still lists.
struct LibraryTransactionTests {
    let home: TemporaryHome
    var library: ShortcutLibrary { ShortcutLibrary(home: home.home) }

    init() throws { home = try TemporaryHome(prefix: "library-transactions") }

    func shortcut(actions: Int = 1) -> Data {
        ShortcutFile.write(Workflow(actions: Array(repeating: WorkflowAction(identifier: "is.workflow.actions.nothing"), count: actions)))
    }

    func hidden(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(".") && $0 != ".lock" }
    }

    /// The states a replace that moves "Report" from Work/ to the top level passes through.
    @Test(arguments: ["journal only", "new file written", "index committed", "old file removed"])
    func aKilledReplaceIsFinishedOrUndone(state: String) throws {
        let original = try library.importShortcut(shortcut(), source: "a", name: "Report", folder: "Work")
        let shortcuts = library.shortcutsDirectory
        let journal = #"{"identifier": "\#(original.identifier)", "new": "Report.shortcut", "old": "Work/Report.shortcut"}"#
        try Data(journal.utf8).write(to: URL(fileURLWithPath: home.home + "/.replacing.json"))
        try Data("half".utf8).write(to: URL(fileURLWithPath: shortcuts + "/Work/.Report.shortcut.0123abcd.tmp"))
        let committed = state == "index committed" || state == "old file removed"
        if state != "journal only" { try shortcut(actions: 2).write(to: URL(fileURLWithPath: shortcuts + "/Report.shortcut")) }
        if committed {
            let index = #"{"shortcuts": [{"identifier": "\#(original.identifier)", "path": "Report.shortcut"}], "version": 1}"#
            try Data(index.utf8).write(to: URL(fileURLWithPath: home.home + "/library.json"))
        }
        if state == "old file removed" { try FileManager.default.removeItem(atPath: shortcuts + "/Work/Report.shortcut") }

        let entries = try library.entries()
        #expect(entries.map(\.name) == ["Report"])
        #expect(entries.first?.identifier == original.identifier)
        #expect(entries.first?.location.relativePath == (committed ? "Report.shortcut" : "Work/Report.shortcut"))
        #expect(hidden(in: home.home).isEmpty && hidden(in: shortcuts + "/Work").isEmpty)
    }

    /// A replace whose index can't be written leaves the library as it was.
    @Test func aFailedWriteLeavesTheLibraryAsItWas() throws {
        let original = try library.importShortcut(shortcut(), source: "a", name: "Report", folder: "Work")
        // library.json replaced by a folder: the index can't be written.
        let index = home.home + "/library.json"
        let saved = try Data(contentsOf: URL(fileURLWithPath: index))
        try FileManager.default.removeItem(atPath: index)
        try FileManager.default.createDirectory(atPath: index, withIntermediateDirectories: false)
        #expect(throws: LibraryError.self) {
            try library.importShortcut(shortcut(actions: 2), source: "b", name: "Report", replacing: true)
        }
        #expect(throws: LibraryError.self) { try library.importShortcut(shortcut(actions: 2), source: "b", name: "Other") }
        try FileManager.default.removeItem(atPath: index)
        try saved.write(to: URL(fileURLWithPath: index))
        let entries = try library.entries()
        #expect(entries.map(\.location.relativePath) == ["Work/Report.shortcut"])
        #expect(entries.first?.identifier == original.identifier)
    }

    /// Listing a library that can't be written works, with identifiers that stay the same.
    /// The library is made unwritable by a folder where its lock file goes, which stops root too.
    @Test func aLibraryThatCantBeWrittenStillLists() throws {
        try library.importShortcut(shortcut(), source: "a", name: "Kept")
        let kept = try library.entries().first?.identifier
        try shortcut().write(to: URL(fileURLWithPath: library.shortcutsDirectory + "/ByHand.shortcut"))
        try FileManager.default.removeItem(atPath: home.home + "/.lock")
        try FileManager.default.createDirectory(atPath: home.home + "/.lock", withIntermediateDirectories: false)
        let first = try library.entries()
        #expect(first.map(\.name) == ["ByHand", "Kept"])
        #expect(first.last?.identifier == kept)
        #expect(try library.entries().map(\.identifier) == first.map(\.identifier))
        let byHand = try #require(try library.find("ByHand"))
        #expect(try library.identifier(of: byHand) == first.first?.identifier)
    }

    /// The library is what is in its folder: a link there (to a file or a folder) is no entry,
    /// and a path in `library.json` that leads out of the folder is never followed.
    @Test func theLibraryFollowsNoLinkAndNoPathOutOfItself() throws {
        let kept = try library.importShortcut(shortcut(), source: "a", name: "Kept")
        let outside = home.directory.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try shortcut().write(to: URL(fileURLWithPath: outside + "/Secret.shortcut"))
        try FileManager.default.createSymbolicLink(
            atPath: library.shortcutsDirectory + "/Linked.shortcut", withDestinationPath: outside + "/Secret.shortcut")
        try FileManager.default.createSymbolicLink(atPath: library.shortcutsDirectory + "/Folder", withDestinationPath: outside)
        #expect(try library.entries().map(\.name) == ["Kept"])
        #expect(try library.find("Linked") == nil)
        #expect(library.folders().isEmpty)
        let index = #"{"shortcuts": [{"identifier": "\#(kept.identifier)", "path": "../../outside/Secret.shortcut"}], "version": 1}"#
        try Data(index.utf8).write(to: URL(fileURLWithPath: home.home + "/library.json"))
        let found = try library.find(kept.identifier)
        #expect(found == nil)
    }

    /// `import --replace` killed with SIGKILL at random moments, moving a shortcut between two
    /// folders: after each, exactly one shortcut has the name, under its first identifier, and
    /// the next command leaves no temporary file.
    @Test func killingImportAtAnyMomentKeepsOneShortcutPerName() throws {
        let shell = try CommandRunner()
        let file = try shell.write(shortcut(actions: 50), to: "Report.shortcut")
        let first = try shell.run(["import", file, "--folder", "A", "--no-interaction"])
        try #require(first.status == 0, "\(first.error)")
        let identifier = try shell.run(["list", "--show-identifiers"]).output
        var generator = SeededGenerator(seed: 11)
        for round in 0..<40 {
            let process = try shell.start(["import", file, "--replace", "--folder", round % 2 == 0 ? "B" : "A", "--no-interaction"])
            Thread.sleep(forTimeInterval: Double(UInt64.random(in: 0...25_000, using: &generator)) / 1_000_000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let listed = try shell.run(["list", "--show-identifiers"])
            #expect(listed.output == identifier, "round \(round): \(listed.output) \(listed.error)")
            let shortcuts = shell.home + "/Shortcuts"
            for directory in [shell.home, shortcuts, shortcuts + "/A", shortcuts + "/B"] {
                #expect(hidden(in: directory).isEmpty, "round \(round): \(directory) has \(hidden(in: directory))")
            }
        }
    }
}
