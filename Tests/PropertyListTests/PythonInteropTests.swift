import Foundation
import PropertyList
import Testing

/// Checks the codec against a third party, Python's `plistlib`, in both directions.
@Suite("Interop with Python plistlib", .enabled(if: Python.isAvailable, "python3 with plistlib is not installed"))
struct PythonInteropTests {
    /// Python's fixture value: the same kinds as `everyKind`, spelled in Python.
    static let fixtureScript =
        canonicalPython + """
            import os
            out = sys.argv[1]
            value = {
                'string': 'hello', 'unicode': 'h\\u00e9llo \\u4e2d\\u6587 \\U0001F600', 'empty': '',
                'escapes': '<a href="x">&amp;</a> \\'q\\' \\t\\n',
                'zero': 0, 'b1': 255, 'b2': 256, 'b2max': 65535, 'b4': 65536, 'b4max': 4294967295, 'b8': 4294967296,
                'neg': -1, 'min': -2**63, 'max': 2**63 - 1,
                'pi': 3.141592653589793, 'half': -0.5, 'negzero': -0.0, 'whole': 2.0, 'big': 1e300, 'tiny': 5e-324,
                'inf': float('inf'), 'ninf': float('-inf'), 'nan': float('nan'),
                'true': True, 'false': False,
                'date': datetime.datetime(2019, 6, 3, 12, 30, 45), 'moon': datetime.datetime(1969, 7, 20, 20, 17, 40),
                'data': bytes(range(256)), 'nodata': b'',
                'array': [1, 'two', 3.0, True, [], {}], 'noarray': [], 'nodict': {},
                'nested': {'z': {'y': {'x': [{'w': 'deep'}]}}},
                'repeated': ['s', 's', 7, 7, 7.0, 7.0],
            }
            for i in range(20):
                value['order %d' % (19 - i)] = i
            binary_value = dict(value, uid=plistlib.UID(7), biguid=plistlib.UID(300000), many=list(range(300)))
            with open(os.path.join(out, 'fixture.bplist'), 'wb') as f:
                plistlib.dump(binary_value, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
            with open(os.path.join(out, 'fixture.xml'), 'wb') as f:
                plistlib.dump(value, f, fmt=plistlib.FMT_XML, sort_keys=False)
            print(canon(binary_value))
            print(canon(value))
            """

    @Test("files written by plistlib decode to the same values")
    func decodePythonFixtures() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = try Python.run(Self.fixtureScript, arguments: [directory.path]).split(separator: "\n")
        try #require(lines.count == 2)

        let (binary, binaryFormat) = try PropertyList.decode(Data(contentsOf: directory.appendingPathComponent("fixture.bplist")))
        #expect(binaryFormat == .binary)
        #expect(canonical(binary) == String(lines[0]))
        let (xml, xmlFormat) = try PropertyList.decode(Data(contentsOf: directory.appendingPathComponent("fixture.xml")))
        #expect(xmlFormat == .xml)
        #expect(canonical(xml) == String(lines[1]))

        for value in [binary, xml] {
            #expect(value["unicode"] == "héllo 中文 😀")
            #expect(value["min"] == .integer(.min))
            #expect(value["whole"] == .real(2))
            #expect(value["true"] == true)
            #expect(value["date"] == .date(Date(timeIntervalSinceReferenceDate: 581_257_845)))
            #expect(value["moon"] == .date(Date(timeIntervalSinceReferenceDate: -992_490_140)))
            #expect(value["data"] == .data(Data((0...255).map { UInt8($0) })))
            #expect(value.dictionaryValue?.keys.filter { $0.hasPrefix("order ") } == (0..<20).map { "order \(19 - $0)" })
        }
        #expect(binary["uid"] == .uid(7))
        #expect(binary["biguid"] == .uid(300_000))
    }

    @Test("files written by this codec load in plistlib", arguments: [PropertyListFormat.binary, .xml])
    func pythonReadsOurFiles(format: PropertyListFormat) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ours.plist")
        try PropertyList.encode(everyKind, format: format).write(to: file)
        let script =
            canonicalPython + """
                with open(sys.argv[1], 'rb') as f:
                    print(canon(plistlib.load(f)))
                """
        let output = try Python.run(script, arguments: [file.path])
        #expect(output == canonical(everyKind) + "\n")
    }
}
