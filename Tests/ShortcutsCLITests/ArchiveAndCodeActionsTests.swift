import Foundation
import ShortcutsTestSupport
import Testing

/// Make Archive, Extract Archive, Generate QR Code and Scan QR or Barcode through the built
/// `shortcuts`, with Python's zipfile and tarfile as the third party that reads and writes the
/// archives, and zbar reading back the codes libqrencode drew.
@Suite(.serialized) struct ArchiveAndCodeActionsTests {
    let runner: CommandRunner

    init() throws { runner = try CommandRunner() }

    @discardableResult
    func shortcut(_ text: String, _ arguments: [String], status: Int32 = 0) throws -> CommandResult {
        let source = try runner.write(Data(text.utf8), to: "step-\(UUID().uuidString).sct")
        let result = try runner.run(["run", source] + arguments)
        #expect(result.status == status, "\(text): \(result.error)")
        return result
    }

    func python(_ script: String, _ arguments: [String] = []) throws -> String {
        let result = try ProcessRun.run("/usr/bin/python3", ["-c", script] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    @Test func makeArchiveWritesWhatPythonReadsInEachFormat() throws {
        let first = try runner.write(Data("one".utf8), to: "in/notes.txt")
        let second = try runner.write(Data("two".utf8), to: "other/notes.txt")
        let zip = runner.directory.path + "/Backup.zip"
        try shortcut("@input file\nMakeArchive ShortcutInput, archiveName: \"Backup\"\n", ["-i", first, "-i", second, "-o", zip])
        let listed = try python(
            "import zipfile, sys\nz = zipfile.ZipFile(sys.argv[1])\nprint(sorted((i.filename, z.read(i).decode()) for i in z.infolist()))",
            [zip])
        #expect(listed == "[('notes 2.txt', 'two'), ('notes.txt', 'one')]\n", "a name used twice gets a number")
        let tar = runner.directory.path + "/Backup.tar.gz"
        try shortcut("@input file\nMakeArchive ShortcutInput, archiveName: \"Backup\", format: \".tar.gz\"\n", ["-i", first, "-o", tar])
        #expect(
            try python("import tarfile, sys\nt = tarfile.open(sys.argv[1])\nprint(t.getnames(), t.extractfile('notes.txt').read())", [tar])
                == "['notes.txt'] b'one'\n")
        let gz = runner.directory.path + "/notes.gz"
        try shortcut("@input file\nMakeArchive ShortcutInput, format: \"gz\"\n", ["-i", first, "-o", gz])
        #expect(try python("import gzip, sys\nprint(gzip.open(sys.argv[1]).read())", [gz]) == "b'one'\n")
        let back = try shortcut(
            "@input file\nfile = ExtractArchive ShortcutInput\nname = GetDetailsOfFiles file, detail: \"Name\"\nText \"\\(name): \\(file)\"\n",
            ["-i", gz])
        #expect(back.output == "notes: one\n", "a lone .gz file is extracted under the archive's name: \(back.output)")
        let twoInGz = try shortcut("@input file\nMakeArchive ShortcutInput, format: \"gz\"\n", ["-i", first, "-i", second], status: 1)
        #expect(twoInGz.error.contains("parameter WFArchiveFormat: .gz holds one file, not 2"), "\(twoInGz.error)")
    }

    @Test func extractArchiveGivesTheFilesOfArchivesPythonWrote() throws {
        let zip = runner.directory.path + "/made.zip"
        _ = try python(
            "import zipfile, sys\nz = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)\nz.writestr('folder/a.txt', 'alpha')\nz.writestr('b.json', '{\"k\": 1}')\nz.writestr('empty/', '')\nz.close()",
            [zip])
        let names = try shortcut(
            "@input file\nfiles = ExtractArchive ShortcutInput\nnames = RepeatEach files {\n    GetDetailsOfFiles RepeatItem, detail: \"Name\"\n}\nCombineText names, separator: \"New Lines\"\n",
            ["-i", zip])
        #expect(names.output == "a\nb\n", "folders are left out, files keep their last name part: \(names.output)")
        let text = try shortcut("@input file\nfiles = ExtractArchive ShortcutInput\nGetItemFromList files, index: 1\n", ["-i", zip])
        #expect(text.output == "alpha", "a file is written as it is")
        let tar = runner.directory.path + "/made.tar.xz"
        _ = try python(
            "import tarfile, io, sys\nt = tarfile.open(sys.argv[1], 'w:xz')\ndata = b'xz inside'\ninfo = tarfile.TarInfo('c.txt'); info.size = len(data)\nt.addfile(info, io.BytesIO(data))\nt.close()",
            [tar])
        #expect(try shortcut("@input file\nExtractArchive ShortcutInput\n", ["-i", tar]).output == "xz inside")
    }

    @Test func damagedArchivesAndBombsAreRefusedWithTheirReason() throws {
        let zip = runner.directory.path + "/bomb.zip"
        // 8 MB of zeros deflate to a few kilobytes; the run's value limit is set to 1 MB.
        _ = try python(
            "import zipfile, sys\nz = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)\nz.writestr('zeros.bin', bytes(8_000_000))\nz.close()",
            [zip])
        #expect(try FileManager.default.attributesOfItem(atPath: zip)[.size] as? Int ?? 0 < 100_000)
        runner.extraEnvironment["SHORTCUTS_MAX_VALUE_BYTES"] = "1000000"
        let bomb = try shortcut("@input file\nExtractArchive ShortcutInput\n", ["-i", zip], status: 1)
        #expect(bomb.error.contains("parameter WFArchive: zeros.bin in bomb.zip expands past 1000000 bytes"), "\(bomb.error)")
        runner.extraEnvironment["SHORTCUTS_MAX_VALUE_BYTES"] = nil
        let whole = try Data(contentsOf: URL(fileURLWithPath: zip))
        let truncated = try runner.write(whole.prefix(whole.count / 2), to: "truncated.zip")
        let damaged = try shortcut("@input file\nExtractArchive ShortcutInput\n", ["-i", truncated], status: 1)
        #expect(
            damaged.error.contains("action 1 (is.workflow.actions.unzip, \"Extract Archive\"), parameter WFArchive: truncated.zip"),
            "\(damaged.error)")
        let text = try runner.write(Data("just words".utf8), to: "words.txt")
        let notArchive = try shortcut("@input file\nExtractArchive ShortcutInput\n", ["-i", text], status: 1)
        #expect(notArchive.error.contains("parameter WFArchive"), "\(notArchive.error)")
        runner.extraEnvironment["SHORTCUTS_LIBARCHIVE"] = "libarchive-hidden-for-the-test.so"
        let missing = try shortcut("@input file\nExtractArchive ShortcutInput\n", ["-i", zip], status: 1)
        #expect(missing.error.contains("libarchive is not installed (apt-get install libarchive13)"), "\(missing.error)")
    }

