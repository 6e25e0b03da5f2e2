/// An ordered dictionary with text keys, as Shortcuts' Dictionary content keeps its keys in order.
///
/// Lookups in a dictionary of more than a few keys go through a hash index, so getting a value is
/// O(1) however many keys there are; small ones (an entity's properties) are searched in order,
/// which costs less than hashing and saves making the index.
public struct ContentDictionary: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var keys: [String] = []
    public private(set) var values: [Content] = []
    /// Each key's position, made once the dictionary has more than ``linearLimit`` keys.
    private var index: [String: Int]?
    private static let linearLimit = 8

    public init() {}

    /// Makes a dictionary from pairs in order; a repeated key keeps its first place and last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, Content) {
        for (key, value) in pairs { self[key] = value }
    }

    /// Makes a dictionary from keys and their values in order (as many of each); a repeated key
    /// keeps its first place and last value. Costs less than making pairs first.
    public init(keys: [String], values: [Content]) {
        precondition(keys.count == values.count, "a dictionary needs as many values as keys")
        if keys.count <= Self.linearLimit, !keys.indices.contains(where: { keys[..<$0].contains(keys[$0]) }) {
            self.keys = keys
            self.values = values
            return
        }
        for (key, value) in zip(keys, values) { self[key] = value }
    }

    /// Makes a dictionary from keys known to differ from each other (checked by the caller, once
    /// for many dictionaries with the same keys) and their values in order.
    public init(uniqueKeys keys: [String], values: [Content]) {
        precondition(keys.count == values.count, "a dictionary needs as many values as keys")
        self.keys = keys
        self.values = values
        if keys.count > Self.linearLimit { index = makeIndex() }
    }

    public init(dictionaryLiteral elements: (String, Content)...) {
        self.init(elements)
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for a key; setting `nil` removes the key.
    public subscript(key: String) -> Content? {
        get { position(of: key).map { values[$0] } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    index = keys.count > Self.linearLimit ? makeIndex() : nil
                }
            } else if let newValue {
                if index != nil {
                    index?[key] = keys.count
                } else if keys.count == Self.linearLimit {
                    index = makeIndex()
                    index?[key] = keys.count
                }
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    private func makeIndex() -> [String: Int] {
        Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    public func makeIterator() -> Zip2Sequence<[String], [Content]>.Iterator {
        zip(keys, values).makeIterator()
    }

    public static func == (lhs: ContentDictionary, rhs: ContentDictionary) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }
}
