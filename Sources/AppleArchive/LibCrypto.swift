import CCryptoLoader
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The system's OpenSSL (`libcrypto.so.3`), loaded the first time it is used: digests, MACs,
/// signatures and certificate chains for checking signed archives.
public enum LibCrypto {
    /// Why libcrypto can't be used (naming the package to install), or nil when it can.
    public static var unavailableReason: String? {
        shortcuts_crypto_load_error().map { String(cString: $0) }
    }

    /// SHA-256; nil when libcrypto is missing.
    public static func sha256(_ bytes: some ContiguousBytes) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = bytes.withUnsafeBytes { data in
            digest.withUnsafeMutableBufferPointer { shortcuts_sha256(data.baseAddress, data.count, $0.baseAddress) }
        }
        return status == 0 ? digest : nil
    }

    /// HMAC-SHA256; nil when libcrypto is missing.
    public static func hmacSHA256(key: [UInt8], _ bytes: some ContiguousBytes) -> [UInt8]? {
        var mac = [UInt8](repeating: 0, count: 32)
        let status = key.withUnsafeBytes { key in
            bytes.withUnsafeBytes { data in
                mac.withUnsafeMutableBufferPointer {
                    shortcuts_hmac_sha256(key.baseAddress, key.count, data.baseAddress, data.count, $0.baseAddress)
                }
            }
        }
        return status == 0 ? mac : nil
    }

    /// HKDF-SHA256 (RFC 5869) for outputs of at most 32 bytes; nil when libcrypto is missing.
    public static func hkdfSHA256(key: [UInt8], salt: [UInt8] = [], info: [UInt8], count: Int = 32) -> [UInt8]? {
        precondition(count <= 32, "one HMAC block is all the archives need")
        guard let pseudorandomKey = hmacSHA256(key: salt, key) else { return nil }
        return hmacSHA256(key: pseudorandomKey, info + [1]).map { Array($0.prefix(count)) }
    }

    /// Whether an ECDSA P-256 / SHA-256 signature (DER) over `message` verifies with a 65-byte
    /// uncompressed public key; nil when the key is malformed or libcrypto is missing.
    public static func verifyECDSAP256(publicKey: [UInt8], signature: [UInt8], message: some ContiguousBytes) -> Bool? {
        let result = publicKey.withUnsafeBufferPointer { key in
            signature.withUnsafeBufferPointer { signature in
                message.withUnsafeBytes { message in
                    shortcuts_ecdsa_p256_verify(
                        key.baseAddress, key.count, message.baseAddress, message.count, signature.baseAddress, signature.count)
                }
            }
        }
        return result < 0 ? nil : result == 1
    }

    /// Whether an RSA-PSS signature (SHA-256, MGF1-SHA256, 32-byte salt) by a certificate's key
    /// verifies; nil when the certificate is malformed or libcrypto is missing.
    public static func verifyRSAPSS(certificate: [UInt8], signature: [UInt8], message: [UInt8]) -> Bool? {
        let result = certificate.withUnsafeBufferPointer { certificate in
            signature.withUnsafeBufferPointer { signature in
                message.withUnsafeBufferPointer { message in
                    shortcuts_rsa_pss_verify(
                        certificate.baseAddress, certificate.count, message.baseAddress, message.count, signature.baseAddress,
                        signature.count)
                }
            }
        }
        return result < 0 ? nil : result == 1
    }

    /// What a DER certificate says about itself.
    public struct Certificate: Sendable, Equatable {
        public var subject: String
        public var commonName: String
        public var issuerCommonName: String
        public var notBefore: Date
        public var notAfter: Date
        /// The key as an uncompressed P-256 point, when it is one.
        public var p256PublicKey: [UInt8]?
    }

    /// Reads a DER certificate; nil when it isn't one or libcrypto is missing.
    public static func certificate(_ der: [UInt8]) -> Certificate? {
        var info = shortcuts_certificate_info()
        guard der.withUnsafeBufferPointer({ shortcuts_certificate_read($0.baseAddress, $0.count, &info) }) == 0 else { return nil }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let key = info.has_ec_public_key != 0 ? withUnsafeBytes(of: info.ec_public_key) { Array($0) } : nil
        return Certificate(
            subject: text(info.subject), commonName: text(info.common_name), issuerCommonName: text(info.issuer_common_name),
            notBefore: Date(timeIntervalSince1970: TimeInterval(info.not_before)),
            notAfter: Date(timeIntervalSince1970: TimeInterval(info.not_after)), p256PublicKey: key)
    }

    /// The outcome of a check that can fail for a reason.
    public enum Verdict: Sendable, Equatable {
        case valid
        case invalid(String)
        /// The check could not be made (libcrypto missing, or a failure inside it).
        case unavailable(String)
    }

    /// Checks that `chain[0]` leads through `chain[1...]` to one of `roots`, trusting nothing
    /// else, with validity periods not checked (report expiry apart).
    public static func verifyChain(_ chain: [[UInt8]], roots: [[UInt8]]) -> Verdict {
        var error = [CChar](repeating: 0, count: 512)
        let status = withPointers(chain) { certificates, lengths in
            withPointers(roots) { rootPointers, rootLengths in
                shortcuts_chain_verify(certificates, lengths, chain.count, rootPointers, rootLengths, roots.count, &error, error.count)
            }
        }
        return verdict(status, error)
    }

    /// Checks a DER CMS SignedData message and its signer's chain to `roots`, and returns what
    /// it signed.
    public static func verifyCMS(_ der: [UInt8], roots: [[UInt8]]) -> (Verdict, content: [UInt8]?) {
        var error = [CChar](repeating: 0, count: 512)
        var content: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = der.withUnsafeBufferPointer { der in
            withPointers(roots) { rootPointers, rootLengths in
                shortcuts_cms_verify(
                    der.baseAddress, der.count, rootPointers, rootLengths, roots.count, &content, &length, &error, error.count)
            }
        }
        defer { free(content) }
        let bytes = content.map { Array(UnsafeBufferPointer(start: $0, count: length)) }
        return (verdict(status, error), bytes)
    }

    private static func verdict(_ status: Int32, _ error: [CChar]) -> Verdict {
        let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case 1: return .valid
        case 0: return .invalid(message)
        default: return .unavailable(message)
        }
    }

    /// Calls `body` with C arrays of pointers to, and lengths of, each byte array.
    private static func withPointers<R>(
        _ arrays: [[UInt8]], _ body: (UnsafePointer<UnsafePointer<UInt8>?>, UnsafePointer<Int>) -> R
    ) -> R {
        let buffers = arrays.map { bytes -> UnsafeMutableBufferPointer<UInt8> in
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            _ = buffer.initialize(from: bytes)
            return buffer
        }
        defer { buffers.forEach { $0.deallocate() } }
        let pointers: [UnsafePointer<UInt8>?] = buffers.map { UnsafePointer($0.baseAddress) }
        let lengths = arrays.map(\.count)
        return pointers.withUnsafeBufferPointer { p in lengths.withUnsafeBufferPointer { body(p.baseAddress!, $0.baseAddress!) } }
    }
}
