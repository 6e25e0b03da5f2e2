import Foundation
import ShortcutsTestSupport
import Testing

/// The Notes app's own actions (`com.apple.Notes.*`) through the built `shortcuts`, on the
/// folder of Markdown notes, read back as files.
@Suite(.serialized) struct NotesAppActionsTests {
    let runner: CommandRunner
    var notes: String { runner.home + "/Notes" }
    let opened: String

    init() throws {
        runner = try CommandRunner()
        opened = runner.directory.path + "/opened"
        let opener = try runner.write(Data("#!/bin/sh\necho \"$1\" >> \(opened)\n".utf8), to: "bin/xdg-open")
        chmod(opener, 0o755)
        runner.extraEnvironment["PATH"] = runner.directory.path + "/bin:/usr/bin:/bin"
    }

    func run(_ source: String) throws -> ProcessOutput {
        let file = try runner.write(Data("\(source)\n".utf8), to: "notes-\(UUID().uuidString).sct")
        return try runner.run(["run", file])
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: notes + "/" + path, encoding: .utf8) }

    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: notes + "/" + folder)) ?? []).sorted()
    }

    @Test func foldersAndNotesAreMovedPinnedRenamedAndDeleted() throws {
        let made = try run(
            """
            work = com.apple.Notes.CreateFolderLinkAction name: "Work"
            com.apple.Notes.CreateFolderLinkAction name: "Archive"
            plan = com.apple.mobilenotes.SharingExtension WFCreateNoteInput: "Plan\\nShip it", WFNoteGroup: "Work"
            com.apple.mobilenotes.SharingExtension WFCreateNoteInput: "Ideas\\nMore", WFNoteGroup: "Work"
            com.apple.Notes.PinNotesLinkAction operation: "add", entities: [plan, "Ideas"]
            moved = com.apple.Notes.MoveNotesToFolderLinkAction container: "archive", entities: plan
            Text "\\(moved.Folder) \\(work.Name)"
            """)
        #expect(made.status == 0 && made.output == "Archive Work\n", "\(made.output) \(made.error)")
        #expect(files("Archive") == ["Plan.md"] && files("Work") == ["Ideas.md"])
        #expect(try text(".pinned") == "Archive/Plan.md\nWork/Ideas.md\n")

        let renamed = try run(
            """
            com.apple.Notes.RenameFolderLinkAction entity: "Work", name: "Projects"
            com.apple.Notes.PinNotesLinkAction operation: "remove", entities: "Plan"
            """)
        #expect(renamed.status == 0, "\(renamed.error)")
        #expect(files("Projects") == ["Ideas.md"] && !FileManager.default.fileExists(atPath: notes + "/Work"))
        #expect(try text(".pinned") == "Projects/Ideas.md\n")

        let deleted = try run(
            """
            com.apple.Notes.DeleteNotesLinkAction entities: "Plan"
            com.apple.Notes.DeleteFoldersLinkAction entities: "Projects"
            """)
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(files(".Recently Deleted") == ["Archive", "Projects"] && files(".Recently Deleted/Archive") == ["Plan.md"])
        #expect(files(".Recently Deleted/Projects") == ["Ideas.md"] && files("Archive").isEmpty)
        #expect(try text(".pinned") == "")

        let shown = try run(
            """
            com.apple.Notes.OpenFolderLinkAction target: "Archive"
            com.apple.Notes.ICNotesFolderIntent
            """)
        #expect(shown.status == 0, "\(shown.error)")
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == "file://\(notes)/Archive/\nfile://\(notes)/\n")

        let taken = try run(#"com.apple.Notes.CreateFolderLinkAction name: "archive""#)
        #expect(
            taken.status == 1 && taken.error.contains("parameter name: there is already a notes folder named “archive”"), "\(taken.error)")
        let missing = try run(#"com.apple.Notes.MoveNotesToFolderLinkAction container: "Nowhere", entities: "Plan""#)
        #expect(
            missing.status == 1 && missing.error.contains("parameter container: there is no notes folder named “Nowhere”"),
            "\(missing.error)")
    }

    @Test func tagsAreHashtagWordsInTheNotes() throws {
        let made = try run(
            """
            com.apple.mobilenotes.SharingExtension WFCreateNoteInput: "Trip\\nPack #travel bags"
            com.apple.mobilenotes.SharingExtension WFCreateNoteInput: "Budget\\nNumbers"
            com.apple.Notes.AddTagsToNotesLinkAction notes: ["Trip", "Budget"], tags: ["#Work", "to do"]
            com.apple.Notes.AddTagsToNotesLinkAction notes: "Budget", tags: "money"
            com.apple.Notes.CreateTagLinkAction name: "someday"
            """)
        #expect(made.status == 0, "\(made.error)")
        #expect(try text("Notes/Trip.md") == "Trip\nPack #travel bags\n#Work #to-do\n")
        #expect(try text("Notes/Budget.md") == "Budget\nNumbers\n#Work #to-do #money\n")
        #expect(try text(".tags") == "someday\n")

        let found = try run(
            """
            com.apple.Notes.OpenTagLinkAction target: "work"
            is.workflow.actions.properties.note WFContentItemPropertyName: "Name"
            """)
        #expect(found.status == 0 && found.output.split(separator: "\n").sorted() == ["Budget", "Trip"], "\(found.output) \(found.error)")

        let removed = try run(
            """
            com.apple.Notes.RemoveTagsFromNotesLinkAction notes: "Trip", tags: ["to-do", "travel"]
            com.apple.Notes.DeleteTagsLinkAction entities: ["Work", "someday"]
            """)
        #expect(removed.status == 0, "\(removed.error)")
        #expect(try text("Notes/Trip.md") == "Trip\nPack bags\n")
        #expect(try text("Notes/Budget.md") == "Budget\nNumbers\n#to-do #money\n")
        #expect(try text(".tags") == "")
        let unknown = try run(#"com.apple.Notes.DeleteTagsLinkAction entities: "nope""#)
        #expect(unknown.status == 1 && unknown.error.contains("parameter entities: there is no tag #nope"), "\(unknown.error)")
        let bad = try run(#"com.apple.Notes.CreateTagLinkAction name: "a/b""#)
        #expect(bad.status == 1 && bad.error.contains("parameter name"), "\(bad.error)")
    }

    @Test func checklistsAreMarkdownTaskLines() throws {
        let made = try run(
            """
            list = com.apple.mobilenotes.SharingExtension WFCreateNoteInput: "Groceries"
            com.apple.Notes.CreateChecklistItemLinkAction name: "Milk", noteEntity: list
            eggs = com.apple.Notes.CreateChecklistItemLinkAction name: "Eggs", noteEntity: list
            com.apple.Notes.CreateChecklistItemLinkAction name: "Bread", noteEntity: "Groceries"
            com.apple.Notes.SetChecklistItemCheckedLinkActionv2 changeOperation: "check", entities: eggs
            Text "\\(eggs.Name) \\(eggs.Note)"
            """)
        #expect(made.status == 0 && made.output == "Eggs Groceries\n", "\(made.output) \(made.error)")
        #expect(try text("Notes/Groceries.md") == "Groceries\n- [ ] Milk\n- [x] Eggs\n- [ ] Bread\n")

        let toggled = try run(
            """
            com.apple.Notes.SetChecklistItemCheckedLinkActionv2 changeOperation: "toggle", note: "Groceries"
            """)
        #expect(toggled.status == 0, "\(toggled.error)")
        #expect(try text("Notes/Groceries.md") == "Groceries\n- [x] Milk\n- [ ] Eggs\n- [x] Bread\n")

        let removed = try run(
            """
            items = com.apple.Notes.SetChecklistItemCheckedLinkActionv2 changeOperation: "uncheck", entities: "Bread", note: "Groceries"
            com.apple.Notes.DeleteChecklistItemsLinkAction entities: items
            com.apple.Notes.OpenChecklistItemLinkAction target: "Milk"
            """)
        #expect(removed.status != 0 && removed.error.contains("parameter target: “Milk” needs its note"), "\(removed.error)")
        #expect(try text("Notes/Groceries.md") == "Groceries\n- [x] Milk\n- [ ] Eggs\n")
        let missing = try run(
            #"com.apple.Notes.SetChecklistItemCheckedLinkActionv2 changeOperation: "check", entities: "Butter", note: "Groceries""#)
        #expect(
            missing.status == 1 && missing.error.contains("parameter entities: the note has no checklist item “Butter”"), "\(missing.error)"
        )
    }

    @Test func linksBetweenNotesAndSearch() throws {
        let made = try run(
            """
            com.apple.mobilenotes.SharingExtension WFCreateNoteInput: "Recipes\\nPancakes and waffles", WFNoteGroup: "Kitchen"
            com.apple.mobilenotes.SharingExtension WFCreateNoteInput: "Shopping list"
            com.apple.mobilenotes.SharingExtension WFCreateNoteInput: "Weekend"
            com.apple.Notes.InsertNoteLinkLinkAction linkedNote: "Recipes", target: "Shopping list"
            com.apple.Notes.InsertNoteLinkLinkAction linkedNote: "Weekend", target: "Shopping list", useNoteTitleAsName: false
            com.apple.Notes.ShowNotesAppSearchResultsLinkAction criteria: "waffles PANCAKES"
            """)
        #expect(made.status == 0 && made.output == "Recipes\n", "\(made.output) \(made.error)")
        #expect(try text("Notes/Shopping list.md") == "Shopping list\n[Recipes](../Kitchen/Recipes.md)\n[Weekend.md](Weekend.md)\n")
        // The link opens the note's file, as an editor follows it.
        let linked = URL(fileURLWithPath: notes + "/Notes/").appendingPathComponent("../Kitchen/Recipes.md").standardizedFileURL.path
        #expect(FileManager.default.fileExists(atPath: linked))
        let none = try run(#"com.apple.Notes.ShowNotesAppSearchResultsLinkAction criteria: "  ""#)
        #expect(none.status == 1 && none.error.contains("parameter criteria"), "\(none.error)")
    }
}
