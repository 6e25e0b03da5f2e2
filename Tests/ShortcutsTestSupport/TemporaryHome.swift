import Foundation

/// A fresh temporary folder holding a `$SHORTCUTS_HOME` and XDG folders, removed when released,
/// so end-to-end tests never see each other's files or the user's.
public final class TemporaryHome: @unchecked Sendable {
    public let directory: URL
    /// `$SHORTCUTS_HOME`.
    public var home: String { directory.path + "/home" }
    /// The run history's database.
    public var historyDatabase: String { directory.path + "/state/shortcuts/runs.sqlite" }
    /// Where the SouperTask example keeps its tasks.
    public var taskData: String { directory.path + "/soupertask" }
    /// Variables added to (or overriding) the environment of processes run here.
    public var extraEnvironment: [String: String] = [:]

    public init(prefix: String = "shortcuts-test") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// This process's environment pointed at the temporary folders (the runtime folder too, so no
    /// outside `shortcutsd` is reached), without the variables that would change how `shortcuts`
    /// behaves (scripted answers, allowed scripts), in English (US) whatever the machine's locale
    /// (tests of other regions set `LANG` or `LC_*` in ``extraEnvironment``), and with app
    /// launching off.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["SHORTCUTS_ANSWERS", "SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] { environment[key] = nil }
        for key in environment.keys where key.hasPrefix("LC_") { environment[key] = nil }
        environment["LANG"] = "en_US.UTF-8"
        environment["SHORTCUTS_HOME"] = home
        environment["XDG_DATA_HOME"] = directory.path + "/xdg"
        environment["XDG_DATA_DIRS"] = directory.path + "/system"
        // The run history goes here, not into the user's.
        environment["XDG_STATE_HOME"] = directory.path + "/state"
        // Files made for a moment (what Share hands an app, recordings) go here too.
        environment["XDG_CACHE_HOME"] = directory.path + "/cache"
        environment["SOUPERTASK_DATA"] = taskData
        environment["SHORTCUTS_NO_APP_LAUNCH"] = "1"
        // Apps that start here must not find (and register with) a service the machine runs.
        environment["XDG_RUNTIME_DIR"] = directory.path + "/runtime"
        for (key, value) in extraEnvironment { environment[key] = value }
        return environment
    }

    /// Writes a file into the folder and returns its path.
    @discardableResult
    public func write(_ data: Data, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    /// Runs a built product (or an absolute path) here, with this home's environment.
    public func run(
        _ name: String, _ arguments: [String], input: Data = Data(), timeout: TimeInterval = 60
    ) throws -> ProcessOutput {
        let executable = name.hasPrefix("/") ? name : try BuiltProducts.path(of: name)
        return try ProcessRun.run(
            executable, arguments, environment: environment, directory: directory, input: input, timeout: timeout)
    }

    /// Runs a program under a pseudo-terminal, answering each prompt when its text appears.
    ///
    /// A small Python driver forks with `pty.fork`, so the program's `/dev/tty` is a real
    /// terminal; the result's output is everything the terminal showed.
    public func runInTerminal(
        _ executable: String, _ arguments: [String], answering steps: [(prompt: String, answer: String)]
    ) throws -> ProcessOutput {
        let driver = try write(Data(Self.terminalDriver.utf8), to: "pty_driver.py")
        let script = try JSONSerialization.data(withJSONObject: [[executable] + arguments, steps.map { [$0.prompt, $0.answer] }])
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        return try run(python ?? "/usr/bin/python3", [driver, String(decoding: script, as: UTF8.self)], timeout: 120)
    }

    static let terminalDriver = #"""
        import json, os, pty, select, sys, time

        command, steps = json.loads(sys.argv[1])
        pid, terminal = pty.fork()
        if pid == 0:
            os.execv(command[0], command)
        shown = b""

        def read(timeout):
            global shown
            ready, _, _ = select.select([terminal], [], [], timeout)
            if not ready:
                return True
            try:
                chunk = os.read(terminal, 4096)
            except OSError:
                return False
            shown += chunk
            return bool(chunk)

        position = 0
        for prompt, answer in steps:
            deadline = time.time() + 30
            while prompt.encode() not in shown[position:]:
                if time.time() > deadline or not read(0.5):
                    sys.stdout.write(shown.decode(errors="replace"))
                    sys.stderr.write("the prompt %r never appeared\n" % prompt)
                    sys.exit(99)
            position = shown.index(prompt.encode(), position) + len(prompt)
            os.write(terminal, (answer + "\n").encode())
        deadline = time.time() + 60
        while time.time() < deadline and read(1):
            pass
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(shown.decode(errors="replace"))
        sys.exit(os.waitstatus_to_exitcode(status))
        """#
}
