import Foundation
import ShortcutFormat
import ShortcutsLibrary
import Testing

@Suite struct ShortcutLibraryTests {
    let root: String
    let library: ShortcutLibrary

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        library = ShortcutLibrary(home: root + "/home")
    }

    func shortcutFile(_ name: String, actions: Int = 1) throws -> String {
        let workflow = Workflow(actions: Array(repeating: WorkflowAction(identifier: "is.workflow.actions.nothing"), count: actions))
        let path = root + "/" + name
        try ShortcutFile.write(workflow).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func homeFollowsTheEnvironment() {
        #expect(ShortcutLibrary.home(in: ["SHORTCUTS_HOME": "/a", "XDG_DATA_HOME": "/b", "HOME": "/c"]) == "/a")
        #expect(ShortcutLibrary.home(in: ["XDG_DATA_HOME": "/b", "HOME": "/c"]) == "/b/shortcuts")
        #expect(ShortcutLibrary.home(in: ["XDG_DATA_HOME": "relative", "HOME": "/c"]) == "/c/.local/share/shortcuts")
        #expect(ShortcutLibrary.home(in: ["HOME": "/c"]) == "/c/.local/share/shortcuts")
    }

    @Test func importsIntoFoldersAndFindsByNameIdentifierAndCase() throws {
        let entry = try library.importShortcut(from: try shortcutFile("Report.shortcut", actions: 3), folder: "Work")
        #expect(entry.name == "Report" && entry.folder == "Work")
        #expect(FileManager.default.fileExists(atPath: library.shortcutsDirectory + "/Work/Report.shortcut"))
        #expect(try library.find("report")?.relativePath == "Work/Report.shortcut")
        #expect(try library.find(entry.identifier)?.name == "Report")
        #expect(try library.find(entry.identifier.lowercased())?.name == "Report")
        #expect(try library.find("Nope") == nil)
        #expect(library.folders() == ["Work"])
        let summary = try #require(try library.summaries().first)
        #expect(summary.actionCount == 3 && !summary.acceptsInput)
    }

    @Test func identifiersSurviveARestartAndFilesAddedByHandGetOne() throws {
        let imported = try library.importShortcut(from: try shortcutFile("A.shortcut"))
        try FileManager.default.copyItem(atPath: try shortcutFile("B.shortcut"), toPath: library.shortcutsDirectory + "/B.shortcut")
        let first = try library.entries()
        #expect(first.map(\.name) == ["A", "B"])
        #expect(first[0].identifier == imported.identifier)

        let restarted = ShortcutLibrary(home: library.home)
        #expect(try restarted.entries() == first)
        #expect(try restarted.identifier(of: try #require(try restarted.find("B"))) == first[1].identifier)
    }

    @Test func importRefusesToOverwriteWithoutReplaceAndKeepsTheIdentifierWithIt() throws {
        let original = try library.importShortcut(from: try shortcutFile("Same.shortcut", actions: 1))
        let before = try Data(contentsOf: URL(fileURLWithPath: original.location.path))
        let other = try shortcutFile("other.shortcut", actions: 2)
        #expect(throws: LibraryError.self) { try library.importShortcut(from: other, name: "same") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: original.location.path)) == before)

        let replaced = try library.importShortcut(from: other, name: "Same", folder: "Moved", replacing: true)
        #expect(replaced.identifier == original.identifier)
        #expect(!FileManager.default.fileExists(atPath: original.location.path))
        #expect(try library.workflow(at: replaced.location).actions.count == 2)
        #expect(try library.entries().count == 1)
    }

    @Test func rejectsNamesThatAreNotFileNames() throws {
        let file = try shortcutFile("x.shortcut")
        for name in ["a/b", ".hidden", " "] {
            #expect(throws: LibraryError.self) { try library.importShortcut(from: file, name: name) }
        }
    }

    @Test func importRejectsFilesThatAreNotShortcuts() throws {
        let path = root + "/junk.shortcut"
        try Data("AEA1 signed junk".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: LibraryError.self) { try library.importShortcut(from: path) }
        #expect(error.code == .invalidShortcut)
        #expect(error.message.contains("signed"))
        #expect(library.locations().isEmpty)
    }

    @Test func atomicWritesReplaceOnlyWhenAskedAndLeaveNoTemporaryFiles() throws {
        let path = root + "/file.txt"
        try AtomicFile.write(Data("one".utf8), to: path, replacing: false)
        let error = try #require(throws: LibraryError.self) { try AtomicFile.write(Data("two".utf8), to: path, replacing: false) }
        #expect(error.code == .alreadyExists)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one")
        try AtomicFile.write(Data("three".utf8), to: path, replacing: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "three")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".tmp") }.isEmpty)
        #expect(throws: LibraryError.self) { try AtomicFile.write(Data(), to: root + "/missing/dir/file", replacing: true) }
    }

    @Test func settingsAreVersionedAndRejectNewerVersions() throws {
        #expect(try library.settings().allowRunningScripts == false)
        try library.save(LibrarySettings(allowRunningScripts: true))
        #expect(try ShortcutLibrary(home: library.home).settings().allowRunningScripts)
        let text = try String(contentsOfFile: library.settingsPath, encoding: .utf8)
        #expect(text.contains("\"version\" : 1"))
        try Data(#"{"version": 9, "allowRunningScripts": true}"#.utf8).write(to: URL(fileURLWithPath: library.settingsPath))
        let error = try #require(throws: LibraryError.self) { try library.settings() }
        #expect(error.message.contains("version 9"))
    }
}
