import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One running extension: the child process, the line channel on its standard input and output,
/// and the last lines it wrote to standard error (kept for error messages). Or a running app that
/// registered with the service (``attached(channel:processIdentifier:)``): the same calls over
/// the app's connection, with a process this host neither started nor ends.
///
/// Started with `posix_spawn` rather than `Foundation.Process` so the host controls every
/// descriptor (all pipes are close-on-exec, so parallel spawns never leak them into each other)
/// and can reap the child with `waitpid` the moment it exits, without a run loop.
/// Unchecked `Sendable`: used only under its ``ExtensionConnection``'s lock, one call at a time.
final class ExtensionProcess: @unchecked Sendable {
    /// Why a call on the channel failed, before the host names the app and the activity.
    enum CallFailure: Error {
        case channel(LineChannel.Failure)
        case invalidMessage(String)
        case remote(JSONRPC.ErrorObject)
        /// The run was cancelled while waiting; whether the extension answered the cancelled
        /// request within ``ExtensionProcess/cancelGrace``.
        case cancelled(answered: Bool)
    }

    /// How long a cancelled call waits for the extension to answer it.
    static let cancelGrace = 0.03

    let pid: pid_t
    private let channel: LineChannel
    /// The child's standard error; `nil` for an attached app, whose output isn't the host's.
    private let errorTail: ErrorTail?
    private var nextID = 0
    private var isInputClosed = false
    private var waitStatus: Int32?
    /// Whether `initialize` has been answered.
    var isInitialized = false

    private init(pid: pid_t, channel: LineChannel, errorTail: ErrorTail?) {
        self.pid = pid
        self.channel = channel
        self.errorTail = errorTail
    }

    /// A running app's connection, which its owner (the service's registry) closes: stopping it
    /// closes and kills nothing.
    static func attached(channel: LineChannel, processIdentifier: pid_t) -> ExtensionProcess {
        ExtensionProcess(pid: processIdentifier, channel: channel, errorTail: nil)
    }

    /// Whether this is a running app's connection rather than a process this host started.
    var isAttached: Bool { errorTail == nil }

    /// Shuts an attached app's connection down (it hung or broke the protocol): the app sees the
    /// connection end, and its owner sees the hang-up and forgets it. The descriptor stays open
    /// for the owner to close.
    func disconnect() {
        guard isAttached else { return }
        shutdown(channel.input, Int32(SHUT_RDWR))
    }

    /// Starts `executable` with `arguments`; returns `errno`'s text when it can't.
    static func spawn(executable: String, arguments: [String], environment: [String: String]) throws(SpawnFailure) -> ExtensionProcess {
        var pipes: [[Int32]] = []
        do {
            for _ in 0..<3 { pipes.append(try makePipe()) }
        } catch {
            for descriptor in pipes.joined() { close(descriptor) }
            throw error
        }
        let (toChild, fromChild, errors) = (pipes[0], pipes[1], pipes[2])
        let pid: pid_t
        do {
            pid = try ProcessSpawn.launch(
                executable, arguments: arguments, environment: environment,
                streams: (.descriptor(toChild[0]), .descriptor(fromChild[1]), .descriptor(errors[1])))
        } catch {
            for descriptor in toChild + fromChild + errors { close(descriptor) }
            throw SpawnFailure(code: error.code)
        }
        close(toChild[0])
        close(fromChild[1])
        close(errors[1])
        let channel = LineChannel(input: fromChild[0], output: toChild[1])
        return ExtensionProcess(pid: pid, channel: channel, errorTail: ErrorTail(reading: errors[0]))
    }

