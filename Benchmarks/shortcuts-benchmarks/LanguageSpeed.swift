import BuiltinActions
import Foundation
import ShortcutFormat
import ShortcutsEngine
import ShortcutsLanguage
import ShortcutsRun

/// Shortcut text speed: decompiling the largest corpus shortcut to text and compiling that text
/// back, in process (no file reading or start-up). Target: each under 20 ms.
enum LanguageSpeed {
    static let targetSeconds = 0.020

    struct Result {
        let lines: Int
        let decompile: Timings
        let compile: Timings
    }

    static func measure(runs: Int, directory: URL? = nil) throws -> Result {
        let url = (directory ?? FormatSpeed.corpusDirectory).appendingPathComponent(FormatSpeed.fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BenchmarkError("can't read \(url.path); pass the corpus folder with --corpus <dir>")
        }
        let workflow = try ShortcutFile.read(data, path: url.path).workflow
        let language = RunSetup.builtinLanguage
        var text = ""
        let decompile = Timings.measure(runs: runs) { text = language.decompile(workflow) }
        var compiled: Workflow?
        let compile = Timings.measure(runs: runs) { compiled = language.compile(text).workflow }
        guard compiled?.actions.count == workflow.actions.count else {
            throw BenchmarkError("the decompiled text of \(FormatSpeed.fileName) did not compile back to \(workflow.actions.count) actions")
        }
        return Result(lines: text.split(separator: "\n").count, decompile: decompile, compile: compile)
    }
}
