import CSQLiteLoader
import Foundation

/// One SQLite connection, as SouperTask uses it: statements prepared once and kept, values bound
/// by position, one caller at a time (the lock). SQLite is Debian's `libsqlite3-0`, loaded the
/// first time a database opens.
///
/// ```swift
/// let database = try TaskDatabase(path: "/tmp/tasks.sqlite")
/// try database.run("INSERT INTO tasks VALUES (?, ?, ?)", [.text("1"), .text("Milk"), .real(0)])
/// let rows = try database.rows("SELECT title FROM tasks")
/// ```
/// `@unchecked Sendable`: the connection and its statements are used only under `lock`.
final class TaskDatabase: @unchecked Sendable {
    enum Value {
        case null, integer(Int64), real(Double), text(String)

        var text: String? { if case .text(let text) = self { text } else { nil } }
        var real: Double? {
            switch self {
            case .real(let value): value
            case .integer(let value): Double(value)
            default: nil
            }
        }
        var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    }

    let path: String
    private let handle: OpaquePointer
    private let lock = NSLock()
    private var statements: [String: OpaquePointer] = [:]

    /// Opens the database, creating it, and waits up to five seconds for another process's
    /// write to finish before a statement gives up with "database is locked".
    init(path: String) throws(TaskStoreError) {
        self.path = path
        var message = [CChar](repeating: 0, count: 512)
        guard let handle = shortcuts_sqlite_open(path, 0, &message, message.count) else {
            throw TaskStoreError("can't open \(path): \(Self.text(message))")
        }
        self.handle = handle
        shortcuts_sqlite_busy_timeout(handle, 5000)
    }

    deinit {
        for statement in statements.values { shortcuts_sqlite_finalize(statement) }
        shortcuts_sqlite_close(handle)
    }

    /// Runs statements that give no rows, separated by semicolons.
    func execute(_ sql: String) throws(TaskStoreError) {
        lock.lock()
        defer { lock.unlock() }
        var message = [CChar](repeating: 0, count: 512)
        guard shortcuts_sqlite_exec(handle, sql, &message, message.count) == SHORTCUTS_SQLITE_OK else {
            throw TaskStoreError("\(path): \(Self.text(message))")
        }
    }

    /// Runs one statement with its values; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [Value] = []) throws(TaskStoreError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let statement = try prepared(sql, values)
        defer { shortcuts_sqlite_reset(statement) }
        let status = shortcuts_sqlite_step(statement)
        guard status == SHORTCUTS_SQLITE_DONE || status == SHORTCUTS_SQLITE_ROW else { throw failure() }
        return Int(shortcuts_sqlite_changes(handle))
    }

    /// Runs a query; each row is its columns' values.
    func rows(_ sql: String, _ values: [Value] = []) throws(TaskStoreError) -> [[Value]] {
        lock.lock()
        defer { lock.unlock() }
        let statement = try prepared(sql, values)
        defer { shortcuts_sqlite_reset(statement) }
        var rows: [[Value]] = []
        while true {
            let status = shortcuts_sqlite_step(statement)
            if status == SHORTCUTS_SQLITE_DONE { return rows }
            guard status == SHORTCUTS_SQLITE_ROW else { throw failure() }
            rows.append(
                (0..<shortcuts_sqlite_column_count(statement)).map { column in
                    switch shortcuts_sqlite_column_type(statement, column) {
                    case 1: return .integer(shortcuts_sqlite_column_int64(statement, column))
                    case 2: return .real(shortcuts_sqlite_column_double(statement, column))
                    case 3:
                        var length: Int32 = 0
                        guard let text = shortcuts_sqlite_column_text(statement, column, &length) else { return .text("") }
                        return .text(String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self))
                    default: return .null
                    }
                })
        }
    }

    private func prepared(_ sql: String, _ values: [Value]) throws(TaskStoreError) -> OpaquePointer {
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

    private func failure() -> TaskStoreError {
        TaskStoreError("\(path): \(String(cString: shortcuts_sqlite_errmsg(handle)))")
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Why the task database couldn't be used; the message names the file.
struct TaskStoreError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
