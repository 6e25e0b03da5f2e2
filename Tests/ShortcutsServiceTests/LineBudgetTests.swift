import Foundation
import ShortcutsRPC
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Channels sharing a ``LineBudget`` hold at most its bytes of unfinished lines between them;
/// a line that would go past it is dropped to its end and reported, the next one read.
@Suite struct LineBudgetTests {
    /// A channel reading from one end of a socket pair, and the other end to write to.
    final class Pair {
        let channel: LineChannel
        let writer: Int32
        init(budget: LineBudget, limit: Int) {
            var descriptors: [Int32] = [0, 0]
            precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0)
            channel = LineChannel(input: descriptors[0], output: descriptors[0])
            channel.maximumLineLength = limit
            channel.budget = budget
            writer = descriptors[1]
        }
        deinit {
            close(channel.input)
            close(writer)
        }
        /// Writes `bytes` on a thread of its own (a socket holds far less than they are) while
        /// `drain` or a read takes them.
        func send(_ bytes: [UInt8]) {
            let writer = writer
            let done = DispatchSemaphore(value: 0)
            sent = done
            Thread.detachNewThread {
                var offset = 0
                while offset < bytes.count {
                    let written = bytes[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                    if written <= 0 { break }
                    offset += written
                }
                done.signal()
            }
        }
        private var sent: DispatchSemaphore?
        /// Reads until everything sent has been taken and no line ended.
        func drain() {
            while true {
                let finished = sent?.wait(timeout: .now()) == .success
                #expect(throws: LineChannel.Failure.timedOut(seconds: 0.05)) { try self.channel.readLine(timeout: 0.05) }
                if finished { break }
            }
            sent = nil
        }
    }

    @Test func aLineThatWouldGoPastTheBudgetIsDroppedAndTheNextRead() throws {
        let budget = LineBudget(limit: 1 << 20)
        let first = Pair(budget: budget, limit: 4 << 20)
        let second = Pair(budget: budget, limit: 4 << 20)
        // The first channel holds 900 KiB of a line; the second can't hold its 900 KiB as well.
        first.send([UInt8](repeating: 0x61, count: 900 << 10))
        first.drain()
        #expect(budget.inUse > 512 << 10 && budget.inUse <= budget.limit)
        second.send([UInt8](repeating: 0x62, count: 900 << 10) + [0x0A] + Array("next".utf8) + [0x0A])
        #expect(throws: LineChannel.Failure.overloaded(1 << 20)) { try second.channel.readLine(timeout: 5) }
        #expect(try second.channel.readLine(timeout: 5) == Data("next".utf8))
        // The first line ends whole; its memory goes back to the budget.
        first.send([0x0A])
        #expect(try first.channel.readLine(timeout: 5).count == 900 << 10)
        #expect(budget.inUse == 0)
    }

    @Test func aLineOverTheLimitIsDroppedWithoutHoldingIt() throws {
        let budget = LineBudget(limit: 64 << 20)
        let pair = Pair(budget: budget, limit: 256 << 10)
        pair.send([UInt8](repeating: 0x61, count: 3 << 20))
        pair.drain()
        #expect(budget.inUse <= 256 << 10, "held \(budget.inUse) bytes of a line it will drop")
        pair.send([0x0A] + Array("after".utf8) + [0x0A])
        #expect(throws: LineChannel.Failure.lineTooLong(256 << 10)) { try pair.channel.readLine(timeout: 5) }
        #expect(try pair.channel.readLine(timeout: 5) == Data("after".utf8))
        #expect(budget.inUse == 0)
    }

    @Test func closingAChannelGivesBackWhatItHeld() {
        let budget = LineBudget(limit: 8 << 20)
        do {
            let pair = Pair(budget: budget, limit: 8 << 20)
            pair.send([UInt8](repeating: 0x61, count: 2 << 20))
            pair.drain()
            #expect(budget.inUse > 0)
        }
        #expect(budget.inUse == 0)
    }
}
