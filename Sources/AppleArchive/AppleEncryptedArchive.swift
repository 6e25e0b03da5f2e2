import LZFSE

/// An Apple Encrypted Archive (`AEA1`) of the profile signed shortcuts use: signed with ECDSA
/// P-256, authenticated with HMAC-SHA256 under keys derived with HKDF, and not encrypted.
///
/// Reading the structure and decoding the payload need nothing but this module; checking the
/// signature, MACs and checksums needs libcrypto (``LibCrypto``).
///
/// ```swift
/// let archive = try AppleEncryptedArchive(bytes)
/// try archive.verify(signingKey: key)           // ECDSA, then every MAC
/// let aar = try archive.payload(checkingChecksums: true)
/// ```
public struct AppleEncryptedArchive: Sendable {
    /// The only profile read: `hkdf_sha256_hmac__none__ecdsa_p256`.
    public static let signedProfile = 0
    /// The most a payload may decode to (shortcuts are well under 1 MiB).
    public static let maximumPayloadSize = 256 << 20

    static let fixedPrologueSize = 0x13C
    static let signatureSize = 128

    public let bytes: [UInt8]
    public let profile: Int
    /// The auth data: for shortcuts, a binary property list saying who signed it.
    public let authData: ArraySlice<UInt8>
    /// The root header's fields.
    public let payloadSize: Int
    public let segmentSize: Int
    public let segmentsPerCluster: Int
    public let compression: Character
    public let checksumSize: Int
    let authDataSize: Int
    let clusters: [Cluster]

    struct Segment {
        var decodedSize: Int
        var data: Range<Int>
        var checksum: Range<Int>
    }

    struct Cluster {
        /// The segment header table, the MAC of the next cluster's table, and the segment MACs.
        var headerTable: Range<Int>
        var nextClusterMAC: Range<Int>
        var segmentMACs: Range<Int>
        var segments: [Segment]
    }

    /// Reads the container's structure, checking that everything it points at is inside `bytes`.
    ///
    /// - Throws: ``AppleArchiveError`` when the file is not an AEA, is truncated, or uses an
    ///   encrypted profile or a compression this reader doesn't handle.
    public init(_ bytes: [UInt8]) throws(AppleArchiveError) {
        self.bytes = bytes
        guard bytes.count >= 12, bytes.prefix(4).elementsEqual("AEA1".utf8) else {
            throw AppleArchiveError(.malformed, "not an Apple Encrypted Archive (it doesn't start with AEA1)")
        }
        profile = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16
        guard profile == Self.signedProfile else {
            throw AppleArchiveError(
                .unsupported,
                "the archive uses profile \(profile), which is encrypted; only signed, unencrypted archives (profile 0) can be read")
        }
        authDataSize = Int(bytes.littleEndian(UInt32.self, at: 8))
        let prologueSize = Self.fixedPrologueSize + authDataSize
        guard bytes.count >= prologueSize else {
            throw AppleArchiveError(.truncated, "the file ends inside its prologue (\(bytes.count) of \(prologueSize) bytes)")
        }
        authData = bytes[12..<12 + authDataSize]
        let root = 0xEC + authDataSize
        payloadSize = Int(clamping: bytes.littleEndian(UInt64.self, at: root))
        segmentSize = Int(bytes.littleEndian(UInt32.self, at: root + 16))
        segmentsPerCluster = Int(bytes.littleEndian(UInt32.self, at: root + 20))
        compression = Character(UnicodeScalar(bytes[root + 24]))
        switch bytes[root + 25] {
        case 0: checksumSize = 0
        case 1: checksumSize = 8
        case 2: checksumSize = 32
        case let other: throw AppleArchiveError(.unsupported, "unknown segment checksum kind \(other)")
        }
        guard compression == "e" || compression == "-" else {
            throw AppleArchiveError(
                .unsupported, "segments are compressed with \"\(compression)\"; only LZFSE (\"e\") and none (\"-\") can be read")
        }
        guard payloadSize <= Self.maximumPayloadSize else {
            throw AppleArchiveError(
                .unsupported, "the payload would be \(payloadSize) bytes, more than the \(Self.maximumPayloadSize) read")
        }
        guard segmentsPerCluster > 0, segmentsPerCluster <= 1 << 16, segmentSize > 0 else {
            throw AppleArchiveError(.malformed, "a root header with \(segmentsPerCluster) segments of \(segmentSize) bytes a cluster")
        }
        clusters = try Self.readClusters(
            bytes, from: prologueSize, payloadSize: payloadSize, segmentSize: segmentSize,
            segmentsPerCluster: segmentsPerCluster, checksumSize: checksumSize)
    }

