import Foundation
import Testing

/// What a run of a built binary printed and returned.
struct ProcessResult {
    var status: Int32
    var output: String
    var error: String
}

/// The executables `swift build` put next to the test bundle, run as real processes in a
/// temporary `$SHORTCUTS_HOME` and SouperTask data folder.
final class BuiltBinaries {
    let directory: URL
    var home: String { directory.path + "/home" }
    var taskData: String { directory.path + "/soupertask" }
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["SHORTCUTS_ANSWERS", "SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] { environment[key] = nil }
        environment["SHORTCUTS_HOME"] = home
        environment["XDG_DATA_HOME"] = directory.path + "/xdg"
        environment["XDG_DATA_DIRS"] = directory.path + "/system"
        environment["SOUPERTASK_DATA"] = taskData
        environment["SHORTCUTS_NO_APP_LAUNCH"] = "1"
        return environment
    }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("appactions-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A binary built next to the test bundle (`.build/<config>/<name>`); records a failure when missing.
    static func path(of name: String) throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        Issue.record("\(name) was not found next to the test bundle (\(CommandLine.arguments[0])); build it with `swift build` first")
        throw BinaryNotFound(name: name)
    }

    struct BinaryNotFound: Error {
        var name: String
    }

    /// Writes a file into the temporary directory and returns its path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// Runs a built binary with arguments and standard input, failing after a timeout.
    func run(_ name: String, _ arguments: [String], input: String = "", timeout: TimeInterval = 60) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.path(of: name))
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let standardInput = Pipe(), standardOutput = Pipe(), standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let output = Drain(standardOutput.fileHandleForReading)
        let error = Drain(standardError.fileHandleForReading)
        try standardInput.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            Issue.record("\(name) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        return ProcessResult(status: process.terminationStatus, output: output.text, error: error.text)
    }

    /// Runs `shortcuts` under a pseudo-terminal, answering each prompt when its text appears.
    ///
    /// A small Python driver forks with `pty.fork`, so the command's `/dev/tty` is a real
    /// terminal; the result's output is everything the terminal showed.
    func runInTerminal(_ arguments: [String], answering steps: [(prompt: String, answer: String)]) throws -> ProcessResult {
        let driver = try write(Data(Self.terminalDriver.utf8), to: "pty_driver.py")
        let command = [try Self.path(of: "shortcuts")] + arguments
        let script = try JSONSerialization.data(withJSONObject: [command, steps.map { [$0.prompt, $0.answer] }])
        return try run(FakeExtension.python, [driver, String(decoding: script, as: UTF8.self)])
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let standardOutput = Pipe(), standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        let output = Drain(standardOutput.fileHandleForReading)
        let error = Drain(standardError.fileHandleForReading)
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, output: output.text, error: error.text)
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

/// Reads a pipe to its end on a thread of its own.
final class Drain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = (try? handle.readToEnd()) ?? Data()
            done.signal()
        }
    }

    var text: String {
        done.wait()
        done.signal()
        return String(decoding: data, as: UTF8.self)
    }
}
