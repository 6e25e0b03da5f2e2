import Foundation
import PropertyList

/// A value with every kind of property-list value in it, including the awkward ones.
let everyKind: PropertyListValue = [
    "string": "hello",
    "unicode": "héllo wörld — 中文 😀 👩‍👩‍👧",
    "empty string": "",
    "escapes": "<tag attr=\"x\"> & 'y' ]]> \t\n\r\n end",
    "zero": 0,
    "one byte": 255,
    "two bytes": 256,
    "four bytes": 65_536,
    "eight bytes": 4_294_967_296,
    "max": .integer(.max),
    "min": .integer(.min),
    "minus one": -1,
    "pi": 3.141592653589793,
    "negative real": -0.5,
    "negative zero": .real(-0.0),
    "whole real": 2.0,
    "huge real": 1e300,
    "tiny real": .real(.leastNonzeroMagnitude),
    "infinity": .real(.infinity),
    "minus infinity": .real(-.infinity),
    "nan": .real(.nan),
    "true": true,
    "false": false,
    "date": .date(Date(timeIntervalSinceReferenceDate: 581_344_245)),
    "old date": .date(Date(timeIntervalSinceReferenceDate: -1_000_000_000)),
    "data": .data(Data((0...255).map { UInt8($0) })),
    "empty data": .data(Data()),
    "array": [1, "two", 3.0, true, [], [:]],
    "empty array": [],
    "empty dictionary": [:],
    "nested": ["z": ["y": ["x": [["w": "deep"]]]]],
    "uid": .uid(7),
    "big uid": .uid(70_000),
    "": "empty key",
    "repeated": ["hello", "hello", 255, 255, 2.0, 2.0],
]

/// Values nested `depth` arrays deep around a string.
func nestedArrays(depth: Int) -> PropertyListValue {
    var value: PropertyListValue = "core"
    for _ in 0..<depth { value = [value] }
    return value
}

/// An order-sensitive, exact text form of a value, matching `canonicalPython` below.
///
/// Strings and keys are hex UTF-8, reals and dates are the hex bits of the `Double`, so two
/// values have the same text only if they are the same bit for bit and in the same order.
func canonical(_ value: PropertyListValue) -> String {
    func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
    func bits(_ double: Double) -> String {
        hex(withUnsafeBytes(of: double.bitPattern.bigEndian, Array.init))
    }
    switch value {
    case .string(let string): return "s:" + hex(string.utf8)
    case .integer(let integer): return "i:\(integer)"
    case .real(let real): return "r:" + bits(real)
    case .boolean(let boolean): return boolean ? "b:1" : "b:0"
    case .date(let date): return "t:" + bits(date.timeIntervalSinceReferenceDate)
    case .data(let data): return "d:" + hex(data)
    case .uid(let uid): return "u:\(uid)"
    case .array(let elements): return "a[" + elements.map(canonical).joined(separator: ",") + "]"
    case .dictionary(let dictionary):
        return "{" + dictionary.map { hex($0.key.utf8) + "=" + canonical($0.value) }.joined(separator: ",") + "}"
    }
}

/// Python that defines `canon(value)`, the same text form as `canonical(_:)` for plistlib's
/// values. A `{CF$UID: n}` dictionary counts as a UID, as Apple's XML reader treats it.
let canonicalPython = """
    import datetime, plistlib, struct, sys
    def canon(v):
        if isinstance(v, bool): return 'b:1' if v else 'b:0'
        if isinstance(v, int): return 'i:%d' % v
        if isinstance(v, float): return 'r:' + struct.pack('>d', v).hex()
        if isinstance(v, str): return 's:' + v.encode('utf-8').hex()
        if isinstance(v, bytes): return 'd:' + v.hex()
        if isinstance(v, datetime.datetime):
            seconds = (v - datetime.datetime(2001, 1, 1)).total_seconds()
            return 't:' + struct.pack('>d', seconds).hex()
        if isinstance(v, plistlib.UID): return 'u:%d' % v.data
        if isinstance(v, list): return 'a[' + ','.join(canon(x) for x in v) + ']'
        if isinstance(v, dict):
            if list(v.keys()) == ['CF$UID'] and type(v['CF$UID']) is int: return 'u:%d' % v['CF$UID']
            return '{' + ','.join(k.encode('utf-8').hex() + '=' + canon(x) for k, x in v.items()) + '}'
        raise TypeError(type(v))

    """

/// Runs python3 (if there is one) for the interop tests.
enum Python {
    /// Whether `python3` with `plistlib` can be run.
    static let isAvailable: Bool = (try? run("import plistlib")) != nil

    /// Runs a script with arguments; returns its standard output, or throws when it fails.
    static func run(_ script: String, arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonFailure(message: String(decoding: errorData, as: UTF8.self))
        }
        return String(decoding: outputData, as: UTF8.self)
    }

    struct PythonFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { "python3 failed: \(message)" }
    }
}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("PropertyListTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The shared corpus beside the package (`../shared/corpus`), if it is there.
enum Corpus {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/PropertyListTests/
        .deletingLastPathComponent()  // Tests/
        .deletingLastPathComponent()

    static let root: URL = packageRoot.appendingPathComponent("../shared/corpus", isDirectory: true).standardized

    /// Every file in the given corpus folders, sorted; empty when the corpus is absent.
    static func files(in folders: [String]) -> [URL] {
        folders.flatMap { folder -> [URL] in
            let directory = root.appendingPathComponent(folder, isDirectory: true)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.sorted().filter { !$0.hasPrefix(".") }.map { directory.appendingPathComponent($0) }
        }
    }

    static let shortcuts = files(in: ["shortcuts"])
    static let allPropertyLists = files(in: ["shortcuts", "intentdefinitions", "automator"])
}

extension Data {
    /// The bytes of an ASCII or UTF-8 literal, for hand-written fixtures.
    init(_ text: String) {
        self.init(text.utf8)
    }
}
