/// Checking that every byte of an archive comes from the holder of a signing key.
///
/// In the signed profile the key material for the MACs sits in the clear, so MACs alone prove
/// nothing: the ECDSA signature over the prologue authenticates, and the MACs, keyed through a
/// derivation that includes the signing key, tie the root header, each cluster's tables and each
/// segment to that prologue.
extension AppleEncryptedArchive {
    /// Verifies the signature and every MAC with the signer's public key (65 bytes, uncompressed).
    ///
    /// - Throws: ``AppleArchiveError`` naming the first part that does not verify
    ///   (`.badSignature`, `.badMAC`), or `.unsupported` when libcrypto is missing.
    public func verify(signingKey: [UInt8]) throws(AppleArchiveError) {
        if let reason = LibCrypto.unavailableReason { throw AppleArchiveError(.unsupported, reason) }
        let a = authDataSize
        let signatureStart = 0xC + a
        let signature = Array(bytes[signatureStart..<signatureStart + Self.signatureSize])
        // The signature is DER, zero-padded to 128 bytes; verifiers want only the DER bytes.
        let derLength = signature[0] == 0x30 ? Int(signature[1]) + 2 : 0
        guard derLength > 2, derLength <= signature.count else {
            throw AppleArchiveError(.badSignature, "the archive's signature is not a DER ECDSA signature")
        }
        var prologue = Array(bytes[0..<Self.fixedPrologueSize + a])
        prologue.replaceSubrange(signatureStart..<signatureStart + Self.signatureSize, with: repeatElement(0, count: Self.signatureSize))
        switch LibCrypto.verifyECDSAP256(publicKey: signingKey, signature: Array(signature.prefix(derLength)), message: prologue) {
        case true?: break
        case false?: throw AppleArchiveError(.badSignature, "the archive's signature does not match its signer's key")
        case nil: throw AppleArchiveError(.badSignature, "the signer's public key is not a P-256 key")
        }

        let keyMaterial = Array(bytes[0x8C + a..<0xAC + a])
        let mainSalt = Array(bytes[0xAC + a..<0xCC + a])
        let mainKey = try derive(keyMaterial, salt: mainSalt, info: Array("AEA_AMK".utf8) + Array(bytes[4..<8]) + signingKey)
        let rootHeaderKey = try derive(mainKey, info: Array("AEA_RHEK".utf8))
        let firstClusterMAC = Array(bytes[0x11C + a..<0x13C + a])
        try check(
            key: rootHeaderKey, salt: firstClusterMAC + Array(authData), data: bytes[0xEC + a..<0x11C + a],
            against: 0xCC + a, "the root header")

        var expectedMAC = 0x11C + a
        for (index, cluster) in clusters.enumerated() {
            let clusterKey = try derive(mainKey, info: Array("AEA_CK".utf8) + Self.littleEndian32(index))
            let headerKey = try derive(clusterKey, info: Array("AEA_CHEK".utf8))
            try check(
                key: headerKey, salt: Array(bytes[cluster.nextClusterMAC]) + Array(bytes[cluster.segmentMACs]),
                data: bytes[cluster.headerTable], against: expectedMAC, "cluster \(index)'s segment table")
            for (segmentIndex, segment) in cluster.segments.enumerated() {
                let segmentKey = try derive(clusterKey, info: Array("AEA_SK".utf8) + Self.littleEndian32(segmentIndex))
                try check(
                    key: segmentKey, salt: [], data: bytes[segment.data], against: cluster.segmentMACs.lowerBound + 32 * segmentIndex,
                    "segment \(segmentIndex) of cluster \(index)")
            }
            expectedMAC = cluster.nextClusterMAC.lowerBound
        }
    }

    private func derive(_ key: [UInt8], salt: [UInt8] = [], info: [UInt8]) throws(AppleArchiveError) -> [UInt8] {
        guard let derived = LibCrypto.hkdfSHA256(key: key, salt: salt, info: info) else {
            throw AppleArchiveError(.unsupported, LibCrypto.unavailableReason ?? "HKDF failed")
        }
        return derived
    }

    /// The archive's MAC: HMAC-SHA256 over salt, data and the salt's length as a 64-bit integer.
    private func check(
        key: [UInt8], salt: [UInt8], data: ArraySlice<UInt8>, against offset: Int, _ what: String
    ) throws(AppleArchiveError) {
        let message = salt + data + Self.littleEndian64(salt.count)
        guard let mac = LibCrypto.hmacSHA256(key: key, message) else {
            throw AppleArchiveError(.unsupported, LibCrypto.unavailableReason ?? "HMAC failed")
        }
        guard mac.elementsEqual(bytes[offset..<offset + 32]) else {
            throw AppleArchiveError(.badMAC, "the MAC of \(what) does not match: it was changed after signing")
        }
    }

    static func littleEndian32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func littleEndian64(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
