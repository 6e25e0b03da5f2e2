import FoundationEssentials

/// Who signed a signed shortcut, and whether that was checked.
public struct ShortcutSignature: Sendable, Equatable {
    /// The signer, as the file's auth data and certificates say.
    public enum Signer: Sendable, Equatable {
        /// Apple's signing service for iCloud sharing ("anyone"): no personal identity. The id is
        /// nil when the certificate could not be read (no libcrypto).
        case iCloud(shortcutID: String?, certificateExpiry: Date?)
        /// A person's Apple ID ("people who know me"): an opaque id and counts of verified addresses.
        case appleID(altDSID: String?, emails: Int, phoneNumbers: Int, validAsOf: Date?, certificateExpiry: Date?)
        /// Certificates that do not lead to Apple's roots; `subject` is the leaf's.
        case unknown(subject: String, reason: String)
    }

    /// How far the signature was checked.
    public enum Check: Sendable, Equatable {
        /// The signature, every MAC and every checksum match the signer's key.
        case verified
        /// libcrypto is missing, so nothing was checked; `reason` says what to install.
        case notChecked(reason: String)
        /// Something did not match, and the file was read anyway because that was asked for.
        case failed(reason: String)
    }

    public var signer: Signer
    public var check: Check

    /// Whether the signature is sound and leads to Apple.
    public var isTrusted: Bool {
        if case .unknown = signer { return false }
        return check == .verified
    }

    /// One or two sentences for a person: who signed it, until when, and what was checked.
    public func summary(now: Date = Date()) -> String {
        var text: String
        switch signer {
        case .iCloud(let id, let expiry):
            text = "Signed by Apple (iCloud)" + (id.map { ", shortcut id \($0)" } ?? "")
            if let expiry { text += ", " + Self.validity(expiry, now: now) }
        case .appleID(let altDSID, let emails, let phones, let validAsOf, let expiry):
            text = "Signed by an Apple ID (people who know me)"
            // Without a checked validation record there is nothing more to say.
            guard altDSID != nil || validAsOf != nil else { break }
            let addresses = Self.count(emails, "verified email address", "verified email addresses")
            text += ", \(addresses) and \(Self.count(phones, "phone number", "phone numbers"))"
            if let validAsOf { text += " as of \(Self.day(validAsOf))" }
            if let altDSID { text += ", Apple ID \(altDSID)" }
            if let expiry { text += ", " + Self.validity(expiry, now: now) }
        case .unknown(let subject, let reason):
            text = "Signed by an unknown signer (\(subject)): \(reason)"
        }
        switch check {
        case .verified: text += "."
        case .notChecked(let reason): text += ". Signature not checked: \(reason)."
        case .failed(let reason): text += ". The signature does NOT match (\(reason)); read anyway."
        }
        return text
    }

    private static func validity(_ expiry: Date, now: Date) -> String {
        expiry < now ? "certificate expired \(day(expiry))" : "certificate valid until \(day(expiry))"
    }

    private static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(value) \(value == 1 ? singular : plural)"
    }

    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
    }
}
