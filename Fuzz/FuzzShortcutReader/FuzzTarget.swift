import FoundationEssentials
import ShortcutFormat

/// libFuzzer's entry point: reads the bytes as a `.shortcut` file, which runs the property-list
/// codec and the parameter decoding. Errors are expected; crashes, hangs and leaks are the bugs.
///
/// Build and run with `Scripts/fuzz.sh`; libFuzzer supplies `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShortcutReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let (workflow, format) = try? ShortcutFile.read(data, path: "fuzz-input.shortcut") {
        // Whatever was read must write back and read again: this exercises the writers too.
        _ = try? ShortcutFile.read(ShortcutFile.write(workflow, format: format), path: "fuzz-rewrite.shortcut")
    }
    return 0
}
