import Foundation
import IntentDefinitionCompiler
import Testing

/// The generator's output for the example definition, checked in under `Golden/` and compiled as
/// part of this test target. Set `INTENTGEN_RECORD=1` to re-record after an intended change.
@Suite struct GoldenFileTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let definition = repository.appendingPathComponent("Examples/IntentsDemo/Base.lproj/Intents.intentdefinition")
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/IntentsDemo.swift")

    @Test func generatedCodeMatchesTheGoldenFile() throws {
        let output = try GeneratorPipeline.generate(fileAt: Self.definition)
        if ProcessInfo.processInfo.environment["INTENTGEN_RECORD"] == "1" {
            try Data(output.source.utf8).write(to: Self.golden)
            return
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        if output.source != expected {
            let produced = output.source.split(separator: "\n", omittingEmptySubsequences: false)
            let recorded = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(produced, recorded).enumerated().first { $1.0 != $1.1 }?.offset ?? min(produced.count, recorded.count)
            Issue.record(
                """
                Golden/IntentsDemo.swift is stale from line \(line + 1) (rerun with INTENTGEN_RECORD=1 if the change is intended):
                  generated: \(line < produced.count ? produced[line] : "<end>")
                  golden:    \(line < recorded.count ? recorded[line] : "<end>")
                """)
        }
    }

    @Test func generatedFilesSayTheyAreGeneratedAndFromWhat() throws {
        let source = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(source.hasPrefix("// DO NOT EDIT.\n"))
        #expect(source.contains("// Source: Intents.intentdefinition"))
    }

    @Test func localisedTitlesReplaceTheBaseOnes() throws {
        let output = try GeneratorPipeline.generate(fileAt: Self.definition)
        #expect(output.source.contains("title: \"Create a Task\""))
        let unlocalised = try GeneratorPipeline.generate(Data(contentsOf: Self.definition), fileName: "Intents.intentdefinition")
        #expect(unlocalised.source.contains("title: \"Create Task\""))
    }
}
