import Foundation
import ShortcutsTestSupport
import Testing

@testable import LZFSE

/// The Swift decoder against Apple's reference encoder and decoder (`pyliblzfse`), on seeded
/// random inputs of every kind and on sizes either side of the encoder's thresholds (LZVN below
/// 4,096 bytes, a new block every 40,000 literals or 10,000 matches).
@Suite("LZFSE against the reference codec", .serialized)
struct ReferenceDifferentialTests {
    static let sizes = [0, 1, 3, 4, 5, 17, 100, 4_095, 4_096, 4_097, 39_999, 40_000, 40_001, 65_536, 250_000]

    typealias Case = (input: [UInt8], stream: [UInt8])

    /// The inputs and the reference encoder's streams, made once for the suite.
    static let cases = Task<[Case], any Error> {
        var inputs: [[UInt8]] = []
        for size in sizes {
            for kind in 0...3 { inputs.append(Samples.make(kind, count: size, seed: UInt64(size * 4 + kind))) }
        }
        inputs.append(Samples.make(3, count: 2_000_000, seed: 7))
        return Array(zip(inputs, try await ReferenceCodec.compress(inputs)))
    }

    @Test func decodesEverythingTheReferenceEncodes() async throws {
        let cases = try await Self.cases.value
        for (index, (input, stream)) in cases.enumerated() {
            let decoded = try LZFSE.decompress(stream, decodedSize: input.count)
            #expect(decoded == input, "case \(index): \(input.count) bytes")
            #expect(try stream.withUnsafeBytes { try LZFSE.decodedSize(of: $0) } == input.count)
        }
    }

    @Test func theInputsCoverEveryBlockKindTheEncoderWrites() async throws {
        var magics: Set<String> = []
        for (_, stream) in try await Self.cases.value {
            var offset = 0
            try stream.withUnsafeBytes { bytes in
                while true {
                    let block = try BlockHeader.read(bytes, at: offset)
                    magics.insert(String(decoding: stream[offset..<offset + 4], as: UTF8.self))
                    if case .end = block.kind { break }
                    offset += block.encodedSize
                }
            }
        }
        #expect(magics == ["bvx-", "bvxn", "bvx2", "bvx$"])
    }

    @Test func decodesV1BlocksMadeFromTheEncodersV2Blocks() async throws {
        // The reference encoder writes only v2 headers; v1 stores the same fields unpacked.
        var converted = 0
        for (input, stream) in try await Self.cases.value where input.count >= 40_000 {
            let v1 = try Self.convertingToV1(stream)
            #expect(try LZFSE.decompress(v1.stream, decodedSize: input.count) == input)
            converted += v1.blocks
        }
        #expect(converted > 10)
    }

    @Test func agreesWithTheReferenceOnCorruptedStreams() async throws {
        var random = SeededGenerator(seed: 2026)
        let sources = try await Self.cases.value.filter { $0.input.count > 0 && $0.input.count < 70_000 }.map(\.stream)
        var corrupted: [[UInt8]] = []
        for _ in 0..<400 {
            var stream = sources.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                stream[Int.random(in: 0..<stream.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            corrupted.append(stream)
        }
        let reference = try await ReferenceCodec.decompress(corrupted)
        var bothDecoded = 0
        for (stream, expected) in zip(corrupted, reference) {
            let size = try? stream.withUnsafeBytes { try LZFSE.decodedSize(of: $0) }
            guard let size, size < 10_000_000, let ours = try? LZFSE.decompress(stream, decodedSize: size) else { continue }
            // Where the Swift decoder accepts a stream, the reference must accept it and agree.
            #expect(ours == expected)
            bothDecoded += 1
        }
        #expect(bothDecoded > 0)
    }

    @Test func everyTruncationIsRefused() async throws {
        let (input, stream) = try #require(try await Self.cases.value.first { $0.input.count == 4_097 })
        for length in 0..<stream.count {
            #expect(throws: LZFSEError.self) { try LZFSE.decompress(Array(stream.prefix(length)), decodedSize: input.count) }
        }
    }

    /// Rewrites every v2 block header of a stream as the equivalent v1 header.
    static func convertingToV1(_ stream: [UInt8]) throws -> (stream: [UInt8], blocks: Int) {
        var result: [UInt8] = []
        var blocks = 0
        var offset = 0
        try stream.withUnsafeBytes { bytes in
            while true {
                let block = try BlockHeader.read(bytes, at: offset)
                guard case .lzfse(let h) = block.kind, stream[offset + 3] == UInt8(ascii: "2") else {
                    result += stream[offset..<offset + block.encodedSize]
                    if case .end = block.kind { return }
                    offset += block.encodedSize
                    continue
                }
                func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
                func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
                result += Array("bvx1".utf8) + u32(h.decodedSize) + u32(h.payloadSize) + u32(h.literalCount) + u32(h.matchCount)
                result += u32(h.literalPayloadSize) + u32(h.lmdPayloadSize) + u32(h.literalBits)
                result += u16(h.literalStates.0) + u16(h.literalStates.1) + u16(h.literalStates.2) + u16(h.literalStates.3)
                result += u32(h.lmdBits) + u16(h.lState) + u16(h.mState) + u16(h.dState)
                result += h.frequencies.flatMap { u16(Int($0)) }
                result += stream[(offset + h.headerSize)..<(offset + block.encodedSize)]
                blocks += 1
                offset += block.encodedSize
            }
        }
        return (result, blocks)
    }
}
