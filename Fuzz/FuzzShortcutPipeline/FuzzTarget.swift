import BuiltinActions
import Foundation
import ShortcutFormat
import ShortcutsCLI
import ShortcutsEngine
import ShortcutsRun

/// libFuzzer's entry point past reading: whatever reads as a shortcut is compiled for the
/// engine, rendered as `view` renders it, decompiled to shortcut text and that text compiled
/// back. Errors are expected; crashes, hangs and leaks are the bugs. Nothing is run: running
/// would reach the file system.
///
/// Build and run with `Scripts/fuzz.sh SECONDS FuzzShortcutPipeline`; libFuzzer supplies `main`.
let engine = Engine(sources: [Builtins.catalog])
let viewer = ShortcutViewer(engine: engine)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShortcutPipeline(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    guard let (workflow, _) = try? ShortcutFile.read(data, path: "fuzz-input.shortcut") else { return 0 }
    _ = try? engine.compile(workflow, name: "fuzz")
    _ = viewer.render(workflow, name: "fuzz")
    let text = RunSetup.builtinLanguage.decompile(workflow)
    _ = RunSetup.builtinLanguage.compile(text, path: "fuzz.sct")
    return 0
}
