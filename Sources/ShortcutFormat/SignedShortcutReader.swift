import AppleArchive
import FoundationEssentials
import PropertyList

/// Opens a signed shortcut: the Apple Encrypted Archive, who signed it and whether the
/// signature holds, and the `Shortcut.wflow` property list inside.
///
/// Files are signed two ways (`shortcuts sign -m anyone | people-who-know-me`): by Apple's
/// iCloud service, whose certificate chain is in the auth data and whose leaf key signed the
/// archive; or by a person, whose Apple ID certificate signs a signing key and whose Apple ID
/// validation record (CMS) lists hashes of their verified addresses. Trust comes only from
/// ``AppleRootCertificates``.
enum SignedShortcutReader {
    static let wflowPath = "Shortcut.wflow"

    static func read(
        _ bytes: [UInt8], path: String, ignoringSignature: Bool, checkingSignature: Bool
    ) throws(ShortcutFileError) -> (
        propertyList: [UInt8], signature: ShortcutSignature
    ) {
        func fail(_ code: ShortcutFileError.Code, _ message: String) -> ShortcutFileError {
            ShortcutFileError(code, path: path, message: "\(path): \(message)")
        }
        let mismatchHint = "; use --ignore-signature to read it anyway"
        let archive: AppleEncryptedArchive
        do {
            archive = try AppleEncryptedArchive(bytes)
        } catch {
            throw fail(error.code == .truncated ? .truncated : .unreadableSignedFile, "signed shortcut can't be read: \(error.message)")
        }
        var failure: String?
        func mismatch(_ message: String) throws(ShortcutFileError) {
            guard ignoringSignature else { throw fail(.signatureMismatch, "the signature does not match: \(message)\(mismatchHint)") }
            if failure == nil { failure = message }
        }

        let identity = SignerIdentity(authData: archive.authData, readingCertificates: checkingSignature)
        let signer: ShortcutSignature.Signer
        let check: ShortcutSignature.Check
        if !checkingSignature {
            signer = identity.unverifiedSigner
            check = .notChecked(reason: "it was checked before")
        } else if let reason = LibCrypto.unavailableReason {
            signer = identity.unverifiedSigner
            check = .notChecked(reason: reason)
        } else {
            if let problem = identity.problem { try mismatch(problem) }
            if let key = identity.signingKey {
                do {
                    try archive.verify(signingKey: key)
                } catch {
                    try mismatch(error.message)
                }
            }
            if let problem = identity.keyEndorsementProblem { try mismatch(problem) }
            signer = identity.trustedSigner()
            check = .verified
        }

        let payload: [UInt8]
        do {
            payload = try archive.payload(checkingChecksums: checkingSignature)
        } catch  where error.code == .badChecksum {
            try mismatch(error.message)
            do {
                payload = try archive.payload(checkingChecksums: false)
            } catch {
                throw fail(.unreadableSignedFile, "signed shortcut can't be read: \(error.message)")
            }
        } catch {
            throw fail(.unreadableSignedFile, "signed shortcut can't be read: \(error.message)")
        }
        let wflow: ArraySlice<UInt8>?
        do {
            wflow = try AppleArchiveReader.file(wflowPath, in: payload)
        } catch {
            throw fail(.unreadableSignedFile, "the archive inside the signed shortcut can't be read: \(error.message)")
        }
        guard let wflow else { throw fail(.notAShortcut, "the signed archive holds no \(wflowPath), so it is not a shortcut") }
        let signature = ShortcutSignature(signer: signer, check: failure.map { .failed(reason: $0) } ?? check)
        return (Array(wflow), signature)
    }
}

/// What a signed shortcut's auth data says about its signer, and the checks it allows.
struct SignerIdentity {
    enum Kind {
        case iCloud(chain: [[UInt8]])
        case appleID(chain: [[UInt8]], signingKey: [UInt8], keySignature: [UInt8], validationRecord: [UInt8]?)
        case unreadable
    }

    var kind: Kind
    /// Why the auth data can't identify a signer, when it can't.
    var problem: String?
    /// The first certificate of the chain, read once (nil without libcrypto).
    var leaf: LibCrypto.Certificate?

