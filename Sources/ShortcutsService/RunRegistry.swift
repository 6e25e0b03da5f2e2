import Foundation
import ShortcutsEngine
import ShortcutsRPC
import Synchronization

/// The runs in progress, each with the flag that cancels it, how many may run at once (the
/// rest wait in a queue of bounded length), and when the service last did anything (for the
/// idle exit).
final class RunRegistry: Sendable {
    struct Entry: Sendable {
        var info: EventsProtocol.RunInfo
        /// The shortcut's identifier, so a cancel by name or identifier finds it.
        var identifier: String
        var cancellation: Cancellation
        /// Which connection started it, so a client that goes away takes its runs with it.
        var owner: ObjectIdentifier?
    }

    /// Why a run wasn't admitted.
    enum Refusal: Error {
        /// A run with that id is already going or waiting.
        case duplicateID
        /// As many runs as allowed are going and the queue is full.
        case busy(running: Int, queued: Int)
        /// It was cancelled while it waited.
        case cancelledWhileQueued
    }

    private struct State {
        /// Runs admitted (going) and waiting, by id.
        var entries: [String: Entry] = [:]
        var running = 0
        var queued = 0
        /// Requests being answered, runs or not: shutdown waits until their answers are out.
        var requests = 0
        var lastActivity = Date()
    }

    private let state = Mutex(State())
    /// Signalled whenever a run ends or a request is answered, for admission and shutdown.
    /// NSCondition is thread-safe; Foundation marks it Sendable.
    private let changed = NSCondition()
    let maximumRunning: Int
    let maximumQueued: Int

    init(maximumRunning: Int = Int.max, maximumQueued: Int = 0) {
        self.maximumRunning = max(1, maximumRunning)
        self.maximumQueued = max(0, maximumQueued)
    }

    /// Records a run and waits, in the queue, until fewer than ``maximumRunning`` are going.
    ///
    /// - Throws: ``Refusal``: a duplicate id, a full queue, or cancelled while queued.
    func admit(_ entry: Entry) throws(Refusal) {
        let runID = entry.info.runID
        let mustWait = try state.withLock { state throws(Refusal) -> Bool in
            state.lastActivity = Date()
            guard state.entries[runID] == nil else { throw .duplicateID }
            guard state.running < maximumRunning else {
                guard state.queued < maximumQueued else { throw .busy(running: state.running, queued: state.queued) }
                state.entries[runID] = entry
                state.queued += 1
                return true
            }
            state.entries[runID] = entry
            state.running += 1
            return false
        }
        guard mustWait else { return }
        changed.lock()
        defer { changed.unlock() }
        while true {
            let outcome = state.withLock { state -> Bool? in
                if entry.cancellation.isCancelled {
                    state.queued -= 1
                    state.entries[runID] = nil
                    return false
                }
                guard state.running < maximumRunning else { return nil }
                state.queued -= 1
                state.running += 1
                return true
            }
            switch outcome {
            case true?: return
            case false?: throw .cancelledWhileQueued
            case nil: _ = changed.wait(until: Date().addingTimeInterval(0.25))  // also wakes to notice a cancel
            }
        }
    }

    /// Ends an admitted run.
    func remove(_ runID: String) {
        state.withLock { state in
            if state.entries.removeValue(forKey: runID) != nil { state.running -= 1 }
            state.lastActivity = Date()
        }
        signalChanged()
    }

    /// Notes a request being answered, until ``endRequest()``.
    func beginRequest() {
        state.withLock { state in
            state.requests += 1
            state.lastActivity = Date()
        }
    }

    func endRequest() {
        state.withLock { state in
            state.requests -= 1
            state.lastActivity = Date()
        }
        signalChanged()
    }

    private func signalChanged() {
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }

    /// Notes a request that is not a run, which also keeps the service awake.
    func touch() { state.withLock { $0.lastActivity = Date() } }

    /// Runs going and waiting.
    var count: Int { state.withLock { $0.entries.count } }
    var runs: [EventsProtocol.RunInfo] { state.withLock { $0.entries.values.map(\.info) }.sorted { $0.runID < $1.runID } }

    /// Seconds since the last request or run, or 0 while runs are going.
    var idleSeconds: Double {
        state.withLock { $0.entries.isEmpty && $0.requests == 0 ? -$0.lastActivity.timeIntervalSinceNow : 0 }
    }

    /// Cancels the runs `matching` selects, going or waiting; returns how many.
    @discardableResult
    func cancel(where matching: (Entry) -> Bool) -> Int {
        let selected = state.withLock { $0.entries.values.filter(matching) }
        for entry in selected { entry.cancellation.cancel() }
        signalChanged()
        return selected.count
    }

    /// Waits until no run is going and every request is answered, or the deadline passes;
    /// returns whether all is done.
    func waitUntilEmpty(before deadline: Date) -> Bool {
        changed.lock()
        defer { changed.unlock() }
        while !isQuiet {
            if !changed.wait(until: deadline) { return isQuiet }
        }
        return true
    }

    private var isQuiet: Bool { state.withLock { $0.entries.isEmpty && $0.requests == 0 } }
}
