import Foundation
import ShortcutsRun

/// libFuzzer's entry point for shortcut text: the bytes as a `.sct` file are checked and
/// compiled, and what compiles is decompiled and compiled again. Diagnostics are expected;
/// crashes, hangs and leaks are the bugs.
///
/// Build and run with `Scripts/fuzz.sh SECONDS FuzzTextCompiler`; libFuzzer supplies `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextCompiler(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let source = String(decoding: data, as: UTF8.self)
    let language = RunSetup.builtinLanguage
    guard let workflow = language.compile(source, path: "fuzz.sct").workflow else { return 0 }
    _ = language.compile(language.decompile(workflow), path: "fuzz-again.sct")
    return 0
}
