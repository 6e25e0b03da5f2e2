import AppIntents
import Foundation

/// SouperTask, the task manager from "Meet Shortcuts for macOS": its intents for Shortcuts,
/// and a small command line of its own (`soupertask list`, `soupertask add TITLE --due DATE`,
/// `soupertask forget`, which deletes its suggestions, and `soupertask serve`, which keeps running with its tasks in memory; see ``LiveSession``).
@main
struct SouperTaskApp: IntentsApplication {
    static let bundleIdentifier = "com.example.SouperTask"
    static let name = "SouperTask"
    static let intents: [any AppIntent.Type] = [
        CreateTaskIntent.self, FindTasksIntent.self, DeleteTaskIntent.self, EditTaskIntent.self, OpenTaskIntent.self,
    ]
    static let appShortcuts: (any AppShortcutsProvider.Type)? = SouperTaskShortcuts.self

    static func run(arguments: [String]) async throws {
        switch arguments.first {
        case "list":
            for task in try TaskStore.all() {
                say("\(task.id)  \(ISO8601DateFormatter().string(from: task.dueDate))  \(task.title)")
            }
        case "add" where arguments.count >= 2:
            let due = arguments.firstIndex(of: "--due").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
            let dueDate = try due.map(parseDate) ?? Date().addingTimeInterval(24 * 60 * 60)
            guard dueDate > Date() else { throw TaskError.pastDueDate }
            let task = TaskRecord(id: TaskRecord.newIdentifier(), title: arguments[1], dueDate: dueDate)
            try TaskStore.save(task)
            // As Apple advises: what the person did in the app is donated, for Shortcuts to suggest.
            let intent = CreateTaskIntent()
            intent.title = task.title
            intent.dueDate = task.dueDate
            try await IntentDonationManager.shared.donate(intent: intent)
            say(task.id)
        case "forget":
            // The person cleared the app's history: its suggestions go too.
            let forgotten = try await IntentDonationManager.shared.deleteDonations(matching: .intentType(CreateTaskIntent.self))
            say("forgot \(forgotten.count) suggestion(s)")
        case "serve":
            try await LiveSession.shared.serve()
        default:
            say("usage: soupertask list | add TITLE [--due ISO8601-DATE] | forget | serve | --print-manifest | --serve-intents")
        }
    }

    /// Opened by `shortcuts` to continue an intent (Open Task): shows the task it handed over.
    /// With `SOUPERTASK_LOG` set, the line also goes to that file (the app's window, in tests).
    static func continueInApp(_ continuation: IntentContinuation) async throws {
        guard case .entity(let task)? = continuation.result.value else { return }
        let line = "Showing “\(task.displayTitle)” (\(continuation.intent))"
        say(line)
        if let log = ProcessInfo.processInfo.environment["SOUPERTASK_LOG"] {
            try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: log), options: .atomic)
        }
    }

    private static func parseDate(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withFullDate]
        if let date = formatter.date(from: text) { return date }
        throw UsageError(message: "not an ISO 8601 date: \(text)")
    }

    private static func say(_ line: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
    }
}

struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
