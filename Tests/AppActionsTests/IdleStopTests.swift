import Testing

@testable import AppActions

/// The idle rules of an extension's process, on a clock the test moves (nanoseconds): no waiting.
struct IdleStopTests {
    static let second: UInt64 = 1_000_000_000

    @Test func theFirstUseArmsOneTimerAndLaterUsesOnlyNoteTheTime() {
        var idle = IdleStop(period: 60)
        #expect(idle.used(at: 0) == .arm(after: 60 * Self.second))
        #expect(idle.used(at: 10 * Self.second) == .nothing)
        #expect(idle.used(at: 25 * Self.second) == .nothing)
        #expect(idle.isArmed && idle.lastUse == 25 * Self.second)
    }

    @Test func aTimerFiringEarlyIsArmedAgainForTheRestOfThePeriod() {
        var idle = IdleStop(period: 60)
        _ = idle.used(at: 0)
        _ = idle.used(at: 45 * Self.second)
        #expect(idle.timerFired(at: 60 * Self.second, hasProcess: true) == .arm(after: 45 * Self.second))
        #expect(idle.timerFired(at: 105 * Self.second, hasProcess: true) == .stop)
        #expect(!idle.isArmed && idle.lastUse == nil)
    }

    @Test func aProcessIdleForThePeriodStopsAndTheNextUseStartsAgain() {
        var idle = IdleStop(period: 0.6)
        _ = idle.used(at: 100 * Self.second)
        #expect(idle.timerFired(at: 100 * Self.second + 600_000_000, hasProcess: true) == .stop)
        #expect(idle.used(at: 200 * Self.second) == .arm(after: 600_000_000))
    }

    @Test func aRunningAppsConnectionIsNotEndedForIdleness() {
        var idle = IdleStop(period: 60)
        _ = idle.used(at: 0)
        #expect(idle.timerFired(at: 600 * Self.second, hasProcess: false) == .nothing)
        #expect(!idle.isArmed)
        // A later call arms the timer again.
        #expect(idle.used(at: 601 * Self.second) == .arm(after: 60 * Self.second))
    }
}
