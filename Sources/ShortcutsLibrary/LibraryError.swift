import Foundation

/// Why the library could not do something: what, where, and what to do about it.
public struct LibraryError: Error, CustomStringConvertible, Sendable {
    /// The kind of problem; more may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// No shortcut or folder matches what was asked for.
        public static let notFound = Code("notFound")
        /// A shortcut with that name (or a file at that path) is already there.
        public static let alreadyExists = Code("alreadyExists")
        /// A name can't be used as a file name.
        public static let invalidName = Code("invalidName")
        /// `library.json` or `settings.json` is damaged or from a newer version.
        public static let invalidIndex = Code("invalidIndex")
        /// The file to import is not a readable shortcut.
        public static let invalidShortcut = Code("invalidShortcut")
        /// The file to import is signed by someone the caller did not approve.
        public static let unapprovedSigner = Code("unapprovedSigner")
        /// The operating system refused (permissions, disk full…).
        public static let system = Code("system")
        /// The file changed since the caller read it (another editor saved it), so it was not replaced.
        public static let changed = Code("changed")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// An error from a failed system call, with the system's description of `errno`.
    static func system(_ what: String, errno code: Int32) -> LibraryError {
        LibraryError(.system, "\(what): \(String(cString: strerror(code)))")
    }

    public var description: String { message }
}
