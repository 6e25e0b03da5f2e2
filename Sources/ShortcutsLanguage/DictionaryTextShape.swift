import ShortcutFormat

/// Texts inside dictionaries as Shortcuts before 2.2 wrote them: with an empty
/// `attachmentsByRange` even when they hold no variable. A file of that age writes every such
/// text so, so its text form says it once, `@shape rangesInDictionaries`, and compiling puts the
/// empty ranges back; a value whose texts differ from the rest of its file is written `#raw`.
enum DictionaryTextShape {
    /// The directive's name and its one value.
    static let directive = "shape"
    static let rangesInDictionaries = "rangesInDictionaries"

    /// Whether the file's dictionaries mostly write their texts with empty ranges: counted over
    /// every text without variables inside a dictionary item, keys and values, at any depth.
    static func prefersRanges(_ workflow: Workflow) -> Bool {
        var counts = (withRanges: 0, without: 0)
        for action in workflow.actions {
            for (_, value) in action.parameters { count(value, inDictionary: false, into: &counts) }
        }
        return counts.withRanges > 0 && counts.withRanges >= counts.without
    }

    private static func count(_ value: ParameterValue, inDictionary: Bool, into counts: inout (withRanges: Int, without: Int)) {
        switch value {
        case .text(let text) where inDictionary && text.attachments.isEmpty:
            if text.hasRangesKey { counts.withRanges += 1 } else { counts.without += 1 }
        case .array(let values), .arrayState(let values):
            for value in values { count(value, inDictionary: inDictionary, into: &counts) }
        case .record(let record):
            for (_, value) in record { count(value, inDictionary: inDictionary, into: &counts) }
        case .dictionaryField(let items):
            for item in items {
                if let key = item.key { count(key, inDictionary: true, into: &counts) }
                if let value = item.value { count(value, inDictionary: true, into: &counts) }
            }
        case .serialized(_, let inner):
            count(inner, inDictionary: inDictionary, into: &counts)
        default:
            break
        }
    }
}

extension ParameterValue {
    /// The value with each text without variables in it (at any depth) written with an empty
    /// `attachmentsByRange`: what a dictionary item's key and value become under
    /// `@shape rangesInDictionaries`.
    func withEmptyRanges() -> ParameterValue {
        switch self {
        case .text(var text) where text.attachments.isEmpty:
            text.hasRangesKey = true
            return .text(text)
        case .array(let values): return .array(values.map { $0.withEmptyRanges() })
        case .arrayState(let values): return .arrayState(values.map { $0.withEmptyRanges() })
        case .record(let record): return .record(ParameterDictionary(record.map { ($0.key, $0.value.withEmptyRanges()) }))
        case .dictionaryField(let items):
            return .dictionaryField(
                items.map { item in
                    var item = item
                    item.key = item.key?.withEmptyRanges()
                    item.value = item.value?.withEmptyRanges()
                    return item
                })
        case .serialized(let type, let inner): return .serialized(type: type, value: inner.withEmptyRanges())
        default: return self
        }
    }
}
