import Foundation
import Testing

@testable import LZFSE

/// Hand-built streams, one for each block kind and each way a stream can be wrong.
@Suite("LZFSE blocks")
struct LZFSEBlockTests {
    static let end = Array("bvx$".utf8)

    static func stored(_ bytes: [UInt8]) -> [UInt8] { Array("bvx-".utf8) + le32(bytes.count) + bytes }
    static func lzvn(decoded: Int, _ payload: [UInt8]) -> [UInt8] { Array("bvxn".utf8) + le32(decoded) + le32(payload.count) + payload }
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static let endOfStream: [UInt8] = [0x06, 0, 0, 0, 0, 0, 0, 0]

    @Test func anEmptyStreamIsOnlyItsEndBlock() throws {
        #expect(try LZFSE.decompress(Self.end, decodedSize: 0) == [])
    }

    @Test func emptyInputIsTruncated() {
        #expect(throws: LZFSEError.self) { try LZFSE.decompress([], decodedSize: 0) }
        do {
            _ = try LZFSE.decompress([], decodedSize: 0)
        } catch {
            #expect(error.code == .truncated)
        }
    }

    @Test func storedBlocksAreCopied() throws {
        let stream = Self.stored(Array("Hello, ".utf8)) + Self.stored(Array("World!".utf8)) + Self.end
        #expect(try LZFSE.decompress(stream, decodedSize: 13) == Array("Hello, World!".utf8))
        #expect(try stream.withUnsafeBytes { try LZFSE.decodedSize(of: $0) } == 13)
    }

    @Test func lzvnLiteralsAndAnOverlappingMatch() throws {
        // Two literals (1110LLLL), then a match of 4 at distance 2 (LLMMMDDD DDDDDDDD).
        let payload: [UInt8] = [0xE2, 0x61, 0x62, 0b00_001_000, 2] + Self.endOfStream
        let stream = Self.lzvn(decoded: 6, payload) + Self.end
        #expect(try LZFSE.decompress(stream, decodedSize: 6) == Array("ababab".utf8))
    }

    @Test func everyLZVNOpcodeKind() throws {
        // lrg_l (16 + 4 literals), med_d, lrg_d, pre_d with a literal, sml_m, lrg_m, nop.
        let literals = Array("0123456789abcdefghij".utf8)
        var payload: [UInt8] = [0xE0, 4] + literals
        payload += [0b101_00_000, (20 << 2) | 1 & 0xFF, 0]  // M = (0 << 2 | 1) + 3 = 4, D = 20
        payload += [0b00_010_111, 10, 0]  // M = 5, D = 10
        payload += [0b01_000_110, UInt8(ascii: "X")]  // one literal, M = 3 at D = 10
        payload += [0xF2]  // M = 2 at D = 10
        payload += [0x0E, 0x16]  // nops
        payload += [0xF0, 1]  // M = 17 at D = 10
        payload += Self.endOfStream
        var expected = literals
        func match(_ count: Int, _ distance: Int) { for _ in 0..<count { expected.append(expected[expected.count - distance]) } }
        match(4, 20)
        match(5, 10)
        expected.append(UInt8(ascii: "X"))
        match(3, 10)
        match(2, 10)
        match(17, 10)
        let stream = Self.lzvn(decoded: expected.count, payload) + Self.end
        #expect(try LZFSE.decompress(stream, decodedSize: expected.count) == expected)
    }

    @Test func matchesReachIntoEarlierBlocks() throws {
        let payload: [UInt8] = [0b00_000_000, 5] + Self.endOfStream  // M = 3 at D = 5
        let stream = Self.stored(Array("hello".utf8)) + Self.lzvn(decoded: 3, payload) + Self.end
        #expect(try LZFSE.decompress(stream, decodedSize: 8) == Array("hellohel".utf8))
    }

    @Test func aMatchBeforeTheStartIsRefused() {
        let payload: [UInt8] = [0b00_000_000, 9] + Self.endOfStream
        let stream = Self.stored(Array("hello".utf8)) + Self.lzvn(decoded: 3, payload) + Self.end
        #expect(throws: LZFSEError.self) { try LZFSE.decompress(stream, decodedSize: 8) }
    }

    @Test func undefinedLZVNOpcodesAreRefused() {
        for opcode: UInt8 in [0x1E, 0x26, 0x3E, 0x70, 0x7F, 0xD0, 0xDF] {
            let stream = Self.lzvn(decoded: 1, [opcode] + Self.endOfStream) + Self.end
            #expect(throws: LZFSEError.self, "opcode \(opcode)") { try LZFSE.decompress(stream, decodedSize: 1) }
        }
    }

    @Test func unknownMagicNamesItself() {
        do {
            _ = try LZFSE.decompress(Array("bvxZ....".utf8), decodedSize: 0)
            Issue.record("decoded an unknown block")
        } catch {
            #expect(error.code == .unknownBlock)
            #expect(error.description.contains("bvxZ"))
        }
    }

    @Test func outputThatDoesNotFitIsRefused() {
        let stream = Self.stored(Array("Hello".utf8)) + Self.end
        #expect(throws: LZFSEError.self) { try LZFSE.decompress(stream, decodedSize: 4) }
        #expect(throws: LZFSEError.self) { try LZFSE.decompress(stream, decodedSize: 6) }
    }

    @Test func aStreamWithoutItsEndBlockIsTruncated() {
        let stream = Self.stored(Array("Hello".utf8))
        #expect(throws: LZFSEError.self) { try LZFSE.decompress(stream, decodedSize: 5) }
    }
}
