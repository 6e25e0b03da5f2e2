import Foundation
import Testing

/// What a run of the built `shortcuts` binary printed and returned.
struct CommandResult {
    var status: Int32
    var output: String
    var outputData: Data
    var error: String
}

/// Runs the built `shortcuts` binary as a real process in a temporary library.
///
/// Each instance has its own `SHORTCUTS_HOME` and `XDG_DATA_HOME` under a fresh temporary
/// directory, which is also the working directory, so tests never see each other's files.
final class CommandRunner {
    let directory: URL
    var home: String { directory.path + "/home" }
    var extraEnvironment: [String: String] = [:]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("shortcuts-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The binary built next to the test bundle (`.build/<config>/shortcuts`).
    static let binary: URL? = {
        var candidates: [URL] = []
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("shortcuts"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("shortcuts"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Writes a file into the working directory and returns its path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// Runs `shortcuts` with arguments and standard input, failing the test after a timeout.
    func run(_ arguments: [String], input: Data? = nil, timeout: TimeInterval = 30) throws -> CommandResult {
        guard let binary = Self.binary else {
            Issue.record("The shortcuts binary was not found next to the test bundle (\(CommandLine.arguments[0])); build it with `swift build` first")
            throw CommandRunnerError.binaryNotFound
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        for key in ["SHORTCUTS_ANSWERS", "SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] { environment[key] = nil }
        environment["SHORTCUTS_HOME"] = home
        environment["XDG_DATA_HOME"] = directory.path + "/xdg"
        for (key, value) in extraEnvironment { environment[key] = value }
        process.environment = environment

        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()

        // Drain both pipes while the process runs so a full pipe can't block it.
        let outputReader = PipeReader(standardOutput.fileHandleForReading)
        let errorReader = PipeReader(standardError.fileHandleForReading)
        if let input { try standardInput.fileHandleForWriting.write(contentsOf: input) }
        try standardInput.fileHandleForWriting.close()

        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            Issue.record("shortcuts \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
            throw CommandRunnerError.timedOut
        }
        let output = outputReader.finish()
        return CommandResult(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self), outputData: output,
            error: String(decoding: errorReader.finish(), as: UTF8.self))
    }
}

enum CommandRunnerError: Error {
    case binaryNotFound, timedOut
}

/// Reads a pipe to its end on a background thread.
final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = (try? handle.readToEnd()) ?? Data()
            done.signal()
        }
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}
