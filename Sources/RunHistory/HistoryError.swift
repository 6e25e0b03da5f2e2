/// Why the run history couldn't be read or written, naming the database.
public struct HistoryError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The database can't be opened, read or written (SQLite missing, a damaged file…).
        case unavailable
        /// No run has the id asked for.
        case notFound
        /// The id asked for starts several runs' ids.
        case ambiguous
    }

    public var kind: Kind
    public var message: String

    public init(_ message: String, kind: Kind = .unavailable) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// Whether SQLite said another connection held the lock it needed ("database is locked").
    var isBusy: Bool { message.hasSuffix("database is locked") || message.hasSuffix("database table is locked") }

    /// Whether SQLite found the file isn't a database it can use: not one at all, or damaged.
    var isDamaged: Bool { message.hasSuffix("file is not a database") || message.hasSuffix("database disk image is malformed") }
}
