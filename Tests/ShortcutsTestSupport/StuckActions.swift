import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Three shortcuts in a library whose one action waits for good, each in its own way, and what
/// shows from outside the run that each has started and stopped, for the tests that cancel runs
/// from each front end:
///
/// - `Download`: Get Contents of URL from ``HangingHTTPServer``, which reads the request and
///   never answers; stopped once the connection is closed.
/// - `Child`: Run Shell Script running `sleep`; stopped once that process is gone. Needs
///   `SHORTCUTS_ALLOW_RUNNING_SCRIPTS=1` in the run's environment.
/// - `App`: an installed app's action whose extension (Python) sleeps through it, as an app
///   that ignores cancellation would; stopped once the extension has been told
///   (`request.cancel`), after which the host waits at most 30 ms more.
public final class StuckActions: @unchecked Sendable {
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case download = "Download", child = "Child", app = "App"
        public var description: String { rawValue }
    }

    public let server: HangingHTTPServer
    /// Where the script and the extension leave their marks.
    public let marks: String

    /// Writes the app's manifest and extension into `home` and imports the three shortcuts
    /// with the built `shortcuts`.
    public init(home: String, scratch: String) throws {
        server = try HangingHTTPServer()
        marks = scratch + "/stuck-marks"
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: true)
        let apps = home + "/Apps"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        let extensionPath = scratch + "/hang_extension.py"
        try Data(Self.extensionScript.utf8).write(to: URL(fileURLWithPath: extensionPath))
        let manifest = """
            {"formatVersion": 1, "bundleIdentifier": "com.example.Hang", "name": "Hang", "executable": "/usr/bin/python3",
             "extensionArguments": ["\(extensionPath)", "com.example.Hang", "\(marks)"],
             "actions": [{"identifier": "com.example.Hang.HangIntent", "title": "Hang", "description": "", "parameters": [],
                          "isReadOnly": false, "isAvailable": true, "keywords": []}],
             "entities": [], "enums": [], "appShortcuts": []}
            """
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: apps + "/com.example.Hang.json"))
        let texts: [Kind: String] = [
            .download: "GetContentsOfURL \"http://127.0.0.1:\(server.port)/never\"\n",
            .child: "RunShellScript script: \"echo $$ > \(marks)/child.pid; exec sleep 30\", shell: \"/bin/sh\"\n",
            .app: "com.example.Hang.HangIntent\n",
        ]
        var files: [String] = []
        for (kind, text) in texts {
            let file = scratch + "/\(kind.rawValue).sct"
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SHORTCUTS_HOME"] = home
        let imported = try ProcessRun.run(try BuiltProducts.path(of: "shortcuts"), ["import"] + files, environment: environment)
        guard imported.status == 0 else { throw Failure(description: "shortcuts import failed: \(imported.error)") }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether the shortcut's action has begun its wait.
    public func hasStarted(_ kind: Kind) -> Bool {
        switch kind {
        case .download: return server.accepted > 0
        case .child: return childProcess != nil
        case .app: return FileManager.default.fileExists(atPath: marks + "/app-started")
        }
    }

    /// Whether the action's wait has ended from outside: the connection closed, the process
    /// gone, the extension told.
    public func hasStopped(_ kind: Kind) -> Bool {
        switch kind {
        case .download: return server.closed > 0
        case .child: return childProcess.map { !Self.isRunning($0) } ?? false
        case .app: return FileManager.default.fileExists(atPath: marks + "/app-cancelled")
        }
    }

    /// Whether the process exists and hasn't ended: an ended child its parent hasn't reaped
    /// yet (a zombie) has stopped.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(end, offsetBy: 2)] != "Z"
    }

    private var childProcess: pid_t? {
        guard let text = try? String(contentsOfFile: marks + "/child.pid", encoding: .utf8) else { return nil }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits (up to 30 s) until the action has started; records an issue if it never does.
    public func waitUntilStarted(_ kind: Kind) {
        let deadline = Date().addingTimeInterval(30)
        while !hasStarted(kind) {
            if Date() > deadline {
                Issue.record("\(kind)'s action never started")
                return
            }
            usleep(1000)
        }
    }

    /// Calls `cancel`, then waits until the action has stopped: the time from the call to the
    /// stop, or nil (and an issue) when it doesn't stop within 10 s.
    public func timeToStop(_ kind: Kind, cancel: () throws -> Void) rethrows -> Duration? {
        let started = ContinuousClock.now
        try cancel()
        while !hasStopped(kind) {
            if ContinuousClock.now - started > .seconds(10) {
                Issue.record("\(kind)'s action was still going 10 s after the cancellation")
                return nil
            }
            usleep(500)
        }
        return ContinuousClock.now - started
    }

    /// The extension: answers `initialize`; on `intent.perform` marks that it started and keeps
    /// on, reading its input only to mark when the host's cancellation comes.
    static let extensionScript = #"""
        import json, os, sys
        bundle, marks = sys.argv[1], sys.argv[2]
        def mark(name):
            open(os.path.join(marks, name), "w").close()
        for line in sys.stdin:
            message = json.loads(line)
            if message.get("method") == "initialize":
                answer = {"protocolVersion": 1, "bundleIdentifier": bundle}
                sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": answer}) + "\n")
                sys.stdout.flush()
            elif message.get("method") == "intent.perform":
                mark("app-started")
                for later in sys.stdin:
                    if json.loads(later).get("method") == "request.cancel":
                        mark("app-cancelled")
                break
        """#
}

/// An HTTP server on 127.0.0.1 that reads each request and never answers, counting the
/// connections it accepted and those the client has closed.
public final class HangingHTTPServer: @unchecked Sendable {
    public var port: Int { listener.port }
    private let listener: SilentServer
    private let counts = NSLock()
    private var acceptedCount = 0
    private var closedCount = 0

    public var accepted: Int { counts.withLock { acceptedCount } }
    public var closed: Int { counts.withLock { closedCount } }

    public init() throws {
        listener = try SilentServer()
        let listening = listener.listeningSocket
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listening, nil, nil)
                if connection < 0 { return }
                counts.withLock { acceptedCount += 1 }
                Thread.detachNewThread { [self] in
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while read(connection, &buffer, buffer.count) > 0 {}
                    close(connection)
                    counts.withLock { closedCount += 1 }
                }
            }
        }
    }

    /// Ends the accepting thread (`accept` fails on a socket shut down); the listener closes it.
    deinit { shutdown(listener.listeningSocket, Int32(SHUT_RDWR)) }
}
