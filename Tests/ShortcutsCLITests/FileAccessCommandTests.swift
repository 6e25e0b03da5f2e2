import Foundation
import ShortcutsTestSupport
import Testing

/// Apple's privacy model through the built `shortcuts`: a shortcut reads and writes its input,
/// what the person picks and the Shortcuts folder without asking; any other folder needs a grant
/// (asked, given with `shortcuts settings --allow`, or for one run with `--allow-folder`).
struct FileAccessCommandTests {
    /// A runner whose home folder is its own, with `Documents/Notes` and a shortcut that saves there.
    final class Setup {
        let shell: CommandRunner
        let user: String
        var notes: String { user + "/Documents/Notes" }
        let save: String

        init() throws {
            shell = try CommandRunner()
            user = shell.directory.path + "/user"
            try FileManager.default.createDirectory(atPath: user + "/Documents/Notes", withIntermediateDirectories: true)
            shell.extraEnvironment["HOME"] = user
            shell.extraEnvironment["XDG_CONFIG_HOME"] = user + "/.config"
            shell.extraEnvironment["XDG_DOCUMENTS_DIR"] = nil
            save = try shell.write(
                Data(
                    #"SaveFile "hello", askWhereToSave: false, destinationPath: "~/Documents/Notes/a.txt", overwriteIfFileExists: true"#
                        .utf8),
                to: "Backup.sct")
        }

        func write(_ text: String, to name: String) throws -> String { try shell.write(Data(text.utf8), to: name) }
        func run(_ arguments: [String]) throws -> CommandResult { try shell.run(arguments) }
        var saved: String? { try? String(contentsOfFile: notes + "/a.txt", encoding: .utf8) }
    }

    @Test func aFileRunWritesOnlyWhereItWasAllowed() throws {
        let setup = try Setup()
        let refused = try setup.run(["run", setup.save, "--no-interaction"])
        #expect(refused.status == 1)
        #expect(
            refused.error.contains(
                "action 1 (is.workflow.actions.documentpicker.save, \"Save File\"), parameter WFFileDestinationPath: can't write ~/Documents/Notes/a.txt"
            ), "\(refused.error)")
        #expect(refused.error.contains("run it with --allow-folder ~/Documents/Notes"), "\(refused.error)")
        // A file isn't in the library, so there is no grant to remember for it.
        #expect(!refused.error.contains("shortcuts settings --allow"), "\(refused.error)")
        #expect(setup.saved == nil)

