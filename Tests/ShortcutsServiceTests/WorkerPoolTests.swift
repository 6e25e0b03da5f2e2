import Foundation
import Synchronization
import Testing

@testable import ShortcutsService

/// The service's threads: reused from job to job, never more than the bound, and enough for
/// jobs that wait on each other.
@Suite struct WorkerPoolTests {
    /// Waits (a few seconds at most) for `condition`.
    func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(2000)
        }
        return true
    }

    @Test func oneJobAtATimeKeepsReusingOneThread() {
        let pool = WorkerPool(name: "test.worker", maximumThreads: 8)
        let done = DispatchSemaphore(value: 0)
        let threads = Mutex<Set<String>>([])
        for _ in 0..<500 {
            pool.submit {
                threads.withLock { _ = $0.insert("\(pthread_self())") }
                done.signal()
            }
            done.wait()
            // The worker goes back to waiting before the next job comes.
            #expect(eventually { pool.counts.idle == 1 })
        }
        #expect(pool.counts.threads == 1)
        #expect(threads.withLock { $0.count } == 1)
    }

    @Test func jobsWaitingOnEachOtherEachGetAThread() {
        let pool = WorkerPool(name: "test.worker", maximumThreads: 16)
        let started = Atomic(0)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<16 {
            pool.submit {
                started.add(1, ordering: .relaxed)
                // Every job waits until all of them run at once.
                let deadline = Date().addingTimeInterval(5)
                while started.load(ordering: .relaxed) < 16, Date() < deadline { usleep(500) }
                finished.signal()
            }
        }
        for _ in 0..<16 { #expect(finished.wait(timeout: .now() + 10) == .success) }
        #expect(started.load(ordering: .relaxed) == 16)
        #expect(pool.counts.threads == 16)
    }

    @Test func neverMoreThreadsThanTheBoundAndEveryJobRuns() {
        let pool = WorkerPool(name: "test.worker", maximumThreads: 3)
        let running = Atomic(0)
        let most = Atomic(0)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<40 {
            pool.submit {
                let now = running.add(1, ordering: .relaxed).newValue
                most.max(now, ordering: .relaxed)
                usleep(1000)
                running.subtract(1, ordering: .relaxed)
                finished.signal()
            }
        }
        for _ in 0..<40 { #expect(finished.wait(timeout: .now() + 10) == .success) }
        #expect(most.load(ordering: .relaxed) <= 3)
        #expect(pool.counts.threads <= 3)
    }

    @Test func idleThreadsEnd() {
        let pool = WorkerPool(name: "test.worker", maximumThreads: 4, idleSeconds: 0.05)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            pool.submit {
                usleep(20_000)
                finished.signal()
            }
        }
        for _ in 0..<4 { finished.wait() }
        #expect(eventually { pool.counts.threads == 0 })
    }
}
