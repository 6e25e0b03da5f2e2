import Foundation
import ShortcutsEngine
import ShortcutsRPC

/// The runs in progress, each with the flag that cancels it, and when the service last did
/// anything (for the idle exit).
final class RunRegistry: @unchecked Sendable {
    struct Entry {
        var info: EventsProtocol.RunInfo
        /// The shortcut's identifier, so a cancel by name or identifier finds it.
        var identifier: String
        var cancellation: Cancellation
        /// Which connection started it, so a client that goes away takes its runs with it.
        var owner: ObjectIdentifier?
    }

    private let lock = NSLock()
    private let finished = NSCondition()
    private var entries: [String: Entry] = [:]
    /// Requests being answered, runs or not: shutdown waits until their answers are out.
    private var requests = 0
    private var lastActivity = Date()

    /// Records a run; `nil` when a run with that id is already going.
    func add(_ entry: Entry) -> Bool {
        lock.withLock {
            lastActivity = Date()
            guard entries[entry.info.runID] == nil else { return false }
            entries[entry.info.runID] = entry
            return true
        }
    }

    func remove(_ runID: String) {
        lock.withLock {
            entries[runID] = nil
            lastActivity = Date()
        }
        signalFinished()
    }

    /// Notes a request being answered, until ``endRequest()``.
    func beginRequest() {
        lock.withLock {
            requests += 1
            lastActivity = Date()
        }
    }

    func endRequest() {
        lock.withLock {
            requests -= 1
            lastActivity = Date()
        }
        signalFinished()
    }

    private func signalFinished() {
        finished.lock()
        finished.broadcast()
        finished.unlock()
    }

    /// Notes a request that is not a run, which also keeps the service awake.
    func touch() { lock.withLock { lastActivity = Date() } }

    var count: Int { lock.withLock { entries.count } }
    var runs: [EventsProtocol.RunInfo] { lock.withLock { entries.values.map(\.info) }.sorted { $0.runID < $1.runID } }

    /// Seconds since the last request or run, or 0 while runs are going.
    var idleSeconds: Double {
        lock.withLock { entries.isEmpty && requests == 0 ? -lastActivity.timeIntervalSinceNow : 0 }
    }

    /// Cancels the runs `matching` selects; returns how many.
    @discardableResult
    func cancel(where matching: (Entry) -> Bool) -> Int {
        let selected = lock.withLock { entries.values.filter(matching) }
        for entry in selected { entry.cancellation.cancel() }
        return selected.count
    }

    /// Waits until no run is going and every request is answered, or the deadline passes;
    /// returns whether all is done.
    func waitUntilEmpty(before deadline: Date) -> Bool {
        finished.lock()
        defer { finished.unlock() }
        while !isQuiet {
            if !finished.wait(until: deadline) { return isQuiet }
        }
        return true
    }

    private var isQuiet: Bool { lock.withLock { entries.isEmpty && requests == 0 } }
}
