import AppActions
import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC
import Synchronization
import Testing

/// The host against a real extension process: warm reuse, crashes, exits, hangs, restarts,
/// protocol checks and the idle timer.
@Suite struct ExtensionHostTests {
    let installation: FakeExtension.Installation

    init() throws { installation = try FakeExtension.Installation() }

    private func host(timeout: Double = 10, idle: Double = 30) -> ExtensionHost {
        ExtensionHost(configuration: .init(idleSeconds: idle, callTimeoutSeconds: timeout))
    }

    private func perform(_ host: ExtensionHost, _ intent: String, _ parameters: [String: Content] = [:]) throws
        -> ExtensionProtocol.PerformResult
    {
        try host.perform(installation.manifest, .init(intent: intent, parameters: parameters, isInteractive: false))
    }

    private func pid(_ host: ExtensionHost) throws -> Double? {
        try perform(host, "PidIntent").value?.number
    }

    @Test func keepsOneProcessWarmAcrossCalls() throws {
        let host = host()
        defer { host.stopAll() }
        let echoed = try perform(host, "EchoIntent", ["text": .text("hi")])
        #expect(echoed.outcome == .success)
        #expect(echoed.value == .text("hi"))
        #expect(echoed.dialog == "Echoed.")
        let first = try pid(host)
        #expect(try pid(host) == first)
        #expect(host.processIdentifier(of: FakeExtension.bundleIdentifier).map(Double.init) == first)
    }

    @Test func aCrashNamesTheAppAndTheSignalAndTheNextCallRestarts() throws {
        let host = host()
        defer { host.stopAll() }
        let before = try pid(host)
        let error = #expect(throws: ExtensionError.self) { try perform(host, "CrashIntent") }
        #expect(error?.code == .exited)
        #expect(error?.message == "com.example.Fake's extension exited with signal 9 while performing CrashIntent")
        #expect(!host.isRunning(FakeExtension.bundleIdentifier))
        let after = try pid(host)
        #expect(after != nil && after != before)
    }

