/// Why a property list could not be decoded, and where.
///
/// The message names the format and the place (a byte offset in a binary plist, a line in an
/// XML one) and says what was expected, e.g.
/// `binary property list, object 12 at byte 340: array count 4096 runs past the object table`.
public struct PropertyListError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong and where, for people.
    public var message: String
    /// The byte offset in a binary property list, when the problem has one.
    public var offset: Int?
    /// The 1-based line in an XML property list, when the problem has one.
    public var line: Int?

    /// Creates an error with a message and, optionally, where it happened.
    public init(message: String, offset: Int? = nil, line: Int? = nil) {
        self.message = message
        self.offset = offset
        self.line = line
    }

    /// The message.
    public var description: String { message }
}
