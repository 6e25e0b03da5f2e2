import FoundationEssentials

/// Reads Apple's `bplist00` format from bytes that may be hostile.
///
/// Every offset, reference and count is checked against the object area (the bytes between
/// the header and the offset table) before it is used. Strings, data and containers are cached
/// by object number, so shared objects are decoded once and a file of objects that reference
/// each other many times over still decodes in time and memory linear in its size; a container
/// met again while it is being decoded is a reference cycle and an error.
///
/// The caches are typed rather than one `[PropertyListValue?]`: `PropertyListValue` holds the
/// resilient `Date` and `Data`, so every copy or test of it goes through runtime calls, and
/// dictionary keys (most of the objects) need never be wrapped in it at all.
struct BinaryPropertyListReader {
    private static let headerLength = 8
    private static let trailerLength = 32

    private let bytes: UnsafeRawBufferPointer
    private let offsetIntSize: Int
    private let objectRefSize: Int
    private let objectCount: Int
    private let topObject: Int
    /// Where the offset table starts; objects must lie entirely before it.
    private let objectAreaEnd: Int
    private var strings: [String?]
    private var arrays: [[PropertyListValue]?]
    private var dictionaries: [PropertyListDictionary?]
    /// Data objects are rare, so they are cached sparsely.
    private var blobs: [Int: Data] = [:]
    private var isBeingDecoded: [Bool]
    /// For each decoded container, how many values it holds counted as a tree (shared objects
    /// counted at every place they appear). Readers walk values as trees, so a file whose
    /// references fan out (an array holding the same array twice, 60 levels deep) is refused
    /// when its tree would exceed ``maximumTreeSize``.
    private var treeSizes: [Int]
    private let maximumTreeSize: Int

