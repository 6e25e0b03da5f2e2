import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// SouperTask while it runs as `soupertask serve`.
///
/// While it runs, the app is registered with `shortcutsd`, so the intents Shortcuts performs
/// run in this process and print a line saying so. Commands on standard input look at the
/// tasks; the app ends at end of input or SIGTERM:
///
/// ```text
/// list   the tasks, as the database has them now (an extension's changes show at once)
/// hold   the next intent waits forever (to see what Shortcuts does when an app dies mid-intent)
/// quit   end
/// ```
final class LiveSession: @unchecked Sendable {
    static let shared = LiveSession()

    private let lock = NSLock()
    private var isServing = false
    private var holdsNextIntent = false

    /// Serves standard-input commands until it ends.
    func serve() async throws {
        let loaded = try TaskStore.all()
        lock.withLock { isServing = true }
        say("serving \(loaded.count) task(s) in pid \(getpid())")
        while let line = await Self.nextLine() {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "list":
                for task in try TaskStore.all() {
                    say("\(task.id)  \(ISO8601DateFormatter().string(from: task.dueDate))  \(task.title)")
                }
                say("end of list")
            case "hold":
                lock.withLock { holdsNextIntent = true }
                say("holding the next intent")
            case "quit":
                return
            case let other:
                say("unknown command '\(other)': list, hold, quit")
            }
        }
    }

    /// An intent performed in this process saved a task.
    func saved(_ record: TaskRecord, by intent: String) {
        guard lock.withLock({ isServing }) else { return }
        say("performed \(intent) “\(record.title)” in pid \(getpid())")
    }

    /// An intent performed in this process deleted a task.
    func deleted(id: String, by intent: String) {
        guard lock.withLock({ isServing }) else { return }
        say("performed \(intent) (deleted \(id)) in pid \(getpid())")
    }

    /// Waits forever when `hold` was asked for since the last intent.
    func waitIfHeld(_ intent: String) async {
        guard
            lock.withLock({ () -> Bool in
                defer { holdsNextIntent = false }
                return holdsNextIntent
            })
        else { return }
        say("holding \(intent) in pid \(getpid())")
        while true { try? await Task.sleep(nanoseconds: 60_000_000_000) }
    }

    /// The next line of standard input, read off the threads that perform intents.
    private static func nextLine() async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Swift.readLine()) }
        }
    }

    private func say(_ line: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
    }
}
