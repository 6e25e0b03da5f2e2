import Foundation
import Testing

/// The built `shortcuts` binary with shortcut text: the examples written as text run with the
/// same results as their `.shortcut` files, and compile, decompile, check and format work on files.
@Suite("shortcuts with shortcut text", .serialized)
struct EndToEndTests {
    /// The `shortcuts` binary next to the test bundle.
    static let binary: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("shortcuts")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    /// Runs the binary in a temporary library; returns status, standard output and standard error.
    func shortcuts(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String, error: String) {
        let binary = try #require(Self.binary, "build the shortcuts product first")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("sct-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["SHORTCUTS_HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.path
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
    }

    @Test("examples written as text run like their .shortcut files", arguments: ["Hello", "WordLengths"])
    func textRunsLikeShortcut(_ name: String) throws {
        for input in ["", "Ada Lovelace"] {
            let binary = try shortcuts(["run", "Examples/\(name).shortcut"], input: input)
            let text = try shortcuts(["run", "Examples/\(name).sct"], input: input)
            #expect(binary.status == 0 && text.status == 0, "\(text.error)")
            #expect(!text.output.isEmpty)
            #expect(text.output == binary.output, "input \(input.debugDescription)")
        }
    }

    @Test("decompiled examples run like the originals", arguments: ["Hello", "WordLengths"])
    func decompiledRuns(_ name: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sct-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("\(name).sct").path
        #expect(try shortcuts(["decompile", "Examples/\(name).shortcut", "-o", text]).status == 0)
        let compiled = directory.appendingPathComponent("\(name).shortcut").path
        #expect(try shortcuts(["compile", text, "-o", compiled, "--xml"]).status == 0)
        #expect(try String(contentsOfFile: compiled, encoding: .utf8).contains("<plist"))
        let original = try shortcuts(["run", "Examples/\(name).shortcut"], input: "a bc")
        #expect(try shortcuts(["run", compiled], input: "a bc").output == original.output)
        #expect(try shortcuts(["run", text], input: "a bc").output == original.output)
    }

    @Test("check prints diagnostics with file, line and column and fails on errors")
    func check() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).sct")
        try Data("Text \"hi\"\nChangeCas \"x\"\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try shortcuts(["check", file.path])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error.contains("\(file.path):2:1: error: unknown action 'ChangeCas'; did you mean 'ChangeCase'?"))
        #expect(try shortcuts(["check", "Examples/Hello.sct"]).status == 0)
        let run = try shortcuts(["run", file.path])
        #expect(run.status == 1 && run.error.contains("ChangeCas"))
    }

    @Test("format prints the canonical layout; import takes text")
    func formatAndImport() throws {
        let formatted = try shortcuts(["format", "Examples/WordLengths.sct"])
        #expect(formatted.status == 0)
        #expect(
            formatted.output
                == (try String(contentsOfFile: packageRoot.appendingPathComponent("Examples/WordLengths.sct").path, encoding: .utf8)))
        let imported = try shortcuts(["import", "Examples/Hello.sct"])
        #expect(imported.status == 0 && imported.output.contains("Imported \"Hello\""), "\(imported.error)")
    }
}
