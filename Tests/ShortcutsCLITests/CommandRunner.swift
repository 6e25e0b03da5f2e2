import Foundation
import ShortcutsTestSupport

/// What a run of the built `shortcuts` binary printed and returned.
typealias CommandResult = ProcessOutput

/// Runs the built `shortcuts` binary as a real process in a temporary library.
///
/// Each instance has its own `SHORTCUTS_HOME` and `XDG_DATA_HOME` under a fresh temporary
/// directory, which is also the working directory, so tests never see each other's files.
final class CommandRunner {
    private let temporary: TemporaryHome
    var directory: URL { temporary.directory }
    var home: String { temporary.home }
    var extraEnvironment: [String: String] {
        get { temporary.extraEnvironment }
        set { temporary.extraEnvironment = newValue }
    }

    /// The environment the commands run in.
    var environment: [String: String] { temporary.environment }

    init() throws { temporary = try TemporaryHome(prefix: "shortcuts-cli") }

    /// Writes a file into the working directory and returns its path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String { try temporary.write(data, to: name) }

    /// Starts `shortcuts` with arguments and returns the running process (standard output and
    /// error go nowhere), for tests that signal it.
    /// - Parameter errorLog: a file its standard error goes to, to read when a test fails.
    func start(_ arguments: [String], errorLog: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltProducts.path(of: "shortcuts"))
        process.arguments = arguments
        process.environment = temporary.environment
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        if let errorLog, FileManager.default.createFile(atPath: errorLog, contents: nil) {
            process.standardError = FileHandle(forWritingAtPath: errorLog)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Runs a program under a pseudo-terminal, answering each prompt when its text appears.
    func runInTerminal(_ arguments: [String], answering steps: [(prompt: String, answer: String)]) throws -> CommandResult {
        try temporary.runInTerminal(try BuiltProducts.path(of: "shortcuts"), arguments, answering: steps)
    }

    /// Runs `shortcuts` with arguments and standard input, failing the test after a timeout.
    func run(_ arguments: [String], input: Data? = nil, timeout: TimeInterval = 30) throws -> CommandResult {
        try temporary.run("shortcuts", arguments, input: input ?? Data(), timeout: timeout)
    }
}
