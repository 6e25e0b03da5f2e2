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
    /// Where `read(2)` puts bytes, allocated once: a fresh 64 KiB buffer per read cost more
    /// than a small message's whole round trip.
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    /// How long a reader that expects an answer soon checks for it before it sleeps in
    /// `poll(2)`: waking a sleeping thread costs tens of microseconds here, more than most
    /// answers take to come.
    public static let answerSpin: Duration = .microseconds(60)

    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
        signal(SIGPIPE, SIG_IGN)
    }

    /// Reads the next line (without its newline), waiting at most `timeout` seconds (nil: forever).
    ///
    /// A line longer than ``maximumLineLength`` is read to its end without being kept, then
    /// reported as ``Failure/lineTooLong(_:)``; the next call reads the line after it, so one
    /// bad message costs neither memory nor the connection.
    /// With `spinning`, a read that finds nothing checks again for that long before it sleeps.
    public func readLine(timeout: Double? = nil, spinning: Duration = .zero) throws(Failure) -> Data {
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        var spinUntil = spinning > .zero ? ContinuousClock.now + spinning : nil
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
            if let end = spinUntil {
                if !waitBriefly(until: end) { spinUntil = nil }
            }
            if spinUntil == nil, let deadline {
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

    /// Checks for input without sleeping until `end`; whether some came (or the peer closed).
    private func waitBriefly(until end: ContinuousClock.Instant) -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        repeat {
            if poll(&descriptor, 1, 0) != 0 { return true }
        } while ContinuousClock.now < end
        return false
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