    /// Whether the bytes start with `bplist`, the magic of every binary property list version.
    static func hasBinaryMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.starts(with: "bplist".utf8)
    }

    /// Validates the header and trailer.
    init(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) {
        self.bytes = bytes
        guard bytes.starts(with: "bplist00".utf8) else {
            let version = String(decoding: bytes.prefix(8).dropFirst(6), as: UTF8.self)
            throw PropertyListError(
                message: "binary property list: version \"\(version)\" is not supported (only bplist00)",
                offset: 6)
        }
        let minimumLength = Self.headerLength + 1 + 1 + Self.trailerLength
        guard bytes.count >= minimumLength else {
            throw PropertyListError(
                message: "binary property list: file is \(bytes.count) bytes, too short for a header, one object and the 32-byte trailer",
                offset: bytes.count)
        }
        let trailer = bytes.count - Self.trailerLength
        func fail(_ message: String, at offset: Int) -> PropertyListError {
            PropertyListError(message: "binary property list, trailer at byte \(trailer): \(message)", offset: offset)
        }
        offsetIntSize = Int(bytes[trailer + 6])
        objectRefSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetIntSize) else {
            throw fail("offset size \(offsetIntSize) is not 1 to 8 bytes", at: trailer + 6)
        }
        guard (1...8).contains(objectRefSize) else {
            throw fail("object reference size \(objectRefSize) is not 1 to 8 bytes", at: trailer + 7)
        }
        let rawCount = Self.readUInt(bytes, at: trailer + 8, width: 8)
        let rawTop = Self.readUInt(bytes, at: trailer + 16, width: 8)
        let rawTableOffset = Self.readUInt(bytes, at: trailer + 24, width: 8)
        guard rawTableOffset >= UInt64(Self.headerLength + 1), rawTableOffset < UInt64(trailer) else {
            throw fail("offset table position \(rawTableOffset) is outside the object area 9..<\(trailer)", at: trailer + 24)
        }
        objectAreaEnd = Int(rawTableOffset)
        let tableRoom = UInt64(trailer - objectAreaEnd) / UInt64(offsetIntSize)
        guard rawCount >= 1, rawCount <= tableRoom else {
            throw fail(
                "object count \(rawCount) does not fit the \(trailer - objectAreaEnd)-byte offset table of \(offsetIntSize)-byte entries",
                at: trailer + 8)
        }
        objectCount = Int(rawCount)
        guard rawTop < rawCount else {
            throw fail("top object \(rawTop) is not below the object count \(rawCount)", at: trailer + 16)
        }
        topObject = Int(rawTop)
        strings = Array(repeating: nil, count: objectCount)
        arrays = Array(repeating: nil, count: objectCount)
        dictionaries = Array(repeating: nil, count: objectCount)
        isBeingDecoded = Array(repeating: false, count: objectCount)
        treeSizes = Array(repeating: 1, count: objectCount)
        maximumTreeSize = max(1 << 20, 16 * bytes.count)
    }

    /// Decodes the top object and everything it references.
    mutating func readTopObject() throws(PropertyListError) -> PropertyListValue {
        try readObject(topObject, depth: 0)
    }

    // MARK: - Objects

    private mutating func readObject(_ index: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        let start = try objectStart(index)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .boolean(false)
            case 0x09: return .boolean(true)
            case 0x00: throw fail("null objects are not supported", object: index, at: start)
            default: throw fail("unknown object marker 0x\(hex(marker))", object: index, at: start)
            }
        case 0x1: return .integer(try readInteger(marker, object: index, at: start))
        case 0x2: return .real(try readReal(marker, object: index, at: start))
        case 0x3:
            guard marker == 0x33 else {
                throw fail("date marker 0x\(hex(marker)) is not 0x33", object: index, at: start)
            }
            try requireBytes(8, from: start + 1, object: index, at: start)
            let bits = Self.readUInt(bytes, at: start + 1, width: 8)
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)))
        case 0x4:
            if let cached = blobs[index] { return .data(cached) }
            let (count, contentStart) = try readCount(marker, unitSize: 1, object: index, at: start)
            let data = Data(UnsafeRawBufferPointer(rebasing: bytes[contentStart..<(contentStart + count)]))
            blobs[index] = data
            return .data(data)
        case 0x5, 0x6, 0x7:
            return .string(try readString(index, marker: marker, at: start))
        case 0x8:
            let width = Int(marker & 0x0F) + 1
            guard width <= 8 else {
                throw fail("UID of \(width) bytes is wider than 8", object: index, at: start)
            }
            try requireBytes(width, from: start + 1, object: index, at: start)
            return .uid(Self.readUInt(bytes, at: start + 1, width: width))
        case 0xA:
            return .array(try readArray(index, marker: marker, at: start, depth: depth))
        case 0xB, 0xC:
            throw fail("sets (marker 0x\(hex(marker))) are not supported", object: index, at: start)
        case 0xD:
            return .dictionary(try readDictionary(index, marker: marker, at: start, depth: depth))
        default:
            throw fail("unknown object marker 0x\(hex(marker))", object: index, at: start)
        }
    }

    private mutating func readArray(
        _ index: Int, marker: UInt8, at start: Int, depth: Int
    ) throws(PropertyListError) -> [PropertyListValue] {
        if let cached = arrays[index] { return cached }
        let (count, refsStart) = try readCount(marker, unitSize: objectRefSize, object: index, at: start)
        try enterContainer(index, depth: depth, at: start)
        var elements: [PropertyListValue] = []
        elements.reserveCapacity(count)
        for position in 0..<count {
            let ref = try readReference(at: refsStart + position * objectRefSize, object: index, start: start)
            elements.append(try readObject(ref, depth: depth + 1))
            try grow(index, by: treeSizes[ref], at: start)
        }
        isBeingDecoded[index] = false
        arrays[index] = elements
        return elements
    }

    private mutating func readDictionary(
        _ index: Int, marker: UInt8, at start: Int, depth: Int
    ) throws(PropertyListError) -> PropertyListDictionary {
        if let cached = dictionaries[index] { return cached }
        let (count, keyRefsStart) = try readCount(marker, unitSize: 2 * objectRefSize, object: index, at: start)
        try enterContainer(index, depth: depth, at: start)
        let valueRefsStart = keyRefsStart + count * objectRefSize
        var keys: [String] = []
        var values: [PropertyListValue] = []
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for position in 0..<count {
            let keyRef = try readReference(at: keyRefsStart + position * objectRefSize, object: index, start: start)
            let keyStart = try objectStart(keyRef)
            let keyMarker = bytes[keyStart]
            guard (0x5...0x7).contains(keyMarker >> 4) else {
                throw fail("key \(position) (object \(keyRef), marker 0x\(hex(keyMarker))) is not a string", object: index, at: start)
            }
            keys.append(try readString(keyRef, marker: keyMarker, at: keyStart))
            let valueRef = try readReference(at: valueRefsStart + position * objectRefSize, object: index, start: start)
            values.append(try readObject(valueRef, depth: depth + 1))
            try grow(index, by: treeSizes[valueRef] + 1, at: start)
        }
        isBeingDecoded[index] = false
        let dictionary = PropertyListDictionary(keys: keys, values: values)
        dictionaries[index] = dictionary
        return dictionary
    }

    /// Reads a string object (marker 0x5, 0x6 or 0x7), once per object.
    private mutating func readString(_ index: Int, marker: UInt8, at start: Int) throws(PropertyListError) -> String {
        if let cached = strings[index] { return cached }
        let string: String
        switch marker >> 4 {
        case 0x5:
            let (count, contentStart) = try readCount(marker, unitSize: 1, object: index, at: start)
            let content = UnsafeRawBufferPointer(rebasing: bytes[contentStart..<(contentStart + count)])
            if let nonASCII = content.firstIndex(where: { $0 >= 0x80 }) {
                throw fail(
                    "ASCII string has byte 0x\(hex(content[nonASCII])) at byte \(contentStart + nonASCII)",
                    object: index, at: start)
            }
            string = String(decoding: content, as: UTF8.self)
        case 0x6:
            let (count, contentStart) = try readCount(marker, unitSize: 2, object: index, at: start)
            string = Self.decodeUTF16BigEndian(UnsafeRawBufferPointer(rebasing: bytes[contentStart..<(contentStart + 2 * count)]))
        default:
            let (count, contentStart) = try readCount(marker, unitSize: 1, object: index, at: start)
            let content = UnsafeRawBufferPointer(rebasing: bytes[contentStart..<(contentStart + count)])
            guard let valid = String(validating: content, as: UTF8.self) else {
                throw fail("UTF-8 string is not valid UTF-8", object: index, at: start)
            }
            string = valid
        }
        strings[index] = string
        return string
    }

    /// Adds a child's tree size to a container's, refusing trees past the limit.
    private mutating func grow(_ index: Int, by childSize: Int, at start: Int) throws(PropertyListError) {
        let (size, overflow) = treeSizes[index].addingReportingOverflow(childSize)
        guard !overflow, size <= maximumTreeSize else {
            throw fail(
                "shared references expand to more than \(maximumTreeSize) values (a reference bomb)",
                object: index, at: start)
        }
        treeSizes[index] = size
    }

    /// Marks a container as being decoded, refusing cycles and too-deep nesting.
    private mutating func enterContainer(_ index: Int, depth: Int, at start: Int) throws(PropertyListError) {
        guard !isBeingDecoded[index] else {
            throw fail("object references itself (a reference cycle)", object: index, at: start)
        }
        guard depth < PropertyList.maximumDepth else {
            throw fail("containers nest deeper than \(PropertyList.maximumDepth) levels", object: index, at: start)
        }
        isBeingDecoded[index] = true
    }

    // MARK: - Scalars

    private func readInteger(_ marker: UInt8, object index: Int, at start: Int) throws(PropertyListError) -> Int64 {
        let exponent = Int(marker & 0x0F)
        guard exponent <= 4 else {
            throw fail("integer of 2^\(exponent) bytes is not supported", object: index, at: start)
        }
        let width = 1 << exponent
        try requireBytes(width, from: start + 1, object: index, at: start)
        switch width {
        case 1, 2, 4:
            return Int64(Self.readUInt(bytes, at: start + 1, width: width))
        case 8:
            return Int64(bitPattern: Self.readUInt(bytes, at: start + 1, width: 8))
        default:
            // 16 bytes: a 128-bit two's-complement integer; keep it only if it fits in 64 bits.
            let high = Self.readUInt(bytes, at: start + 1, width: 8)
            let low = Int64(bitPattern: Self.readUInt(bytes, at: start + 9, width: 8))
            guard (high == 0 && low >= 0) || (high == .max && low < 0) else {
                throw fail("128-bit integer does not fit in a signed 64-bit integer", object: index, at: start)
            }
            return low
        }
    }

    private func readReal(_ marker: UInt8, object index: Int, at start: Int) throws(PropertyListError) -> Double {
        switch marker {
        case 0x22:
            try requireBytes(4, from: start + 1, object: index, at: start)
            return Double(Float(bitPattern: UInt32(Self.readUInt(bytes, at: start + 1, width: 4))))
        case 0x23:
            try requireBytes(8, from: start + 1, object: index, at: start)
            return Double(bitPattern: Self.readUInt(bytes, at: start + 1, width: 8))
        default:
            throw fail("real of marker 0x\(hex(marker)) is not 4 or 8 bytes", object: index, at: start)
        }
    }

    /// Transcodes big-endian UTF-16 to a `String` in one pass. Unpaired surrogates become
    /// U+FFFD, since a Swift `String` cannot hold them.
    private static func decodeUTF16BigEndian(_ content: UnsafeRawBufferPointer) -> String {
        let unitCount = content.count / 2
        // Each unit gives at most 3 UTF-8 bytes (a surrogate pair gives 4 for 2 units).
        return String(unsafeUninitializedCapacity: unitCount * 3) { utf8 in
            var written = 0
            func put(_ byte: UInt32) {
                utf8[written] = UInt8(truncatingIfNeeded: byte)
                written += 1
            }
            var position = 0
            while position < unitCount {
                let unit = UInt32(content[2 * position]) << 8 | UInt32(content[2 * position + 1])
                position += 1
                if unit < 0x80 {
                    put(unit)
                } else if unit < 0x800 {
                    put(0xC0 | unit >> 6)
                    put(0x80 | unit & 0x3F)
                } else if unit & 0xF800 != 0xD800 {
                    put(0xE0 | unit >> 12)
                    put(0x80 | unit >> 6 & 0x3F)
                    put(0x80 | unit & 0x3F)
                } else if unit < 0xDC00, position < unitCount,
                    case let low = UInt32(content[2 * position]) << 8 | UInt32(content[2 * position + 1]),
                    low & 0xFC00 == 0xDC00
                {
                    position += 1
                    let scalar = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
                    put(0xF0 | scalar >> 18)
                    put(0x80 | scalar >> 12 & 0x3F)
                    put(0x80 | scalar >> 6 & 0x3F)
                    put(0x80 | scalar & 0x3F)
                } else {
                    put(0xEF)
                    put(0xBF)
                    put(0xBD)
                }
            }
            return written
        }
    }

    // MARK: - Bounds

    /// The start of object `index`, checked to lie in the object area.
    private func objectStart(_ index: Int) throws(PropertyListError) -> Int {
        let entry = objectAreaEnd + index * offsetIntSize
        let offset = Self.readUInt(bytes, at: entry, width: offsetIntSize)
        guard offset >= UInt64(Self.headerLength), offset < UInt64(objectAreaEnd) else {
            throw PropertyListError(
                message:
                    "binary property list, offset table entry \(index) at byte \(entry): object offset \(offset) is outside the object area 8..<\(objectAreaEnd)",
                offset: entry)
        }
        return Int(offset)
    }

    /// Reads an object reference and checks it names an object.
    private func readReference(at position: Int, object index: Int, start: Int) throws(PropertyListError) -> Int {
        let ref = Self.readUInt(bytes, at: position, width: objectRefSize)
        guard ref < UInt64(objectCount) else {
            throw fail("reference \(ref) at byte \(position) is not below the object count \(objectCount)", object: index, at: start)
        }
        return Int(ref)
    }

    /// Reads a container or blob length: the marker's low nibble, or an integer object after
    /// it when the nibble is 0xF. Checks that `count * unitSize` bytes follow in the object area.
    private func readCount(
        _ marker: UInt8, unitSize: Int, object index: Int, at start: Int
    ) throws(PropertyListError) -> (count: Int, contentStart: Int) {
        var count = Int(marker & 0x0F)
        var contentStart = start + 1
        if count == 0x0F {
            try requireBytes(1, from: start + 1, object: index, at: start)
            let countMarker = bytes[start + 1]
            guard countMarker >> 4 == 0x1, countMarker & 0x0F <= 3 else {
                throw fail("length marker 0x\(hex(countMarker)) is not a 1, 2, 4 or 8-byte integer", object: index, at: start)
            }
            let width = 1 << Int(countMarker & 0x0F)
            try requireBytes(width, from: start + 2, object: index, at: start)
            let rawCount = Self.readUInt(bytes, at: start + 2, width: width)
            guard rawCount <= UInt64(objectAreaEnd) else {
                throw fail("length \(rawCount) is larger than the file", object: index, at: start)
            }
            count = Int(rawCount)
            contentStart = start + 2 + width
        }
        guard contentStart <= objectAreaEnd, count <= (objectAreaEnd - contentStart) / unitSize else {
            throw fail(
                "length \(count) (\(unitSize)-byte units from byte \(contentStart)) runs past the object area ending at byte \(objectAreaEnd)",
                object: index, at: start)
        }
        return (count, contentStart)
    }

    /// Checks that `count` bytes starting at `position` lie in the object area.
    private func requireBytes(_ count: Int, from position: Int, object index: Int, at start: Int) throws(PropertyListError) {
        guard position <= objectAreaEnd, count <= objectAreaEnd - position else {
            throw fail(
                "object needs \(count) bytes from byte \(position), past the object area ending at byte \(objectAreaEnd)", object: index,
                at: start)
        }
    }

    /// Reads a big-endian unsigned integer of 1 to 8 bytes; the caller has checked the bounds.
    private static func readUInt(_ bytes: UnsafeRawBufferPointer, at position: Int, width: Int) -> UInt64 {
        var result: UInt64 = 0
        for byteOffset in position..<(position + width) {
            result = result << 8 | UInt64(bytes[byteOffset])
        }
        return result
    }

    private func fail(_ message: String, object index: Int, at start: Int) -> PropertyListError {
        PropertyListError(message: "binary property list, object \(index) at byte \(start): \(message)", offset: start)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }
}
