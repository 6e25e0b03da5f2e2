import Foundation
import PropertyList
import Testing

/// Builds a bplist00 file from hand-written objects: 1-byte offsets and references.
func binaryPropertyList(_ objects: [[UInt8]], top: UInt8 = 0) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
        offsets.append(UInt8(bytes.count))
        bytes += object
    }
    let tableOffset = UInt64(bytes.count)
    bytes += offsets
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]
    bytes += withUnsafeBytes(of: UInt64(objects.count).bigEndian, Array.init)
    bytes += withUnsafeBytes(of: UInt64(top).bigEndian, Array.init)
    bytes += withUnsafeBytes(of: tableOffset.bigEndian, Array.init)
    return Data(bytes)
}

@Suite("Binary format details")
struct BinaryFormatTests {
    @Test("integers of every width, including 128-bit ones that fit")
    func integerWidths() throws {
        let cases: [([UInt8], Int64)] = [
            ([0x10, 0xFF], 255),
            ([0x11, 0xFF, 0xFF], 65_535),
            ([0x12, 0xFF, 0xFF, 0xFF, 0xFF], 4_294_967_295),
            ([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], -1),
            ([0x14] + [UInt8](repeating: 0, count: 8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .max),
            ([0x14] + [UInt8](repeating: 0xFF, count: 8) + [0x80, 0, 0, 0, 0, 0, 0, 0], .min),
            ([0x14] + [UInt8](repeating: 0, count: 15) + [42], 42),
        ]
        for (object, expected) in cases {
            #expect(try PropertyList.decode(binaryPropertyList([object])).value == .integer(expected))
        }
    }

    @Test("128-bit integers that do not fit in Int64 are errors")
    func hugeIntegers() {
        let tooBig: [UInt8] = [0x14] + [UInt8](repeating: 0, count: 8) + [0x80, 0, 0, 0, 0, 0, 0, 0]
        let tooSmall: [UInt8] = [0x14, 0x80] + [UInt8](repeating: 0, count: 15)
        for object in [tooBig, tooSmall] {
            #expect(throws: PropertyListError.self) { try PropertyList.decode(binaryPropertyList([object])) }
        }
    }

    @Test("4-byte reals, UTF-8 strings, 1-byte UIDs and long counts")
    func lessCommonMarkers() throws {
        let float: [UInt8] = [0x22] + withUnsafeBytes(of: Float(1.5).bitPattern.bigEndian, Array.init)
        #expect(try PropertyList.decode(binaryPropertyList([float])).value == .real(1.5))
        let utf8: [UInt8] = [0x72] + Array("é".utf8)
        #expect(try PropertyList.decode(binaryPropertyList([utf8])).value == "é")
        #expect(try PropertyList.decode(binaryPropertyList([[0x80, 0x05]])).value == .uid(5))
        let longData: [UInt8] = [0x4F, 0x10, 20] + [UInt8](repeating: 7, count: 20)
        #expect(try PropertyList.decode(binaryPropertyList([longData])).value == .data(Data(repeating: 7, count: 20)))
    }

    @Test("a dictionary with a repeated key keeps the first position and the last value")
    func duplicateKeys() throws {
        let objects: [[UInt8]] = [[0xD3, 1, 2, 1, 3, 4, 5], [0x51, 0x61], [0x51, 0x62], [0x10, 1], [0x10, 2], [0x10, 3]]
        let decoded = try PropertyList.decode(binaryPropertyList(objects)).value
        #expect(decoded.dictionaryValue?.keys == ["a", "b"])
        #expect(decoded["a"] == 3)
    }

    @Test("shared objects decode once and compare equal")
    func sharedObjects() throws {
        let objects: [[UInt8]] = [[0xA3, 1, 1, 1], [0x53, 0x61, 0x62, 0x63]]
        #expect(try PropertyList.decode(binaryPropertyList(objects)).value == ["abc", "abc", "abc"])
    }

    @Test("the writer shares equal scalars and picks the smallest sizes")
    func writerLayout() throws {
        let value: PropertyListValue = ["k": ["same", "same", 1, 1, 1.0, true, true], "same": "k"]
        let bytes = [UInt8](PropertyList.encode(value, format: .binary))
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        let trailer = bytes.suffix(32)
        // dict, "k", "same", array, 1, 1.0, true: equal strings and numbers are one object each.
        #expect(Array(trailer.dropFirst(6).prefix(2)) == [1, 1])
        #expect(trailer.dropFirst(8).prefix(8).last == 7)
        #expect(try PropertyList.decode(Data(bytes)).value == value)
    }

    @Test("strings use ASCII when they can and UTF-16 otherwise")
    func stringEncodings() {
        let ascii = [UInt8](PropertyList.encode("abc", format: .binary))
        #expect(ascii[8...11] == [0x53, 0x61, 0x62, 0x63])
        let utf16 = [UInt8](PropertyList.encode("é😀", format: .binary))
        #expect(utf16[8...14] == [0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00])
    }

    @Test("the writer uses wider references past 255 objects")
    func wideReferences() throws {
        let value = PropertyListValue.array((0..<300).map { .string("s\($0)") })
        let bytes = [UInt8](PropertyList.encode(value, format: .binary))
        #expect(bytes[bytes.count - 25] == 2)
        #expect(try PropertyList.decode(Data(bytes)).value == value)
    }
}
