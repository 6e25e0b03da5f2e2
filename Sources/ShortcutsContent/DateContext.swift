import Foundation
import Synchronization

/// The time zone and region dates and numbers are shown, read and split into days in on this
/// thread: the running shortcut's, which the engine sets for the length of a run from its
/// environment. Content turns dates into text in many places (a date in a Text action, a
/// dictionary written as JSON), and none of them has the run at hand; this carries its zone and
/// region to them.
///
/// Outside a run the zone is the one the process's own `TZ` names (``TimeZoneVariable``) and the
/// region is English (US) (``UserLocale/english``).
public enum DateContext {
    private static let key = "org.swiftshortcuts.DateContext.timeZone"
    private static let localeKey = "org.swiftshortcuts.DateContext.locale"
    private static let processZone = TimeZoneVariable.zone(in: ProcessInfo.processInfo.environment)

    /// The region in effect on this thread.
    public static var locale: UserLocale {
        (Thread.current.threadDictionary[localeKey] as? LocaleBox)?.locale ?? .english
    }

    /// The zone in effect on this thread.
    public static var timeZone: TimeZone {
        (Thread.current.threadDictionary[key] as? LazyTimeZone)?.zone ?? processZone
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
        timeZone zone: LazyTimeZone, locale: UserLocale = .english, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = (dictionary[key], dictionary[localeKey])
        dictionary[key] = zone
        dictionary[localeKey] = LocaleBox(locale)
        defer { (dictionary[key], dictionary[localeKey]) = previous }
        return try body()
    }

    /// A thread dictionary holds objects.
    private final class LocaleBox {
        let locale: UserLocale
        init(_ locale: UserLocale) { self.locale = locale }
    }
}

/// A time zone worked out the first time it is asked for: making a `TimeZone` loads the time
/// zone database (about a millisecond), which a run that never shows a date shouldn't pay.
public final class LazyTimeZone: Sendable {
    private let make: @Sendable () -> TimeZone
    private let made = Mutex<TimeZone?>(nil)

    public init(_ make: @escaping @Sendable () -> TimeZone) { self.make = make }

    public init(_ zone: TimeZone) {
        make = { zone }
        made.withLock { $0 = zone }
    }

    public var zone: TimeZone {
        made.withLock { made in
            if let made { return made }
            let zone = make()
            made = zone
            return zone
        }
    }
}
