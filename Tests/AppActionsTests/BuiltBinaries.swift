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
    func runInTerminal(_ arguments: [String], answering steps: [(prompt: String, answer: String)]) throws -> ProcessResult {
        try temporary.runInTerminal(try Self.path(of: "shortcuts"), arguments, answering: steps)
    }
}
