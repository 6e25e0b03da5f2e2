import Foundation
import Testing

/// What a finished process printed and returned.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var outputData: Data
    public var error: String
    /// Whether it was killed for running past its timeout.
    public var timedOut: Bool

    /// Standard output as text.
    public var output: String { String(decoding: outputData, as: UTF8.self) }
}

/// Runs a process to its end with standard input, collecting both outputs, within a timeout.
public enum ProcessRun {
    /// Runs `executable` and waits; after `timeout` seconds it is killed and the test records a failure.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        input: Data = Data(), timeout: TimeInterval = 60
    ) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let standardInput = Pipe(), standardOutput = Pipe(), standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        // Drain both pipes while the process runs so a full pipe can't block it.
        let output = PipeDrain(standardOutput.fileHandleForReading)
        let error = PipeDrain(standardError.fileHandleForReading)
        try? standardInput.fileHandleForWriting.write(contentsOf: input)
        try? standardInput.fileHandleForWriting.close()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            let name = URL(fileURLWithPath: executable).lastPathComponent
            Issue.record("\(name) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        let result = ProcessOutput(
            status: process.terminationStatus, outputData: output.data,
            error: String(decoding: error.data, as: UTF8.self), timedOut: timedOut)
        // Foundation keeps a Process that has a termination handler alive after it ends, and its
        // pipes with it: close the read ends, or each run leaves two descriptors open (a suite
        // that ran thousands of processes held so many that Foundation's own descriptor scan in
        // Process.run read past its buffer).
        try? standardOutput.fileHandleForReading.close()
        try? standardError.fileHandleForReading.close()
        return result
    }
}

/// Reads a pipe to its end on a thread of its own.
public final class PipeDrain: @unchecked Sendable {
    private var collected = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            collected = (try? handle.readToEnd()) ?? Data()
            done.signal()
        }
    }

    /// Everything read, once the pipe has closed.
    public var data: Data {
        done.wait()
        done.signal()
        return collected
    }

    /// Everything read, as text.
    public var text: String { String(decoding: data, as: UTF8.self) }
}
