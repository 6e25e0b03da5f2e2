import FoundationEssentials

/// Reads Apple's `bplist00` format from bytes that may be hostile.
///
/// Every offset, reference and count is checked against the object area (the bytes between
/// the header and the offset table) before it is used. Decoded objects are cached by index,
/// so shared objects are decoded once and a file of objects that reference each other many
/// times over still decodes in time linear in its size; an object met again while it is
/// being decoded is a reference cycle and an error.
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
    private var cache: [PropertyListValue?]
    private var isBeingDecoded: [Bool]

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
        cache = Array(repeating: nil, count: objectCount)
        isBeingDecoded = Array(repeating: false, count: objectCount)
    }

    /// Decodes the top object and everything it references.
    mutating func readTopObject() throws(PropertyListError) -> PropertyListValue {
        try readObject(topObject, depth: 0)
    }

    // MARK: - Objects

    private mutating func readObject(_ index: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        if let cached = cache[index] { return cached }
        let start = try objectStart(index)
        let marker = bytes[start]
        let value: PropertyListValue
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: value = .boolean(false)
            case 0x09: value = .boolean(true)
            case 0x00: throw fail("null objects are not supported", object: index, at: start)
            default: throw fail("unknown object marker 0x\(hex(marker))", object: index, at: start)
            }
        case 0x1: value = .integer(try readInteger(marker, object: index, at: start))
        case 0x2: value = .real(try readReal(marker, object: index, at: start))
        case 0x3:
            guard marker == 0x33 else {
                throw fail("date marker 0x\(hex(marker)) is not 0x33", object: index, at: start)
            }
            try requireBytes(8, from: start + 1, object: index, at: start)
            let bits = Self.readUInt(bytes, at: start + 1, width: 8)
            value = .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)))
        case 0x4:
            let (count, contentStart) = try readCount(marker, unitSize: 1, object: index, at: start)
            value = .data(Data(UnsafeRawBufferPointer(rebasing: bytes[contentStart..<(contentStart + count)])))
        case 0x5:
            let (count, contentStart) = try readCount(marker, unitSize: 1, object: index, at: start)
            let content = UnsafeRawBufferPointer(rebasing: bytes[contentStart..<(contentStart + count)])
            if let nonASCII = content.firstIndex(where: { $0 >= 0x80 }) {
                throw fail(
                    "ASCII string has byte 0x\(hex(content[nonASCII])) at byte \(contentStart + nonASCII)",
                    object: index, at: start)
            }
            value = .string(String(decoding: content, as: UTF8.self))
        case 0x6:
            let (count, contentStart) = try readCount(marker, unitSize: 2, object: index, at: start)
            value = .string(readUTF16BigEndian(count: count, at: contentStart))
        case 0x7:
            let (count, contentStart) = try readCount(marker, unitSize: 1, object: index, at: start)
            let content = UnsafeRawBufferPointer(rebasing: bytes[contentStart..<(contentStart + count)])
            guard let string = String(validating: content, as: UTF8.self) else {
                throw fail("UTF-8 string is not valid UTF-8", object: index, at: start)
            }
            value = .string(string)
        case 0x8:
            let width = Int(marker & 0x0F) + 1
            guard width <= 8 else {
                throw fail("UID of \(width) bytes is wider than 8", object: index, at: start)
            }
            try requireBytes(width, from: start + 1, object: index, at: start)
            value = .uid(Self.readUInt(bytes, at: start + 1, width: width))
        case 0xA:
            value = .array(try readArray(marker, object: index, at: start, depth: depth))
        case 0xB, 0xC:
            throw fail("sets (marker 0x\(hex(marker))) are not supported", object: index, at: start)
        case 0xD:
            value = .dictionary(try readDictionary(marker, object: index, at: start, depth: depth))
        default:
            throw fail("unknown object marker 0x\(hex(marker))", object: index, at: start)
        }
        cache[index] = value
        return value
    }

    private mutating func readArray(
        _ marker: UInt8, object index: Int, at start: Int, depth: Int
    ) throws(PropertyListError) -> [PropertyListValue] {
        let (count, refsStart) = try readCount(marker, unitSize: objectRefSize, object: index, at: start)
        try enterContainer(index, depth: depth, at: start)
        var elements: [PropertyListValue] = []
        elements.reserveCapacity(count)
        for position in 0..<count {
            let ref = try readReference(at: refsStart + position * objectRefSize, object: index, start: start)
            elements.append(try readObject(ref, depth: depth + 1))
        }
        isBeingDecoded[index] = false
        return elements
    }

    private mutating func readDictionary(
        _ marker: UInt8, object index: Int, at start: Int, depth: Int
    ) throws(PropertyListError) -> PropertyListDictionary {
        let (count, keyRefsStart) = try readCount(marker, unitSize: 2 * objectRefSize, object: index, at: start)
        try enterContainer(index, depth: depth, at: start)
        let valueRefsStart = keyRefsStart + count * objectRefSize
        var keys: [String] = []
        var values: [PropertyListValue] = []
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for position in 0..<count {
            let keyRef = try readReference(at: keyRefsStart + position * objectRefSize, object: index, start: start)
            guard case .string(let key) = try readObject(keyRef, depth: depth + 1) else {
                throw fail("key \(position) (object \(keyRef)) is not a string", object: index, at: start)
            }
            let valueRef = try readReference(at: valueRefsStart + position * objectRefSize, object: index, start: start)
            keys.append(key)
            values.append(try readObject(valueRef, depth: depth + 1))
        }
        isBeingDecoded[index] = false
        return PropertyListDictionary(keys: keys, values: values)
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

    /// Decodes `count` big-endian UTF-16 units; the caller has checked they are in bounds.
    /// Unpaired surrogates become U+FFFD, since a Swift `String` cannot hold them.
    private func readUTF16BigEndian(count: Int, at contentStart: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { units in
            for position in 0..<count {
                let byteOffset = contentStart + 2 * position
                units[position] = UInt16(bytes[byteOffset]) << 8 | UInt16(bytes[byteOffset + 1])
            }
            return String(decoding: units, as: UTF16.self)
        }
    }

    // MARK: - Bounds

    /// The start of object `index`, checked to lie in the object area.
    private func objectStart(_ index: Int) throws(PropertyListError) -> Int {
        let entry = objectAreaEnd + index * offsetIntSize
        let offset = Self.readUInt(bytes, at: entry, width: offsetIntSize)
        guard offset >= UInt64(Self.headerLength), offset < UInt64(objectAreaEnd) else {
            throw PropertyListError(
                message: "binary property list, offset table entry \(index) at byte \(entry): object offset \(offset) is outside the object area 8..<\(objectAreaEnd)",
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
            throw fail("object needs \(count) bytes from byte \(position), past the object area ending at byte \(objectAreaEnd)", object: index, at: start)
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
