import AppleArchive
import Foundation
import PropertyList
import Testing

@testable import ShortcutFormat

/// The real signed shortcuts in `../shared/corpus/signed`. The corpus must be there: without it
/// these tests fail rather than pass on nothing.
enum SignedCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/corpus/signed").standardizedFileURL

    static let fileNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".shortcut") }.sorted()
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The signer each file should show, by its number.
    enum Expected { case iCloud, appleID, unknown }
    static func expected(_ name: String) -> Expected {
        switch name.prefix(2) {
        case "01", "12", "14": return .appleID
        case "03": return .unknown
        default: return .iCloud
        }
    }
}

@Suite("Signed corpus")
struct SignedCorpusTests {
    @Test func theCorpusIsThere() {
        #expect(SignedCorpus.fileNames.count >= 9, "read \(SignedCorpus.fileNames.count) files from \(SignedCorpus.directory.path)")
        #expect(LibCrypto.unavailableReason == nil, "libcrypto.so.3 must be installed for these tests")
    }

    @Test("each signed file opens, verified, and shows the signer its kind has", arguments: SignedCorpus.fileNames)
    func opens(_ name: String) throws {
        let document = try ShortcutFile.open(Data(try SignedCorpus.bytes(name)), path: name)
        #expect(!document.workflow.actions.isEmpty)
        let signature = try #require(document.signature)
        #expect(signature.check == .verified)
        switch (SignedCorpus.expected(name), signature.signer) {
        case (.iCloud, .iCloud(let id?, let expiry)):
            #expect(id.count == 32 && id.allSatisfy(\.isHexDigit), "shortcut id \(id)")
            #expect(expiry != nil)
            #expect(signature.isTrusted)
            #expect(signature.summary().hasPrefix("Signed by Apple (iCloud), shortcut id \(id), certificate "))
        case (.appleID, .appleID(let altDSID, let emails, let phones, let validAsOf, _)):
            #expect(altDSID?.isEmpty == false)
            #expect(emails >= 1 && phones >= 1)
            #expect(validAsOf != nil)
            #expect(signature.isTrusted)
            #expect(signature.summary().hasPrefix("Signed by an Apple ID (people who know me), "))
        case (.unknown, .unknown(let subject, _)):
            #expect(subject.contains("Snoolie"))
            #expect(!signature.isTrusted)
            #expect(signature.summary().hasPrefix("Signed by an unknown signer"))
        default:
            Issue.record("\(name): signer \(signature.signer)")
        }
    }

    @Test("a signed file holds the same shortcut as its unsigned copy", arguments: ["12-sc-pshr", "14-call-sc-pshr"])
    func sameAsUnsigned(_ base: String) throws {
        let signed = try ShortcutFile.open(Data(try SignedCorpus.bytes(base + ".shortcut")), path: base)
        let unsigned = try PropertyList.decode(Data(contentsOf: SignedCorpus.directory.appendingPathComponent(base + ".unsigned.plist")))
        #expect(signed.format == .binary)
        #expect(unsigned.format == .xml)
        // Equal property lists, whatever the order of their keys.
        #expect(ShortcutFile.propertyList(of: signed.workflow) == unsigned.value)
    }

    /// Where in a file each part lies.
    static func layout(_ bytes: [UInt8]) -> (authData: Range<Int>, signature: Range<Int>, segment: Range<Int>) {
        let a = Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
        let segmentStart = 0x495C + a  // one cluster of 256 segments with SHA-256 checksums
        return (12..<12 + a, 0xC + a..<0xC + a + 72, segmentStart..<bytes.count)
    }

    private func refusal(_ bytes: [UInt8], _ name: String) -> ShortcutFileError? {
        do {
            _ = try ShortcutFile.open(Data(bytes), path: name)
            return nil
        } catch {
            return error
        }
    }

    @Test("a byte changed in a segment, the signature or the auth data is refused, naming what failed", arguments: SignedCorpus.fileNames)
    func tampered(_ name: String) throws {
        let original = try SignedCorpus.bytes(name)
        let parts = Self.layout(original)
        let cases: [(String, Int, String)] = [
            ("segment", parts.segment.lowerBound + parts.segment.count / 2, "segment 0"),
            ("signature", parts.signature.lowerBound + 40, "signature"),
            ("auth data", parts.authData.lowerBound + parts.authData.count - 300, "signature"),
        ]
        for (part, offset, named) in cases {
            var bytes = original
            bytes[offset] ^= 0x10
            let error = try #require(refusal(bytes, name), "\(name): a changed \(part) was accepted")
            #expect(error.code == .signatureMismatch, "\(name), \(part): \(error.message)")
            #expect(error.message.contains(named), "\(name), \(part): \(error.message)")
            #expect(error.message.contains("--ignore-signature"))
        }
    }

    @Test func aChangedFileReadsWithIgnoreSignatureAndSaysSo() throws {
        let name = "17-shortcut-source-helper.shortcut"
        var bytes = try SignedCorpus.bytes(name)
        // A byte in the root header's zero padding: the MAC fails, the contents still decode.
        let a = Self.layout(bytes).authData.count
        bytes[0xEC + a + 40] ^= 0xFF
        #expect(refusal(bytes, name)?.code == .signatureMismatch)
        let document = try ShortcutFile.open(Data(bytes), path: name, ignoringSignature: true)
        let signature = try #require(document.signature)
        guard case .failed(let reason) = signature.check else {
            Issue.record("the mismatch is not reported: \(signature.check)")
            return
        }
        #expect(reason.contains("signature"), "\(reason)")
        #expect(!signature.isTrusted)
        #expect(document.workflow.actions.count == 88)
    }

    @Test("a truncated file is refused", arguments: [0.1, 0.5, 0.9, 0.999])
    func truncated(_ fraction: Double) throws {
        let name = "06-cherri-hello-world.shortcut"
        let bytes = try SignedCorpus.bytes(name)
        let error = try #require(refusal(Array(bytes.prefix(Int(Double(bytes.count) * fraction))), name))
        #expect(error.code == .truncated, "\(error.message)")
        #expect(error.message.contains(name))
    }

    @Test func thePinnedRootsAreApples() throws {
        func fingerprint(_ der: [UInt8]) -> String {
            (LibCrypto.sha256(der) ?? []).map { String(format: "%02X", $0) }.joined(separator: ":")
        }
        #expect(
            fingerprint(AppleRootCertificates.rootG3)
                == "63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79")
        #expect(
            fingerprint(AppleRootCertificates.root)
                == "B0:B1:73:0E:CB:C7:FF:45:05:14:2C:49:F1:29:5E:6E:DA:6B:CA:ED:7E:2C:68:C5:BE:91:B5:A1:10:01:F0:24")
        #expect(LibCrypto.certificate(AppleRootCertificates.rootG3)?.commonName == "Apple Root CA - G3")
        #expect(LibCrypto.certificate(AppleRootCertificates.root)?.commonName == "Apple Root CA")
    }

    @Test func theArchiveHoldsARootDirectoryAndTheWorkflow() throws {
        let archive = try AppleEncryptedArchive(try SignedCorpus.bytes("06-cherri-hello-world.shortcut"))
        let entries = try AppleArchiveReader.entries(try archive.payload(checkingChecksums: true))
        #expect(entries.map(\.type) == ["D", "F"])
        #expect(entries.map(\.path) == ["", "Shortcut.wflow"])
        #expect(entries[1].data?.prefix(8).elementsEqual("bplist00".utf8) == true)
    }
}
