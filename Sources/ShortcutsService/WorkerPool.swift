import Foundation
import Synchronization

/// The threads that serve the service's connections and answer their requests: made when every
/// one is busy, up to a bound, and kept for the next job, so a request costs no thread of its
/// own (making and ending one per request cost a tenth of the service's time, most of it the
/// kernel unmapping stacks).
///
/// ```swift
/// let workers = WorkerPool(name: "shortcutsd.worker", maximumThreads: 64)
/// workers.submit { answer(request) }
/// ```
///
/// The bound is the most jobs that may wait on each other at once (every connection, every run
/// going and queued), so a job waiting for another never waits for a thread; past it, jobs wait
/// their turn in order. A thread idle for ``idleSeconds`` ends, so a quiet service goes back to
/// its few threads.
final class WorkerPool: Sendable {
    let name: String
    let maximumThreads: Int
    let idleSeconds: Double
    /// Wakes idle workers; `state` changes only while it is held, so a wake is never missed.
    private let condition = NSCondition()
    private let state = Mutex(State())

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var nextJob = 0
        var threads = 0
        var idle = 0

        /// The oldest waiting job; the list is compacted once it is mostly taken.
        mutating func takeJob() -> (@Sendable () -> Void)? {
            guard nextJob < jobs.count else { return nil }
            let job = jobs[nextJob]
            nextJob += 1
            if nextJob == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                nextJob = 0
            } else if nextJob > 64, nextJob * 2 > jobs.count {
                jobs.removeFirst(nextJob)
                nextJob = 0
            }
            return job
        }
    }

    init(name: String, maximumThreads: Int, idleSeconds: Double = 2) {
        self.name = name
        self.maximumThreads = max(1, maximumThreads)
        self.idleSeconds = idleSeconds
    }

    /// Runs `job` on a worker: an idle one, else a new one while there are fewer than the bound.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        let startsThread = state.withLock { state in
            state.jobs.append(job)
            // Idle workers count those woken but not yet running: each takes one waiting job.
            let startsThread = state.jobs.count - state.nextJob > state.idle && state.threads < maximumThreads
            if startsThread { state.threads += 1 }
            return startsThread
        }
        condition.signal()
        condition.unlock()
        if startsThread {
            let thread = Thread { [self] in work() }
            thread.name = name
            thread.start()
        }
    }

    /// How many threads there are now, and how many wait for a job.
    var counts: (threads: Int, idle: Int) {
        state.withLock { ($0.threads, $0.idle) }
    }

    private func work() {
        condition.lock()
        while true {
            if let job = state.withLock({ $0.takeJob() }) {
                condition.unlock()
                job()
                condition.lock()
                continue
            }
            state.withLock { $0.idle += 1 }
            let isWoken = condition.wait(until: Date().addingTimeInterval(idleSeconds))
            let ends = state.withLock { state in
                state.idle -= 1
                guard !isWoken, state.nextJob == state.jobs.count else { return false }
                state.threads -= 1
                return true
            }
            if ends {
                condition.unlock()
                return
            }
        }
    }
}
