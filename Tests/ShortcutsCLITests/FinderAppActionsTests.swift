import Foundation
import ShortcutsTestSupport
import Testing

/// The Finder's own file actions (`com.apple.finder.*`) through the built `shortcuts`, on real
/// folders the run is allowed (`--allow-folder`), read back from disk and by python3's zipfile.
@Suite(.serialized) struct FinderAppActionsTests {
    let runner: CommandRunner
    let work: String

    init() throws {
        runner = try CommandRunner()
        work = runner.directory.path + "/work"
        for folder in ["work/in", "work/out", "work/in/sub", "outside", "data"] {
            try FileManager.default.createDirectory(atPath: runner.directory.path + "/" + folder, withIntermediateDirectories: true)
        }
        try Data("report\n".utf8).write(to: URL(fileURLWithPath: work + "/in/report.txt"))
        try Data("deep\n".utf8).write(to: URL(fileURLWithPath: work + "/in/sub/deep.md"))
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: runner.directory.path + "/outside/secret.txt"))
        runner.extraEnvironment["XDG_DATA_HOME"] = runner.directory.path + "/data"
        runner.extraEnvironment["XDG_DESKTOP_DIR"] = work
    }

    func run(_ source: String, allowing: Bool = true) throws -> ProcessOutput {
        let file = try runner.write(Data("\(source)\n".utf8), to: "finder-\(UUID().uuidString).sct")
        return try runner.run(["run"] + (allowing ? ["--allow-folder", work] : []) + [file])
    }

    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    @Test func copyMoveDuplicateRenameAndTrash() throws {
        let done = try run(
            """
            copied = com.apple.finder.CopyItemsIntent sources: "\(work)/in/report.txt", destination: "\(work)/out"
            com.apple.finder.DuplicateItemsIntent sources: copied
            com.apple.finder.DuplicateItemsIntent sources: "\(work)/out/report.txt"
            renamed = com.apple.finder.RenameItemIntent target: "\(work)/out/report copy.txt", newName: "summary"
            com.apple.finder.RenameItemIntent target: renamed, newName: "summary.md", overwriteExtension: true
            com.apple.finder.MoveItemsIntent entities: "\(work)/in/sub", destinationFolder: "\(work)/out"
            com.apple.finder.CreateFolderIntent fileName: "New", target: "\(work)/out"
            com.apple.finder.CreateFolderIntent fileName: "On the desktop"
            """)
        #expect(done.status == 0, "\(done.error)")
        #expect(names(work + "/out") == ["New", "report copy 2.txt", "report.txt", "sub", "summary.md"], "\(names(work + "/out"))")
        #expect(names(work + "/in") == ["report.txt"] && names(work + "/out/sub") == ["deep.md"])
        #expect(FileManager.default.fileExists(atPath: work + "/On the desktop"))

        // A name already at the destination is kept unless Overwrite at Destination is on; then it goes to the trash.
        try Data("new report\n".utf8).write(to: URL(fileURLWithPath: work + "/in/report.txt"))
        let refused = try run(#"com.apple.finder.CopyItemsIntent sources: "\#(work)/in/report.txt", destination: "\#(work)/out""#)
        #expect(refused.status == 1 && refused.error.contains("parameter overwriteConflicts"), "\(refused.error)")
        let replaced = try run(
            #"com.apple.finder.MoveItemsIntent entities: "\#(work)/in/report.txt", destinationFolder: "\#(work)/out", overwriteConflicts: true"#
        )
        #expect(replaced.status == 0, "\(replaced.error)")
        #expect(try String(contentsOfFile: work + "/out/report.txt", encoding: .utf8) == "new report\n")
        let trash = runner.directory.path + "/data/Trash"
        #expect(names(trash + "/files") == ["report.txt"] && names(trash + "/info") == ["report.txt.trashinfo"])

        let trashed = try run(
            """
            com.apple.finder.TrashItemsIntent entities: ["\(work)/out/summary.md", "\(work)/out/New"]
            is.workflow.actions.getitemname
            """)
        #expect(trashed.status == 0 && trashed.output == "summary\nNew\n", "\(trashed.output) \(trashed.error)")
        #expect(names(trash + "/files") == ["New", "report.txt", "summary.md"])

        // Outside the folders the run may change, nothing moves.
        let denied = try run(#"com.apple.finder.TrashItemsIntent entities: "\#(runner.directory.path)/outside/secret.txt""#)
        #expect(denied.status == 1 && denied.error.contains("parameter entities"), "\(denied.error)")
        #expect(FileManager.default.fileExists(atPath: runner.directory.path + "/outside/secret.txt"))
        let taken = try run(#"com.apple.finder.RenameItemIntent target: "\#(work)/out/report.txt", newName: "report copy 2""#)
        #expect(taken.status == 1 && taken.error.contains("parameter newName: can't rename to report copy 2.txt"), "\(taken.error)")
    }

    @Test func compressMakesAZipOfFilesAndFolders() throws {
        // A link inside the folder to a file the run may not read is not followed.
        try FileManager.default.createSymbolicLink(
            atPath: work + "/in/sub/link.txt", withDestinationPath: runner.directory.path + "/outside/secret.txt")
        let leaked = try run(#"com.apple.finder.CompressItemsIntent sources: "\#(work)/in""#)
        #expect(leaked.status == 1 && leaked.error.contains("parameter sources"), "\(leaked.error)")
        try FileManager.default.removeItem(atPath: work + "/in/sub/link.txt")

        let made = try run(
            """
            com.apple.finder.CompressItemsIntent sources: "\(work)/in"
            com.apple.finder.CompressItemsIntent sources: ["\(work)/in/report.txt", "\(work)/in/sub"], destination: "\(work)/out"
            com.apple.finder.CompressItemsIntent sources: "\(work)/in"
            """)
        #expect(made.status == 0, "\(made.error)")
        #expect(names(work) == ["in", "in 2.zip", "in.zip", "out"] && names(work + "/out") == ["Archive.zip"], "\(names(work))")
        let listed = try ProcessRun.run(
            "/usr/bin/python3",
            [
                "-c",
                "import zipfile, sys\nfor path in sys.argv[1:]: print(sorted((i.filename, zipfile.ZipFile(path).read(i).decode()) for i in zipfile.ZipFile(path).infolist()))",
                work + "/in.zip", work + "/out/Archive.zip",
            ])
        #expect(
            listed.output
                == "[('in/report.txt', 'report\\n'), ('in/sub/deep.md', 'deep\\n')]\n[('report.txt', 'report\\n'), ('sub/deep.md', 'deep\\n')]\n",
            "\(listed.output) \(listed.error)")
        let apple = try run(#"com.apple.finder.CompressItemsIntent sources: "\#(work)/in", format: "appleArchive""#)
        #expect(apple.status == 1 && apple.error.contains("parameter format"), "\(apple.error)")
    }

    /// The iOS Files app's actions: the Finder's under its identifiers, and its own.
    @Test func theFilesAppsActions() throws {
        runner.extraEnvironment["XDG_CONFIG_HOME"] = runner.directory.path + "/config"
        let done = try run(
            """
            com.apple.DocumentsApp.CreateFolderIntent fileName: "in", target: "\(work)", bounceOnCollision: true
            com.apple.DocumentsApp.SaveToFilesIntent files: "Some text", folder: "\(work)/in 2"
            com.apple.DocumentsApp.FavoriteFoldersIntent operation: "favorite", entities: ["\(work)/in", "\(work)/in 2"]
            com.apple.DocumentsApp.FavoriteFoldersIntent operation: "unfavorite", entities: "\(work)/in"
            com.apple.DocumentsApp.TrashItemsIntent entities: "\(work)/in/report.txt"
            com.apple.DocumentsApp.GetContentOfFolderIntent folder: "\(work)/in 2"
            is.workflow.actions.getitemname
            """)
        #expect(done.status == 0 && done.output == "Text\n", "\(done.output) \(done.error)")
        #expect(names(work) == ["in", "in 2", "out"] && names(work + "/in") == ["sub"])
        #expect(try String(contentsOfFile: work + "/in 2/Text.txt", encoding: .utf8) == "Some text")
        let bookmarks = try String(contentsOfFile: runner.directory.path + "/config/gtk-3.0/bookmarks", encoding: .utf8)
        #expect(bookmarks == "file://\(work)/in%202\n", "\(bookmarks)")
        // A link planted in an allowed folder reaches nothing the run may not read.
        try FileManager.default.createSymbolicLink(
            atPath: work + "/in 2/planted.txt", withDestinationPath: runner.directory.path + "/outside/secret.txt")
        let planted = try run(#"com.apple.DocumentsApp.GetContentOfFolderIntent folder: "\#(work)/in 2""#)
        #expect(planted.status == 1 && planted.error.contains("parameter folder") && !planted.output.contains("secret"), "\(planted.error)")
        let taken = try run(#"com.apple.DocumentsApp.CreateFolderIntent fileName: "in", target: "\#(work)""#)
        #expect(taken.status == 1 && taken.error.contains("parameter fileName"), "\(taken.error)")
        let notFolder = try run(#"com.apple.DocumentsApp.FavoriteFoldersIntent entities: "\#(work)/in/sub/deep.md""#)
        #expect(notFolder.status == 1 && notFolder.error.contains("parameter entities"), "\(notFolder.error)")
    }

    @Test func getLocationGivesTheXDGFolders() throws {
        let found = try run(
            """
            com.apple.finder.GetLocationIntent location: "desktop"
            is.workflow.actions.getitemname
            """)
        #expect(found.status == 0 && found.output == "work\n", "\(found.output) \(found.error)")
        let none = try run(#"com.apple.finder.GetLocationIntent location: "iCloudDrive""#)
        #expect(none.status == 1 && none.error.contains("parameter location: “iCloudDrive” has no folder on Linux"), "\(none.error)")
    }
}
