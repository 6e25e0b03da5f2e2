import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The time zone and region dates and numbers are shown, read and split into days in on this
/// thread: the running shortcut's, which the engine sets for the length of a run from its
/// environment. Content turns dates into text in many places (a date in a Text action, a
/// dictionary written as JSON), and none of them has the run at hand; this carries its zone and
/// region to them.
///
/// Outside a run the zone is the one the process's own `TZ` names (``TimeZoneVariable``) and the
/// region is English (US) (``UserLocale/english``).
public enum DateContext {
    private static let processZone = TimeZoneVariable.zone(in: ProcessInfo.processInfo.environment)

    /// The region in effect on this thread.
    public static var locale: UserLocale { ThreadState.current.locale ?? .english }

    /// The zone in effect on this thread.
    public static var timeZone: TimeZone { ThreadState.current.zone?.zone ?? processZone }

    /// A Gregorian calendar in ``timeZone``.
    public static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Reads the text of a file this module can't read itself (a PDF's), as the run on this
    /// thread can; nil outside a run.
    public typealias FileText = @Sendable (FileContent) -> String?

    /// The running shortcut's reader of files' text (``Content/text`` of a PDF is its text).
    public static var fileText: FileText? { ThreadState.current.fileText }

    /// Runs `body` with `zone` in effect on this thread, then restores the zone before it (runs
    /// nest: Run Shortcut runs another shortcut on the same thread).
    public static func with<T, Failure>(
        timeZone zone: LazyTimeZone, locale: UserLocale = .english, fileText: FileText? = nil, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        let state = ThreadState.current
        let previous = (state.zone, state.locale, state.fileText)
        (state.zone, state.locale, state.fileText) = (zone, locale, fileText)
        defer { (state.zone, state.locale, state.fileText) = previous }
        return try body()
    }

    /// The zone and region of one thread, in a POSIX thread-specific slot: `Thread`'s thread
    /// dictionary would bring in `NSMutableDictionary` and its bridging, half a millisecond of
    /// a one-action run's start.
    private final class ThreadState {
        var zone: LazyTimeZone?
        var locale: UserLocale?
        var fileText: FileText?

        private static let slot: pthread_key_t = {
            var slot = pthread_key_t()
            // The thread's state goes with it.
            pthread_key_create(&slot) { state in
                if let state { Unmanaged<ThreadState>.fromOpaque(state).release() }
            }
            return slot
        }()

        static var current: ThreadState {
            if let state = pthread_getspecific(slot) { return Unmanaged<ThreadState>.fromOpaque(state).takeUnretainedValue() }
            let state = ThreadState()
            pthread_setspecific(slot, Unmanaged.passRetained(state).toOpaque())
            return state
        }
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
