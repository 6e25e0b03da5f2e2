import Foundation
import IntentDefinitionCompiler

/// libFuzzer's entry point for `intentgen`: the bytes as an `.intentdefinition` file are parsed,
/// translated and rendered as Swift. Errors are expected; crashes, hangs and leaks are the bugs.
///
/// Build and run with `Scripts/fuzz.sh SECONDS FuzzIntentDefinition`; libFuzzer supplies `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIntentDefinition(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? GeneratorPipeline.generate(data, fileName: "Fuzz.intentdefinition")
    return 0
}
