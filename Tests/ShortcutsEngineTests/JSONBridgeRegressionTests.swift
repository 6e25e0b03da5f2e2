import Foundation
import ShortcutsContent
import Testing

/// Inputs the fuzzers found that crashed the JSON parser every JSON action and `shortcuts mcp`
/// go through.
struct JSONBridgeRegressionTests {
    /// FuzzMessages' crash: a high surrogate escape followed by another high one (`\uDAFE\uDAFE`)
    /// underflowed when the two were combined.
    static let fuzzCrash = Data(
        (try? Data(
            hexString:
                "7b2200003f5c5c5c754461666500000000005c6500005c75446166655c754461666500000000005c6500005c754461666500000a00680a00445c0075616665000000000a00680a00445c007561666500000022680abe40"
        )) ?? Data())

    @Test func theFuzzersInputIsRefusedWithoutACrash() {
        for line in Self.fuzzCrash.split(separator: 0x0A, omittingEmptySubsequences: false) {
            _ = JSONBridge.parse(String(decoding: line, as: UTF8.self))
        }
    }

    @Test func loneAndMismatchedSurrogatesBecomeReplacementCharacters() {
        #expect(JSONBridge.parse(#"["\uDAFE\uDAFE"]"#) == .list([.text("\u{FFFD}\u{FFFD}")]))
        #expect(JSONBridge.parse(#"["\uD83D\uDE00"]"#) == .list([.text("😀")]))
        #expect(JSONBridge.parse(#"["\uD83Dx"]"#) == .list([.text("\u{FFFD}x")]))
        // The escape after a high surrogate that isn't a \u stays what it is.
        #expect(JSONBridge.parse(#"["\uD83D\n"]"#) == .list([.text("\u{FFFD}\n")]))
        #expect(JSONBridge.parse(#"["\uDE00"]"#) == .list([.text("\u{FFFD}")]))
    }
}

extension Data {
    /// Bytes from hexadecimal text.
    init(hexString: String) throws {
        var bytes: [UInt8] = []
        var index = hexString.startIndex
        while index < hexString.endIndex {
            let next = hexString.index(index, offsetBy: 2)
            guard let byte = UInt8(hexString[index..<next], radix: 16) else { throw CocoaError(.coderInvalidValue) }
            bytes.append(byte)
            index = next
        }
        self.init(bytes)
    }
}
