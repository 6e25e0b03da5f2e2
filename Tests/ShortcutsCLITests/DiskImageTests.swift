import Foundation
import ShortcutsTestSupport
import Testing

/// Make Disk Image through the built `shortcuts`: ISO images read back with genisoimage's
/// `isoinfo`, an ISO 9660 reader of its own.
@Suite(.serialized) struct DiskImageTests {
    let runner: CommandRunner

    init() throws {
        runner = try CommandRunner()
        _ = try runner.write(Data("one\n".utf8), to: "Photos/a.txt")
        _ = try runner.write(Data("two ü\n".utf8), to: "Photos/Trip/Long file name with ünïcode.txt")
        _ = try runner.write(Data("loose\n".utf8), to: "notes.txt")
    }

    func isoinfo(_ arguments: [String]) throws -> String {
        let result = try ProcessRun.run("/usr/bin/isoinfo", arguments)
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    @Test func filesAndFoldersGoInWithTheirNames() throws {
        let root = runner.directory.path
        let source = """
            folder = is.workflow.actions.documentpicker.open WFGetFilePath: "\(root)/Photos", WFShowFilePicker: false
            note = is.workflow.actions.documentpicker.open WFGetFilePath: "\(root)/notes.txt", WFShowFilePicker: false
            is.workflow.actions.makediskimage WFInput: [folder, note], VolumeName: "Trip backup 2026"
            """
        let file = try runner.write(Data(source.utf8), to: "image.sct")
        let image = root + "/out.iso"
        let result = try runner.run(["run", file, "-o", image, "--allow-reading", root])
        #expect(result.status == 0, "\(result.error)")
        #expect(try isoinfo(["-d", "-i", image]).contains("Volume id: TRIP_BACKUP_2026"))
        let listed = try isoinfo(["-R", "-f", "-i", image]).split(separator: "\n").map(String.init).sorted()
        #expect(
            listed == ["/Photos", "/Photos/Trip", "/Photos/Trip/Long file name with ünïcode.txt", "/Photos/a.txt", "/notes.txt"],
            "\(listed)")
        #expect(try isoinfo(["-R", "-x", "/Photos/Trip/Long file name with ünïcode.txt", "-i", image]) == "two ü\n")
        #expect(try isoinfo(["-R", "-x", "/notes.txt", "-i", image]) == "loose\n")
    }

    @Test func encryptionAndNothingAreRefused() throws {
        let encrypted = try runner.write(
            Data("is.workflow.actions.makediskimage WFInput: ShortcutInput, EncryptImage: true\n".utf8), to: "encrypted.sct")
        let refused = try runner.run(["run", encrypted], input: Data("x".utf8))
        #expect(refused.status == 1 && refused.error.contains("EncryptImage") && refused.error.contains("macOS's .dmg"), "\(refused.error)")
        let empty = try runner.write(Data("is.workflow.actions.makediskimage\n".utf8), to: "empty.sct")
        let nothing = try runner.run(["run", empty])
        #expect(nothing.status == 1 && nothing.error.contains("give the files"), "\(nothing.error)")
    }
}
