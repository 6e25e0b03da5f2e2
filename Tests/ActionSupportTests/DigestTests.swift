import ActionTestSupport
import Foundation
import Testing

@testable import ActionSupport
@testable import BuiltinActions

@Suite("Digests")
struct DigestTests {
    /// FIPS 180-4 and RFC 1321 test vectors, including messages that straddle the padding boundary.
    @Test(arguments: [
        ("", Digest.Algorithm.md5, "d41d8cd98f00b204e9800998ecf8427e"),
        ("The quick brown fox jumps over the lazy dog", .md5, "9e107d9d372bb6826bd81d3542a419d6"),
        ("", .sha1, "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", .sha1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("", .sha256, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", .sha256,
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "", .sha512,
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        ),
    ])
    func knownVectors(message: String, algorithm: Digest.Algorithm, expected: String) {
        #expect(Digest.hex(algorithm, of: Array(message.utf8)) == expected)
    }

    /// Every length around the 64- and 128-byte block boundaries, checked against coreutils.
    @Test(arguments: [("md5sum", Digest.Algorithm.md5), ("sha1sum", .sha1), ("sha256sum", .sha256), ("sha512sum", .sha512)])
    func matchesCoreutils(tool: String, algorithm: Digest.Algorithm) throws {
        let path = "/usr/bin/" + tool
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is needed")
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 111, 112, 113, 127, 128, 129, 1000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let expected = try coreutilsDigest(path, bytes)
            #expect(Digest.hex(algorithm, of: bytes) == expected, "\(tool), \(length) bytes")
        }
    }

    private func coreutilsDigest(_ path: String, _ bytes: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
        try input.fileHandleForWriting.close()
        let data = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
