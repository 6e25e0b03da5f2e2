import Foundation
import ShortcutsRPC
import ShortcutsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Cancelling a run stops its running action within 100 ms from every front end that runs
/// shortcuts here (the socket, D-Bus, Ctrl-C on `shortcuts run`, the app's Stop; MCP's is in
/// MCPServerTests):
/// a download from a server that never answers, a script's child process, and an app action
/// whose extension ignores the cancellation. The client then hears that the run was cancelled.
@Suite struct CancellationBoundTests {
    static let bound: Duration = .milliseconds(100)

    /// A service on a private bus, with the stuck shortcuts and scripts allowed.
    private func started(bus: Bool) throws -> (ServiceHarness, StuckActions) {
        let harness = try ServiceHarness()
        let stuck = try StuckActions(home: harness.home, scratch: harness.directory)
        harness.extra["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] = "1"
        if bus { try harness.startBus() }
        try harness.startService()
        return (harness, stuck)
    }

    @Test(arguments: StuckActions.Kind.allCases)
    func fromTheSocket(_ kind: StuckActions.Kind) throws {
        let (harness, stuck) = try started(bus: false)
        let connection = try #require(LocalSocket.connect(to: harness.socketPath))
        defer { close(connection) }
        let channel = LineChannel(input: connection, output: connection)
        let request = #"{"jsonrpc": "2.0", "id": 1, "method": "shortcuts.run", "params": {"shortcut": "\#(kind)", "runID": "stuck"}}"#
        try channel.writeLine(Data(request.utf8))
        stuck.waitUntilStarted(kind)
        let stopped = stuck.timeToStop(kind) {
            guard let other = LocalSocket.connect(to: harness.socketPath) else { return }
            let cancel = LineChannel(input: other, output: other)
            try? cancel.writeLine(Data(#"{"jsonrpc": "2.0", "id": 2, "method": "runs.cancel", "params": {"runID": "stuck"}}"#.utf8))
            Thread.detachNewThread {
                _ = try? cancel.readLine(timeout: 10)
                close(other)
            }
        }
        #expect(stopped.map { $0 < Self.bound } == true, "\(kind) stopped \(String(describing: stopped)) after runs.cancel")
        let answer = String(decoding: try channel.readLine(timeout: 10), as: UTF8.self)
        #expect(answer.contains("\"code\":1004"), "\(answer)")
    }

    @Test(.enabled(if: ServiceHarness.hasDBus), arguments: StuckActions.Kind.allCases)
    func fromDBus(_ kind: StuckActions.Kind) throws {
        let (harness, stuck) = try started(bus: true)
        let call = ["call", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/org/swiftshortcuts/Events", "--method"]
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        run.arguments = call + ["org.swiftshortcuts.Events1.RunShortcut", kind.rawValue, "", "--timeout", "60"]
        run.environment = harness.environment
        let errors = Pipe()
        run.standardError = errors
        run.standardOutput = FileHandle.nullDevice
        try run.run()
        stuck.waitUntilStarted(kind)
        let stopped = try stuck.timeToStop(kind) {
            let cancelled = try harness.run("/usr/bin/gdbus", call + ["org.swiftshortcuts.Events1.CancelRun", kind.rawValue])
            #expect(cancelled.output == "(uint32 1,)\n", "\(cancelled.error)")
        }
        #expect(stopped.map { $0 < Self.bound } == true, "\(kind) stopped \(String(describing: stopped)) after CancelRun")
        run.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(run.terminationStatus != 0 && said.contains("org.swiftshortcuts.Error.Cancelled"), "\(said)")
    }

    @Test(arguments: StuckActions.Kind.allCases)
    func fromControlCOnTheCommandLine(_ kind: StuckActions.Kind) throws {
        let harness = try ServiceHarness()
        let stuck = try StuckActions(home: harness.home, scratch: harness.directory)
        var environment = harness.environment
        environment["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] = "1"
        let run = Process()
        run.executableURL = URL(fileURLWithPath: try BuiltProducts.path(of: "shortcuts"))
        run.arguments = ["run", kind.rawValue]
        run.environment = environment
        let errors = Pipe()
        run.standardError = errors
        run.standardOutput = FileHandle.nullDevice
        run.standardInput = FileHandle.nullDevice
        try run.run()
        stuck.waitUntilStarted(kind)
        let stopped = stuck.timeToStop(kind) { _ = kill(run.processIdentifier, SIGINT) }
        #expect(stopped.map { $0 < Self.bound } == true, "\(kind) stopped \(String(describing: stopped)) after Ctrl-C")
        run.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(run.terminationStatus == 130, "exit \(run.terminationStatus): \(said)")
    }

    /// The app's Stop, as its page sends it: `POST /api/runs/ID/cancel` with the app's cookie
    /// and origin, from Python's http.client, on a run the app started.
    @Test(arguments: StuckActions.Kind.allCases)
    func fromTheAppsStop(_ kind: StuckActions.Kind) throws {
        let (harness, stuck) = try started(bus: false)
        let client = """
            import http.client, json, socket, sys, urllib.parse
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile()
            s.sendall(b'{"jsonrpc": "2.0", "id": 1, "method": "app.open", "params": {}}\\n')
            address = urllib.parse.urlparse(json.loads(f.readline())['result']['address'])
            secret = urllib.parse.parse_qs(address.query)['secret'][0]
            headers = {'Cookie': f'shortcuts_app_{address.port}={secret}', 'Origin': f'http://127.0.0.1:{address.port}',
                       'Content-Type': 'application/json'}
            def post(path, body):
                connection = http.client.HTTPConnection('127.0.0.1', address.port, timeout=10)
                connection.request('POST', path, body=json.dumps(body), headers=headers)
                return json.loads(connection.getresponse().read())
            run = post('/api/runs', {'shortcut': sys.argv[2]})['runID']
            print('started', flush=True)
            sys.stdin.readline()
            print(post(f'/api/runs/{run}/cancel', {}), flush=True)
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", client, harness.socketPath, kind.rawValue]
        python.environment = harness.environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        (python.standardInput, python.standardOutput, python.standardError) = (input, output, errors)
        try python.run()
        let said = LineChannel(input: output.fileHandleForReading.fileDescriptor, output: -1)
        let first = String(decoding: (try? said.readLine(timeout: 30)) ?? Data(), as: UTF8.self)
        try #require(first == "started", "\(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))")
        stuck.waitUntilStarted(kind)
        let stopped = stuck.timeToStop(kind) { input.fileHandleForWriting.write(Data("cancel\n".utf8)) }
        #expect(stopped.map { $0 < Self.bound } == true, "\(kind) stopped \(String(describing: stopped)) after the app's Stop")
        let answer = String(decoding: (try? said.readLine(timeout: 10)) ?? Data(), as: UTF8.self)
        #expect(answer == "{'cancelled': True}", "\(answer)")
        python.waitUntilExit()
    }
}
