/// The header of an LZFSE block (`bvx1` or `bvx2`): counts, the entropy coders' initial states
/// and the symbol frequencies their tables are built from.
struct EntropyBlockHeader {
    /// Symbols of each alphabet: literal lengths, match lengths, distances, literal bytes.
    static let lengthSymbols = 20
    static let distanceSymbols = 64
    static let literalSymbols = 256
    /// States of each coder.
    static let lengthStates = 64
    static let distanceStates = 256
    static let literalStates = 1024
    /// The most a block may hold, as the format fixes it.
    static let maximumMatches = 10_000
    static let maximumLiterals = 4 * maximumMatches

    static let frequencyCount = 2 * lengthSymbols + distanceSymbols + literalSymbols
    static let v1Size = 50 + 2 * frequencyCount
    static let v2FixedSize = 32

    var decodedSize: Int
    var headerSize: Int
    var literalCount: Int
    var matchCount: Int
    var literalPayloadSize: Int
    var lmdPayloadSize: Int
    /// Bits (0 to -7) of the first word of each backward bit stream that are not used.
    var literalBits: Int
    var lmdBits: Int
    var literalStates: (Int, Int, Int, Int)
    var lState: Int
    var mState: Int
    var dState: Int
    /// Literal-length, match-length, distance and literal frequencies, in that order.
    var frequencies: [UInt16]
    var offset: Int

    var payloadSize: Int { literalPayloadSize + lmdPayloadSize }

    /// Reads a v1 header, whose fields and frequencies are stored as plain integers.
    init(v1 input: UnsafeRawBufferPointer, at offset: Int) throws(LZFSEError) {
        func u32(_ at: Int) -> Int { Int(input.loadLittleEndianUInt32(at: offset + at)) }
        func u16(_ at: Int) -> UInt16 { UInt16(littleEndian: input.loadUnaligned(fromByteOffset: offset + at, as: UInt16.self)) }
        self.offset = offset
        decodedSize = u32(4)
        literalCount = u32(12)
        matchCount = u32(16)
        literalPayloadSize = u32(20)
        lmdPayloadSize = u32(24)
        literalBits = Int(Int32(bitPattern: UInt32(u32(28))))
        literalStates = (Int(u16(32)), Int(u16(34)), Int(u16(36)), Int(u16(38)))
        lmdBits = Int(Int32(bitPattern: UInt32(u32(40))))
        lState = Int(u16(44))
        mState = Int(u16(46))
        dState = Int(u16(48))
        frequencies = (0..<Self.frequencyCount).map { u16(50 + 2 * $0) }
        headerSize = Self.v1Size
        guard u32(8) == payloadSize else {
            throw LZFSEError(
                .badHeader, offset: offset,
                "the payload size \(u32(8)) is not the literal and match payloads' \(literalPayloadSize) + \(lmdPayloadSize)")
        }
        try validate()
    }

    /// Reads a v2 header: three packed 64-bit words, then the frequencies in a variable-length code.
    init(v2 input: UnsafeRawBufferPointer, at offset: Int) throws(LZFSEError) {
        let word0 = input.loadLittleEndianUInt64(at: offset + 8)
        let word1 = input.loadLittleEndianUInt64(at: offset + 16)
        let word2 = input.loadLittleEndianUInt64(at: offset + 24)
        func field(_ word: UInt64, _ start: Int, _ width: Int) -> Int { Int((word >> UInt64(start)) & ((1 << UInt64(width)) - 1)) }
        self.offset = offset
        decodedSize = Int(input.loadLittleEndianUInt32(at: offset + 4))
        literalCount = field(word0, 0, 20)
        literalPayloadSize = field(word0, 20, 20)
        matchCount = field(word0, 40, 20)
        literalBits = field(word0, 60, 3) - 7
        literalStates = (field(word1, 0, 10), field(word1, 10, 10), field(word1, 20, 10), field(word1, 30, 10))
        lmdPayloadSize = field(word1, 40, 20)
        lmdBits = field(word1, 60, 3) - 7
        headerSize = field(word2, 0, 32)
        lState = field(word2, 32, 10)
        mState = field(word2, 42, 10)
        dState = field(word2, 52, 10)
        guard headerSize >= Self.v2FixedSize, headerSize <= input.count - offset else {
            throw LZFSEError(.badHeader, offset: offset, "a header size of \(headerSize) bytes")
        }
        frequencies = try Self.decodeFrequencies(input, from: offset + Self.v2FixedSize, to: offset + headerSize, block: offset)
        try validate()
    }

