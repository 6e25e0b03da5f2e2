import Foundation
import ShortcutsContent

/// Any JSON value, with objects that keep their keys in order: for the free-form parts of a
/// protocol (JSON Schemas, tool arguments, `params` of methods not known in advance).
///
/// ```swift
/// let schema: JSONValue = ["type": "object", "properties": ["name": ["type": "string"]]]
/// print(schema.text)                              // {"type":"object","properties":{"name":{"type":"string"}}}
/// let parsed = JSONValue(parsing: #"{"id":1}"#)   // .object(["id": .number(1)])
/// ```
///
/// Text is read with ``JSONReader`` and written as ``JSONBridge`` writes content, both keeping key
/// order (Foundation's `JSONSerialization` doesn't on Linux). The `Codable` conformance is for embedding a value in
/// a `Codable` message; a keyed decoder may not report keys in document order.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Parses JSON text; `nil` when it is not exactly one JSON value.
    public init?(parsing text: String) {
        self.init(parsing: Array(text.utf8))
    }

    /// Parses UTF-8 JSON bytes; `nil` when they are not exactly one JSON value.
    public init?(parsing data: Data) {
        self.init(parsing: [UInt8](data))
    }

    private init?(parsing bytes: [UInt8]) {
        var reader = JSONReader(bytes)
        guard let value = try? reader.readValue(), (try? reader.finish()) != nil else { return nil }
        self = value
    }

    /// The value as compact JSON text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The value as compact UTF-8 JSON.
    public var data: Data { Data(bytes) }

    /// The value as compact UTF-8 JSON, written straight from the value (as ``JSONBridge`` writes content).
    public var bytes: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let bool): output += (bool ? "true" : "false").utf8
        case .number(let number): JSONBridge.append(number: number, to: &output)
        case .string(let string): JSONBridge.append(string: string, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, (key, value)) in object.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                JSONBridge.append(string: key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    // MARK: Reading parts

    /// The member of an object, or `nil` for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var isNull: Bool { self == .null }
}

/// A JSON object: members in the order they were added, each key once.
public struct JSONObject: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSONValue] = []

    public init() {}

    /// Makes an object from pairs in order; a repeated key keeps its first place and last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
        for (key, value) in pairs { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// Members as they were read, in order; a repeated key keeps its first place and last value,
    /// as with ``init(_:)``, found through a table so a huge object costs linear time.
    init(keys: [String], values: [JSONValue]) {
        var places: [String: Int] = [:]
        places.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            if let place = places[key] {
                self.values[place] = value
            } else {
                places[key] = self.keys.count
                self.keys.append(key)
                self.values.append(value)
            }
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for a key; setting `nil` removes the key.
    ///
    /// - Complexity: O(n) in the number of members; protocol objects are small.
    public subscript(key: String) -> JSONValue? {
        get { keys.firstIndex(of: key).map { values[$0] } }
        set {
            if let position = keys.firstIndex(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    public func makeIterator() -> Zip2Sequence<[String], [JSONValue]>.Iterator {
        zip(keys, values).makeIterator()
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: Codable {
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: MemberKey.self) {
            var object = JSONObject()
            for key in container.allKeys { object[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
            self = .object(object)
        } else if var container = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !container.isAtEnd { items.append(try container.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in object { try container.encode(value, forKey: MemberKey(stringValue: key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .number(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        }
    }
}

extension JSONReader {
    /// Any value, as a ``JSONValue`` (for the free-form parts of a message).
    public mutating func readValue() throws(Failure) -> JSONValue {
        switch nextValueStart() {
        case UInt8(ascii: "{"):
            var keys: [String] = []
            var values: [JSONValue] = []
            try readObject { reader, key throws(Failure) in
                keys.append(key)
                values.append(try reader.readValue())
            }
            return .object(JSONObject(keys: keys, values: values))
        case UInt8(ascii: "["):
            var items: [JSONValue] = []
            try readArray { reader throws(Failure) in items.append(try reader.readValue()) }
            return .array(items)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try readBool())
        case UInt8(ascii: "n"):
            try readNull()
            return .null
        default: return .number(try readNumber())
        }
    }
}
