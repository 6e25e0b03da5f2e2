import Dispatch
import Foundation
import ShortcutsEngine
import ShortcutsRPC
import Synchronization

/// Runs a program to completion with pipes for its input and output.
///
/// Both output pipes are read at the same time as the input is written, so a program that writes
/// more than a pipe holds before reading all its input can't deadlock. SIGPIPE is ignored so a
/// program that exits without reading its input makes the write fail instead of killing us.
package struct ProcessRunner {
    /// What a finished program left (the engine's ``ProgramOutcome``).
    package typealias Outcome = ProgramOutcome

    /// Runs `executable` with arguments, feeding it `input`, and waits for it to finish.
    ///
    /// - Parameters:
    ///   - environment: the program's environment; `nil` inherits ours.
    ///   - timeout: seconds after which the program is terminated; `nil` waits forever.
    ///   - capturesOutput: whether to collect standard output and error. Programs that leave a
    ///     child running (`xdg-open` starting a browser, `xclip` serving the selection) must not
    ///     get our pipes, or reading them would wait for that child; their output is discarded.
    ///   - cancellation: the run's flag; once it is set the program's process group (Foundation
    ///     starts each program as a group of its own, so a script's children are in it) gets
    ///     SIGTERM, and SIGKILL after `grace` seconds if it is still there. The default grace
    ///     keeps a cancelled run's stop within 100 ms even for a script that ignores SIGTERM.
    /// - Throws: the error `Process.run()` gives when the program can't start.
    package static func run(
        _ executable: String, arguments: [String] = [], input: Data? = nil, environment: [String: String]? = nil,
        workingDirectory: String? = nil, timeout: TimeInterval? = nil, capturesOutput: Bool = true,
        cancellation: Cancellation? = nil, grace: TimeInterval = 0.05
    ) throws -> Outcome {
        ignoreBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = capturesOutput ? stdout : FileHandle.nullDevice
        process.standardError = capturesOutput ? stderr : FileHandle.nullDevice
        try process.run()

        let output = Collected(), errors = Collected()
        let group = DispatchGroup()
        for (pipe, box) in capturesOutput ? [(stdout, output), (stderr, errors)] : [] {
            DispatchQueue.global().async(group: group) {
                box.data = (try? pipe.fileHandleForReading.readToEnd()) ?? Data()
            }
        }
        DispatchQueue.global().async(group: group) {
            // A program that exits early closes its end; the failed write is expected then.
            if let input, !input.isEmpty { try? stdin.fileHandleForWriting.write(contentsOf: input) }
            try? stdin.fileHandleForWriting.close()
        }
        let processGroup = process.processIdentifier
        let wasCancelled = waitForEnd(
            of: group, timeout: timeout, cancellation: cancellation, grace: grace,
            signal: { sig in _ = kill(-processGroup, sig) })
        group.wait()
        process.waitUntilExit()
        return ProgramOutcome(
            status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal,
            standardOutput: output.data, standardError: errors.data, wasCancelled: wasCancelled)
    }

    /// Waits for the program's pipes to close, signalling its group past the timeout or once
    /// the run is cancelled; returns whether it was cancelled. Cancellation is looked at every
    /// 20 ms, as Wait looks at it.
    private static func waitForEnd(
        of group: DispatchGroup, timeout: TimeInterval?, cancellation: Cancellation?, grace: TimeInterval,
        signal: (Int32) -> Void
    ) -> Bool {
        let deadline = timeout.map { DispatchTime.now() + $0 }
        while true {
            let slice = DispatchTime.now() + (cancellation == nil ? 3600 : Cancellation.pollInterval)
            let until = deadline.map { min($0, slice) } ?? slice
            if group.wait(timeout: until) == .success { return false }
            if let deadline, DispatchTime.now() >= deadline {
                signal(SIGTERM)
                return false
            }
            if let cancellation, cancellation.isCancelled {
                signal(SIGTERM)
                if group.wait(timeout: .now() + grace) == .timedOut { signal(SIGKILL) }
                return true
            }
        }
    }

    /// The full path of a program found on `PATH` (or given as a path), if it is executable.
    package static func find(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let directories = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: String(candidate)) { return String(candidate) }
        }
        return nil
    }

    /// Ignores SIGPIPE once for the whole process.
    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Bytes one reader thread collects for the waiting thread.
    private final class Collected: Sendable {
        private let bytes = Mutex(Data())
        var data: Data {
            get { bytes.withLock { $0 } }
            set { bytes.withLock { $0 = newValue } }
        }
    }

    /// A program left running in the background (a recorder, a camera) until ``stop()``: then
    /// SIGINT, on which such programs finish their files, and SIGKILL after `grace` seconds if
    /// it is still there. Its output goes nowhere.
    package final class Background: RunningProgram {
        private let pid: pid_t
        private let grace: Duration
        private var ended = false

        package init(_ executable: String, arguments: [String], environment: [String: String], grace: Duration = .seconds(3)) throws {
            self.grace = grace
            do {
                pid = try ProcessSpawn.launch(executable, arguments: arguments, environment: environment, streams: (.null, .null, .null))
            } catch {
                throw ActionFailure("can't start \(URL(fileURLWithPath: executable).lastPathComponent): \(error)")
            }
        }

        deinit { stop() }

        package var isRunning: Bool {
            guard !ended else { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { ended = true }
            return !ended
        }

        package func stop() {
            guard isRunning else { return }
            kill(pid, SIGINT)
            var status: Int32 = 0
            let deadline = ContinuousClock.now + grace
            while waitpid(pid, &status, WNOHANG) == 0 {
                if ContinuousClock.now > deadline {
                    kill(pid, SIGKILL)
                    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                    break
                }
                usleep(10_000)
            }
            ended = true
        }
    }
}

/// The machine's programs, as a run's ``RunEnvironment/programs``: each run to its end in its
/// own process group (``ProcessRunner``), or started beside the action (``ProcessRunner/Background``).
public struct LocalPrograms: ProgramLauncher {
    public init() {}

    public func run(_ request: ProgramRequest, cancellation: Cancellation?) throws -> ProgramOutcome {
        try ProcessRunner.run(
            request.executable, arguments: request.arguments, input: request.input, environment: request.environment,
            workingDirectory: request.workingDirectory, timeout: request.timeout, capturesOutput: request.capturesOutput,
            cancellation: cancellation, grace: request.grace)
    }

    public func start(_ executable: String, arguments: [String], environment: [String: String]) throws -> any RunningProgram {
        try ProcessRunner.Background(executable, arguments: arguments, environment: environment)
    }

    public func find(_ name: String, path: String?) -> String? {
        ProcessRunner.find(name, path: path ?? ProcessInfo.processInfo.environment["PATH"])
    }
}
