import CSQLiteLoader
import Foundation
import Synchronization

/// One connection to an SQLite database, used by one thread at a time (SQLite's multi-thread
/// mode): open it, use it and let it go, or lease one from the process's pool (``Lease``).
///
/// Unchecked `Sendable`: a connection moves between threads only through the pool's lock, one lease at a time.
///
/// ```swift
/// let database = try SQLiteDatabase(path: "/tmp/runs.sqlite")
/// try database.execute("CREATE TABLE t (x INTEGER)")
/// try database.run("INSERT INTO t VALUES (?)", [.integer(1)])
/// let rows = try database.rows("SELECT x FROM t")
/// ```
final class SQLiteDatabase: @unchecked Sendable {
    /// A value bound to, or read from, a statement.
    enum Value: Equatable {
        case null, integer(Int64), real(Double), text(String)

        var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
        var real: Double? {
            switch self {
            case .real(let value): value
            case .integer(let value): Double(value)
            default: nil
            }
        }
        var text: String? { if case .text(let value) = self { value } else { nil } }
    }

    let path: String
    /// The file's device and inode when it was opened, to tell whether it was since replaced.
    private let identity: FileIdentity?
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens the database, creating it unless `readOnly`; waits up to `busyTimeout` for another
    /// writer to finish before giving up with "database is locked".
    init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(10)) throws(HistoryError) {
        self.path = path
        var message = [CChar](repeating: 0, count: 512)
        guard let handle = shortcuts_sqlite_open(path, readOnly ? 1 : 0, &message, message.count) else {
            throw HistoryError(
                "can't open \(path): \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        self.handle = handle
        identity = FileIdentity(path)
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        shortcuts_sqlite_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    deinit {
        for statement in statements.values { shortcuts_sqlite_finalize(statement) }
        shortcuts_sqlite_close(handle)
    }

    /// Runs statements that give no rows (several, separated by semicolons).
    func execute(_ sql: String) throws(HistoryError) {
        var message = [CChar](repeating: 0, count: 512)
        guard shortcuts_sqlite_exec(handle, sql, &message, message.count) == SHORTCUTS_SQLITE_OK else {
            throw failure(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    /// Runs one statement with its values and returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [Value] = []) throws(HistoryError) -> Int {
        let statement = try prepared(sql, values)
        defer { shortcuts_sqlite_reset(statement) }
        let status = shortcuts_sqlite_step(statement)
        guard status == SHORTCUTS_SQLITE_DONE || status == SHORTCUTS_SQLITE_ROW else { throw failure() }
        return Int(shortcuts_sqlite_changes(handle))
    }

    /// Runs a query and gives its rows, each a list of column values.
    func rows(_ sql: String, _ values: [Value] = []) throws(HistoryError) -> [[Value]] {
        let statement = try prepared(sql, values)
        defer { shortcuts_sqlite_reset(statement) }
        var rows: [[Value]] = []
        while true {
            let status = shortcuts_sqlite_step(statement)
            if status == SHORTCUTS_SQLITE_DONE { return rows }
            guard status == SHORTCUTS_SQLITE_ROW else { throw failure() }
            rows.append(Self.columns(of: statement))
        }
    }

    /// Runs `body` in one transaction that takes the write lock at once (`BEGIN IMMEDIATE`), so
    /// a busy database is waited for before anything is read; rolls back when it throws.
    func transaction<Result>(_ body: () throws(HistoryError) -> Result) throws(HistoryError) -> Result {
        // Prepared once and kept, as the statements inside are.
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    // MARK: Statements

    /// A statement prepared once per connection and kept, with `values` bound.
    private func prepared(_ sql: String, _ values: [Value]) throws(HistoryError) -> OpaquePointer {
        let statement: OpaquePointer
        if let kept = statements[sql] {
            statement = kept
        } else {
            var made: OpaquePointer?
            guard shortcuts_sqlite_prepare(handle, sql, &made) == SHORTCUTS_SQLITE_OK, let made else { throw failure() }
            statements[sql] = made
            statement = made
        }
        for (offset, value) in values.enumerated() {
            let position = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = shortcuts_sqlite_bind_null(statement, position)
            case .integer(let number): status = shortcuts_sqlite_bind_int64(statement, position, number)
            case .real(let number): status = shortcuts_sqlite_bind_double(statement, position, number)
            case .text(let text):
                status = text.withCString { shortcuts_sqlite_bind_text(statement, position, $0, Int64(text.utf8.count)) }
            }
            guard status == SHORTCUTS_SQLITE_OK else { throw failure() }
        }
        return statement
    }

    private static func columns(of statement: OpaquePointer) -> [Value] {
        (0..<shortcuts_sqlite_column_count(statement)).map { column in
            switch shortcuts_sqlite_column_type(statement, column) {
            case 1: return .integer(shortcuts_sqlite_column_int64(statement, column))
            case 2: return .real(shortcuts_sqlite_column_double(statement, column))
            case 3, 4:
                var length: Int32 = 0
                guard let text = shortcuts_sqlite_column_text(statement, column, &length) else { return .text("") }
                return .text(String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self))
            default: return .null
            }
        }
    }

    private func failure(_ message: String? = nil) -> HistoryError {
        HistoryError("\(path): \(message ?? String(cString: shortcuts_sqlite_errmsg(handle)))")
    }
}

extension SQLiteDatabase {
    /// A connection lent for one call, returned to the process's pool when the lease ends, so
    /// many runs in one process (the service, MCP, a benchmark) share a few open connections.
    final class Lease {
        let database: SQLiteDatabase
        /// Whether the connection goes back to the pool when the lease ends.
        var returnsToPool = true

        init(_ database: SQLiteDatabase) { self.database = database }

        deinit {
            guard returnsToPool else { return }
            Self.idle.withLock { $0[database.path, default: []].append(database) }
        }

        private static let idle = Mutex<[String: [SQLiteDatabase]]>([:])

        /// A kept connection to the database at `path`, or `nil`: none is free, or the file was
        /// deleted or replaced since (its kept connections are then dropped).
        static func reuse(_ path: String) -> Lease? {
            let current = FileIdentity(path)
            return idle.withLock { idle -> Lease? in
                guard var free = idle[path], !free.isEmpty else { return nil }
                guard let current, free[free.count - 1].identity == current else {
                    idle[path] = nil
                    return nil
                }
                let database = free.removeLast()
                idle[path] = free
                return Lease(database)
            }
        }
    }
}

/// A file's device and inode.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
