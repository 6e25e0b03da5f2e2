import FoundationEssentials
import ShortcutFormat

/// libFuzzer's entry point: reads the bytes as a `.shortcut` file, which runs the property-list
/// codec and the parameter decoding, then walks what every reader of a workflow walks: each
/// text's pieces (variable ranges against the text) and the blocks. Errors are expected;
/// crashes, hangs and leaks are the bugs.
///
/// Build and run with `Scripts/fuzz.sh`; libFuzzer supplies `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShortcutReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let (workflow, format) = try? ShortcutFile.read(data, path: "fuzz-input.shortcut") {
        // Whatever was read must write back and read again: this exercises the writers too.
        _ = try? ShortcutFile.read(ShortcutFile.write(workflow, format: format), path: "fuzz-rewrite.shortcut")
        for action in workflow.actions {
            for (_, value) in action.parameters { walk(value) }
        }
        _ = BlockMatcher.match(workflow.actions)
    }
    return 0
}

/// Splits every text with variables in a parameter value into its pieces.
private func walk(_ value: ParameterValue) {
    switch value {
    case .text(let text), .bareText(let text): _ = text.segments
    case .array(let items), .arrayState(let items): for item in items { walk(item) }
    case .record(let fields): for (_, field) in fields { walk(field) }
    case .numberSubstitutable(let inner), .serialized(_, let inner): walk(inner)
    case .dictionaryField(let items):
        for item in items {
            if let key = item.key { walk(key) }
            if let value = item.value { walk(value) }
        }
    default: break
    }
}
