import Foundation
import PropertyList
import ShortcutsTestSupport
import Testing

/// Decoding must throw PropertyListError (never crash or hang) on broken or hostile input.
@Suite("Hostile input")
struct HostileInputTests {
    static let smallBinary = PropertyList.encode(
        ["a": [1, "two", 3.5, true], "b": .data(Data([1, 2, 3])), "c": "ü", "d": .date(Date(timeIntervalSinceReferenceDate: 9))],
        format: .binary)

    func expectError(_ data: Data, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: PropertyListError.self, comment, sourceLocation: sourceLocation) {
            try PropertyList.decode(data)
        }
    }

    @Test("every truncation of a binary plist")
    func truncatedBinary() {
        let bytes = [UInt8](Self.smallBinary)
        for length in 0..<bytes.count {
            expectError(Data(bytes.prefix(length)), "prefix of \(length) bytes")
        }
    }

    @Test("reference cycles")
    func cycles() throws {
        expectError(binaryPropertyList([[0xA1, 0]]), "an array containing itself")
        expectError(binaryPropertyList([[0xA1, 1], [0xA1, 0]]), "two arrays containing each other")
        expectError(binaryPropertyList([[0xD1, 1, 0], [0x51, 0x6B]]), "a dictionary containing itself")
        let error = try #require(throws: PropertyListError.self) { try PropertyList.decode(binaryPropertyList([[0xA1, 0]])) }
        #expect(error.message.contains("cycle"))
        #expect(error.offset == 8)
    }

    @Test("offsets, references and trailer fields out of range")
    func outOfRange() {
        var badOffset = [UInt8](binaryPropertyList([[0x09]]))
        badOffset[9] = 0xF0
        expectError(Data(badOffset), "object offset past the offset table")
        badOffset[9] = 2
        expectError(Data(badOffset), "object offset inside the header")
        expectError(binaryPropertyList([[0xA1, 5]]), "reference to a missing object")
        expectError(binaryPropertyList([[0x09]], top: 3), "top object past the object count")

        let good = [UInt8](binaryPropertyList([[0x09]]))
        let trailer = good.count - 32
        let edits: [(Int, UInt8, String)] = [
            (trailer + 6, 0, "offset size 0"), (trailer + 6, 9, "offset size 9"),
            (trailer + 7, 0, "reference size 0"), (trailer + 15, 0, "no objects"),
            (trailer + 8, 0xFF, "object count far beyond the file"), (trailer + 24, 0xFF, "table offset far beyond the file"),
            (trailer + 31, 0, "table offset inside the header"), (trailer + 31, 0xFF, "table offset inside the trailer"),
        ]
        for (position, byte, comment) in edits {
            var bytes = good
            bytes[position] = byte
            expectError(Data(bytes), Comment(rawValue: comment))
        }
    }

    @Test("absurd counts")
    func absurdCounts() {
        let huge: [UInt8] = [0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        for kind: UInt8 in [0x4F, 0x5F, 0x6F, 0x7F, 0xAF, 0xDF] {
            expectError(binaryPropertyList([[kind] + huge]), "0x\(String(kind, radix: 16)) with a 2^63 count")
            expectError(binaryPropertyList([[kind, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), "negative count")
            expectError(binaryPropertyList([[kind, 0x10, 200]]), "count past the end")
            expectError(binaryPropertyList([[kind, 0x23]]), "count that is not an integer")
            expectError(binaryPropertyList([[kind]]), "count missing")
        }
        expectError(binaryPropertyList([[0x1F]]), "integer of 2^15 bytes")
        expectError(binaryPropertyList([[0x8F]]), "16-byte UID")
        expectError(binaryPropertyList([[0x13, 1]]), "integer cut short")
        expectError(binaryPropertyList([[0x33, 1, 2]]), "date cut short")
    }

    @Test("unsupported or invalid objects")
    func invalidObjects() {
        expectError(binaryPropertyList([[0x00]]), "null")
        expectError(binaryPropertyList([[0x0F]]), "fill byte")
        expectError(binaryPropertyList([[0xC1, 0]]), "set")
        expectError(binaryPropertyList([[0x21, 0, 0]]), "2-byte real")
        expectError(binaryPropertyList([[0x34] + [UInt8](repeating: 0, count: 8)]), "date marker 0x34")
        expectError(binaryPropertyList([[0x52, 0x61, 0xE9]]), "non-ASCII byte in an ASCII string")
        expectError(binaryPropertyList([[0x71, 0xFF]]), "invalid UTF-8")
        expectError(binaryPropertyList([[0xD1, 1, 2], [0x10, 1], [0x10, 2]]), "integer key")
        expectError(Data("bplist15" + String(repeating: "\0", count: 40)), "unsupported version")
        expectError(Data("bplist"), "magic only")
    }

    @Test("nesting deeper than the limit")
    func deepNesting() throws {
        let binary = PropertyList.encode(nestedArrays(depth: PropertyList.maximumDepth + 1), format: .binary)
        let error = try #require(throws: PropertyListError.self) { try PropertyList.decode(binary) }
        #expect(error.message.contains("deeper"))
        let xml = PropertyList.encode(nestedArrays(depth: PropertyList.maximumDepth + 1), format: .xml)
        expectError(xml, "XML one level too deep")
        let veryDeep = String(repeating: "<array>", count: 200_000) + String(repeating: "</array>", count: 200_000)
        expectError(Data(veryDeep), "200,000 nested XML arrays")
        let dictionaries = String(repeating: "<dict><key>k</key>", count: 100_000)
        expectError(Data(dictionaries), "100,000 nested XML dictionaries, unclosed")
    }

    @Test("shared references that would expand to 2^60 values are refused, small sharing is kept")
    func exponentialSharing() throws {
        // Object i is an array holding object i+1 twice: 2^depth leaves if expanded.
        func chain(_ depth: Int) -> Data {
            var objects: [[UInt8]] = (0..<depth).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
            objects.append([0x51, 0x78])
            return binaryPropertyList(objects)
        }
        expectError(chain(60), "a 60-level reference bomb")
        do {
            _ = try PropertyList.decode(chain(60))
        } catch {
            #expect(error.message.contains("reference bomb"))
        }
        let small = try PropertyList.decode(chain(10)).value
        var level = small
        for _ in 0..<10 {
            #expect(level.arrayValue?.count == 2)
            level = level.arrayValue?.first ?? "missing"
        }
        #expect(level == "x")
    }

    @Test("garbage after the binary magic")
    func garbageAfterMagic() {
        var generator = SeededGenerator(seed: 1)
        for length in [0, 1, 10, 31, 32, 33, 40, 100, 1_000] {
            for _ in 0..<20 {
                let garbage = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = try? PropertyList.decode(Data("bplist00".utf8 + garbage))
            }
            expectError(Data("bplist00".utf8 + [UInt8](repeating: 0, count: length)), "\(length) zero bytes")
        }
    }

    @Test("random bytes")
    func randomBytes() {
        var generator = SeededGenerator(seed: 2)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            expectError(Data(bytes))
        }
    }

    @Test("mutated binary and XML plists decode or throw")
    func mutations() throws {
        var generator = SeededGenerator(seed: 3)
        let seeds = [
            [UInt8](Self.smallBinary), [UInt8](PropertyList.encode(everyKind, format: .binary)),
            [UInt8](PropertyList.encode(everyKind, format: .xml)),
        ]
        for seed in seeds {
            for _ in 0..<1_500 {
                var bytes = seed
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let position = Int.random(in: 0..<bytes.count, using: &generator)
                    switch generator.next() % 4 {
                    case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                    case 1: bytes[position] ^= 1 << UInt8(generator.next() % 8)
                    case 2: bytes.remove(at: position)
                    default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
                    }
                }
                // Either outcome is fine; a decoded value must then encode and decode again.
                if let (value, _) = try? PropertyList.decode(Data(bytes)) {
                    for format in [PropertyListFormat.binary, .xml] {
                        _ = try PropertyList.decode(PropertyList.encode(value, format: format))
                    }
                }
            }
        }
    }

    @Test("malformed XML")
    func malformedXML() {
        let documents = [
            "garbage\n", "", "   \n", "<", "<plist", "<plist version=\"1.0>", "<plist version=\"1.0\">",
            "<plist><dict></plist>", "<plist><array><string>a</array></plist>", "<plist><string>a</plist>",
            "<plist><string>&bogus;</string></plist>", "<plist><string>&amp</string></plist>",
            "<plist><string>&#xD800;</string></plist>", "<plist><string>&#x110000;</string></plist>",
            "<plist><string>&#0;</string></plist>", "<plist><string>&#;</string></plist>",
            "<plist><string>&#99999999999999999999;</string></plist>",
            "<plist><dict><string>no key</string></dict></plist>", "<plist><dict><key>k</key></dict></plist>",
            "<plist><dict><key>k</key><key>k2</key></dict></plist>", "<plist><key>k</key></plist>",
            "<plist><true/><true/></plist>", "<plist><true/></plist><true/>", "<plist></plist>", "<plist/>",
            "<plist><true>x</true></plist>", "<plist><unknown/></plist>", "<plist><plist/></plist>",
            "<plist><string><b>bold</b></string></plist>", "<plist><string><![CDATA[x</string></plist>",
            "<!-- unclosed comment <plist/>", "<?xml unclosed", "<!DOCTYPE plist [ <plist/>",
            "<plist><array>text<true/></array></plist>",
            "<plist><string>a</strin></plist>", "<plist><string>a</string  x></plist>", "</plist>",
            "<plist><data>!!</data></plist>", "<plist><integer/></plist>", "<plist><real/></plist>",
            "<plist><date/></plist>", "<plist><array><dict/></plist>",
        ]
        for document in documents {
            expectError(Data(document), Comment(rawValue: document))
        }
        expectError(Data("<plist><string>".utf8 + [0xFF] + "</string></plist>".utf8), "invalid UTF-8")
    }
}
