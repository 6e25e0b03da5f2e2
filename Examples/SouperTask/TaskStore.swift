import AppIntents
import Foundation

/// One task as the store keeps it.
struct TaskRecord: Codable, Sendable, Equatable {
    var id: String
    var title: String
    var dueDate: Date
}

/// The tasks, kept in `tasks.json` in the app's data folder: `$SOUPERTASK_DATA`, else
/// `$XDG_DATA_HOME/soupertask`, else `~/.local/share/soupertask`.
///
/// Every change rewrites the whole file atomically (a temporary file, then a rename), so the
/// app and its extension process can both use it and never see half a file.
enum TaskStore {
    /// Worked out once: reading the process environment builds a dictionary each time.
    static let fileURL: URL = {
        let environment = ProcessInfo.processInfo.environment
        let folder: String
        if let configured = environment["SOUPERTASK_DATA"], !configured.isEmpty {
            folder = configured
        } else if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            folder = data + "/soupertask"
        } else {
            folder = NSHomeDirectory() + "/.local/share/soupertask"
        }
        return URL(fileURLWithPath: folder).appendingPathComponent("tasks.json")
    }()

    /// Every task, soonest due first.
    static func all() throws -> [TaskRecord] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([TaskRecord].self, from: Data(contentsOf: fileURL)).sorted { $0.dueDate < $1.dueDate }
    }

    static func task(id: String) throws -> TaskRecord? {
        try all().first { $0.id == id }
    }

    /// Adds a task, or replaces the one with the same identifier.
    static func save(_ task: TaskRecord) throws {
        var tasks = try all().filter { $0.id != task.id }
        tasks.append(task)
        try write(tasks)
    }

    static func delete(id: String) throws {
        try write(try all().filter { $0.id != id })
    }

    private static func write(_ tasks: [TaskRecord]) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(tasks).write(to: fileURL, options: .atomic)
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
