import Foundation
import ShortcutsEngine
import Synchronization

/// A program launcher that starts nothing: the programs it "has" answer from a script, and every
/// request is recorded, so an action that runs a program is tested in-process with no child.
///
/// ```swift
/// let programs = ScriptedPrograms(["sh": { request in ProgramOutcome(status: 0, standardOutput: Data("hi\n".utf8)) }])
/// environment.programs = programs
/// ```
public final class ScriptedPrograms: ProgramLauncher {
    public typealias Answer = @Sendable (ProgramRequest) -> ProgramOutcome

    /// A program started beside an action, running until stopped.
    public final class Started: RunningProgram, Sendable {
        public let executable: String
        public let arguments: [String]
        private let running = Atomic<Bool>(true)

        init(_ executable: String, arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }

        public var isRunning: Bool { running.load(ordering: .relaxed) }
        public func stop() { running.store(false, ordering: .relaxed) }
    }

    /// Where the scripted programs are "installed".
    public static let folder = "/scripted/bin"

    private let answers: [String: Answer]
    private let state = Mutex<(requests: [ProgramRequest], started: [Started])>(([], []))

    /// The programs this launcher has, by name, each with how it answers.
    public init(_ answers: [String: Answer]) { self.answers = answers }

    /// The programs run so far, in order.
    public var requests: [ProgramRequest] { state.withLock { $0.requests } }
    /// The programs started beside actions so far.
    public var started: [Started] { state.withLock { $0.started } }

    public func run(_ request: ProgramRequest, cancellation: Cancellation?) throws -> ProgramOutcome {
        state.withLock { $0.requests.append(request) }
        guard let answer = answers[URL(fileURLWithPath: request.executable).lastPathComponent] else {
            throw ActionFailure("\(request.executable) is not one of the scripted programs")
        }
        if cancellation?.isCancelled == true {
            return ProgramOutcome(status: 15, wasSignalled: true, wasCancelled: true)
        }
        return answer(request)
    }

    public func start(_ executable: String, arguments: [String], environment: [String: String]) throws -> any RunningProgram {
        guard answers[URL(fileURLWithPath: executable).lastPathComponent] != nil else {
            throw ActionFailure("\(executable) is not one of the scripted programs")
        }
        let program = Started(executable, arguments: arguments)
        state.withLock { $0.started.append(program) }
        return program
    }

    public func find(_ name: String, path: String?) -> String? {
        let base = URL(fileURLWithPath: name).lastPathComponent
        guard answers[base] != nil else { return nil }
        return name.contains("/") ? name : Self.folder + "/" + name
    }
}