    /// A pipe whose ends are closed on exec, so no other child inherits them.
    /// (`pipe2` is not visible from Swift, hence `fcntl`.)
    private static func makePipe() throws(SpawnFailure) -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SpawnFailure(code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// Sends a request and waits for its response, skipping notifications and stray responses.
    ///
    /// With `isCancelled`, the wait looks at it every ``Cancellation/pollInterval``; once it
    /// holds, the extension is told (``ExtensionProtocol/Method/cancel``) and the call fails with
    /// ``CallFailure/cancelled(answered:)`` within ``cancelGrace``.
    func call<Params: Codable & Sendable, Result: Codable & Sendable>(
        _ method: String, params: Params, as type: Result.Type, timeout: Double, isCancelled: (() -> Bool)? = nil
    ) throws(CallFailure) -> Result {
        nextID += 1
        let id = JSONRPC.ID.number(nextID)
        let request: Data
        do {
            request = try JSONRPC.requestLine(id: id, method: method, params: params)
        } catch {
            throw .invalidMessage("couldn't encode the \(method) request: \(error)")
        }
        do {
            try channel.writeLine(request)
        } catch {
            throw .channel(error)
        }
        let deadline = Date().addingTimeInterval(timeout)
        var cancelDeadline: Date?
        while true {
            let line: Data
            do {
                let remaining = (cancelDeadline ?? deadline).timeIntervalSinceNow
                let wait = isCancelled == nil || cancelDeadline != nil ? remaining : min(remaining, Cancellation.pollInterval)
                line = try channel.readLine(timeout: max(0.001, wait), spinning: LineChannel.answerSpin)
            } catch {
                guard case .timedOut = error else { throw .channel(error) }
                if cancelDeadline != nil { throw .cancelled(answered: false) }
                if isCancelled?() == true {
                    // Told, the extension may answer at once; it has a moment to.
                    let notice = try? JSONRPC.requestLine(
                        id: nil, method: ExtensionProtocol.Method.cancel, params: ExtensionProtocol.CancelParams(id: nextID))
                    if let notice, (try? channel.writeLine(notice)) != nil {
                        cancelDeadline = Date().addingTimeInterval(Self.cancelGrace)
                        continue
                    }
                    throw .cancelled(answered: false)
                }
                if deadline.timeIntervalSinceNow <= 0 { throw .channel(.timedOut(seconds: timeout)) }
                continue
            }
            if cancelDeadline != nil {
                // Any answer to the cancelled request ends it; other lines are skipped.
                if let message = try? JSONRPC.ScannedMessage([UInt8](line)), message.method == nil, message.id == id {
                    throw .cancelled(answered: true)
                }
                continue
            }
            let bytes = [UInt8](line)
            // The expected answer is read as it is scanned; anything else is scanned, then read
            // again if it is the answer, for an error that says what is wrong with it.
            var answer: Result?
            if let readable = type as? any JSONReadable.Type,
                let message = try? JSONRPC.ScannedMessage(
                    bytes,
                    readResult: { reader throws(JSONReader.Failure) in
                        if try !reader.takeNull() { answer = try readable.init(reading: &reader) as? Result }
                    }),
                message.method == nil, message.id == id, message.error == nil, let answer
            {
                return answer
            }
            let message: JSONRPC.ScannedMessage
            do {
                message = try JSONRPC.ScannedMessage(bytes)
            } catch {
                throw .invalidMessage(
                    "it wrote a line that is not a JSON-RPC message: \(String(decoding: line.prefix(200), as: UTF8.self))")
            }
            guard message.method == nil, message.id == id else { continue }
            if let error = message.error { throw .remote(error) }
            return try Self.result(of: message, as: type, method: method, line: line)
        }
    }

    /// The result of a response: read directly when the type reads itself, else through `JSONDecoder`.
    private static func result<Result: Codable & Sendable>(
        of message: JSONRPC.ScannedMessage, as type: Result.Type, method: String, line: Data
    ) throws(CallFailure) -> Result {
        if let readable = type as? any JSONReadable.Type {
            guard let range = message.result else { throw .invalidMessage("its answer to \(method) has no result") }
            do {
                if let result = try message.read(range, as: readable) as? Result { return result }
                throw JSONReader.Failure(message: "the result is null", offset: range.lowerBound)
            } catch {
                throw .invalidMessage("its answer to \(method) doesn't have the expected form: \(error)")
            }
        }
        do {
            return try JSONRPC.decode(JSONRPC.Response<Result>.self, from: line).result
        } catch {
            throw .invalidMessage("its answer to \(method) doesn't have the expected form: \(error)")
        }
    }

    /// Closes the extension's standard input, which asks it to finish.
    func closeInput() {
        guard !isAttached, !isInputClosed else { return }
        isInputClosed = true
        close(channel.output)
    }

    /// Waits up to `timeout` seconds for the process to exit; its wait status, or `nil` if it runs on.
    @discardableResult
    func waitForExit(timeout: Double) -> Int32? {
        if let waitStatus { return waitStatus }
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 200
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno != EINTR) {
                waitStatus = result == pid ? status : -1
                return waitStatus
            }
            if Date() >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// Ends the process: closes its input, gives it `grace` seconds to exit, then kills it.
    /// Returns its wait status.
    @discardableResult
    func stop(grace: Double) -> Int32 {
        guard !isAttached else { return -1 }
        closeInput()
        if let status = waitForExit(timeout: grace) {
            close(channel.input)
            return status
        }
        kill(pid, SIGKILL)
        let status = waitForExit(timeout: 5) ?? -1
        close(channel.input)
        return status
    }

    /// The last lines the extension wrote to standard error, trimmed; waits briefly for the rest
    /// of the stream when the process has just exited.
    func recentErrorOutput(waitingUpTo timeout: Double = 0.2) -> String { errorTail?.text(waitingUpTo: timeout) ?? "" }

    /// How a wait status reads: `exited with status 3`, `exited with signal 9`.
    static func describe(status: Int32) -> String {
        if status < 0 { return "exited" }
        let signal = status & 0x7f
        if signal == 0 { return "exited with status \((status >> 8) & 0xff)" }
        return "exited with signal \(signal)"
    }
}

/// `posix_spawn` or `pipe2` failed with an errno.
struct SpawnFailure: Error, CustomStringConvertible {
    var code: Int32
    var description: String { String(cString: strerror(code)) }
}

/// Drains a process's standard error on a thread of its own, so a chatty extension never blocks
/// on a full pipe, and keeps the last few kilobytes for error messages.
final class ErrorTail: Sendable {
    private let bytes = Mutex<[UInt8]>([])
    private let ended = DispatchSemaphore(value: 0)
    private static let limit = 4096

    init(reading descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                bytes.withLock { bytes in
                    bytes.append(contentsOf: chunk[..<count])
                    if bytes.count > Self.limit { bytes.removeFirst(bytes.count - Self.limit) }
                }
            }
            close(descriptor)
            ended.signal()
        }
    }

    /// What was written so far, after waiting up to `timeout` seconds for the end of the stream.
    func text(waitingUpTo timeout: Double) -> String {
        if ended.wait(timeout: .now() + timeout) == .success { ended.signal() }
        return bytes.withLock { String(decoding: $0, as: UTF8.self) }.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
