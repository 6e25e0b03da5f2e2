/// Why an Apple Encrypted Archive or Apple Archive could not be read or checked.
public struct AppleArchiveError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The kind of problem; more may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// The bytes end before the structure they hold does.
        public static let truncated = Code(name: "truncated")
        /// A value no archive of this kind has (a magic, a size, an entry field).
        public static let malformed = Code(name: "malformed")
        /// A profile, compression or checksum this reader doesn't handle (encrypted archives).
        public static let unsupported = Code(name: "unsupported")
        /// A segment's compressed data does not decode.
        public static let badCompression = Code(name: "badCompression")
        /// The archive's signature does not verify with the signer's key.
        public static let badSignature = Code(name: "badSignature")
        /// A message authentication code (root header, cluster or segment) does not match.
        public static let badMAC = Code(name: "badMAC")
        /// A decoded segment's checksum does not match.
        public static let badChecksum = Code(name: "badChecksum")
        public var description: String { name }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
