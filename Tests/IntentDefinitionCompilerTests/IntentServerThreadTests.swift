import Foundation
import Intents
import ShortcutsRPC
import Testing

/// A SiriKit app's server waits for its host for the app's whole life; it must not hold one of
/// the threads that run Swift tasks while it does.
@Suite(.serialized) struct IntentServerThreadTests {
    final class Principal: INExtension {}

    @Test func idleServersLeaveTheTaskThreadsFree() throws {
        // More idle servers than there are task threads (one per core).
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        var pipes: [[Int32]] = []
        for _ in 0..<count {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            pipes.append(ends)
        }
        let output = open("/dev/null", O_WRONLY)
        defer { close(output) }
        let servers = pipes.map { ends in
            _Concurrency.Task.detached(priority: .high) {
                let server = INIntentServer(
                    bundleIdentifier: "com.example.Idle", definitions: [IntentsIntentDefinition.schema],
                    dispatch: .intentsExtension(Principal()))
                await server.serve(LineChannel(input: ends[0], output: output))
            }
        }
        // A task started now must get a thread while every server waits. At high priority it
        // goes before the other suites' queued tests, which could otherwise keep both of a busy
        // 2-core machine's task threads past the wait; servers holding them would hold them for good.
        let ran = DispatchSemaphore(value: 0)
        _Concurrency.Task.detached(priority: .high) { ran.signal() }
        // Other suites' synchronous tests may hold the task threads a while; the servers would hold them for good.
        let gotAThread = ran.wait(timeout: .now() + 120) == .success
        // Closing the write ends lets every server see the end of its input and stop.
        for ends in pipes { close(ends[1]) }
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let group = DispatchGroup()
            for server in servers {
                group.enter()
                _Concurrency.Task.detached(priority: .high) {
                    await server.value
                    group.leave()
                }
            }
            group.wait()
            stopped.signal()
        }
        #expect(gotAThread, "idle servers held every task thread")
        let didStop = stopped.wait(timeout: .now() + 60) == .success
        #expect(didStop, "the servers didn't stop at the end of their input")
        // A server still reading keeps its descriptor: closing it under the reader would let the
        // number be reused by something else.
        if didStop { for ends in pipes { close(ends[0]) } }
    }
}
