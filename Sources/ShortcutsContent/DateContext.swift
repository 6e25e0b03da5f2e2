import Foundation

/// The time zone dates are shown, read and split into days in on this thread: the running
/// shortcut's, which the engine sets for the length of a run from its environment. Content
/// turns dates into text in many places (a date in a Text action, a dictionary written as JSON),
/// and none of them has the run at hand; this carries its zone to them.
///
/// Outside a run it is the zone the process's own `TZ` names (``TimeZoneVariable``).
public enum DateContext {
    private static let key = "org.swiftshortcuts.DateContext.timeZone"
    private static let processZone = TimeZoneVariable.zone(in: ProcessInfo.processInfo.environment)

    /// The zone in effect on this thread.
    public static var timeZone: TimeZone {
        (Thread.current.threadDictionary[key] as? TimeZoneBox)?.zone ?? processZone
    }

    /// A Gregorian calendar in ``timeZone``.
    public static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Runs `body` with `zone` in effect on this thread, then restores the zone before it (runs
    /// nest: Run Shortcut runs another shortcut on the same thread).
    public static func with<T, Failure>(
        timeZone zone: TimeZone, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[key]
        dictionary[key] = TimeZoneBox(zone: zone)
        defer { dictionary[key] = previous }
        return try body()
    }

    private final class TimeZoneBox: Sendable {
        let zone: TimeZone
        init(zone: TimeZone) { self.zone = zone }
    }
}
