import PropertyList
import ShortcutsTestSupport
import Testing

@Suite("PropertyListDictionary")
struct PropertyListDictionaryTests {
    @Test("keeps insertion order and replaces in place")
    func insertionOrder() {
        var dictionary = PropertyListDictionary([("b", 1), ("a", 2), ("b", 3)])
        #expect(dictionary.keys == ["b", "a"])
        #expect(dictionary["b"] == 3)
        dictionary["c"] = "new"
        dictionary["b"] = 4
        #expect(dictionary.keys == ["b", "a", "c"])
        #expect(dictionary.values == [4, 2, "new"])
        #expect(dictionary.map(\.key) == ["b", "a", "c"])
        #expect(dictionary.count == 3 && !dictionary.isEmpty)
    }

    @Test("setting nil removes, and the rest keep their order")
    func removal() {
        var dictionary: PropertyListDictionary = ["a": 1, "b": 2, "c": 3]
        dictionary["b"] = nil
        dictionary["missing"] = nil
        #expect(dictionary.keys == ["a", "c"])
        #expect(dictionary["b"] == nil)
        dictionary["a"] = nil
        dictionary["c"] = nil
        #expect(dictionary.isEmpty && dictionary == PropertyListDictionary())
    }

    @Test("large dictionaries stay consistent through inserts and removals")
    func largeDictionaryIndex() {
        var dictionary = PropertyListDictionary()
        var model: [(String, Int64)] = []
        var generator = SeededGenerator(seed: 7)
        for step in 0..<3_000 {
            let key = "k\(generator.next() % 40)"
            if generator.next() % 3 == 0 {
                dictionary[key] = nil
                model.removeAll { $0.0 == key }
            } else {
                dictionary[key] = .integer(Int64(step))
                if let position = model.firstIndex(where: { $0.0 == key }) {
                    model[position].1 = Int64(step)
                } else {
                    model.append((key, Int64(step)))
                }
            }
            #expect(dictionary.keys == model.map(\.0))
        }
        for (key, value) in model {
            #expect(dictionary[key] == .integer(value))
            #expect(dictionary.position(ofKey: key) == model.firstIndex { $0.0 == key })
        }
    }

    @Test("keys match by exact scalars, not canonical equivalence")
    func literalKeys() {
        var dictionary: PropertyListDictionary = ["\u{E9}": 1]
        dictionary["e\u{301}"] = 2
        #expect(dictionary.count == 2)
        #expect(dictionary["\u{E9}"] == 1 && dictionary["e\u{301}"] == 2)
        let many = PropertyListDictionary((0..<20).map { ("k\($0)\u{E9}", .integer(Int64($0))) })
        #expect(many["k3e\u{301}"] == nil && many["k3\u{E9}"] == 3)
    }

    @Test("equality and hashing ignore order")
    func orderInsensitiveEquality() {
        let keys = (0..<20).map { "key\($0)" }
        let forward = PropertyListDictionary(keys.map { ($0, .string($0)) })
        let backward = PropertyListDictionary(keys.reversed().map { ($0, .string($0)) })
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(Set([PropertyListValue.dictionary(forward), .dictionary(backward)]).count == 1)
        var changed = backward
        changed["key3"] = "other"
        #expect(forward != changed)
        changed["key3"] = "key3"
        changed["extra"] = 1
        #expect(forward != changed)
    }
}

@Suite("PropertyListValue conveniences")
struct PropertyListValueTests {
    @Test("accessors answer only for their own kind")
    func accessors() {
        let value: PropertyListValue = ["s": "text", "i": 42, "r": 1.5, "b": true, "a": [1], "d": ["k": "v"]]
        #expect(value["s"]?.stringValue == "text")
        #expect(value["i"]?.integerValue == 42)
        #expect(value["i"]?.doubleValue == 42)
        #expect(value["r"]?.doubleValue == 1.5)
        #expect(value["r"]?.integerValue == nil)
        #expect(value["b"]?.boolValue == true)
        #expect(value["i"]?.boolValue == nil)
        #expect(value["b"]?.integerValue == nil)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["d"]?["k"] == "v")
        #expect(value["d"]?.dictionaryValue?.keys == ["k"])
        #expect(value["missing"] == nil)
        #expect(value["s"]?["k"] == nil)
        #expect(PropertyListValue.array([])["k"] == nil)
    }

    @Test("NaN equals NaN, and -0.0 equals 0.0")
    func specialReals() {
        #expect(PropertyListValue.real(.nan) == .real(.nan))
        #expect(PropertyListValue.real(.nan).hashValue == PropertyListValue.real(-.nan).hashValue)
        #expect(PropertyListValue.real(-0.0) == .real(0.0))
        #expect(PropertyListValue.real(1) != .integer(1))
        #expect(PropertyListValue.uid(1) != .integer(1))
    }

    @Test("strings compare by exact scalars")
    func literalStrings() {
        #expect(PropertyListValue.string("\u{E9}") != .string("e\u{301}"))
        #expect(PropertyListValue.string("\u{E9}") == .string("\u{E9}"))
        #expect(Set<PropertyListValue>(["\u{E9}", "e\u{301}", "\u{E9}"]).count == 2)
    }
}
