import Foundation
import PropertyList
import Testing

@Suite("XML format details")
struct XMLFormatTests {
    func decodeXML(_ text: String) throws -> PropertyListValue {
        let (value, format) = try PropertyList.decode(Data(text))
        #expect(format == .xml)
        return value
    }

    func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """
    }

    @Test("the writer uses Apple's layout")
    func writerLayout() {
        let value: PropertyListValue = [
            "name": "a < b & c > d", "count": 3, "ratio": 0.5, "on": true, "off": false,
            "when": .date(Date(timeIntervalSinceReferenceDate: 0)), "bytes": .data(Data("hi")),
            "list": [1, [], [:]], "ref": .uid(2),
        ]
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>name</key>
            \t<string>a &lt; b &amp; c &gt; d</string>
            \t<key>count</key>
            \t<integer>3</integer>
            \t<key>ratio</key>
            \t<real>0.5</real>
            \t<key>on</key>
            \t<true/>
            \t<key>off</key>
            \t<false/>
            \t<key>when</key>
            \t<date>2001-01-01T00:00:00Z</date>
            \t<key>bytes</key>
            \t<data>
            \taGk=
            \t</data>
            \t<key>list</key>
            \t<array>
            \t\t<integer>1</integer>
            \t\t<array/>
            \t\t<dict/>
            \t</array>
            \t<key>ref</key>
            \t<dict>
            \t\t<key>CF$UID</key>
            \t\t<integer>2</integer>
            \t</dict>
            </dict>
            </plist>

            """
        #expect(String(decoding: PropertyList.encode(value, format: .xml), as: UTF8.self) == expected)
    }

    @Test("long data wraps and reads back")
    func dataWrapping() throws {
        let data = Data((0..<1_000).map { UInt8($0 % 251) })
        let xml = String(decoding: PropertyList.encode(["d": .data(data)], format: .xml), as: UTF8.self)
        let lines = xml.split(separator: "\n").filter { !$0.contains("<") }
        #expect(lines.allSatisfy { $0.count <= 70 })
        #expect(try decodeXML(xml)["d"] == .data(data))
    }

    @Test("entities, character references and CDATA")
    func entities() throws {
        let value = try decodeXML(
            plist(
                """
                <array>
                <string>&amp;&lt;&gt;&quot;&apos; &#65;&#x42;&#x1F600; &#13;</string>
                <string><![CDATA[<not a tag> & stays]]> and after</string>
                <string>a<!-- comment -->b</string>
                </array>
                """))
        #expect(value == ["&<>\"' AB😀 \r", "<not a tag> & stays and after", "ab"])
    }

    @Test("whitespace inside strings is kept exactly")
    func whitespaceKept() throws {
        let value = try decodeXML(plist("<string>  two\n\tlines  </string>"))
        #expect(value == "  two\n\tlines  ")
    }

    @Test("self-closing elements, comments anywhere, attributes and a bare root")
    func syntaxVariants() throws {
        let value = try decodeXML(
            """
            <!-- before --><?xml version="1.0"?>
            <!DOCTYPE plist [ <!ENTITY x "y"> ]>
            <plist version="1.0"><!-- inside -->
            <dict ignored="a>b">
              <key/><string/>
              <!-- between -->
              <key>d</key><dict/>
              <key>a</key><array/>
              <key>data</key><data/>
              <key>t</key><true></true>
              <key>f</key><false/>
            </dict>
            </plist>
            <!-- after -->
            """)
        #expect(value == ["": "", "d": [:], "a": [], "data": .data(Data()), "t": true, "f": false])
        #expect(try decodeXML("<array><integer>1</integer></array>") == [1])
        #expect(try decodeXML("\u{FEFF}<string>bom</string>") == "bom")
    }

    @Test("integers: signs, hexadecimal, surrounding whitespace, limits")
    func integers() throws {
        let value = try decodeXML(
            plist(
                """
                <array>
                <integer>+12</integer><integer>-12</integer><integer>0x1F</integer><integer>0XfF</integer>
                <integer>-0x10</integer><integer> 7 </integer>
                <integer>9223372036854775807</integer><integer>-9223372036854775808</integer>
                </array>
                """))
        #expect(value == [12, -12, 31, 255, -16, 7, .integer(.max), .integer(.min)])
        for bad in ["", "1.5", "9223372036854775808", "-9223372036854775809", "0x", "12a", "--1", "1 2"] {
            #expect(throws: PropertyListError.self, "\(bad)") {
                try decodeXML(plist("<integer>\(bad)</integer>"))
            }
        }
    }

    @Test("reals: special spellings and exponents")
    func reals() throws {
        let value = try decodeXML(
            plist(
                """
                <array>
                <real>nan</real><real>+infinity</real><real>-infinity</real><real>inf</real><real>-INF</real>
                <real>1</real><real>-2.5e3</real><real>1e-05</real><real> .5 </real><real>NaN</real>
                </array>
                """))
        let reals = (value.arrayValue ?? []).compactMap(\.doubleValue)
        #expect(reals.count == 10 && reals[0].isNaN && reals[9].isNaN)
        #expect(Array(reals[1...8]) == [.infinity, -.infinity, .infinity, -.infinity, 1, -2500, 0.00001, 0.5])
        for bad in ["", "abc", "1.2.3x", "0x1p3", "infinit"] {
            #expect(throws: PropertyListError.self, "\(bad)") { try decodeXML(plist("<real>\(bad)</real>")) }
        }
    }

    @Test("dates: hand-parsed ISO 8601 in UTC")
    func dates() throws {
        let cases: [(String, Double)] = [
            ("2001-01-01T00:00:00Z", 0),
            ("2000-02-29T12:00:00Z", -26_481_600),
            ("1970-01-01T00:00:00Z", -978_307_200),
            ("2019-06-03T12:30:45Z", 581_257_845),
            ("0001-01-01T00:00:00Z", -63_113_904_000),
            ("2001-01-01T00:00:00.25Z", 0.25),
        ]
        for (text, interval) in cases {
            #expect(try decodeXML(plist("<date>\(text)</date>")) == .date(Date(timeIntervalSinceReferenceDate: interval)), "\(text)")
        }
        for bad in [
            "2001-02-29T00:00:00Z", "2001-13-01T00:00:00Z", "2001-01-01T24:00:00Z", "2001-01-01 00:00:00Z",
            "2001-01-01T00:00:00", "yesterday", "2001-01-01T00:00:00.Z",
        ] {
            #expect(throws: PropertyListError.self, "\(bad)") { try decodeXML(plist("<date>\(bad)</date>")) }
        }
    }

    @Test("base64 with whitespace and line breaks")
    func base64() throws {
        let value = try decodeXML(plist("<data>\n\taGVs\n\tbG8g\r\n d29y bGQ=\n</data>"))
        #expect(value == .data(Data("hello world")))
        #expect(try decodeXML(plist("<data>YQ</data>")) == .data(Data("a")))
        for bad in ["a", "aGk=x", "a$b=", "=abc", "aGk==="] {
            #expect(throws: PropertyListError.self, "\(bad)") { try decodeXML(plist("<data>\(bad)</data>")) }
        }
    }

    @Test("a CF$UID dictionary reads as a UID")
    func uidDictionary() throws {
        let value = try decodeXML(plist("<array><dict><key>CF$UID</key><integer>12</integer></dict></array>"))
        #expect(value == [.uid(12)])
    }

    @Test("errors say what was expected and on which line")
    func errorMessages() throws {
        let text = "<plist>\n<dict>\n<key>a</key>\n<strin>b</strin>\n</dict>\n</plist>"
        let error = try #require(throws: PropertyListError.self) { try decodeXML(text) }
        #expect(error.line == 4)
        #expect(error.offset == nil)
        #expect(error.message.contains("line 4") && error.message.contains("strin"))

        let unclosed = try #require(throws: PropertyListError.self) { try decodeXML("<plist>\n<array>\n<true/>\n</plist>") }
        #expect(unclosed.line == 4)
        #expect(unclosed.message.contains("</array>"))
    }
}
