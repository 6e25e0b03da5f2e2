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
        do {
            let warm = ShortcutsEvents(startsService: false, environment: harness.environment)
            _ = try warm.run("Greet", input: "warm")
            // The warm run is in the history (its database open) before the service is measured.
            #expect(try warm.history().count == 1)
        }
        // The warm client's connection (kept while the client lives) closes a moment after it goes.
        var before = usage(of: pid)
        try harness.waitUntil("the warm client's connection is closed") {
            usleep(100_000)
            let settled = usage(of: pid)
            defer { before = settled }
            return settled.descriptors == before.descriptors
        }
        do {
            // Several clients, 200 runs on threads of their own, all in flight together.
            let clients = (0..<4).map { _ in ShortcutsEvents(startsService: false, environment: harness.environment) }
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
        }
        // Once the clients are gone (with the connections they kept), threads end and descriptors
        // close a moment after.
        try harness.waitUntil("the service is back to its resting descriptors and threads") {
            let after = usage(of: pid)
            return after.descriptors <= before.descriptors && after.threads <= before.threads + 2
        }
        // Each was recorded; the shortcut keeps its last 100 (a run's record and the pruning may
        // land a moment after its answer).
        let client = ShortcutsEvents(startsService: false, environment: harness.environment)
        try harness.waitUntil("the history holds the shortcut's last 100 runs") {
            (try? client.history(EventsProtocol.HistoryParams(limit: 500)).count) == 100
        }
    }

    /// The app's server through 500 event streams opened at once and dropped: it keeps answering,
    /// and once they are gone it serves the page at once and is back to its resting threads and
    /// descriptors (a dropped stream is noticed within a second, not at the next keep-alive).
    @Test func theAppSurvivesFiveHundredEventStreamsOpenedAndDropped() throws {
        let harness = try ServiceHarness()
        try harness.startService()
        let pid = try #require(harness.service?.processIdentifier)
        let client = """
            import json, socket, sys, threading, time, urllib.parse
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile()
            s.sendall(b'{"jsonrpc": "2.0", "id": 1, "method": "app.open", "params": {}}\\n')
            address = urllib.parse.urlparse(json.loads(f.readline())['result']['address'])
            secret = urllib.parse.parse_qs(address.query)['secret'][0]
            port = address.port
            def request(path):
                return (f'GET {path} HTTP/1.1\\r\\nHost: 127.0.0.1:{port}\\r\\n'
                        f'Cookie: shortcuts_app_{port}={secret}\\r\\nConnection: close\\r\\n\\r\\n').encode()
            def library():
                c = socket.create_connection(('127.0.0.1', port), timeout=30)
                c.sendall(request('/api/library'))
                status = c.makefile('rb').readline()
                c.close()
                return status
            print(library().split()[1].decode(), flush=True)
            sys.stdin.readline()
            streams, opened = [], [0]
            def open_stream():
                try:
                    c = socket.create_connection(('127.0.0.1', port), timeout=10)
                    c.sendall(request('/api/events'))
                    if c.makefile('rb').readline().startswith(b'HTTP/1.1 200'): opened[0] += 1
                    streams.append(c)
                except OSError:
                    pass
            threads = [threading.Thread(target=open_stream) for _ in range(500)]
            for t in threads: t.start()
            for t in threads: t.join()
            print(opened[0], flush=True)
            for c in streams: c.close()
            # The server takes a bounded number of connections: until the dropped streams are
            # noticed a new one may be turned away, so it is tried again.
            start = time.time()
            status = b''
            while not status and time.time() - start < 10:
                try:
                    status = library()
                except OSError:
                    pass
                if not status: time.sleep(0.02)
            print(status.split()[1].decode(), round(time.time() - start, 2), flush=True)
            sys.stdin.readline()
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", client, harness.socketPath]
        python.environment = harness.environment
        let input = Pipe(), output = Pipe()
        (python.standardInput, python.standardOutput) = (input, output)
        let errorLog = harness.directory + "/client.err"
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
        python.standardError = FileHandle(forWritingAtPath: errorLog)
        try python.run()
        var said: String { (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? "" }
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("done\n".utf8))
            python.waitUntilExit()
        }
        let lines = LineChannel(input: output.fileHandleForReading.fileDescriptor, output: -1)
        func next() -> String { String(decoding: (try? lines.readLine(timeout: 120)) ?? Data(), as: UTF8.self) }
        #expect(next() == "200", "the app answers before")
        let before = usage(of: pid)
        input.fileHandleForWriting.write(Data("go\n".utf8))
        let opened = Int(next()) ?? -1
        #expect(opened > 0, "some streams were served: \(opened)")
        let after = next().split(separator: " ")
        #expect(after.first == "200", "the app answers once they are dropped: \(after) \(said)")
        #expect((Double(after.last ?? "") ?? 99) < 2, "it answered after \(after.last ?? "?") s")
        try harness.waitUntil("the service is back to its resting threads and descriptors", timeout: 5) {
            let now = usage(of: pid)
            return now.descriptors <= before.descriptors + 2 && now.threads <= before.threads + 4
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
