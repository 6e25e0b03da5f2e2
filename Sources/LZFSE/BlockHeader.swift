/// One block's header: what kind of block it is, and how large it is encoded and decoded.
struct BlockHeader {
    enum Kind {
        /// `bvx$`: the end of the stream.
        case end
        /// `bvx-`: the decoded bytes, stored.
        case stored
        /// `bvxn`: an LZVN stream of `payloadSize` bytes.
        case lzvn(payloadSize: Int)
        /// `bvx1` or `bvx2`: literals and matches coded with finite state entropy.
        case lzfse(EntropyBlockHeader)
    }

    var kind: Kind
    /// The size of the block's header in the input.
    var headerSize: Int
    /// The size of the whole block in the input, header included.
    var encodedSize: Int
    var decodedSize: Int

    static let endMagic: UInt32 = 0x2478_7662  // "bvx$"
    static let storedMagic: UInt32 = 0x2D78_7662  // "bvx-"
    static let v1Magic: UInt32 = 0x3178_7662  // "bvx1"
    static let v2Magic: UInt32 = 0x3278_7662  // "bvx2"
    static let lzvnMagic: UInt32 = 0x6E78_7662  // "bvxn"

    /// Reads the header of the block at `offset`, checking that the whole block is in `input`.
    static func read(_ input: UnsafeRawBufferPointer, at offset: Int) throws(LZFSEError) -> BlockHeader {
        let available = input.count - offset
        guard available >= 4 else {
            throw LZFSEError(.truncated, offset: offset, "the stream ends without an end-of-stream block (bvx$)")
        }
        let magic = input.loadLittleEndianUInt32(at: offset)
        let header: BlockHeader
        switch magic {
        case endMagic:
            return BlockHeader(kind: .end, headerSize: 4, encodedSize: 4, decodedSize: 0)
        case storedMagic:
            try need(8, of: available, at: offset, "stored block header")
            let size = Int(input.loadLittleEndianUInt32(at: offset + 4))
            header = BlockHeader(kind: .stored, headerSize: 8, encodedSize: 8 + size, decodedSize: size)
        case lzvnMagic:
            try need(12, of: available, at: offset, "LZVN block header")
            let decoded = Int(input.loadLittleEndianUInt32(at: offset + 4))
            let payload = Int(input.loadLittleEndianUInt32(at: offset + 8))
            header = BlockHeader(kind: .lzvn(payloadSize: payload), headerSize: 12, encodedSize: 12 + payload, decodedSize: decoded)
        case v1Magic, v2Magic:
            let isV1 = magic == v1Magic
            try need(isV1 ? EntropyBlockHeader.v1Size : EntropyBlockHeader.v2FixedSize, of: available, at: offset, "LZFSE block header")
            let entropy = try isV1 ? EntropyBlockHeader(v1: input, at: offset) : EntropyBlockHeader(v2: input, at: offset)
            header = BlockHeader(
                kind: .lzfse(entropy), headerSize: entropy.headerSize, encodedSize: entropy.headerSize + entropy.payloadSize,
                decodedSize: entropy.decodedSize)
        default:
            let shown = (0..<4).map { input[offset + $0] }.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "." }
            throw LZFSEError(.unknownBlock, offset: offset, "unknown block magic \"\(shown.joined())\"")
        }
        guard header.encodedSize <= available else {
            throw LZFSEError(
                .truncated, offset: offset, "the block needs \(header.encodedSize) bytes but the stream has \(available) left")
        }
        return header
    }

    private static func need(_ size: Int, of available: Int, at offset: Int, _ what: String) throws(LZFSEError) {
        guard available >= size else {
            throw LZFSEError(.truncated, offset: offset, "the stream ends inside a \(what) (\(size) bytes, \(available) left)")
        }
    }
}

extension UnsafeRawBufferPointer {
    @inline(__always)
    func loadLittleEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always)
    func loadLittleEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
