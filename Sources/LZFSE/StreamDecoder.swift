/// Decodes the blocks of one stream, in order, into one output buffer. Matches may reach back
/// into earlier blocks' output, so distances are checked against everything written so far.
struct StreamDecoder {
    private let input: UnsafeRawBufferPointer
    private let output: UnsafeMutableRawBufferPointer
    private(set) var written = 0
    private var literals: [UInt8] = []
    private var literalTable: [LiteralEntry] = []
    private var literalLengthTable: [ValueEntry] = []
    private var matchLengthTable: [ValueEntry] = []
    private var distanceTable: [ValueEntry] = []

    init(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) {
        self.input = input
        self.output = output
    }

    mutating func run() throws(LZFSEError) {
        var offset = 0
        while true {
            let block = try BlockHeader.read(input, at: offset)
            guard block.decodedSize <= output.count - written else {
                throw LZFSEError(
                    .outputSize, offset: offset,
                    "the block decodes to \(block.decodedSize) bytes, more than the \(output.count - written) left in the output")
            }
            let payload = offset + block.headerSize
            switch block.kind {
            case .end:
                return
            case .stored:
                if block.decodedSize > 0 {
                    (output.baseAddress! + written).copyMemory(from: input.baseAddress! + payload, byteCount: block.decodedSize)
                }
                written += block.decodedSize
            case .lzvn(let payloadSize):
                var lzvn = LZVNDecoder(
                    input: input.baseAddress!.assumingMemoryBound(to: UInt8.self) + payload, count: payloadSize,
                    output: output.baseAddress!.assumingMemoryBound(to: UInt8.self), written: written,
                    limit: written + block.decodedSize)
                guard let end = lzvn.run() else {
                    throw LZFSEError(.badPayload, offset: offset, "the LZVN data is malformed near byte \(payload + lzvn.position)")
                }
                guard end == written + block.decodedSize else {
                    throw LZFSEError(
                        .badPayload, offset: offset, "the LZVN data decodes to \(end - written) bytes, not \(block.decodedSize)")
                }
                written = end
            case .lzfse(let header):
                try decodeEntropyBlock(header, payload: payload)
            }
            offset += block.encodedSize
        }
    }

