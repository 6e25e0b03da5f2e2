/// Message digests over bytes: MD5, SHA-1, SHA-256 and SHA-512, for Generate Hash.
///
/// Linux has no CryptoKit, so these follow RFC 1321 and FIPS 180-4 directly. They are for
/// checksums and interoperability, as Shortcuts' Generate Hash is; MD5 and SHA-1 are not secure.
///
/// ```swift
/// Digest.hex(.sha256, of: Array("abc".utf8))   // "ba7816bf…"
/// ```
package enum Digest {
    package enum Algorithm: Sendable {
        case md5, sha1, sha256, sha512
    }

    /// The digest as lowercase hexadecimal.
    package static func hex(_ algorithm: Algorithm, of bytes: [UInt8]) -> String {
        let digest: [UInt8]
        switch algorithm {
        case .md5: digest = md5(bytes)
        case .sha1: digest = sha1(bytes)
        case .sha256: digest = sha256(bytes)
        case .sha512: digest = sha512(bytes)
        }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The message with Merkle–Damgård padding: 0x80, zeros, then the bit length in
    /// `lengthBytes` bytes (big- or little-endian), to a multiple of `block` bytes.
    package static func padded(_ bytes: [UInt8], block: Int, lengthBytes: Int, bigEndian: Bool) -> [UInt8] {
        var message = bytes
        message.append(0x80)
        while (message.count + lengthBytes) % block != 0 { message.append(0) }
        let bitLength = UInt64(bytes.count) &* 8
        var length = [UInt8](repeating: 0, count: lengthBytes)
        for offset in 0..<8 {
            let byte = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(offset)))
            length[bigEndian ? lengthBytes - 1 - offset : offset] = byte
        }
        return message + length
    }

    // MARK: MD5 (RFC 1321)

    private static let md5Shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// K[i] = floor(|sin(i + 1)| × 2^32).
    private static let md5Constants: [UInt32] = (0..<64).map {
        UInt32(truncatingIfNeeded: Int64(abs(sine(Double($0 + 1))) * 4_294_967_296))
    }

    /// sin(x) by argument reduction and a Taylor series, so this file needs no Foundation.
    private static func sine(_ x: Double) -> Double {
        let twoPi = 6.283185307179586
        var reduced = x - (x / twoPi).rounded(.down) * twoPi
        if reduced > twoPi / 2 { reduced -= twoPi }
        var term = reduced
        var sum = reduced
        for n in 1..<30 {
            term *= -reduced * reduced / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }

    /// HMAC (RFC 2104) over SHA-1, as OAuth 1.0a signs requests.
    package static func hmacSHA1(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? sha1(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = sha1(block.map { $0 ^ 0x36 } + message)
        return sha1(block.map { $0 ^ 0x5C } + inner)
    }

    package static func md5(_ bytes: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        let message = padded(bytes, block: 64, lengthBytes: 8, bigEndian: false)
        var words = [UInt32](repeating: 0, count: 16)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for i in 0..<16 {
                let base = chunk + i * 4
                words[i] =
                    UInt32(message[base]) | UInt32(message[base + 1]) << 8
                    | UInt32(message[base + 2]) << 16 | UInt32(message[base + 3]) << 24
            }
            var (a, b, c, d) = state
            for i in 0..<64 {
                var f: UInt32
                let g: Int
                switch i {
                case 0..<16: f = (b & c) | (~b & d); g = i
                case 16..<32: f = (d & b) | (~d & c); g = (5 * i + 1) % 16
                case 32..<48: f = b ^ c ^ d; g = (3 * i + 5) % 16
                default: f = c ^ (b | ~d); g = (7 * i) % 16
                }
                f = f &+ a &+ md5Constants[i] &+ words[g]
                a = d
                d = c
                c = b
                b = b &+ rotateLeft(f, md5Shifts[i])
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }
        return [state.0, state.1, state.2, state.3].flatMap { word in
            (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) }
        }
    }

    // MARK: SHA-1 and SHA-256 (FIPS 180-4)

    private static func bigEndianWords32(_ message: [UInt8], at chunk: Int, count: Int) -> [UInt32] {
        (0..<count).map { i in
            let base = chunk + i * 4
            return UInt32(message[base]) << 24 | UInt32(message[base + 1]) << 16
                | UInt32(message[base + 2]) << 8 | UInt32(message[base + 3])
        }
    }

    private static func bytes(ofBigEndian words: [UInt32]) -> [UInt8] {
        words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    package static func sha1(_ bytes: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        let message = padded(bytes, block: 64, lengthBytes: 8, bigEndian: true)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            var w = bigEndianWords32(message, at: chunk, count: 16)
            for t in 16..<80 { w.append(rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1)) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for t in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch t {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temporary = rotateLeft(a, 5) &+ f &+ e &+ k &+ w[t]
                (e, d, c, b, a) = (d, c, rotateLeft(b, 30), a, temporary)
            }
            h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e]
        }
        return Digest.bytes(ofBigEndian: h)
    }

    private static let sha256Constants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    package static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
        ]
        let message = padded(bytes, block: 64, lengthBytes: 8, bigEndian: true)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            var w = bigEndianWords32(message, at: chunk, count: 16)
            for t in 16..<64 {
                let s0 = rotateRight(w[t - 15], 7) ^ rotateRight(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotateRight(w[t - 2], 17) ^ rotateRight(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w.append(w[t - 16] &+ s0 &+ w[t - 7] &+ s1)
            }
            var v = h
            for t in 0..<64 {
                let sum1 = rotateRight(v[4], 6) ^ rotateRight(v[4], 11) ^ rotateRight(v[4], 25)
                let choice = (v[4] & v[5]) ^ (~v[4] & v[6])
                let temporary1 = v[7] &+ sum1 &+ choice &+ sha256Constants[t] &+ w[t]
                let sum0 = rotateRight(v[0], 2) ^ rotateRight(v[0], 13) ^ rotateRight(v[0], 22)
                let majority = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2])
                v = [temporary1 &+ sum0 &+ majority, v[0], v[1], v[2], v[3] &+ temporary1, v[4], v[5], v[6]]
            }
            for i in 0..<8 { h[i] = h[i] &+ v[i] }
        }
        return Digest.bytes(ofBigEndian: h)
    }

    private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }

    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
