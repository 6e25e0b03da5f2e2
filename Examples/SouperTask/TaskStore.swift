import AppIntents
import Foundation

/// One task as the store keeps it.
struct TaskRecord: Codable, Sendable, Equatable {
    var id: String
    var title: String
    var dueDate: Date

    /// A new task's identifier: a UUID whose first 48 bits are the time in milliseconds (the
    /// layout of UUID version 7), so new tasks go at the end of the database's index and saving
    /// one costs the same with 10 tasks or 100,000 (random UUIDs land anywhere in it, and the
    /// cost grew by half at 100,000).
    static func newIdentifier(at date: Date = Date()) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index))) }
        var generator = SystemRandomNumberGenerator()
        for index in 6..<16 { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        let parts = [
            hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20),
        ]
        return parts.joined(separator: "-")
    }
}

/// The tasks, kept in an SQLite database, `tasks.sqlite`, in the app's data folder:
/// `$SOUPERTASK_DATA`, else `$XDG_DATA_HOME/soupertask`, else `~/.local/share/soupertask`.
///
/// The database is in WAL mode, so the app and its extension process (or the running app and
/// `soupertask list`) read and write it at once and each sees the other's changes as soon as
/// they are made; saving a task costs the same however many there are. Tasks an earlier version
/// kept in `tasks.json` are moved in the first time the database is made (the file is renamed
/// `tasks.json.imported`).
enum TaskStore {
    /// Worked out once: reading the process environment builds a dictionary each time.
    static let folder: URL = {
        let environment = ProcessInfo.processInfo.environment
        let folder: String
        if let configured = environment["SOUPERTASK_DATA"], !configured.isEmpty {
            folder = configured
        } else if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            folder = data + "/soupertask"
        } else {
            folder = NSHomeDirectory() + "/.local/share/soupertask"
        }
        return URL(fileURLWithPath: folder)
    }()

    /// The database, opened (and made, the first time) on first use.
    private static let opened: Result<TaskDatabase, TaskStoreError> = Result { () throws(TaskStoreError) -> TaskDatabase in
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw TaskStoreError("can't make \(folder.path): \(error.localizedDescription)")
        }
        let database = try TaskDatabase(path: folder.appendingPathComponent("tasks.sqlite").path)
        // synchronous=NORMAL: in WAL mode a crash never corrupts the database; a power cut may
        // lose the last changes, which a task list can afford for saves that don't wait on the disk.
        try database.execute(
            """
            PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;
            CREATE TABLE IF NOT EXISTS tasks (id TEXT PRIMARY KEY, title TEXT NOT NULL, due REAL NOT NULL);
            CREATE INDEX IF NOT EXISTS tasks_by_due ON tasks (due);
            """)
        try importJSONFile(into: database)
        return database
    }

    private static func database() throws(TaskStoreError) -> TaskDatabase { try opened.get() }

    /// Every task, soonest due first.
    static func all() throws(TaskStoreError) -> [TaskRecord] {
        try database().rows("SELECT id, title, due FROM tasks ORDER BY due, id").compactMap(record)
    }

    /// The first `limit` tasks, soonest due first.
    static func soonest(_ limit: Int) throws(TaskStoreError) -> [TaskRecord] {
        try database().rows("SELECT id, title, due FROM tasks ORDER BY due, id LIMIT ?", [.integer(Int64(limit))]).compactMap(record)
    }

    static func task(id: String) throws(TaskStoreError) -> TaskRecord? {
        try database().rows("SELECT id, title, due FROM tasks WHERE id = ?", [.text(id)]).first.flatMap(record)
    }

    static func tasks(ids: [String]) throws(TaskStoreError) -> [TaskRecord] {
        var found: [TaskRecord] = []
        for id in ids { if let task = try task(id: id) { found.append(task) } }
        return found
    }

    /// Adds a task, or replaces the one with the same identifier.
    static func save(_ task: TaskRecord) throws(TaskStoreError) {
        try database().run(
            "INSERT OR REPLACE INTO tasks (id, title, due) VALUES (?, ?, ?)",
            [.text(task.id), .text(task.title), .real(task.dueDate.timeIntervalSince1970)])
    }

    static func delete(id: String) throws(TaskStoreError) {
        try database().run("DELETE FROM tasks WHERE id = ?", [.text(id)])
    }

    private static func record(_ row: [TaskDatabase.Value]) -> TaskRecord? {
        guard row.count == 3, let id = row[0].text, let title = row[1].text, let due = row[2].real else { return nil }
        return TaskRecord(id: id, title: title, dueDate: Date(timeIntervalSince1970: due))
    }

    /// Moves the tasks of an earlier version's `tasks.json` into a database that has none.
    private static func importJSONFile(into database: TaskDatabase) throws(TaskStoreError) {
        let file = folder.appendingPathComponent("tasks.json")
        guard FileManager.default.fileExists(atPath: file.path),
            try database.rows("SELECT count(*) FROM tasks").first?.first?.integer == 0
        else { return }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let tasks: [TaskRecord]
        do {
            tasks = try decoder.decode([TaskRecord].self, from: Data(contentsOf: file))
        } catch {
            throw TaskStoreError("can't read the tasks of an earlier version in \(file.path): \(error.localizedDescription)")
        }
        try database.execute("BEGIN IMMEDIATE")
        do {
            for task in tasks {
                try database.run(
                    "INSERT OR REPLACE INTO tasks (id, title, due) VALUES (?, ?, ?)",
                    [.text(task.id), .text(task.title), .real(task.dueDate.timeIntervalSince1970)])
            }
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
        try? FileManager.default.moveItem(at: file, to: folder.appendingPathComponent("tasks.json.imported"))
    }
}

/// Why SouperTask refuses a request; the message is what people see.
enum TaskError: Error, CustomLocalizedStringResourceConvertible {
    case pastDueDate

    var localizedStringResource: LocalizedStringResource {
        switch self {
        case .pastDueDate: return "Due date must be in the future."
        }
    }
}