    /// Decodes the v2 frequency code: 2 to 14 bits a value, least significant bit first.
    private static func decodeFrequencies(
        _ input: UnsafeRawBufferPointer, from start: Int, to end: Int, block: Int
    ) throws(LZFSEError) -> [UInt16] {
        var frequencies = [UInt16](repeating: 0, count: frequencyCount)
        // A header that stops right after its fixed fields leaves every frequency zero.
        if start == end { return frequencies }
        var position = start
        var accumulator: UInt32 = 0
        var available = 0
        for index in 0..<frequencyCount {
            while position < end, available + 8 <= 32 {
                accumulator |= UInt32(input[position]) << UInt32(available)
                available += 8
                position += 1
            }
            let (value, width) = frequencyValue(accumulator)
            guard width <= available else {
                throw LZFSEError(.badHeader, offset: block, "the frequency tables end early")
            }
            frequencies[index] = value
            accumulator >>= UInt32(width)
            available -= width
        }
        guard available < 8, position == end else {
            throw LZFSEError(.badHeader, offset: block, "the frequency tables do not fill the header exactly")
        }
        return frequencies
    }

    /// One code of the frequency tables: the value and how many bits it took.
    @inline(__always)
    private static func frequencyValue(_ bits: UInt32) -> (value: UInt16, width: Int) {
        // Two bits `x0` give 0 or 1; three bits `x01` give 2 or 3; five bits `xx011` give 4 to 7;
        // `0111` then 4 bits gives 8 to 23; `1111` then 10 bits gives 24 to 1047.
        switch bits & 0b11 {
        case 0b00: return (0, 2)
        case 0b10: return (1, 2)
        default: break
        }
        switch bits & 0b111 {
        case 0b001: return (2, 3)
        case 0b101: return (3, 3)
        case 0b011: return (UInt16(4 + ((bits >> 3) & 0b11)), 5)
        default: break
        }
        if bits & 0b1111 == 0b0111 { return (UInt16(8 + ((bits >> 4) & 0xF)), 8) }
        return (UInt16(24 + ((bits >> 4) & 0x3FF)), 14)
    }

    private func validate() throws(LZFSEError) {
        func fail(_ message: String) -> LZFSEError { LZFSEError(.badHeader, offset: offset, message) }
        guard literalCount <= Self.maximumLiterals, literalCount % 4 == 0 else {
            throw fail("\(literalCount) literals (at most \(Self.maximumLiterals), a multiple of 4)")
        }
        guard matchCount <= Self.maximumMatches else { throw fail("\(matchCount) matches (at most \(Self.maximumMatches))") }
        guard (-7...0).contains(literalBits), (-7...0).contains(lmdBits) else { throw fail("bit stream padding out of range") }
        let states = [literalStates.0, literalStates.1, literalStates.2, literalStates.3]
        guard states.allSatisfy({ $0 < Self.literalStates }), lState < Self.lengthStates, mState < Self.lengthStates,
            dState < Self.distanceStates
        else { throw fail("an initial coder state out of range") }
        let ranges: [(Range<Int>, Int, String)] = [
            (0..<20, Self.lengthStates, "literal length"), (20..<40, Self.lengthStates, "match length"),
            (40..<104, Self.distanceStates, "distance"), (104..<360, Self.literalStates, "literal"),
        ]
        for (range, states, name) in ranges {
            let sum = frequencies[range].reduce(0) { $0 + Int($1) }
            guard sum <= states else { throw fail("the \(name) frequencies add up to \(sum), more than \(states) states") }
        }
    }
}
