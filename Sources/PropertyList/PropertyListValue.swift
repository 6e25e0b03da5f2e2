import FoundationEssentials

/// One value of a property list, kept exactly as the file had it.
///
/// Integers, reals and booleans stay distinct cases, dictionaries keep their key order, and
/// keyed-archive UIDs survive a round trip, so decoding and re-encoding loses nothing.
///
/// ```swift
/// let value: PropertyListValue = ["WFWorkflowActions": [], "WFWorkflowClientVersion": "1050.22"]
/// let bytes = PropertyList.encode(value, format: .binary)
/// ```
public enum PropertyListValue: Sendable {
    /// A string (`<string>`, binary markers 0x5, 0x6 and 0x7).
    case string(String)
    /// A signed 64-bit integer (`<integer>`, binary marker 0x1).
    case integer(Int64)
    /// A floating-point number (`<real>`, binary marker 0x2).
    case real(Double)
    /// A boolean (`<true/>`, `<false/>`, binary 0x08 and 0x09).
    case boolean(Bool)
    /// A date, stored as seconds since 2001-01-01 00:00:00 UTC.
    case date(Date)
    /// Raw bytes (`<data>`, binary marker 0x4).
    case data(Data)
    /// An ordered list of values.
    case array([PropertyListValue])
    /// String-keyed values in file order.
    case dictionary(PropertyListDictionary)
    /// A keyed-archive object reference (binary marker 0x8; a `CF$UID` dictionary in XML).
    case uid(UInt64)
}

extension PropertyListValue: Hashable {
    /// Compares case and payload exactly, as the file would have them.
    ///
    /// Strings are equal only with the same Unicode scalars (unlike `String ==`, which also
    /// matches canonically equivalent spellings), and two NaN reals (or NaN dates) count as
    /// equal, so that every value equals itself after a round trip.
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a.hasSameUTF8(as: b)
        case let (.integer(a), .integer(b)): return a == b
        case let (.real(a), .real(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.date(a), .date(b)):
            let x = a.timeIntervalSinceReferenceDate
            let y = b.timeIntervalSinceReferenceDate
            return x == y || (x.isNaN && y.isNaN)
        case let (.data(a), .data(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.dictionary(a), .dictionary(b)): return a == b
        case let (.uid(a), .uid(b)): return a == b
        default: return false
        }
    }

    /// Hashes case and payload, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value): hasher.combine(0 as UInt8); value.hashUTF8(into: &hasher)
        case .integer(let value): hasher.combine(1 as UInt8); hasher.combine(value)
        case .real(let value): hasher.combine(2 as UInt8); hasher.combine(value.isNaN ? .nan : value)
        case .boolean(let value): hasher.combine(3 as UInt8); hasher.combine(value)
        case .date(let value):
            let interval = value.timeIntervalSinceReferenceDate
            hasher.combine(4 as UInt8)
            hasher.combine(interval.isNaN ? .nan : interval)
        case .data(let value): hasher.combine(5 as UInt8); hasher.combine(value)
        case .array(let value): hasher.combine(6 as UInt8); hasher.combine(value)
        case .dictionary(let value): hasher.combine(7 as UInt8); hasher.combine(value)
        case .uid(let value): hasher.combine(8 as UInt8); hasher.combine(value)
        }
    }
}

extension PropertyListValue {
    /// The string, if this is a `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is an `.integer` (reals and booleans give `nil`).
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, if this is an `.integer` or a `.real`.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }

    /// The boolean, if this is a `.boolean` (integers give `nil`).
    public var boolValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The date, if this is a `.date`.
    public var dateValue: Date? {
        if case .date(let value) = self { return value }
        return nil
    }

    /// The bytes, if this is a `.data`.
    public var dataValue: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an `.array`.
    public var arrayValue: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The dictionary, if this is a `.dictionary`.
    public var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The value stored under `key` if this is a `.dictionary`; `nil` otherwise.
    public subscript(key: String) -> PropertyListValue? {
        if case .dictionary(let dictionary) = self { return dictionary[key] }
        return nil
    }
}
