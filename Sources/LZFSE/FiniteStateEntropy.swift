/// Finite state entropy (tANS) decoding: the tables built from a block's frequencies, and the
/// backward bit stream they read.

/// A literal coder's entry: the next state is `delta` plus the next `bits` bits.
struct LiteralEntry {
    var bits: UInt8
    var symbol: UInt8
    var delta: Int16
}

/// A length or distance coder's entry: the state bits, then the value's extra bits.
struct ValueEntry {
    var totalBits: UInt8
    var valueBits: UInt8
    var delta: Int16
    var base: Int32
}

enum EntropyTables {
    /// Extra bits and base value of each literal-length, match-length and distance symbol. Each
    /// symbol's base is the previous one's plus the range its extra bits cover.
    static let literalLengthBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 8]
    static let matchLengthBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 8, 11]
    static let distanceBits: [UInt8] = (0..<64).map { UInt8($0 / 4) }
    static let literalLengthBases = bases(literalLengthBits)
    static let matchLengthBases = bases(matchLengthBits)
    static let distanceBases = bases(distanceBits)

    private static func bases(_ bits: [UInt8]) -> [Int32] {
        var base: Int32 = 0
        return bits.map { width in
            defer { base += 1 << Int32(width) }
            return base
        }
    }

    /// Visits the states each symbol owns: a symbol of frequency `f` owns `f` consecutive states;
    /// the first `j0` of them read `k` bits, the rest `k - 1`, so that every next state falls in
    /// range. `visit(symbol, bits, delta)` is called once a state, in state order.
    @inline(__always)
    private static func spread(
        states: Int, frequencies: ArraySlice<UInt16>, _ visit: (Int, Int, Int) -> Void
    ) {
        let stateZeros = states.leadingZeroBitCount
        for (symbol, f) in frequencies.enumerated() where f != 0 {
            let frequency = Int(f)
            let k = frequency.leadingZeroBitCount - stateZeros
            let j0 = ((2 * states) >> k) - frequency
            for j in 0..<frequency {
                if j < j0 {
                    visit(symbol, k, ((frequency + j) << k) - states)
                } else {
                    visit(symbol, k - 1, (j - j0) << (k - 1))
                }
            }
        }
    }

    /// Fills a literal coder's table (states not owned by any symbol stay zero).
    static func fillLiterals(_ table: inout [LiteralEntry], frequencies: ArraySlice<UInt16>) {
        var state = 0
        table.withUnsafeMutableBufferPointer { entries in
            for index in entries.indices { entries[index] = LiteralEntry(bits: 0, symbol: 0, delta: 0) }
            spread(states: entries.count, frequencies: frequencies) { symbol, bits, delta in
                entries[state] = LiteralEntry(bits: UInt8(bits), symbol: UInt8(symbol), delta: Int16(delta))
                state += 1
            }
        }
    }

    /// Fills a length or distance coder's table.
    static func fillValues(
        _ table: inout [ValueEntry], frequencies: ArraySlice<UInt16>, extraBits: [UInt8], bases: [Int32]
    ) {
        var state = 0
        table.withUnsafeMutableBufferPointer { entries in
            for index in entries.indices { entries[index] = ValueEntry(totalBits: 0, valueBits: 0, delta: 0, base: 0) }
            spread(states: entries.count, frequencies: frequencies) { symbol, bits, delta in
                let extra = extraBits[symbol]
                entries[state] = ValueEntry(
                    totalBits: UInt8(bits) + extra, valueBits: extra, delta: Int16(delta), base: bases[symbol])
                state += 1
            }
        }
    }
}

/// A bit stream read from its end towards its start, 64 bits at a time, most significant bits
/// first. The encoder wrote it forwards and flushed whole bytes, so the first word read may have
/// up to 7 unused high bits.
struct BackwardBitStream {
    private var accumulator: UInt64
    private var count: Int
    private var position: UnsafePointer<UInt8>
    private let start: UnsafePointer<UInt8>

    /// Opens the stream `[start, end)`; `unusedBits` (0 to -7) is the header's padding count.
    init?(start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, unusedBits: Int) {
        self.start = start
        if unusedBits != 0 {
            guard end - start >= 8 else { return nil }
            position = end - 8
            accumulator = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            count = unusedBits + 64
        } else {
            guard end - start >= 7 else { return nil }
            position = end - 7
            var word: UInt64 = 0
            for index in 0..<7 { word |= UInt64(position[index]) << UInt64(8 * index) }
            accumulator = word
            count = 56
        }
        guard count >= 56, count < 64, accumulator >> UInt64(count) == 0 else { return nil }
    }

    /// Refills whole bytes so that at least 56 bits are ready; false when the stream's start is passed.
    @inline(__always)
    mutating func refill() -> Bool {
        let bits = (63 - count) & ~7
        let bytes = bits >> 3
        guard position - start >= bytes else { return false }
        if bytes > 0 {
            // The stream opened at most 7 bytes before its end, so 8 bytes from here stay inside it;
            // the bytes past the new ones are masked off.
            position -= bytes
            let word = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            accumulator = (accumulator &<< UInt64(bits)) | (word & ~(UInt64.max &<< UInt64(bits)))
            count += bits
        }
        return true
    }

    /// Takes the next `width` bits (at most 56 after a refill).
    @inline(__always)
    mutating func take(_ width: Int) -> UInt64 {
        count -= width
        let value = accumulator &>> UInt64(count)
        accumulator &= ~(UInt64.max &<< UInt64(count))
        return value
    }
}
