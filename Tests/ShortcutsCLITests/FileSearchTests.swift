import Foundation
import ShortcutsTestSupport
import Testing

/// Search over a plocate index built here with plocate's own updatedb.
struct FileSearchTests {
    @Test func searchGivesTheIndexedPlacesWhoseNamesMatch() throws {
        let runner = try CommandRunner()
        let tree = runner.directory.path + "/tree"
        for folder in ["Reports", ".cache"] {
            try FileManager.default.createDirectory(atPath: tree + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["Reports/Budget-2030.ods", "Reports/notes.txt", ".cache/budget.tmp"] {
            try Data().write(to: URL(fileURLWithPath: tree + "/" + file))
        }
        let index = runner.directory.path + "/files.db"
        let built = try ProcessRun.run("/usr/bin/updatedb", ["--require-visibility", "no", "--database-root", tree, "--output", index])
        #expect(built.status == 0, "\(built.error)")
        runner.extraEnvironment["LOCATE_PATH"] = index
        let file = try runner.write(Data("is.workflow.actions.spotlightsearch WFInput: \"budget\"\n".utf8), to: "search.sct")
        let found = try runner.run(["run", file])
        // Hidden folders are left out; a place is given, not read.
        #expect(
            found.status == 0 && found.output.trimmingCharacters(in: .newlines) == "file://\(tree)/Reports/Budget-2030.ods",
            "\(found.output) \(found.error) expected under \(tree)")
        let none = try runner.write(
            Data("is.workflow.actions.spotlightsearch WFInput: \"zebra\"\nis.workflow.actions.count\n".utf8), to: "none.sct")
        #expect(try runner.run(["run", none]).output == "0\n")
    }
}
