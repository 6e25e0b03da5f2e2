/// When an extension's process ends for being idle, as a value: events in (a call ended, the
/// timer fired, the process went), what to do out (arm the timer, stop the process). The
/// connection holds it under its lock and does what it says; the clock is whatever instants
/// the events carry, so the rules are tested without waiting.
///
/// One timer is pending at a time, not one per call (arming a timer costs more than a warm
/// call's round trip): a call only notes when it ended, and the timer, when it fires early,
/// is armed again for the rest of the idle period.
struct IdleStop: Equatable {
    /// What the connection should do after an event.
    enum Action: Equatable {
        case nothing
        /// Fire the timer after this many nanoseconds.
        case arm(after: UInt64)
        /// End the process: it has been idle for the whole period.
        case stop
    }

    /// How long a process may be idle, in nanoseconds.
    let period: UInt64
    /// When the last call ended, in nanoseconds on the clock the events use.
    private(set) var lastUse: UInt64?
    /// Whether a timer is pending.
    private(set) var isArmed = false

    /// - Parameter seconds: how long a process may be idle.
    ///   Beyond about 31 years (or not a number) counts as never.
    init(period seconds: Double) {
        period = seconds.isNaN || seconds >= 1e9 ? UInt64(1e18) : UInt64(max(seconds, 0) * 1e9)
    }

    /// A call (or the start) ended at `now`.
    mutating func used(at now: UInt64) -> Action {
        lastUse = now
        guard !isArmed else { return .nothing }
        isArmed = true
        return .arm(after: period)
    }

    /// The pending timer fired at `now`; `hasProcess` says whether there is a spawned process to
    /// end (none, or a running app's connection, which isn't ended for idleness).
    mutating func timerFired(at now: UInt64, hasProcess: Bool) -> Action {
        isArmed = false
        guard hasProcess, let lastUse else { return .nothing }
        let idle = now > lastUse ? now - lastUse : 0
        if idle < period {
            isArmed = true
            return .arm(after: period - idle)
        }
        self.lastUse = nil
        return .stop
    }
}