    /// - Parameter readingCertificates: parse the leaf certificate (this loads libcrypto).
    init(authData: ArraySlice<UInt8>, readingCertificates: Bool) {
        guard let value = try? PropertyList.decode(Data(authData)).value, let fields = value.dictionaryValue else {
            kind = .unreadable
            problem = "the auth data (who signed it) is not a property list"
            return
        }
        func certificates(_ key: String) -> [[UInt8]]? {
            fields[key]?.arrayValue?.compactMap { $0.dataValue.map { [UInt8]($0) } }
        }
        if let chain = certificates("SigningCertificateChain"), !chain.isEmpty {
            kind = .iCloud(chain: chain)
            leaf = readingCertificates ? LibCrypto.certificate(chain[0]) : nil
        } else if let chain = certificates("AppleIDCertificateChain"), !chain.isEmpty,
            let key = fields["SigningPublicKey"]?.dataValue, let keySignature = fields["SigningPublicKeySignature"]?.dataValue
        {
            kind = .appleID(
                chain: chain, signingKey: [UInt8](key), keySignature: [UInt8](keySignature),
                validationRecord: fields["AppleIDValidationRecord"]?.dataValue.map { [UInt8]($0) })
            leaf = readingCertificates ? LibCrypto.certificate(chain[0]) : nil
        } else {
            kind = .unreadable
            problem = "the auth data has neither a SigningCertificateChain nor an Apple ID signing key"
        }
    }

    /// The key the archive was signed with: the iCloud leaf's, or the Apple ID signing key.
    var signingKey: [UInt8]? {
        switch kind {
        case .iCloud: return leaf?.p256PublicKey
        case .appleID(_, let key, _, _): return key
        case .unreadable: return nil
        }
    }

    /// For an Apple ID, whether its certificate signed the signing key (RSA-PSS).
    var keyEndorsementProblem: String? {
        switch kind {
        case .iCloud:
            return leaf?.p256PublicKey == nil ? "the signing certificate has no P-256 key" : nil
        case .appleID(let chain, let key, let signature, _):
            switch LibCrypto.verifyRSAPSS(certificate: chain[0], signature: signature, message: key) {
            case true?: return nil
            case false?: return "the signing key is not signed by the Apple ID certificate"
            case nil: return "the Apple ID certificate can't be read"
            }
        case .unreadable: return nil
        }
    }

    /// The signer as far as the file says, when nothing can be checked.
    var unverifiedSigner: ShortcutSignature.Signer {
        switch kind {
        case .iCloud: return .iCloud(shortcutID: nil, certificateExpiry: nil)
        case .appleID: return .appleID(altDSID: nil, emails: 0, phoneNumbers: 0, validAsOf: nil, certificateExpiry: nil)
        case .unreadable: return .unknown(subject: "unreadable auth data", reason: "the file doesn't say who signed it")
        }
    }

    /// The signer, with its certificates checked against Apple's pinned roots.
    func trustedSigner() -> ShortcutSignature.Signer {
        switch kind {
        case .iCloud(let chain):
            if case .invalid(let reason) = LibCrypto.verifyChain(chain, roots: AppleRootCertificates.all) {
                return unknown(leaf, reason)
            }
            return .iCloud(shortcutID: leaf?.commonName, certificateExpiry: leaf?.notAfter)
        case .appleID(let chain, _, _, let record):
            if case .invalid(let reason) = LibCrypto.verifyChain(chain, roots: AppleRootCertificates.all) {
                return unknown(leaf, reason)
            }
            let prefix = "com.apple.idms.appleid.prd."
            let certificateID = leaf.map(\.commonName).flatMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil }
            guard let record else {
                return .appleID(altDSID: certificateID, emails: 0, phoneNumbers: 0, validAsOf: nil, certificateExpiry: leaf?.notAfter)
            }
            let (verdict, content) = LibCrypto.verifyCMS(record, roots: AppleRootCertificates.all)
            guard verdict == .valid, let content, let fields = try? PropertyList.decode(Data(content)).value.dictionaryValue else {
                return unknown(leaf, "its Apple ID validation record is not signed by Apple")
            }
            let recordID = fields["altDsID"]?.stringValue
            guard recordID == certificateID else {
                return unknown(leaf, "its Apple ID validation record is for another Apple ID")
            }
            return .appleID(
                altDSID: recordID, emails: fields["ValidatedEmailHashes"]?.arrayValue?.count ?? 0,
                phoneNumbers: fields["ValidatedPhoneHashes"]?.arrayValue?.count ?? 0, validAsOf: fields["ValidAsOf"]?.dateValue,
                certificateExpiry: leaf?.notAfter)
        case .unreadable:
            return unverifiedSigner
        }
    }

    private func unknown(_ leaf: LibCrypto.Certificate?, _ reason: String) -> ShortcutSignature.Signer {
        let name = leaf.map { $0.commonName.isEmpty ? $0.subject : $0.commonName } ?? "an unreadable certificate"
        return .unknown(subject: "\"\(name)\"", reason: "its certificates don't lead to Apple's root certificates (\(reason))")
    }
}
