import Foundation
import ShortcutsContent
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

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

    /// Runs the jobs sent here until `isDone` holds, waiting for more while it doesn't, and
    /// calling `idle` every `interval` seconds of waiting.
    func run(until isDone: () -> Bool, every interval: Double, idle: () -> Void) {
        while true {
            let batch = jobs.withLock { jobs in
                defer { jobs.removeAll(keepingCapacity: true) }
                return jobs
            }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if isDone() { return }
            if batch.isEmpty, arrived.wait(timeout: .now() + interval) == .timedOut { idle() }
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

    /// How often a request that waits on something looks for a cancellation from the host.
    static let cancelPoll = 0.02

    private static func serveHere(_ channel: LineChannel, stoppingAfter stopMethod: String?, handler: @escaping SendableHandler) {
        let executor = ServingThread()
        // Lines that came while a request was answered, answered after it.
        var pending: [Data] = []
        while true {
            let line: Data
            if pending.isEmpty {
                guard let read = try? channel.readLine(timeout: nil, spinning: LineChannel.answerSpin) else { return }
                line = read
            } else {
                line = pending.removeFirst()
            }
            // (A cancellation that comes after its request was answered is a notification of a
            // method the handler doesn't know: it gets no answer, and nothing happens.)
            let answer = AnswerSlot()
            let task = Task(executorPreference: executor) {
                answer.set(await self.answer(line, with: handler))
                executor.wake()
            }
            // While the request waits on something, the host may cancel it (its run was
            // cancelled): the task is cancelled, as Apple's system cancels an intent's task.
            executor.run(until: { answer.isSet }, every: cancelPoll) {
                var descriptor = pollfd(fd: channel.input, events: Int16(POLLIN), revents: 0)
                guard channel.hasBufferedInput || poll(&descriptor, 1, 0) > 0, let next = try? channel.readLine(timeout: cancelPoll) else {
                    return
                }
                guard let cancelled = cancelledRequest(next) else {
                    pending.append(next)
                    return
                }
                if (try? ScannedMessage([UInt8](line)))?.id == .number(cancelled) { task.cancel() }
            }
            let (response, method) = answer.value
            if let response {
                guard (try? channel.writeLine(response)) != nil else { return }
            }
            if let stopMethod, method == stopMethod { return }
        }
    }

    /// The id of the request a ``ExtensionProtocol/Method/cancel`` notification cancels, if the
    /// line is one.
    private static func cancelledRequest(_ line: Data) -> Int? {
        let bytes = [UInt8](line)
        guard let message = try? ScannedMessage(bytes), message.method == ExtensionProtocol.Method.cancel, message.id == nil,
            let range = message.params, let params = try? message.read(range, as: CancelParamsReader.self)
        else { return nil }
        return params.id
    }

    /// ``ExtensionProtocol/CancelParams`` as the scanner reads them.
    private struct CancelParamsReader: JSONReadable {
        var id = 0
        init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
            var id = 0
            try reader.readObject { reader, key throws(JSONReader.Failure) in
                if key == "id" { id = try reader.readInt() } else { try reader.skipValue() }
            }
            self.id = id
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
