import Foundation
import ShortcutsTestSupport
import Testing

/// What a run of a built binary printed and returned.
typealias ProcessResult = ProcessOutput

/// The executables `swift build` put next to the test bundle, run as real processes in a
/// temporary `$SHORTCUTS_HOME` and SouperTask data folder.
final class BuiltBinaries {
    private let temporary: TemporaryHome
    var directory: URL { temporary.directory }
    var home: String { temporary.home }
    var taskData: String { temporary.taskData }
    var environment: [String: String] { temporary.environment }
    /// Variables added to the environment of the processes run here.
    var extraEnvironment: [String: String] {
        get { temporary.extraEnvironment }
        set { temporary.extraEnvironment = newValue }
    }

    init() throws { temporary = try TemporaryHome(prefix: "appactions-e2e") }

    /// A binary built next to the test bundle; records a failure when missing.
    static func path(of name: String) throws -> String { try BuiltProducts.path(of: name) }

    /// Writes a file into the temporary directory and returns its path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String { try temporary.write(data, to: name) }

    /// Runs a built binary with arguments and standard input, failing after a timeout.
    func run(_ name: String, _ arguments: [String], input: String = "", timeout: TimeInterval = 60) throws -> ProcessResult {
        try temporary.run(name, arguments, input: Data(input.utf8), timeout: timeout)
    }

    /// Runs `shortcuts` under a pseudo-terminal, answering each prompt when its text appears.
    ///
    /// A small Python driver forks with `pty.fork`, so the command's `/dev/tty` is a real
    /// terminal; the result's output is everything the terminal showed.
    func runInTerminal(_ arguments: [String], answering steps: [(prompt: String, answer: String)]) throws -> ProcessResult {
        let driver = try write(Data(Self.terminalDriver.utf8), to: "pty_driver.py")
        let command = [try Self.path(of: "shortcuts")] + arguments
        let script = try JSONSerialization.data(withJSONObject: [command, steps.map { [$0.prompt, $0.answer] }])
        return try temporary.run(FakeExtension.python, [driver, String(decoding: script, as: UTF8.self)], timeout: 120)
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
