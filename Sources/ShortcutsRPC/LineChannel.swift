import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Newline-delimited messages over a pair of file descriptors (pipes or a socket).
///
/// Reads wait with `poll(2)` so a caller can give up after a timeout; writes use `write(2)` in a
/// loop and report a closed peer as an error instead of dying of SIGPIPE.
/// Unchecked `Sendable`: the read buffer belongs to the one reader a channel has at a time; writes are serialized by `writeLock`.
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
        /// A line was dropped because the channels sharing a ``LineBudget`` already held this many bytes of unfinished lines.
        case overloaded(Int)

        public var description: String {
            switch self {
            case .closed: return "the other side closed the connection"
            case .timedOut(let seconds): return "no answer within \(seconds) s"
            case .system(let code): return String(cString: strerror(code))
            case .lineTooLong(let limit): return "a message was longer than \(limit) bytes"
            case .overloaded(let limit): return "unfinished messages already held \(limit) bytes in all"
            }
        }
    }

    public let input: Int32
    public let output: Int32
    /// The longest line accepted (64 MiB: files travel inside messages).
    public var maximumLineLength = 64 << 20
    /// What all the channels sharing it may hold in unfinished lines at once; nil: no bound
    /// beyond ``maximumLineLength``.
    public var budget: LineBudget?
    private var buffer: [UInt8] = []
    /// How much of `buffer`'s capacity is charged to `budget`.
    private var charged = 0
    private let writeLock = NSLock()
    /// Why the rest of the current line is being dropped, if it is.
    private var skipping: Failure?
    /// Where `read(2)` puts bytes, allocated once: a fresh 64 KiB buffer per read cost more
    /// than a small message's whole round trip.
    private var chunk = [UInt8](repeating: 0, count: LineChannel.chunkSize)
    private static let chunkSize = 65_536
    /// A line buffer this large costs its channel nothing from the shared budget, and is kept
    /// between lines; a larger one is given back once its line is read.
    private static let freeCapacity = 2 * LineChannel.chunkSize

    /// How long a reader that expects an answer soon checks for it before it sleeps in
    /// `poll(2)`: waking a sleeping thread costs tens of microseconds here, more than most
    /// answers take to come.
    public static let answerSpin: Duration = .microseconds(60)

    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        budget?.give(charged)
    }

    /// Reads the next line (without its newline), waiting at most `timeout` seconds (nil: forever).
    ///
    /// A line longer than ``maximumLineLength``, or one that would take the channels sharing
    /// ``budget`` past it, is read to its end without being kept, then reported as
    /// ``Failure/lineTooLong(_:)`` or ``Failure/overloaded(_:)``; the next call reads the line
    /// after it, so one bad message costs neither memory nor the connection. The buffer never
    /// holds more than the limit and one read's bytes, and a large one is given back once read.
    /// With `spinning`, a read that finds nothing checks again for that long before it sleeps.
    public func readLine(timeout: Double? = nil, spinning: Duration = .zero) throws(Failure) -> Data {
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        var spinUntil = spinning > .zero ? ContinuousClock.now + spinning : nil
        var scanned = 0
        while true {
            if let newline = Self.firstNewline(in: buffer, from: scanned) {
                // A line that came in whole is as much too long as one that came in pieces.
                let failure = skipping ?? (newline > maximumLineLength ? .lineTooLong(maximumLineLength) : nil)
                let line = failure == nil ? Data(buffer[..<newline]) : Data()
                dropThrough(newline)
                if let failure {
                    skipping = nil
                    throw failure
                }
                return line
            }
            scanned = buffer.count
            if skipping == nil && buffer.count > maximumLineLength { startSkipping(.lineTooLong(maximumLineLength)) }
            if skipping != nil {
                release(keeping: 0)
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
            if skipping == nil && !makeRoom(for: count) {
                // The line so far is dropped; this read's bytes may end it and start the next.
                startSkipping(.overloaded(budget?.limit ?? 0))
                scanned = 0
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Whether bytes already read wait in the buffer (a line, or the start of one), which
    /// `poll(2)` on ``input`` doesn't see.
    public var hasBufferedInput: Bool { !buffer.isEmpty }

    /// The index of the first newline in `bytes` at or after `start`.
    private static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let found = memchr(base + start, 0x0A, raw.count - start) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Removes a read line and its newline, giving back a large buffer's memory.
    private func dropThrough(_ newline: Int) {
        if buffer.capacity <= Self.freeCapacity {
            buffer.removeSubrange(...newline)
        } else {
            let rest = Array(buffer[(newline + 1)...])
            release(keeping: rest.count)
            buffer.append(contentsOf: rest)
        }
    }

    /// Drops the line being read and remembers why, for when its end comes.
    private func startSkipping(_ reason: Failure) {
        skipping = reason
        release(keeping: 0)
    }

    /// Empties the buffer, keeping room for `count` bytes, and gives back what it had charged.
    private func release(keeping count: Int) {
        if buffer.capacity > Self.freeCapacity {
            buffer = []
            buffer.reserveCapacity(max(count, Self.chunkSize))
        } else {
            buffer.removeAll(keepingCapacity: true)
        }
        recharge()
    }

    /// Grows the buffer for `count` more bytes, within the limit and what the budget allows;
    /// false when the budget has no room.
    private func makeRoom(for count: Int) -> Bool {
        let needed = buffer.count + count
        guard needed > buffer.capacity else { return true }
        // Doubling, but never past the longest line and one read.
        let capacity = min(max(buffer.capacity * 2, needed), max(needed, maximumLineLength + Self.chunkSize))
        let extra = max(0, capacity - Self.freeCapacity) - charged
        if let budget, extra > 0 {
            guard budget.take(extra) else { return false }
            charged += extra
        }
        buffer.reserveCapacity(capacity)
        recharge()
        return true
    }

    /// Charges the budget for what the buffer holds now.
    private func recharge() {
        guard let budget else { return }
        let owed = max(0, buffer.capacity - Self.freeCapacity)
        if owed > charged { budget.force(owed - charged) } else if owed < charged { budget.give(charged - owed) }
        charged = owed
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

/// The bytes that every ``LineChannel`` sharing it may hold at once in lines not yet read whole,
/// so many slow or hostile peers together can't take more memory than one bound.
public final class LineBudget: Sendable {
    public let limit: Int
    private let used = Atomic<Int>(0)

    public init(limit: Int) {
        self.limit = limit
    }

    /// What the channels hold now.
    public var inUse: Int { used.load(ordering: .relaxed) }

    /// Takes `bytes` if they fit under the limit.
    func take(_ bytes: Int) -> Bool {
        var current = used.load(ordering: .relaxed)
        while true {
            guard current + bytes <= limit else { return false }
            let (exchanged, original) = used.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    /// Takes `bytes` whatever the limit: the allocator rounded a granted size up.
    func force(_ bytes: Int) {
        used.add(bytes, ordering: .relaxed)
    }

    func give(_ bytes: Int) {
        if bytes > 0 { used.subtract(bytes, ordering: .relaxed) }
    }
}
