import Foundation
import ShortcutFormat
import ShortcutsLanguage
import Testing

/// Compile and decompile speed on the largest corpus file; run by `Benchmarks/language-benchmark.sh`
/// in release (target: both under 20 ms). Skipped unless `SHORTCUTS_LANGUAGE_BENCHMARK` is set.
@Suite("Language benchmark", .enabled(if: ProcessInfo.processInfo.environment["SHORTCUTS_LANGUAGE_BENCHMARK"] != nil && Corpus.isPresent))
struct LanguageBenchmark {
    static let file = "15-launchcuts-helper.shortcut"

    /// The median time of `runs` calls, in milliseconds.
    static func median(runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return times.sorted()[runs / 2]
    }

    @Test("compile and decompile the largest corpus file")
    func measure() throws {
        let workflow = try Corpus.workflow(Self.file)
        var text = ""
        let decompile = Self.median(runs: 15) { text = language.decompile(workflow) }
        var compiled: Workflow?
        let compile = Self.median(runs: 15) { compiled = language.compile(text).workflow }
        #expect(compiled?.actions.count == workflow.actions.count)
        let line = String(
            format: "language benchmark: %@ (%d actions, %d lines of text): decompile %.2f ms, compile %.2f ms (target < 20 ms each)\n",
            Self.file, workflow.actions.count, text.split(separator: "\n").count, decompile, compile)
        FileHandle.standardError.write(Data(line.utf8))
    }
}
