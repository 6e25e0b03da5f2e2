import Foundation

/// A program to run for an action, and how: what it reads, its environment and folder, how
/// long it may take.
public struct ProgramRequest: Sendable {
    public var executable: String
    public var arguments: [String]
    /// Written to its standard input, which is then closed.
    public var input: Data?
    /// Its environment; `nil` inherits the process's own.
    public var environment: [String: String]?
    public var workingDirectory: String?
    /// Seconds after which it is sent SIGTERM; `nil` for no limit.
    public var timeout: TimeInterval?
    /// Whether its standard output and error are collected (else they go to /dev/null).
    public var capturesOutput: Bool
    /// How long a stopped run's program has between SIGTERM and SIGKILL.
    public var grace: TimeInterval

    public init(
        _ executable: String, arguments: [String] = [], input: Data? = nil, environment: [String: String]? = nil,
        workingDirectory: String? = nil, timeout: TimeInterval? = nil, capturesOutput: Bool = true, grace: TimeInterval = 0.05
    ) {
        self.executable = executable
        self.arguments = arguments
        self.input = input
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        self.capturesOutput = capturesOutput
        self.grace = grace
    }
}

/// How a program ended and what it wrote.
public struct ProgramOutcome: Sendable {
    public var status: Int32
    public var wasSignalled: Bool
    public var standardOutput: Data
    public var standardError: Data
    /// Whether it was stopped because the run was.
    public var wasCancelled: Bool

    public init(
        status: Int32, wasSignalled: Bool = false, standardOutput: Data = Data(), standardError: Data = Data(), wasCancelled: Bool = false
    ) {
        self.status = status
        self.wasSignalled = wasSignalled
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.wasCancelled = wasCancelled
    }

    /// Standard error as text, trimmed.
    public var errorText: String {
        String(decoding: standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Throws the run's cancellation if the program was stopped because the run was.
    public func throwIfCancelled() throws(ActionFailure) {
        if wasCancelled { throw ActionFailure("the run was stopped", code: .cancelled) }
    }
}

/// A program started to run beside the action (a recorder), until it is stopped.
public protocol RunningProgram: AnyObject {
    var isRunning: Bool { get }
    /// Asks it to finish (SIGINT), then ends it.
    func stop()
}

/// Starts a run's programs: the machine's (`ShortcutsPlatform`'s `LocalPrograms`, each in its
/// own process group) in every front end, a scripted one in tests. Actions reach it through
/// ``RunContext/runProgram(_:)`` and its kin, never directly.
public protocol ProgramLauncher: Sendable {
    /// Runs a program to its end, stopping it when `cancellation` is cancelled.
    func run(_ request: ProgramRequest, cancellation: Cancellation?) throws -> ProgramOutcome
    /// Starts a program that runs until stopped, its output discarded.
    func start(_ executable: String, arguments: [String], environment: [String: String]) throws -> any RunningProgram
    /// The path of a program: `name` itself when it has a `/` and is executable, else the first
    /// executable `name` in `path`'s folders.
    func find(_ name: String, path: String?) -> String?
}

extension RunContext {
    /// The run's program launcher, or a failure saying this run may not start programs.
    private func programs(for executable: String) throws -> any ProgramLauncher {
        guard let programs = environment.programs else {
            throw ActionFailure(
                "can't run \(URL(fileURLWithPath: executable).lastPathComponent): this run starts no programs (its environment gives no program launcher)"
            )
        }
        return programs
    }

    /// Runs a program through the run's ``RunEnvironment/programs``, stopped with the run.
    public func runProgram(
        _ executable: String, arguments: [String] = [], input: Data? = nil, environment variables: [String: String]? = nil,
        workingDirectory: String? = nil, timeout: TimeInterval? = nil, capturesOutput: Bool = true, grace: TimeInterval = 0.05
    ) throws -> ProgramOutcome {
        let request = ProgramRequest(
            executable, arguments: arguments, input: input, environment: variables, workingDirectory: workingDirectory, timeout: timeout,
            capturesOutput: capturesOutput, grace: grace)
        return try programs(for: executable).run(request, cancellation: cancellation)
    }

    /// Starts a program that runs beside the action until stopped.
    public func startProgram(_ executable: String, arguments: [String], environment variables: [String: String]) throws
        -> any RunningProgram
    {
        try programs(for: executable).start(executable, arguments: arguments, environment: variables)
    }

    /// A program's path on the run's `PATH` (or `path`), or `nil`; none in a run that starts no programs.
    public func findProgram(_ name: String, path: String? = nil) -> String? {
        environment.programs?.find(name, path: path ?? environment.variables["PATH"])
    }

    /// The first of several programs found on the run's `PATH`, with its name.
    public func tool(_ names: [String]) -> (name: String, path: String)? {
        names.lazy.compactMap { name in self.findProgram(name).map { (name, $0) } }.first
    }
}
