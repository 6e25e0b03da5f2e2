import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Unbuffered writes to standard output and standard error.
///
/// `print` is block-buffered on pipes and `FileHandle.write(_:)` traps on a closed pipe, so the
/// command writes with `write(2)` and stops quietly when the reader has gone away.
enum Console {
    static let output: Int32 = 1
    static let error: Int32 = 2

    /// Writes text to standard output.
    static func out(_ text: String) { write(Data(text.utf8), to: output) }
    /// Writes text to standard error.
    static func err(_ text: String) { write(Data(text.utf8), to: error) }

    /// Writes every byte to a descriptor; returns false when it can't (e.g. the pipe was closed).
    @discardableResult
    static func write(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            guard var pointer = buffer.baseAddress else { return true }
            var remaining = buffer.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                pointer += written
                remaining -= written
            }
            return true
        }
    }

    /// Whether a descriptor is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Reads all of standard input; empty when it is closed or unreadable.
    static func readStandardInput() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(0, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

/// A failure the command reports as `Error: <message>` with exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Shows a model's answer on a terminal's standard error as it streams in: the action's title,
/// then each piece; ``finish()`` ends the line.
final class AnswerEcho: Sendable {
    private let state = Mutex<(action: String?, open: Bool)>((nil, false))

    func show(_ action: String, _ piece: String) {
        state.withLock { state in
            if state.action != action || !state.open {
                Console.err((state.open ? "\n" : "") + "\(action): ")
                state.action = action
                state.open = true
            }
            Console.err(piece)
        }
    }

    /// Ends the line an answer was shown on, if one is open.
    func finish() {
        state.withLock { state in
            if state.open { Console.err("\n") }
            state.open = false
        }
    }
}
