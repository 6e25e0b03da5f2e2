import Foundation
import ShortcutsTestSupport
import Testing

/// The actions about your own shortcuts, run through the built `shortcuts` on a real library:
/// what they change is what `shortcuts list`, the files and the index then show.
struct LibraryActionsCommandTests {
    @Test func aShortcutCreatesRenamesMovesFindsAndDeletesShortcuts() throws {
        let shell = try CommandRunner()
        let home = shell.home
        let script = """
            made = CreateShortcut name: "Alpha"
            com.apple.shortcuts.CreateFolderAction name: "Work"
            RenameShortcut made, name: "Beta"
            SetShortcutAttributes attribute: "Pin in Menu Bar", shortcut: "Beta", state: true
            MoveShortcut "Beta", folder: "Work"
            mine = GetMyShortcuts
            folder = GetDetailsOfShortcut mine, WFContentItemPropertyName: "Folder"
            pinned = GetShortcutAttributes attribute: "Pin in Menu Bar", shortcut: "Beta"
            found = SearchInShortcuts searchPhrase: "BÉT"
            actions = SearchActions query: "emoji"
            Text "\\(mine)|\\(folder)|\\(pinned)|\\(found)|\\(actions)"

            """
        let path = try shell.write(Data(script.utf8), to: "Library.sct")
        let result = try shell.run(["run", path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Beta|Work|Yes|Beta|Get Name of Emoji\n")
        #expect(FileManager.default.fileExists(atPath: home + "/Shortcuts/Work/Beta.shortcut"))
        #expect(!FileManager.default.fileExists(atPath: home + "/Shortcuts/Alpha.shortcut"))
        #expect(try shell.run(["list", "--folders"]).output.contains("Work"))

        // A name another shortcut has is refused, and nothing changes.
        let clash = try shell.write(Data("CreateShortcut name: \"beta\"\n".utf8), to: "Clash.sct")
        let refused = try shell.run(["run", clash])
        #expect(
            refused.status == 1 && refused.error.contains("parameter name: a shortcut named \"Beta\" already exists"), "\(refused.error)")

        // Deleting keeps the file in Recently Deleted.
        let delete = try shell.write(Data("DeleteShortcuts \"Beta\"\n".utf8), to: "Delete.sct")
        #expect(try shell.run(["run", delete]).status == 0)
        #expect(try shell.run(["list"]).output == "")
        #expect(FileManager.default.fileExists(atPath: home + "/Recently Deleted/Beta.shortcut"))
        let missing = try shell.run(["run", delete])
        #expect(
            missing.status == 1 && missing.error.contains("parameter entities: there is no shortcut named \"Beta\""), "\(missing.error)")
    }

    @Test func addToHomeScreenWritesALauncherThatRunsTheShortcut() throws {
        let shell = try CommandRunner()
        let hello = try shell.write(Data("Text \"hi from the launcher\"\n".utf8), to: "Hello.sct")
        #expect(try shell.run(["compile", hello, "--output", shell.directory.path + "/Hello.shortcut"]).status == 0)
        #expect(try shell.run(["import", shell.directory.path + "/Hello.shortcut"]).status == 0)
        let add = try shell.write(Data("AddShortcutToHomeScreen \"Hello\", title: \"Say Hi\"\n".utf8), to: "Add.sct")
        let added = try shell.run(["run", add])
        #expect(added.status == 0, "\(added.error)")
        let applications = shell.directory.path + "/xdg/applications"
        let files = try FileManager.default.contentsOfDirectory(atPath: applications)
        #expect(files.count == 1 && files[0].hasPrefix("shortcuts-") && files[0].hasSuffix(".desktop"))
        let entry = try String(contentsOfFile: applications + "/" + files[0], encoding: .utf8)
        #expect(entry.hasPrefix("[Desktop Entry]\nType=Application\n") && entry.contains("\nName=Say Hi\n"))
        // The launcher's command runs the shortcut.
        let exec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("Exec=shortcuts run ") })
        let identifier = String(exec.dropFirst("Exec=shortcuts run ".count))
        #expect(try shell.run(["run", identifier]).output == "hi from the launcher\n")
    }

    @Test func openFolderAndSettingsHandTheirPathsToTheDesktop() throws {
        let shell = try CommandRunner()
        // A stand-in for xdg-open that writes down what it was asked to open.
        let opened = shell.directory.path + "/opened"
        let opener = try shell.write(Data("#!/bin/sh\necho \"$1\" >> \(opened)\n".utf8), to: "bin/xdg-open")
        chmod(opener, 0o755)
        shell.extraEnvironment["PATH"] = shell.directory.path + "/bin:/usr/bin:/bin"
        let script = """
            com.apple.shortcuts.CreateFolderAction name: "Work"
            OpenFolder target: "work"
            OpenShortcutsSettings

            """
        let path = try shell.write(Data(script.utf8), to: "Open.sct")
        let result = try shell.run(["run", path])
        #expect(result.status == 0, "\(result.error)")
        let lines = (try String(contentsOfFile: opened, encoding: .utf8)).split(separator: "\n").map(String.init)
        #expect(lines == ["file://" + shell.home + "/Shortcuts/Work/", "file://" + shell.home + "/settings.json"])
        let missing = try shell.write(Data("OpenFolder target: \"Nope\"\n".utf8), to: "Missing.sct")
        #expect(try shell.run(["run", missing]).error.contains("parameter target: there is no folder named \"Nope\""))
    }
}
