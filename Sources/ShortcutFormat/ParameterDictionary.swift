import PropertyList

/// An action's parameters in file order, keyed by their names (`WFTextActionText`, `UUID`…).
///
/// Actions have few parameters, so lookups scan; order is kept so files write back as they were.
public struct ParameterDictionary: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var entries: [(key: String, value: ParameterValue)] = []

    public init() {}

    public init(_ entries: [(String, ParameterValue)]) {
        for (key, value) in entries { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, ParameterValue)...) {
        self.init(elements)
    }

    public var keys: [String] { entries.map(\.key) }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// The value for a key; setting `nil` removes it.
    public subscript(key: String) -> ParameterValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let position = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[position].value = newValue } else { entries.remove(at: position) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: ParameterValue)]> {
        entries.makeIterator()
    }

    public static func == (lhs: ParameterDictionary, rhs: ParameterDictionary) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for key in keys.sorted() { hasher.combine(key); hasher.combine(self[key]) }
    }
}

extension ParameterValue {
    /// The string of a plain string value.
    public var stringValue: String? {
        if case .plain(.string(let string)) = self { return string }
        return nil
    }

    /// The number of a plain integer or real value.
    public var doubleValue: Double? {
        if case .plain(let value) = self { return value.doubleValue }
        return nil
    }

    /// The integer of a plain integer (or whole real) value.
    public var integerValue: Int64? {
        if case .plain(let value) = self {
            if let integer = value.integerValue { return integer }
            if let real = value.doubleValue, real == real.rounded() { return Int64(exactly: real) }
        }
        return nil
    }

    /// The Boolean of a plain Boolean value.
    public var boolValue: Bool? {
        if case .plain(.boolean(let value)) = self { return value }
        return nil
    }
}
