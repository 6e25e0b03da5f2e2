import Foundation
import PropertyList
import ShortcutsTestSupport
import Testing

@Suite("Round trips through both formats")
struct RoundTripTests {
    static let formats: [PropertyListFormat] = [.binary, .xml]

    @Test("every kind of value survives", arguments: formats)
    func everyKindRoundTrips(format: PropertyListFormat) throws {
        let encoded = PropertyList.encode(everyKind, format: format)
        let (decoded, detected) = try PropertyList.decode(encoded)
        #expect(detected == format)
        #expect(decoded == everyKind)
        #expect(canonical(decoded) == canonical(everyKind), "bit-exact and in the same key order")
    }

    @Test("each value alone as the top object", arguments: formats)
    func scalarsAtTopLevel(format: PropertyListFormat) throws {
        for (key, value) in everyKind.dictionaryValue! {
            let (decoded, _) = try PropertyList.decode(PropertyList.encode(value, format: format))
            #expect(canonical(decoded) == canonical(value), "\(key)")
        }
    }

    @Test("non-ASCII strings, including surrogate pairs", arguments: formats)
    func unicodeStrings(format: PropertyListFormat) throws {
        let strings = ["é", "😀", "a😀b", "𝄞 clef", "日本語テキスト", "\u{0}nul", "\u{FEFF}bom", "e\u{301}", String(repeating: "😀", count: 40)]
        for string in strings {
            let value: PropertyListValue = [.string(string), ["key \(string)": .string(string)]]
            let (decoded, _) = try PropertyList.decode(PropertyList.encode(value, format: format))
            #expect(canonical(decoded) == canonical(value), "\(string.unicodeScalars.map { $0.value })")
        }
    }

    @Test("canonically equivalent strings stay distinct", arguments: formats)
    func equivalentStringsStayDistinct(format: PropertyListFormat) throws {
        let value: PropertyListValue = ["\u{E9}": "\u{E9}", "e\u{301}": "e\u{301}", "list": ["\u{E9}", "e\u{301}"]]
        let (decoded, _) = try PropertyList.decode(PropertyList.encode(value, format: format))
        #expect(decoded.dictionaryValue?.count == 3)
        #expect(canonical(decoded) == canonical(value))
    }

    @Test("integers at every size boundary", arguments: formats)
    func integerBoundaries(format: PropertyListFormat) throws {
        var integers: [Int64] = [.min, .min + 1, .max, .max - 1, 0, 1, -1]
        for shift in [7, 8, 15, 16, 31, 32, 62] {
            let power = Int64(1) << shift
            integers += [power - 1, power, power + 1, -power, -power - 1]
        }
        let value = PropertyListValue.array(integers.map { .integer($0) })
        let (decoded, _) = try PropertyList.decode(PropertyList.encode(value, format: format))
        #expect(decoded.arrayValue?.map(\.integerValue) == integers)
    }

    @Test("reals read back bit for bit", arguments: formats)
    func realsExact(format: PropertyListFormat) throws {
        var generator = SeededGenerator(seed: 42)
        var reals: [Double] = [
            0.1, 1.0 / 3, .pi, .ulpOfOne, .leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e21, 1e-7, 123456789.125,
        ]
        for _ in 0..<200 {
            let real = Double(bitPattern: generator.next())
            if real.isFinite { reals.append(real) }
        }
        let value = PropertyListValue.array(reals.map { .real($0) })
        let (decoded, _) = try PropertyList.decode(PropertyList.encode(value, format: format))
        #expect(decoded.arrayValue?.map { $0.doubleValue!.bitPattern } == reals.map(\.bitPattern))
    }

    @Test("integer, real and boolean stay distinct", arguments: formats)
    func kindsStayDistinct(format: PropertyListFormat) throws {
        let value: PropertyListValue = [1, 1.0, true, 0, 0.0, false]
        let (decoded, _) = try PropertyList.decode(PropertyList.encode(value, format: format))
        let elements = try #require(decoded.arrayValue)
        #expect(elements == [.integer(1), .real(1), .boolean(true), .integer(0), .real(0), .boolean(false)])
        #expect(elements[0] != elements[1] && elements[1] != elements[2] && elements[0] != elements[2])
    }

    @Test("dates across centuries", arguments: formats)
    func dates(format: PropertyListFormat) throws {
        // Whole seconds: XML keeps seconds only, as Apple's and Python's writers do.
        let intervals: [Double] = [
            0, 1, -1, 86_399, 86_400, -978_307_200, 4_102_444_800 - 978_307_200,
            951_782_400 - 978_307_200, -63_113_904_000, 252_423_993_599,
        ]
        for interval in intervals {
            let value = PropertyListValue.date(Date(timeIntervalSinceReferenceDate: interval))
            let (decoded, _) = try PropertyList.decode(PropertyList.encode(value, format: format))
            #expect(decoded == value, "\(interval)")
        }
    }

    @Test("fractional seconds survive in binary")
    func fractionalDateInBinary() throws {
        let value = PropertyListValue.date(Date(timeIntervalSinceReferenceDate: 12.345678))
        #expect(try PropertyList.decode(PropertyList.encode(value, format: .binary)).value == value)
    }

    @Test("key order is kept", arguments: formats)
    func keyOrder(format: PropertyListFormat) throws {
        let keys = ["zebra", "apple", "Mango", "banana", "_", "10", "9"] + (0..<40).map { "key \(39 - $0)" }
        let dictionary = PropertyListDictionary(keys.map { ($0, .string($0)) })
        let (decoded, _) = try PropertyList.decode(PropertyList.encode(.dictionary(dictionary), format: format))
        #expect(decoded.dictionaryValue?.keys == keys)
    }

    @Test("nesting up to the depth limit", arguments: formats)
    func deepNesting(format: PropertyListFormat) throws {
        let value = nestedArrays(depth: PropertyList.maximumDepth)
        let (decoded, _) = try PropertyList.decode(PropertyList.encode(value, format: format))
        #expect(decoded == value)
    }

    @Test("large containers", arguments: formats)
    func largeContainers(format: PropertyListFormat) throws {
        let array = PropertyListValue.array((0..<70_000).map { .integer(Int64($0)) })
        let dictionary = PropertyListDictionary((0..<300).map { ("k\($0)", .string("v\($0 % 17)")) })
        let value: PropertyListValue = ["array": array, "dictionary": .dictionary(dictionary), "blob": .data(Data(count: 100_000))]
        let (decoded, _) = try PropertyList.decode(PropertyList.encode(value, format: format))
        #expect(decoded == value)
    }

    @Test("equality ignores key order, decoding keeps it")
    func equalityIgnoresOrder() throws {
        let forward: PropertyListValue = ["a": 1, "b": [2, 3], "c": ["x": true, "y": false]]
        let backward: PropertyListValue = ["c": ["y": false, "x": true], "b": [2, 3], "a": 1]
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        let binary = PropertyList.encode(backward, format: .binary)
        #expect(try PropertyList.decode(binary).value == forward)
        #expect(try PropertyList.decode(binary).value.dictionaryValue?.keys == ["c", "b", "a"])
        #expect(PropertyList.encode(forward, format: .xml) != PropertyList.encode(backward, format: .xml))
    }

    @Test("encoding is deterministic", arguments: formats)
    func deterministic(format: PropertyListFormat) {
        #expect(PropertyList.encode(everyKind, format: format) == PropertyList.encode(everyKind, format: format))
    }
}