    /// Decodes an LZFSE block: first all its literals, then the (literal length, match length,
    /// distance) triples that interleave them with matches.
    private mutating func decodeEntropyBlock(_ header: EntropyBlockHeader, payload: Int) throws(LZFSEError) {
        func fail(_ message: String) -> LZFSEError { LZFSEError(.badPayload, offset: header.offset, message) }
        prepareTables(header)
        let base = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let literalStart = base + payload
        let lmdStart = literalStart + header.literalPayloadSize
        let literalCount = header.literalCount

        // Each stream may be shorter than a word (a block of one repeated literal reads no bits), so
        // like the reference decoder it is bounded by the start of the input, not of its payload.
        guard var bits = BackwardBitStream(start: base, end: lmdStart, unusedBits: header.literalBits) else {
            throw fail("the literal bit stream's first word is malformed")
        }
        var states = header.literalStates
        let decodedLiterals = literalTable.withUnsafeBufferPointer { table in
            literals.withUnsafeMutableBufferPointer { literals -> Bool in
                var index = 0
                while index < literalCount {
                    guard bits.refill() else { return false }
                    @inline(__always) func next(_ state: inout Int) -> UInt8 {
                        let entry = table[state]
                        state = Int(entry.delta) + Int(bits.take(Int(entry.bits)))
                        return entry.symbol
                    }
                    literals[index] = next(&states.0)
                    literals[index + 1] = next(&states.1)
                    literals[index + 2] = next(&states.2)
                    literals[index + 3] = next(&states.3)
                    index += 4
                }
                return true
            }
        }
        guard decodedLiterals else { throw fail("the literal bit stream ends early") }

        guard var lmd = BackwardBitStream(start: base, end: lmdStart + header.lmdPayloadSize, unusedBits: header.lmdBits)
        else {
            throw fail("the match bit stream's first word is malformed")
        }
        let blockEnd = written + header.decodedSize
        var out = written
        var result: String?
        literalLengthTable.withUnsafeBufferPointer { lTable in
            matchLengthTable.withUnsafeBufferPointer { mTable in
                distanceTable.withUnsafeBufferPointer { dTable in
                    literals.withUnsafeBufferPointer { literals in
                        let destination = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
                        var l = header.lState
                        var m = header.mState
                        var d = header.dState
                        var distance = 0
                        var literal = 0
                        @inline(__always) func value(_ table: UnsafeBufferPointer<ValueEntry>, _ state: inout Int) -> Int {
                            let entry = table[state]
                            let bits = lmd.take(Int(entry.totalBits))
                            state = Int(entry.delta) + Int(bits &>> UInt64(entry.valueBits))
                            return Int(entry.base) + Int(bits & ~(UInt64.max &<< UInt64(entry.valueBits)))
                        }
                        for _ in 0..<header.matchCount {
                            guard lmd.refill() else {
                                result = "the match bit stream ends early"
                                return
                            }
                            let literalLength = value(lTable, &l)
                            let matchLength = value(mTable, &m)
                            let newDistance = value(dTable, &d)
                            if newDistance != 0 { distance = newDistance }
                            guard literalLength <= literalCount - literal else {
                                result = "a match asks for more literals than the block has"
                                return
                            }
                            guard literalLength + matchLength <= blockEnd - out else {
                                result = "the block decodes to more than its \(header.decodedSize) bytes"
                                return
                            }
                            if literalLength > 0 {
                                (destination + out).update(from: literals.baseAddress! + literal, count: literalLength)
                                out += literalLength
                                literal += literalLength
                            }
                            if matchLength > 0 {
                                guard distance > 0, distance <= out else {
                                    result = "a match reaches \(distance) bytes back, before the start of the output"
                                    return
                                }
                                copyMatch(destination, at: out, distance: distance, count: matchLength)
                                out += matchLength
                            }
                        }
                    }
                }
            }
        }
        if let result { throw fail(result) }
        guard out == blockEnd else { throw fail("the block decodes to \(out - written) bytes, not \(header.decodedSize)") }
        written = out
    }

    private mutating func prepareTables(_ header: EntropyBlockHeader) {
        if literalTable.isEmpty {
            literals = [UInt8](repeating: 0, count: EntropyBlockHeader.maximumLiterals)
            literalTable = Array(repeating: LiteralEntry(bits: 0, symbol: 0, delta: 0), count: EntropyBlockHeader.literalStates)
            let empty = ValueEntry(totalBits: 0, valueBits: 0, delta: 0, base: 0)
            literalLengthTable = Array(repeating: empty, count: EntropyBlockHeader.lengthStates)
            matchLengthTable = Array(repeating: empty, count: EntropyBlockHeader.lengthStates)
            distanceTable = Array(repeating: empty, count: EntropyBlockHeader.distanceStates)
        }
        let f = header.frequencies
        EntropyTables.fillValues(
            &literalLengthTable, frequencies: f[0..<20], extraBits: EntropyTables.literalLengthBits,
            bases: EntropyTables.literalLengthBases)
        EntropyTables.fillValues(
            &matchLengthTable, frequencies: f[20..<40], extraBits: EntropyTables.matchLengthBits,
            bases: EntropyTables.matchLengthBases)
        EntropyTables.fillValues(
            &distanceTable, frequencies: f[40..<104], extraBits: EntropyTables.distanceBits, bases: EntropyTables.distanceBases)
        EntropyTables.fillLiterals(&literalTable, frequencies: f[104..<360])
    }
}

/// Copies a match of `count` bytes from `distance` bytes back; overlapping matches repeat the
/// bytes they have just written, as LZ77 means them to.
@inline(__always)
func copyMatch(_ buffer: UnsafeMutablePointer<UInt8>, at position: Int, distance: Int, count: Int) {
    let target = buffer + position
    let source = target - distance
    if distance >= count {
        target.update(from: source, count: count)
    } else if distance == 1 {
        target.update(repeating: source.pointee, count: count)
    } else {
        for index in 0..<count { target[index] = source[index] }
    }
}
