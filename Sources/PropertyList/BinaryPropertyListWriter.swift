import FoundationEssentials

/// Writes Apple's `bplist00` format.
///
/// Like Apple's writer it first flattens the value into a numbered object table (the value,
/// then for a dictionary all its keys and then all its values, depth first), sharing one object
/// for equal scalars, and then picks the smallest reference and offset sizes that fit.
enum BinaryPropertyListWriter {
    /// Encodes a value as a complete `bplist00` file.
    static func encode(_ value: PropertyListValue) -> [UInt8] {
        var table = ObjectTable()
        _ = table.add(value)
        return table.serialize()
    }
}

/// The flattened objects of one file, in reference order.
private struct ObjectTable {
    enum Object {
        case scalar(PropertyListValue)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// What makes two scalars the same object: bit-exact, so `0.0` and `-0.0` stay apart,
    /// and so do canonically equivalent but differently spelled strings.
    enum ScalarKey: Hashable {
        case string(LiteralString)
        case integer(Int64)
        case real(UInt64)
        case boolean(Bool)
        case date(UInt64)
        case data(Data)
        case uid(UInt64)
    }

    private var objects: [Object] = []
    private var scalarIndex: [ScalarKey: Int] = [:]

    /// Adds a value and everything in it, returning the value's object number.
    mutating func add(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements):
            let index = reserve()
            let refs = elements.map { add($0) }
            objects[index] = .array(refs)
            return index
        case .dictionary(let dictionary):
            let index = reserve()
            let keyRefs = dictionary.keys.map { addScalar(.string($0), key: .string(LiteralString($0))) }
            let valueRefs = dictionary.values.map { add($0) }
            objects[index] = .dictionary(keys: keyRefs, values: valueRefs)
            return index
        case .string(let string): return addScalar(value, key: .string(LiteralString(string)))
        case .integer(let integer): return addScalar(value, key: .integer(integer))
        case .real(let real): return addScalar(value, key: .real(real.bitPattern))
        case .boolean(let boolean): return addScalar(value, key: .boolean(boolean))
        case .date(let date): return addScalar(value, key: .date(date.timeIntervalSinceReferenceDate.bitPattern))
        case .data(let data): return addScalar(value, key: .data(data))
        case .uid(let uid): return addScalar(value, key: .uid(uid))
        }
    }

    private mutating func reserve() -> Int {
        objects.append(.array([]))
        return objects.count - 1
    }

    private mutating func addScalar(_ value: PropertyListValue, key: ScalarKey) -> Int {
        if let existing = scalarIndex[key] { return existing }
        objects.append(.scalar(value))
        scalarIndex[key] = objects.count - 1
        return objects.count - 1
    }

    /// Writes header, objects, offset table and trailer.
    func serialize() -> [UInt8] {
        var out = BinaryOutput()
        out.bytes.append(contentsOf: "bplist00".utf8)
        let refSize = BinaryOutput.byteWidth(for: UInt64(objects.count - 1))
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.bytes.count)
            switch object {
            case .scalar(let value): out.appendScalar(value)
            case .array(let refs):
                out.appendHeader(0xA, count: refs.count)
                for ref in refs { out.appendBigEndian(UInt64(ref), width: refSize) }
            case .dictionary(let keys, let values):
                out.appendHeader(0xD, count: keys.count)
                for ref in keys { out.appendBigEndian(UInt64(ref), width: refSize) }
                for ref in values { out.appendBigEndian(UInt64(ref), width: refSize) }
            }
        }
        let tableOffset = out.bytes.count
        let offsetSize = BinaryOutput.byteWidth(for: UInt64(tableOffset))
        for offset in offsets { out.appendBigEndian(UInt64(offset), width: offsetSize) }
        out.bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
        out.appendBigEndian(UInt64(objects.count), width: 8)
        out.appendBigEndian(0, width: 8)  // the top object is always object 0
        out.appendBigEndian(UInt64(tableOffset), width: 8)
        return out.bytes
    }
}

/// The growing bytes of a binary property list.
private struct BinaryOutput {
    var bytes: [UInt8] = []

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    static func byteWidth(for value: UInt64) -> Int {
        switch value {
        case ..<0x100: return 1
        case ..<0x1_0000: return 2
        case ..<0x1_0000_0000: return 4
        default: return 8
        }
    }

    mutating func appendBigEndian(_ value: UInt64, width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// An integer object: 1, 2 or 4 bytes unsigned when it fits, else 8 bytes signed.
    mutating func appendInteger(_ value: Int64) {
        let width = value < 0 ? 8 : Self.byteWidth(for: UInt64(value))
        bytes.append(0x10 | UInt8(width.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: value), width: width)
    }

    /// A marker with its length in the low nibble, or 0xF and an integer object after it.
    mutating func appendHeader(_ kind: UInt8, count: Int) {
        if count < 0x0F {
            bytes.append(kind << 4 | UInt8(count))
        } else {
            bytes.append(kind << 4 | 0x0F)
            appendInteger(Int64(count))
        }
    }

    mutating func appendScalar(_ value: PropertyListValue) {
        switch value {
        case .string(let string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                appendHeader(0x5, count: string.utf8.count)
                bytes.append(contentsOf: string.utf8)
            } else {
                appendHeader(0x6, count: string.utf16.count)
                for unit in string.utf16 { appendBigEndian(UInt64(unit), width: 2) }
            }
        case .integer(let integer):
            appendInteger(integer)
        case .real(let real):
            bytes.append(0x23)
            appendBigEndian(real.bitPattern, width: 8)
        case .boolean(let boolean):
            bytes.append(boolean ? 0x09 : 0x08)
        case .date(let date):
            bytes.append(0x33)
            appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, width: 8)
        case .data(let data):
            appendHeader(0x4, count: data.count)
            bytes.append(contentsOf: data)
        case .uid(let uid):
            let width = Self.byteWidth(for: uid)
            bytes.append(0x80 | UInt8(width - 1))
            appendBigEndian(uid, width: width)
        case .array, .dictionary:
            preconditionFailure("containers are written by ObjectTable.serialize")
        }
    }
}
