import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Newline-delimited messages over a pair of file descriptors (pipes or a socket).
///
/// Reads wait with `poll(2)` so a caller can give up after a timeout; writes use `write(2)` in a
/// loop and report a closed peer as an error instead of dying of SIGPIPE.
/// `@unchecked Sendable`: the read buffer belongs to the one reader a channel has at a time; writes are serialized by `writeLock`.
public final class LineChannel: @unchecked Sendable {
    /// Why reading or writing failed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The peer closed its end.
        case closed
        /// Nothing arrived within the timeout.
        case timedOut(seconds: Double)
        /// A system call failed with this errno.
        case system(Int32)
        /// A line was longer than the limit.
        case lineTooLong(Int)

        public var description: String {
            switch self {
            case .closed: return "the other side closed the connection"
            case .timedOut(let seconds): return "no answer within \(seconds) s"
            case .system(let code): return String(cString: strerror(code))
            case .lineTooLong(let limit): return "a message was longer than \(limit) bytes"
            }
        }
    }

    public let input: Int32
    public let output: Int32
    /// The longest line accepted (64 MiB: files travel inside messages).
    public var maximumLineLength = 64 << 20
    private var buffer: [UInt8] = []
    private var scanned = 0
    private let writeLock = NSLock()
    /// Whether the rest of an over-long line is being dropped.
    private var isSkipping = false

    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
        signal(SIGPIPE, SIG_IGN)
    }

    /// Waits for the next line on `queue` rather than on the caller's thread, so a server that
    /// waits for its host for its whole life never holds one of the few threads that run Swift
    /// tasks.
    public func readLine(on queue: DispatchQueue) async throws(Failure) -> Data {
        let result: Result<Data, Failure> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(Failure) -> Data in try self.readLine() }) }
        }
        return try result.get()
    }

    /// Reads the next line (without its newline), waiting at most `timeout` seconds (nil: forever).
    ///
    /// A line longer than ``maximumLineLength`` is read to its end without being kept, then
    /// reported as ``Failure/lineTooLong(_:)``; the next call reads the line after it, so one
    /// bad message costs neither memory nor the connection.
    public func readLine(timeout: Double? = nil) throws(Failure) -> Data {
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                // A line that came in whole is as much too long as one that came in pieces.
                let isTooLong = isSkipping || buffer.distance(from: buffer.startIndex, to: newline) > maximumLineLength
                let line = isTooLong ? Data() : Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                scanned = 0
                if isTooLong {
                    isSkipping = false
                    throw .lineTooLong(maximumLineLength)
                }
                return line
            }
            scanned = buffer.count
            if isSkipping || buffer.count > maximumLineLength {
                isSkipping = true
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            }
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { throw .timedOut(seconds: timeout ?? 0) }
                var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
                if ready == 0 { throw .timedOut(seconds: timeout ?? 0) }
                if ready < 0 {
                    if errno == EINTR { continue }
                    throw .system(errno)
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { throw .closed }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A descriptor that doesn't block: wait until it has something, not in a spin.
                    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                    _ = poll(&descriptor, 1, 1000)
                    continue
                }
                throw .system(errno)
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes one line, adding the newline.
    public func writeLine(_ line: Data) throws(Failure) {
        var bytes = [UInt8](line)
        bytes.append(0x0A)
        writeLock.lock()
        defer { writeLock.unlock() }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw errno == EPIPE ? .closed : .system(errno)
            }
            offset += written
        }
    }
}
