import Foundation
import ShortcutsEvents
import ShortcutsRPC
import Testing

@testable import ShortcutsCLI

/// Many runs at once, and the files that start the service.
struct LoadTests {
    /// Open descriptors and threads of a process, from /proc.
    private func usage(of pid: Int32) -> (descriptors: Int, threads: Int) {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? -1
        return (descriptors, threads)
    }

    @Test func twoHundredConcurrentRunsAreAllCorrectAndLeakNothing() throws {
        let harness = try ServiceHarness()
        try harness.startService()
        let pid = try #require(harness.service?.processIdentifier)
        // Several clients, 200 runs on threads of their own, all in flight together.
        let clients = (0..<4).map { _ in ShortcutsEvents(startsService: false, environment: harness.environment) }
        _ = try clients[0].run("Greet", input: "warm")
        // The warm run is in the history (its connection open) before the service is measured.
        #expect(try clients[0].history().count == 1)
        let before = usage(of: pid)
        let wrong = Locked<[String]>([])
        let group = DispatchGroup()
        for index in 0..<200 {
            group.enter()
            Thread.detachNewThread {
                let output = (try? clients[index % clients.count].run("Greet", input: "\(index)")) ?? "failed"
                if output != "Hello, \(index)!" { wrong.withLock { $0.append(output) } }
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(wrong.withLock { $0 }.isEmpty)
        // Threads end and descriptors close a moment after the last answer.
        try harness.waitUntil("the service is back to its resting descriptors and threads") {
            let after = usage(of: pid)
            return after.descriptors <= before.descriptors && after.threads <= before.threads + 2
        }
        // Each was recorded; the shortcut keeps its last 100 (a run's record and the pruning may
        // land a moment after its answer).
        try harness.waitUntil("the history holds the shortcut's last 100 runs") {
            (try? clients[0].history(EventsProtocol.HistoryParams(limit: 500)).count) == 100
        }
    }

    @Test func packagingFilesMatchWhatInstallWrites() throws {
        let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Packaging")
        let activation = try String(contentsOf: packaging.appendingPathComponent(ServiceFiles.activationFileName), encoding: .utf8)
        let unit = try String(contentsOf: packaging.appendingPathComponent(ServiceFiles.unitFileName), encoding: .utf8)
        #expect(activation == ServiceFiles.activation(executable: "/usr/local/bin/shortcutsd"))
        #expect(unit == ServiceFiles.unit(executable: "/usr/local/bin/shortcutsd"))
        let entry = try String(contentsOf: packaging.appendingPathComponent(ServiceFiles.desktopFileName), encoding: .utf8)
        #expect(entry == ServiceFiles.desktopEntry(shortcuts: "/usr/local/bin/shortcuts"))
        let icon = try String(contentsOf: packaging.appendingPathComponent(ServiceFiles.iconFileName), encoding: .utf8)
        #expect(icon == ServiceFiles.icon)
        // The app menu shows the page's own icon.
        let page = try String(
            contentsOf: packaging.deletingLastPathComponent().appendingPathComponent("Sources/ShortcutsApp/Page/icon.svg"), encoding: .utf8)
        #expect(page == ServiceFiles.icon)
    }
}