    @Test func aQRCodeIsDrawnAndReadBack() throws {
        let png = runner.directory.path + "/code.png"
        let text = "WIFI:S:Café;T:WPA;P:secret;;"
        try shortcut("Text \"\(text)\"\nGenerateQRCode\n", ["-o", png])
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // The width and height from the PNG header: square, 10 px a module, a quiet zone of 4.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == height && width % 10 == 0 && (width / 10 - 8 - 21) % 4 == 0, "\(width) × \(height)")
        let read = try shortcut("@input image\nScanQROrBarcode ShortcutInput\n", ["-i", png])
        #expect(read.output == text + "\n", "\(read.output)")
        let high = try shortcut(
            "Text \"\(text)\"\nGenerateQRCode errorCorrection: \"High\"\n", ["-o", runner.directory.path + "/high.png"])
        _ = high
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.directory.path + "/high.png")).count > 0)
        let long = String(repeating: "x", count: 4000)
        let tooLong = try shortcut("Text \"\(long)\"\nGenerateQRCode\n", [], status: 1)
        #expect(tooLong.error.contains("parameter WFText: 4000 bytes of text don't fit in a QR code"), "\(tooLong.error)")
        let noCamera = try shortcut("ScanQROrBarcode\n", [], status: 1)
        #expect(noCamera.error.contains("there is no camera to scan with here"), "\(noCamera.error)")
        runner.extraEnvironment["SHORTCUTS_LIBQRENCODE"] = "libqrencode-hidden-for-the-test.so"
        let missing = try shortcut("Text \"x\"\nGenerateQRCode\n", [], status: 1)
        #expect(missing.error.contains("libqrencode is not installed (apt-get install libqrencode4)"), "\(missing.error)")
    }
}
