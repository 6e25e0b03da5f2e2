import Foundation
import IntentDefinitionCompiler
import Testing

/// Every real `.intentdefinition` in the shared corpus generates Swift that compiles against the
/// built `Intents` module. A file that doesn't is listed in ``knownFailures``; the list only shrinks.
@Suite struct CorpusTests {
    /// Corpus files expected to fail, by file name, with why.
    static let knownFailures: [String: String] = [:]

    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/intentdefinitions")

    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { $0.hasSuffix(".intentdefinition") }.sorted().map { corpus.appendingPathComponent($0) }
    }

    /// The directory holding `Intents.swiftmodule`, next to the test bundle.
    static var modulesDirectory: URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            for candidate in [directory.appendingPathComponent("Modules"), directory] {
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Intents.swiftmodule").path) { return candidate }
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// One file at a time, each compiled on a thread of its own: `swiftc` takes seconds a file,
    /// and holding the few threads that run tasks that long starves the in-process servers of
    /// other suites.
    @Test(.enabled(if: !files.isEmpty, "the corpus is absent"), .serialized, arguments: files)
    func generatesCompilableSwift(_ file: URL) async throws {
        let expectedFailure = Self.knownFailures[file.lastPathComponent]
        let problem = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Self.compileProblem(file)) }
        }
        if let expectedFailure {
            #expect(problem != nil, "\(file.lastPathComponent) now works: remove it from knownFailures (\(expectedFailure))")
        } else if let problem {
            Issue.record("\(file.lastPathComponent): \(problem)")
        }
    }

    /// A response parameter named only inside its template, through a property
    /// (`${flag.countryName}`), still gets its argument in the response's factory, as Xcode makes it.
    @Test(.enabled(if: !files.isEmpty, "the corpus is absent"))
    func aResponseParameterUsedThroughItsPropertyGetsItsFactoryArgument() throws {
        let output = try GeneratorPipeline.generate(fileAt: Self.corpus.appendingPathComponent("17-vexillum.intentdefinition"))
        #expect(output.source.contains("public static func success(flag: FlagData) -> FlagOfTheDayIntentResponse"))
        #expect(output.source.contains("public static func success(flag: FlagData) -> GetFlagIntentResponse"))
    }

    /// What went wrong generating or compiling, or nil.
    private static func compileProblem(_ file: URL) -> String? {
        let output: GeneratorPipeline.Output
        do {
            output = try GeneratorPipeline.generate(fileAt: file)
        } catch {
            return "generation failed: \(error)"
        }
        return Self.compileProblem(of: output)
    }

    /// The module maps SwiftPM wrote for the package's C targets (`<target>.build/module.modulemap`
    /// in the build folder), which it gives every client that imports a module built over them, as
    /// `Intents` is (through `ShortcutsContent` and `Markup`).
    static func cModuleMaps(beside modules: URL) -> [String] {
        let build = modules.lastPathComponent == "Modules" ? modules.deletingLastPathComponent() : modules
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
        return folders.filter { $0.hasSuffix(".build") }.sorted().map { build.path + "/" + $0 + "/module.modulemap" }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// What `swiftc` says is wrong with generated code, compiled against the built `Intents`, or nil.
    static func compileProblem(of output: GeneratorPipeline.Output) -> String? {
        guard let modules = modulesDirectory else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentgen-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let source = directory.appendingPathComponent(output.fileName)
            try Data(output.source.utf8).write(to: source)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                [
                    "swiftc", "-parse-as-library", "-swift-version", "6", "-module-name", "Generated", "-I", modules.path,
                    "-c", source.path, "-o", directory.appendingPathComponent("out.o").path,
                ] + cModuleMaps(beside: modules).flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return process.terminationStatus == 0 ? nil : "swiftc failed:\n\(text.prefix(2000))"
        } catch {
            return "couldn't run swiftc: \(error)"
        }
    }
}