    @Test func anExitReportsItsStatusAndWhatItSaid() throws {
        let host = host()
        defer { host.stopAll() }
        let error = #expect(throws: ExtensionError.self) { try perform(host, "ExitIntent") }
        #expect(
            error?.message
                == "com.example.Fake's extension exited with status 3 while performing ExitIntent; it said: fake: the database is gone")
        #expect(try perform(host, "EchoIntent", ["text": .text("back")]).value == .text("back"))
    }

    @Test func aHungExtensionIsKilledAfterTheTimeoutAndRestarted() throws {
        let host = host(timeout: 1)
        defer { host.stopAll() }
        let hung = try pid(host)
        let started = Date()
        let error = #expect(throws: ExtensionError.self) { try perform(host, "HangIntent") }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(error?.code == .timedOut)
        #expect(
            error?.message.hasPrefix("com.example.Fake's extension did not answer within 1 s while performing HangIntent; it was stopped")
                == true)
        if let hung { #expect(kill(pid_t(hung), 0) != 0, "the hung process was killed") }
        #expect(try pid(host) != hung)
    }

    /// A run cancelled while the extension works ends within 100 ms even when the extension
    /// ignores the cancellation (this one sleeps in Python); the extension is then stopped, and
    /// the next call starts it again.
    @Test func aCancelledRunStopsWaitingAndEndsAnExtensionThatKeepsOn() throws {
        let host = host()
        defer { host.stopAll() }
        let hung = try pid(host)
        let cancellation = Cancellation()
        let cancelledAt = Mutex<ContinuousClock.Instant?>(nil)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
            cancelledAt.withLock { $0 = .now }
            cancellation.cancel()
        }
        let error = #expect(throws: ExtensionError.self) {
            try host.perform(
                installation.manifest, .init(intent: "HangIntent", parameters: [:], isInteractive: false), cancellation: cancellation)
        }
        let waited = cancelledAt.withLock { $0 }.map { ContinuousClock.now - $0 }
        #expect(error?.code == .cancelled)
        #expect(error?.message == "the run was cancelled while com.example.Fake's extension was performing HangIntent")
        #expect(waited != nil && waited! < .milliseconds(100), "ended \(String(describing: waited)) after the cancellation")
        if let hung {
            let deadline = Date().addingTimeInterval(5)
            while kill(pid_t(hung), 0) == 0 && Date() < deadline { usleep(10_000) }
            #expect(kill(pid_t(hung), 0) != 0, "the extension that kept on was stopped")
        }
        #expect(try pid(host) != hung)
    }

    @Test func aJSONRPCErrorIsReportedAndTheProcessStays() throws {
        let host = host()
        defer { host.stopAll() }
        let before = try pid(host)
        let error = #expect(throws: ExtensionError.self) { try perform(host, "NoSuchIntent") }
        #expect(error?.code == .remoteError)
        #expect(error?.message == "com.example.Fake's extension failed performing NoSuchIntent: no intent NoSuchIntent")
        #expect(try pid(host) == before)
    }

    @Test func refusesAnotherProtocolVersion() throws {
        let host = ExtensionHost(
            configuration: .init(environment: ProcessInfo.processInfo.environment.merging(["FAKE_PROTOCOL_VERSION": "2"]) { $1 }))
        defer { host.stopAll() }
        let error = #expect(throws: ExtensionError.self) { try host.start(installation.manifest) }
        #expect(error?.code == .protocolMismatch)
        #expect(error?.message == "com.example.Fake's extension speaks extension protocol version 2; this shortcuts speaks version 1")
    }

    @Test func aMissingExecutableSaysHowToFixIt() throws {
        var manifest = installation.manifest
        manifest.executable = "/nonexistent/fake"
        let host = host()
        let error = #expect(throws: ExtensionError.self) { try host.start(manifest) }
        #expect(error?.code == .launchFailed)
        #expect(
            error?.message
                == "couldn't start com.example.Fake's extension /nonexistent/fake: No such file or directory (run the app once so it writes its manifest again)"
        )
    }

    @Test func endsAnIdleExtension() throws {
        let host = host(idle: 0.3)
        let pid = try #require(try pid(host))
        #expect(host.isRunning(FakeExtension.bundleIdentifier))
        let deadline = Date().addingTimeInterval(5)
        while host.isRunning(FakeExtension.bundleIdentifier), Date() < deadline { usleep(20_000) }
        #expect(!host.isRunning(FakeExtension.bundleIdentifier))
        #expect(kill(pid_t(pid), 0) != 0, "the idle process exited and was reaped")
    }

    /// One idle timer per extension, looked at when it fires: calls keep the same process warm,
    /// and it ends an idle period after the last of them.
    @Test func callsKeepAnExtensionWarmAndItEndsAnIdlePeriodAfterTheLast() throws {
        let host = host(idle: 0.6)
        let first = try #require(try pid(host))
        for _ in 0..<6 {
            usleep(200_000)
            #expect(try pid(host) == first, "a call within the idle period went to a new process")
        }
        let lastCall = Date()
        while host.isRunning(FakeExtension.bundleIdentifier), Date().timeIntervalSince(lastCall) < 5 { usleep(20_000) }
        #expect(!host.isRunning(FakeExtension.bundleIdentifier))
        #expect(Date().timeIntervalSince(lastCall) >= 0.55)
    }

    @Test func callsFromManyThreadsAreServedInOrder() async throws {
        let host = host()
        defer { host.stopAll() }
        let manifest = installation.manifest
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let result = try host.perform(
                        manifest, .init(intent: "EchoIntent", parameters: ["text": .text("\(index)")], isInteractive: false))
                    #expect(result.value == .text("\(index)"))
                }
            }
            try await group.waitForAll()
        }
    }
}