        let reading = try setup.run(["run", setup.save, "--no-interaction", "--allow-reading", setup.notes])
        #expect(reading.status == 1 && setup.saved == nil, "\(reading.error)")
        let granted = try setup.run(["run", setup.save, "--no-interaction", "--allow-folder", setup.notes])
        #expect(granted.status == 0, "\(granted.error)")
        #expect(setup.saved == "hello")
        let missing = try setup.run(["run", setup.save, "--allow-folder", setup.user + "/nowhere"])
        #expect(missing.status != 0 && missing.error.contains("--allow-folder") && missing.error.contains("no folder"))
    }

    @Test func theShortcutsFolderAndTheInputNeedNoGrant() throws {
        let setup = try Setup()
        let shortcutsFolder = try setup.write(
            #"SaveFile "kept", askWhereToSave: false, destinationPath: "~/Documents/Shortcuts/log/today.txt""#, to: "Log.sct")
        #expect(try setup.run(["run", shortcutsFolder, "--no-interaction"]).status == 0)
        #expect(try String(contentsOfFile: setup.user + "/Documents/Shortcuts/log/today.txt", encoding: .utf8) == "kept")

        // Its input file it may delete; the folder the file is in, it may not list.
        try FileManager.default.createDirectory(atPath: setup.user + "/Inbox", withIntermediateDirectories: true)
        let input = setup.user + "/Inbox/in.txt"
        try Data("x".utf8).write(to: URL(fileURLWithPath: input))
        try Data("y".utf8).write(to: URL(fileURLWithPath: setup.user + "/Inbox/other.txt"))
        let delete = try setup.write("DeleteFiles ShortcutInput, deleteImmediately: true", to: "Delete.sct")
        let deleted = try setup.run(["run", delete, "-i", input, "--no-interaction"])
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(!FileManager.default.fileExists(atPath: input))
        let list = try setup.write(
            """
            parent = GetDetailsOfFiles ShortcutInput, detail: "Parent Directory"
            GetContentsOfFolder parent
            """, to: "List.sct")
        let listed = try setup.run(["run", list, "-i", setup.user + "/Inbox/other.txt", "--no-interaction"])
        #expect(listed.status == 1)
        #expect(listed.error.contains("action 2 (is.workflow.actions.file.getfoldercontents"), "\(listed.error)")
        #expect(listed.error.contains("parameter WFFolder: can't read ~/Inbox:"), "\(listed.error)")
    }

    @Test func grantsAreKeptPerShortcutShownAndRevoked() throws {
        let setup = try Setup()
        #expect(try setup.run(["import", setup.save, "--no-interaction"]).status == 0)
        let refused = try setup.run(["run", "Backup", "--no-interaction"])
        #expect(refused.status == 1)
        #expect(refused.error.contains("shortcuts settings --allow Backup --folder ~/Documents/Notes"), "\(refused.error)")

        let allowed = try setup.run(["settings", "--allow", "Backup", "--folder", setup.notes])
        #expect(allowed.status == 0, "\(allowed.error)")
        #expect(allowed.output.contains("“Backup” may now read and write in ~/Documents/Notes"), "\(allowed.output)")
        #expect(allowed.output.contains("  Backup: ~/Documents/Notes\n"), "\(allowed.output)")
        #expect(
            try setup.run(["view", "Backup"]).output.contains(
                "Folders it may use: its input, files you pick, ~/Documents/Shortcuts, ~/Documents/Notes"))
        let run = try setup.run(["run", "Backup", "--no-interaction"])
        #expect(run.status == 0, "\(run.error)")
        #expect(setup.saved == "hello")
        // Another shortcut doesn't get Backup's folder.
        let other = try setup.write(
            #"SaveFile "other", askWhereToSave: false, destinationPath: "~/Documents/Notes/b.txt""#, to: "Other.sct")
        #expect(try setup.run(["import", other, "--no-interaction"]).status == 0)
        #expect(try setup.run(["run", "Other", "--no-interaction"]).status == 1)

        let revoked = try setup.run(["settings", "--revoke", "Backup", "--folder", setup.notes])
        #expect(revoked.output.contains("“Backup” may no longer use ~/Documents/Notes"), "\(revoked.output)")
        #expect(try setup.run(["run", "Backup", "--no-interaction"]).status == 1)
        #expect(try setup.run(["settings", "--allow", "Backup", "--folder", setup.notes, "--read-only"]).status == 0)
        let readOnly = try setup.run(["run", "Backup", "--no-interaction"])
        #expect(readOnly.status == 1 && readOnly.error.contains("--read-only") == false, "\(readOnly.error)")
        #expect(try setup.run(["settings", "--allow", "Nobody", "--folder", setup.notes]).status == 1)
        #expect(try setup.run(["settings", "--folder", setup.notes]).status != 0)
    }

    @Test func anAnswerAllowsOnceAlwaysOrNot() throws {
        let setup = try Setup()
        #expect(try setup.run(["import", setup.save, "--no-interaction"]).status == 0)
        let answers = setup.shell.directory.path + "/answers"
        func run(answering answer: String) throws -> CommandResult {
            try Data((answer + "\n").utf8).write(to: URL(fileURLWithPath: answers))
            return try setup.run(["run", "Backup", "--answers", answers])
        }
        let denied = try run(answering: "Don't Allow")
        #expect(denied.status == 1)
        #expect(denied.error.contains("you didn't allow “Backup” to write to ~/Documents/Notes"), "\(denied.error)")
        #expect(try run(answering: "Allow Once").status == 0)
        #expect(setup.saved == "hello")
        // Once is for that run only.
        #expect(try setup.run(["run", "Backup", "--no-interaction"]).status == 1)
        #expect(try run(answering: "Always Allow").status == 0)
        #expect(try setup.run(["run", "Backup", "--no-interaction"]).status == 0)
        #expect(try setup.run(["settings"]).output.contains("  Backup: ~/Documents/Notes\n"))
        // A file run can't remember an answer: "Always Allow" isn't among the choices.
        try Data("Always Allow\n".utf8).write(to: URL(fileURLWithPath: answers))
        let file = try setup.run(["run", setup.save, "--answers", answers])
        #expect(file.status == 1 && file.error.contains("is none of the choices: 1 \"Allow Once\", 2 \"Don't Allow\""), "\(file.error)")
    }

    /// On a real terminal the question is asked with its three answers.
    @Test func theTerminalAsksOnceAlwaysOrNo() throws {
        let setup = try Setup()
        #expect(try setup.run(["import", setup.save, "--no-interaction"]).status == 0)
        let asked = try setup.shell.runInTerminal(["run", "Backup"], answering: [("Choose 1–3: ", "2")])
        #expect(asked.output.contains("Allow “Backup” to write to ~/Documents/Notes?"), "\(asked.output)")
        #expect(
            asked.output.contains("1. Allow Once") && asked.output.contains("2. Always Allow") && asked.output.contains("3. Don't Allow"))
        #expect(setup.saved == "hello")
        #expect(try setup.run(["settings"]).output.contains("  Backup: ~/Documents/Notes\n"))
    }

    @Test func runShortcutReachesWhatTheCalledShortcutWasAllowedAndNoMore() throws {
        let setup = try Setup()
        #expect(try setup.run(["import", setup.save, "--no-interaction"]).status == 0)
        #expect(try setup.run(["settings", "--allow", "Backup", "--folder", setup.notes]).status == 0)
        let caller = try setup.write(#"RunShortcut "x", shortcutName: "Backup""#, to: "Caller.sct")
        let called = try setup.run(["run", caller, "--no-interaction"])
        #expect(called.status == 0, "\(called.error)")
        #expect(setup.saved == "hello")

        // A folder made from an input file's path isn't passed on as a grant.
        let lister = try setup.write("GetContentsOfFolder ShortcutInput", to: "Lister.sct")
        #expect(try setup.run(["import", lister, "--no-interaction"]).status == 0)
        let passer = try setup.write(
            """
            parent = GetDetailsOfFiles ShortcutInput, detail: "Parent Directory"
            RunShortcut parent, shortcutName: "Lister"
            """, to: "Passer.sct")
        try Data("x".utf8).write(to: URL(fileURLWithPath: setup.notes + "/in.txt"))
        let passed = try setup.run(["run", passer, "-i", setup.notes + "/in.txt", "--no-interaction"])
        #expect(passed.status == 1)
        #expect(passed.error.contains("can't read ~/Documents/Notes:"), "\(passed.error)")
    }

    @Test func aLinkInTheShortcutsFolderDoesntLeadOutOfIt() throws {
        let setup = try Setup()
        try FileManager.default.createDirectory(atPath: setup.user + "/Documents/Shortcuts", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: setup.user + "/Documents/Shortcuts/notes", withDestinationPath: setup.notes)
        let linked = try setup.write(
            #"SaveFile "through", askWhereToSave: false, destinationPath: "~/Documents/Shortcuts/notes/a.txt""#, to: "Linked.sct")
        let result = try setup.run(["run", linked, "--no-interaction"])
        #expect(result.status == 1)
        #expect(result.error.contains("can't write ~/Documents/Notes/a.txt"), "\(result.error)")
        #expect(setup.saved == nil)
    }
}
