/// An ordered dictionary with text keys, as Shortcuts' Dictionary content keeps its keys in order.
///
/// Lookups go through a hash index, so getting a value is O(1) however many keys there are.
public struct ContentDictionary: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var keys: [String] = []
    public private(set) var values: [Content] = []
    private var index: [String: Int] = [:]

    public init() {}

    /// Makes a dictionary from pairs in order; a repeated key keeps its first place and last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, Content) {
        for (key, value) in pairs { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, Content)...) {
        self.init(elements)
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for a key; setting `nil` removes the key.
    public subscript(key: String) -> Content? {
        get { index[key].map { values[$0] } }
        set {
            if let position = index[key] {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
                }
            } else if let newValue {
                index[key] = keys.count
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    public func makeIterator() -> Zip2Sequence<[String], [Content]>.Iterator {
        zip(keys, values).makeIterator()
    }

    public static func == (lhs: ContentDictionary, rhs: ContentDictionary) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }
}
