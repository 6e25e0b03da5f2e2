import Foundation
import Synchronization

/// Writes a process's runs to the history from a thread of its own, in batches, so a run never
/// waits for the database: the service hands each run's start and end here and answers its
/// client at once, and many runs at once cost one transaction instead of one each.
///
/// Changes are written in the order they were handed in. ``flush()`` waits until everything
/// handed in is written, before the process reads its own runs back or exits.
///
/// ```swift
/// let writer = HistoryWriter.shared(for: history, warn: log)
/// writer.submit(.begin(record))
/// writer.flush()
/// ```
public final class HistoryWriter: Sendable {
    private struct State {
        var pending: [HistoryChange] = []
        /// How many changes were handed in, and how many are written (or failed).
        var submitted = 0
        var written = 0
    }

    public let history: RunHistory
    private let warn: @Sendable (String) -> Void
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled when changes are written; `written` changes only while it is held.
    private let progress = NSCondition()

    private static let writers = Mutex<[String: HistoryWriter]>([:])

    /// The process's writer for a history, started on first use.
    public static func shared(for history: RunHistory, warn: @escaping @Sendable (String) -> Void) -> HistoryWriter {
        writers.withLock { writers in
            if let writer = writers[history.path] { return writer }
            let writer = HistoryWriter(history: history, warn: warn)
            writers[history.path] = writer
            Thread.detachNewThread { writer.loop() }
            return writer
        }
    }

    private init(history: RunHistory, warn: @escaping @Sendable (String) -> Void) {
        self.history = history
        self.warn = warn
    }

    /// Hands a change in; it is written soon, on the writer's thread.
    public func submit(_ change: HistoryChange) {
        state.withLock { state in
            state.pending.append(change)
            state.submitted += 1
        }
        wake.signal()
    }

    /// Waits until every change handed in so far is written (or failed, with a warning).
    public func flush() {
        let target = state.withLock { $0.submitted }
        progress.lock()
        while state.withLock({ $0.written < target }) { progress.wait() }
        progress.unlock()
    }

    private func loop() {
        while true {
            wake.wait()
            let batch = state.withLock { state -> [HistoryChange] in
                defer { state.pending.removeAll(keepingCapacity: true) }
                return state.pending
            }
            guard !batch.isEmpty else { continue }
            do {
                try history.write(batch)
            } catch {
                warn("the run history couldn't record \(batch.count) change(s): \(error.message)")
            }
            progress.lock()
            state.withLock { $0.written += batch.count }
            progress.broadcast()
            progress.unlock()
        }
    }
}
