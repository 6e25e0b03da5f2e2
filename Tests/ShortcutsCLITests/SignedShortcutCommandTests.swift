import Foundation
import ShortcutsTestSupport
import Testing

/// The built `shortcuts` with the real signed files of `../shared/corpus/signed`, as a person
/// coming from an iPhone or a Mac would use it.
@Suite struct SignedShortcutCommandTests {
    let shell: CommandRunner
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/corpus/signed").standardizedFileURL.path
    static func file(_ name: String) -> String { corpus + "/" + name + ".shortcut" }
    let iCloud = file("08-portfolio-add-holding")
    let selfSigned = file("03-self-signed-demo")

    init() throws {
        shell = try CommandRunner()
        try #require(FileManager.default.fileExists(atPath: iCloud), "the signed corpus is missing at \(Self.corpus)")
    }

    @Test func viewShowsWhoSignedIt() throws {
        let result = try shell.run(["view", iCloud])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "08-portfolio-add-holding: 13 actions")
        #expect(
            lines.dropFirst().first?.hasPrefix("Signed by Apple (iCloud), shortcut id 427aca832cdd4989b27157acd2915feb, certificate ")
                == true)
        #expect(result.output.contains("1   Ask for Input (is.workflow.actions.ask)"))
    }

    @Test func aSignedShortcutRunsWithAnswers() throws {
        let answers = try shell.write(Data("aapl\n10\n2.5\nyes\n".utf8), to: "answers.txt")
        let result = try shell.run(["run", iCloud, "--answers", answers])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "25.00\n")
    }

    @Test func anUnknownSignerNeedsAllowUnverified() throws {
        let refused = try shell.run(["import", selfSigned])
        #expect(refused.status == 1)
        #expect(refused.output.hasPrefix("Signed by an unknown signer (\"Snoolie Root Shortcuts Certificate\")"))
        #expect(refused.error.contains("is signed by an unknown signer; use --allow-unverified to import it anyway"))
        #expect(try shell.run(["list"]).output == "")

        let allowed = try shell.run(["import", selfSigned, "--allow-unverified"])
        #expect(allowed.status == 0, "\(allowed.error)")
        #expect(allowed.output.contains("Imported \"03-self-signed-demo\""))
        let view = try shell.run(["view", "03-self-signed-demo"])
        #expect(view.output.contains("Signed by an unknown signer"))
    }

    @Test func onATerminalImportAsksAboutAnUnknownSigner() throws {
        let home = try TemporaryHome(prefix: "shortcuts-signed-tty")
        let shortcuts = try BuiltProducts.path(of: "shortcuts")
        let declined = try home.runInTerminal(shortcuts, ["import", selfSigned], answering: [("[y/n]", "n")])
        #expect(declined.status == 1)
        #expect(declined.output.contains("nobody vouches for who made it. Import it anyway?"))
        #expect(declined.output.contains("use --allow-unverified to import it anyway"))
        #expect(!FileManager.default.fileExists(atPath: home.home + "/Shortcuts/03-self-signed-demo.shortcut"))
        let accepted = try home.runInTerminal(shortcuts, ["import", selfSigned], answering: [("[y/n]", "y")])
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(accepted.output.contains("Imported \"03-self-signed-demo\""))
    }

    @Test func aChangedFileIsRefusedUnlessTheSignatureIsIgnored() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: iCloud)))
        let authDataSize = Int(bytes[8]) | Int(bytes[9]) << 8
        bytes[0xEC + authDataSize + 40] ^= 0xFF  // padding in the root header, which the signature covers
        let changed = try shell.write(Data(bytes), to: "changed.shortcut")
        let refused = try shell.run(["view", changed])
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "Error: \(changed): the signature does not match: the archive's signature does not match its signer's key; use --ignore-signature to read it anyway\n"
        )
        #expect(try shell.run(["import", changed]).status == 1)

        let viewed = try shell.run(["view", changed, "--ignore-signature"])
        #expect(viewed.status == 0)
        #expect(
            viewed.output.contains("The signature does NOT match (the archive's signature does not match its signer's key); read anyway."))
    }

    @Test func libraryRunsDoNotCheckAgainButViewDoes() throws {
        #expect(try shell.run(["import", iCloud, "--name", "Portfolio"]).status == 0)
        // Change the library's copy after import: runs trust the import's check, view checks again.
        let copy = shell.home + "/Shortcuts/Portfolio.shortcut"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: copy)))
        let authDataSize = Int(bytes[8]) | Int(bytes[9]) << 8
        bytes[0xEC + authDataSize + 40] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        let answers = try shell.write(Data("aapl\n10\n2.5\nyes\n".utf8), to: "answers.txt")
        let run = try shell.run(["run", "Portfolio", "--answers", answers])
        #expect(run.output == "25.00\n", "\(run.error)")
        let view = try shell.run(["view", "Portfolio"])
        #expect(view.status == 0)
        #expect(view.output.contains("The signature does NOT match (the archive's signature does not match its signer's key)"))
    }

    @Test func withoutLibcryptoFilesOpenUnchecked() throws {
        shell.extraEnvironment["SHORTCUTS_LIBCRYPTO"] = shell.directory.path + "/no-such-libcrypto.so.3"
        let result = try shell.run(["view", iCloud])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.contains("Signed by Apple (iCloud). Signature not checked: libcrypto is not installed (apt-get install libssl3)"))
    }

    @Test func exportWritesAnUnsignedCopyAndKeepsExistingFiles() throws {
        #expect(try shell.run(["import", iCloud, "--name", "Portfolio"]).status == 0)
        let exported = try shell.run(["export", "Portfolio", "-o", "Portfolio.shortcut"])
        #expect(exported.status == 0, "\(exported.error)")
        let path = shell.directory.path + "/Portfolio.shortcut"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        let view = try shell.run(["view", path])
        #expect(view.output.hasPrefix("Portfolio: 13 actions\n\n"))

        let again = try shell.run(["export", "Portfolio", "-o", "Portfolio.shortcut"])
        #expect(again.status == 1)
        #expect(again.error.contains("already exists; use --replace"))
        let xml = try shell.run(["export", "Portfolio", "-o", "Portfolio.shortcut", "--xml", "--replace"])
        #expect(xml.status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<?xml"))
    }

    @Test func decompileReadsSignedFiles() throws {
        let result = try shell.run(["decompile", Self.file("06-cherri-hello-world")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("ShowAlert showCancelButton: false, message: #plain \"Hello World\", title: #plain \"Greeting\""))
    }
}