    private static func readClusters(
        _ bytes: [UInt8], from start: Int, payloadSize: Int, segmentSize: Int, segmentsPerCluster: Int, checksumSize: Int
    ) throws(AppleArchiveError) -> [Cluster] {
        let headerSize = 8 + checksumSize
        var clusters: [Cluster] = []
        var offset = start
        var decoded = 0
        repeat {
            let tableEnd = offset + segmentsPerCluster * headerSize
            let macsEnd = tableEnd + 32 + 32 * segmentsPerCluster
            guard macsEnd <= bytes.count else {
                throw AppleArchiveError(.truncated, "the file ends inside cluster \(clusters.count)'s tables")
            }
            var segments: [Segment] = []
            var data = macsEnd
            for index in 0..<segmentsPerCluster where decoded < payloadSize {
                let header = offset + index * headerSize
                let size = Int(bytes.littleEndian(UInt32.self, at: header))
                let compressed = Int(bytes.littleEndian(UInt32.self, at: header + 4))
                if size == 0 && compressed == 0 { break }
                guard size <= segmentSize, size <= payloadSize - decoded, compressed <= bytes.count - data else {
                    throw AppleArchiveError(
                        .truncated, "segment \(index) of cluster \(clusters.count) needs \(compressed) bytes the file doesn't have")
                }
                segments.append(Segment(decodedSize: size, data: data..<data + compressed, checksum: header + 8..<header + headerSize))
                data += compressed
                decoded += size
            }
            clusters.append(
                Cluster(
                    headerTable: offset..<tableEnd, nextClusterMAC: tableEnd..<tableEnd + 32, segmentMACs: tableEnd + 32..<macsEnd,
                    segments: segments))
            guard !segments.isEmpty || decoded == payloadSize else {
                throw AppleArchiveError(.truncated, "the segments end at \(decoded) of the payload's \(payloadSize) bytes")
            }
            offset = data
        } while decoded < payloadSize
        return clusters
    }

    /// The payload (for shortcuts, an Apple Archive), every segment decoded and concatenated.
    ///
    /// - Parameter checkingChecksums: compare each decoded segment with its checksum (needs libcrypto for SHA-256).
    /// - Throws: ``AppleArchiveError`` when a segment doesn't decode or its checksum differs.
    public func payload(checkingChecksums: Bool) throws(AppleArchiveError) -> [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(payloadSize)
        for (clusterIndex, cluster) in clusters.enumerated() {
            for (index, segment) in cluster.segments.enumerated() {
                let name = "segment \(index) of cluster \(clusterIndex)"
                let compressed = bytes[segment.data]
                let decoded: [UInt8]
                if compressed.count == segment.decodedSize || compression == "-" {
                    decoded = Array(compressed)
                } else {
                    let result = compressed.withUnsafeBytes { raw in
                        Result { () throws(LZFSEError) in try LZFSE.decompress(raw, decodedSize: segment.decodedSize) }
                    }
                    switch result {
                    case .success(let bytes): decoded = bytes
                    case .failure(let error): throw AppleArchiveError(.badCompression, "\(name) doesn't decode: \(error.message)")
                    }
                }
                if checkingChecksums, checksumSize == 32, let digest = LibCrypto.sha256(decoded),
                    !digest.elementsEqual(bytes[segment.checksum])
                {
                    throw AppleArchiveError(.badChecksum, "the SHA-256 checksum of \(name) does not match its contents")
                }
                payload += decoded
            }
        }
        guard payload.count == payloadSize else {
            throw AppleArchiveError(.truncated, "the segments decode to \(payload.count) bytes, not the \(payloadSize) the header gives")
        }
        return payload
    }
}

extension Array where Element == UInt8 {
    @inline(__always)
    func littleEndian<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
