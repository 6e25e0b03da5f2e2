import Foundation
import Synchronization

/// A thread that reads requests and runs their async handlers itself: the handler's task prefers
/// this thread's executor, so a call that never waits on anything else (the usual intent) runs
/// from the read to the written answer on one thread, without waking another. That is most of
/// what a warm app action call costs; see docs/EXTENSION-PROTOCOL.md, "Speed".
///
/// Work the handler sends elsewhere (an actor, the main actor) runs there and comes back here.
/// Only the task serving the current request runs on the thread, between reads.
final class ServingThread: TaskExecutor, Sendable {
    private let jobs = Mutex<[UnownedJob]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        arrived.signal()
    }

    /// Runs the jobs sent here until `isDone` holds, waiting for more while it doesn't.
    func run(until isDone: () -> Bool) {
        while true {
            let batch = jobs.withLock { jobs in
                defer { jobs.removeAll(keepingCapacity: true) }
                return jobs
            }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if isDone() { return }
            if batch.isEmpty { arrived.wait() }
        }
    }

    /// Wakes `run(until:)` to look at its condition again.
    func wake() { arrived.signal() }
}

extension JSONRPC {
    /// Answers requests from a channel, one at a time, until it closes or a `stopMethod` request
    /// has been answered. Requests are read and answered on a thread of their own
    /// (``ServingThread``), so a blocked read never holds one of the few threads that run Swift
    /// tasks; the reads spin briefly before they sleep, as the answer to a call usually comes
    /// within microseconds.
    public static func serve(_ channel: LineChannel, stoppingAfter stopMethod: String? = nil, handler: @escaping SendableHandler) async {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                serveHere(channel, stoppingAfter: stopMethod, handler: handler)
                finished.resume()
            }
            thread.name = "JSONRPC.serve"
            thread.start()
        }
    }

    private static func serveHere(_ channel: LineChannel, stoppingAfter stopMethod: String?, handler: @escaping SendableHandler) {
        let executor = ServingThread()
        while true {
            guard let line = try? channel.readLine(timeout: nil, spinning: LineChannel.answerSpin) else { return }
            let answer = AnswerSlot()
            Task(executorPreference: executor) {
                answer.set(await self.answer(line, with: handler))
                executor.wake()
            }
            executor.run { answer.isSet }
            let (response, method) = answer.value
            if let response {
                guard (try? channel.writeLine(response)) != nil else { return }
            }
            if let stopMethod, method == stopMethod { return }
        }
    }

    /// Where a request's task leaves its answer for the serving thread.
    private final class AnswerSlot: Sendable {
        private let slot = Mutex<(response: Data?, method: String?)?>(nil)
        func set(_ answer: (response: Data?, method: String?)) { slot.withLock { $0 = answer } }
        var isSet: Bool { slot.withLock { $0 != nil } }
        var value: (response: Data?, method: String?) { slot.withLock { $0 } ?? (nil, nil) }
    }
}
