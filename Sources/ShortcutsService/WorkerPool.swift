import Foundation

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
final class WorkerPool: @unchecked Sendable {
    let name: String
    let maximumThreads: Int
    let idleSeconds: Double
    // Guards everything below.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var nextJob = 0
    private var threads = 0
    private var idle = 0

    init(name: String, maximumThreads: Int, idleSeconds: Double = 2) {
        self.name = name
        self.maximumThreads = max(1, maximumThreads)
        self.idleSeconds = idleSeconds
    }

    /// Runs `job` on a worker: an idle one, else a new one while there are fewer than the bound.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        // Idle workers count those woken but not yet running: each takes one waiting job.
        let startsThread = jobs.count - nextJob > idle && threads < maximumThreads
        if startsThread { threads += 1 }
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
        condition.lock()
        defer { condition.unlock() }
        return (threads, idle)
    }

    private func work() {
        condition.lock()
        while true {
            if let job = takeJob() {
                condition.unlock()
                job()
                condition.lock()
                continue
            }
            idle += 1
            let isWoken = condition.wait(until: Date().addingTimeInterval(idleSeconds))
            idle -= 1
            if !isWoken, nextJob == jobs.count {
                threads -= 1
                condition.unlock()
                return
            }
        }
    }

    /// The oldest waiting job; the list is compacted once it is mostly taken.
    private func takeJob() -> (@Sendable () -> Void)? {
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
