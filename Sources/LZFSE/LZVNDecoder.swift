/// Decodes LZVN, the byte-oriented LZ77 code of `bvxn` blocks, used for small inputs.
///
/// Each opcode byte carries a literal count, a match length and a distance (or says to reuse the
/// previous distance), possibly with one or two more bytes; the literals follow the opcode.
struct LZVNDecoder {
    private let input: UnsafePointer<UInt8>
    private let count: Int
    private let output: UnsafeMutablePointer<UInt8>
    private var written: Int
    private let limit: Int
    /// Where decoding stopped, relative to the start of the LZVN data.
    private(set) var position = 0

    init(input: UnsafePointer<UInt8>, count: Int, output: UnsafeMutablePointer<UInt8>, written: Int, limit: Int) {
        self.input = input
        self.count = count
        self.output = output
        self.written = written
        self.limit = limit
    }

    enum Opcode: UInt8 {
        /// `LLMMMDDD DDDDDDDD`: up to 3 literals, a match of 3 to 10, a distance below 2048.
        case smallDistance
        /// `101LLMMM DDDDDDMM DDDDDDDD`: a match of 3 to 34 and a 14-bit distance.
        case mediumDistance
        /// `LLMMM111` then a 16-bit distance.
        case largeDistance
        /// `LLMMM110`: the previous distance.
        case previousDistance
        /// `1111MMMM`: a match of 1 to 15 at the previous distance; `11110000 M` is 16 + M.
        case smallMatch, largeMatch
        /// `1110LLLL`: 1 to 15 literals; `11100000 L` is 16 + L.
        case smallLiteral, largeLiteral
        case nop, endOfStream, undefined
    }

    static let opcodes: [Opcode] = (0...255).map { (byte: Int) -> Opcode in
        switch byte {
        case 0xF0: return .largeMatch
        case 0xF1...0xFF: return .smallMatch
        case 0xE0: return .largeLiteral
        case 0xE1...0xEF: return .smallLiteral
        case 0xD0...0xDF, 0x70...0x7F: return .undefined
        case 0xA0...0xBF: return .mediumDistance
        default: break
        }
        switch byte & 7 {
        case 7: return .largeDistance
        case 6:
            if byte >= 0x40 { return .previousDistance }
            switch byte {
            case 0x06: return .endOfStream
            case 0x0E, 0x16: return .nop
            default: return .undefined
            }
        default: return .smallDistance
        }
    }

    /// Decodes up to the end-of-stream opcode and returns the output position reached, or nil
    /// when the data is malformed (``position`` then says where).
    mutating func run() -> Int? {
        var distance = 0
        return Self.opcodes.withUnsafeBufferPointer { table -> Int? in
            while position < count {
                let opcode = input[position]
                let remaining = count - position
                var literalCount = 0
                var matchLength = 0
                switch table[Int(opcode)] {
                case .smallDistance:
                    guard remaining >= 2 else { return nil }
                    literalCount = Int(opcode >> 6)
                    matchLength = Int((opcode >> 3) & 7) + 3
                    distance = Int(opcode & 7) << 8 | Int(input[position + 1])
                    position += 2
                case .mediumDistance:
                    guard remaining >= 3 else { return nil }
                    let low = Int(input[position + 1])
                    let high = Int(input[position + 2])
                    literalCount = Int((opcode >> 3) & 3)
                    matchLength = (Int(opcode & 7) << 2 | (low & 3)) + 3
                    distance = (high << 8 | low) >> 2
                    position += 3
                case .largeDistance:
                    guard remaining >= 3 else { return nil }
                    literalCount = Int(opcode >> 6)
                    matchLength = Int((opcode >> 3) & 7) + 3
                    distance = Int(input[position + 2]) << 8 | Int(input[position + 1])
                    position += 3
                case .previousDistance:
                    literalCount = Int(opcode >> 6)
                    matchLength = Int((opcode >> 3) & 7) + 3
                    position += 1
                case .smallMatch:
                    matchLength = Int(opcode & 0xF)
                    position += 1
                case .largeMatch:
                    guard remaining >= 2 else { return nil }
                    matchLength = Int(input[position + 1]) + 16
                    position += 2
                case .smallLiteral:
                    literalCount = Int(opcode & 0xF)
                    position += 1
                case .largeLiteral:
                    guard remaining >= 2 else { return nil }
                    literalCount = Int(input[position + 1]) + 16
                    position += 2
                case .nop:
                    position += 1
                    continue
                case .endOfStream:
                    // The opcode is followed by seven bytes of padding.
                    position = min(count, position + 8)
                    return written
                case .undefined:
                    return nil
                }
                if literalCount > 0 {
                    guard literalCount <= count - position, literalCount <= limit - written else { return nil }
                    (output + written).update(from: input + position, count: literalCount)
                    position += literalCount
                    written += literalCount
                }
                if matchLength > 0 {
                    guard distance > 0, distance <= written, matchLength <= limit - written else { return nil }
                    copyMatch(output, at: written, distance: distance, count: matchLength)
                    written += matchLength
                }
            }
            return nil
        }
    }
}
