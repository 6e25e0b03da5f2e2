/// A String-keyed dictionary of property-list values that remembers insertion order.
///
/// The order is what gets written and what a diff shows, but it does not take part in
/// equality: two dictionaries with the same keys and values are `==` and hash alike.
/// Keys match by their exact Unicode scalars, as in Apple's property lists, so "é" written as
/// one scalar and as "e" plus a combining accent are two different keys.
///
/// ```swift
/// var info: PropertyListDictionary = ["b": 1, "a": 2]
/// info["c"] = "three"
/// info.keys   // ["b", "a", "c"]
/// ```
///
/// - Complexity: Lookup is O(1) on average for large dictionaries and a short linear scan for
///   small ones (most plist dictionaries have a handful of keys); removal is O(n).
public struct PropertyListDictionary: Sendable {
    /// Up to this many keys, lookups scan `orderedKeys`; above it `index` maps every key.
    private static let linearScanLimit = 8

    private var orderedKeys: [String]
    private var orderedValues: [PropertyListValue]
    /// Empty while `count <= linearScanLimit`; otherwise maps each key to its position.
    private var index: [LiteralString: Int]

    /// Creates an empty dictionary.
    public init() {
        orderedKeys = []
        orderedValues = []
        index = [:]
    }

    /// Creates a dictionary from key-value pairs in order.
    ///
    /// A key that appears again replaces the earlier value but keeps the earlier position.
    public init(_ pairs: [(String, PropertyListValue)]) {
        self.init()
        orderedKeys.reserveCapacity(pairs.count)
        orderedValues.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            self[key] = value
        }
    }

    /// Creates a dictionary from parallel key and value arrays of equal length, as the readers
    /// produce them; duplicates keep the first position and the last value.
    init(keys: [String], values: [PropertyListValue]) {
        precondition(keys.count == values.count)
        self.init()
        if keys.count <= Self.linearScanLimit {
            guard Self.hasDuplicates(keys) else {
                orderedKeys = keys
                orderedValues = values
                return
            }
        } else {
            var index = [LiteralString: Int](minimumCapacity: keys.count)
            var isUnique = true
            for (position, key) in keys.enumerated() {
                if index.updateValue(position, forKey: LiteralString(key)) != nil {
                    isUnique = false
                    break
                }
            }
            guard !isUnique else {
                orderedKeys = keys
                orderedValues = values
                self.index = index
                return
            }
        }
        for (key, value) in zip(keys, values) {
            self[key] = value
        }
    }

    private static func hasDuplicates(_ keys: [String]) -> Bool {
        for i in keys.indices {
            for j in (i + 1)..<keys.count where keys[i].hasSameUTF8(as: keys[j]) {
                return true
            }
        }
        return false
    }

    /// The keys in order.
    public var keys: [String] { orderedKeys }

    /// The values in the order of their keys.
    public var values: [PropertyListValue] { orderedValues }

    /// The number of keys.
    public var count: Int { orderedKeys.count }

    /// Whether the dictionary has no keys.
    public var isEmpty: Bool { orderedKeys.isEmpty }

    /// The position of `key` in `keys`, if present.
    public func position(ofKey key: String) -> Int? {
        if index.isEmpty {
            return orderedKeys.firstIndex { $0.hasSameUTF8(as: key) }
        }
        return index[LiteralString(key)]
    }

    /// The value for `key`; setting `nil` removes the key, setting a new key appends it.
    public subscript(key: String) -> PropertyListValue? {
        get {
            guard let position = position(ofKey: key) else { return nil }
            return orderedValues[position]
        }
        set {
            if let position = position(ofKey: key) {
                if let newValue {
                    orderedValues[position] = newValue
                } else {
                    remove(at: position)
                }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    private mutating func append(_ key: String, _ value: PropertyListValue) {
        orderedKeys.append(key)
        orderedValues.append(value)
        if !index.isEmpty {
            index[LiteralString(key)] = orderedKeys.count - 1
        } else if orderedKeys.count > Self.linearScanLimit {
            rebuildIndex()
        }
    }

    private mutating func remove(at position: Int) {
        orderedKeys.remove(at: position)
        orderedValues.remove(at: position)
        if orderedKeys.count <= Self.linearScanLimit {
            index = [:]
        } else {
            rebuildIndex()
        }
    }

    private mutating func rebuildIndex() {
        index = [LiteralString: Int](minimumCapacity: orderedKeys.count)
        for (position, key) in orderedKeys.enumerated() {
            index[LiteralString(key)] = position
        }
    }
}

extension PropertyListDictionary: Hashable {
    /// Whether both have the same keys with equal values, in any order.
    public static func == (lhs: PropertyListDictionary, rhs: PropertyListDictionary) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.orderedKeys.elementsEqual(rhs.orderedKeys, by: { $0.hasSameUTF8(as: $1) }) {
            return lhs.orderedValues == rhs.orderedValues
        }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    /// Hashes the set of key-value pairs, ignoring their order.
    public func hash(into hasher: inout Hasher) {
        // Sum per-pair hashes so that the order of pairs does not matter (as Set does).
        var combined = 0
        for (key, value) in self {
            var pairHasher = Hasher()
            key.hashUTF8(into: &pairHasher)
            pairHasher.combine(value)
            combined &+= pairHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension PropertyListDictionary: Sequence {
    /// Iterates over the key-value pairs in order.
    public struct Iterator: IteratorProtocol {
        private let dictionary: PropertyListDictionary
        private var position = 0

        init(_ dictionary: PropertyListDictionary) {
            self.dictionary = dictionary
        }

        /// The next pair, or `nil` after the last.
        public mutating func next() -> (key: String, value: PropertyListValue)? {
            guard position < dictionary.orderedKeys.count else { return nil }
            defer { position += 1 }
            return (dictionary.orderedKeys[position], dictionary.orderedValues[position])
        }
    }

    /// An iterator over the key-value pairs in order.
    public func makeIterator() -> Iterator {
        Iterator(self)
    }

    /// The number of pairs.
    public var underestimatedCount: Int { count }
}

extension PropertyListDictionary: ExpressibleByDictionaryLiteral {
    /// Creates a dictionary from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        self.init(elements)
    }
}
