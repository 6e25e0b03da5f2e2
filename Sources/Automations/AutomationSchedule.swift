import Foundation
import ShortcutsPlatform

/// When time automations are due, for a service that runs them itself where no systemd does:
/// the same moments their timers name (`--at`, `--every`, and `--calendar` through
/// ``SystemdCalendar``, systemd's own parser).
public enum AutomationSchedule {
    /// The first moment after `date` the trigger fires, or `nil` for a trigger that isn't a time
    /// this schedule keeps (a calendar expression, login, folders).
    ///
    /// - Parameter start: when the schedule started, which `--every` counts from (as a timer's
    ///   `OnActiveSec` counts from its start).
    /// - Parameter calendarExpression: the next moment of a systemd calendar expression after a
    ///   date, or `nil` when it can't be worked out (``SystemdCalendar/next(_:after:)``).
    public static func next(
        _ trigger: Automation.Trigger, after date: Date, start: Date, calendar: Calendar,
        calendarExpression: (String, Date) -> Date? = { _, _ in nil }
    ) -> Date? {
        switch trigger {
        case .calendar(let spec):
            return calendarExpression(spec, date)
        case .at(let hour, let minute, let days):
            let weekdays: Set<Int> = Set(
                days.map { day in
                    // Calendar's weekdays count from Sunday = 1.
                    [Automation.Weekday.sun, .mon, .tue, .wed, .thu, .fri, .sat].firstIndex(of: day)! + 1
                })
            var search = date
            for _ in 0..<8 {
                guard
                    let candidate = calendar.nextDate(
                        after: search, matching: DateComponents(hour: hour, minute: minute, second: 0), matchingPolicy: .nextTime)
                else { return nil }
                if weekdays.isEmpty || weekdays.contains(calendar.component(.weekday, from: candidate)) { return candidate }
                search = candidate
            }
            return nil
        case .every(let seconds):
            guard seconds > 0 else { return nil }
            let elapsed = date.timeIntervalSince(start)
            let periods = elapsed < 0 ? 0 : floor(elapsed / Double(seconds)) + 1
            return start.addingTimeInterval(periods * Double(seconds))
        case .atLogin, .fileAdded, .fileChanged, .networkChange, .powerChange:
            return nil
        }
    }
}

/// The time automations of a library kept by a process, fired as their moments pass: the
/// service's own timer where no systemd runs. Nothing here reads the clock; ``due(at:)`` is told
/// the time, so a test can step it.
public final class AutomationClock {
    private let calendar: Calendar
    private let start: Date
    private let calendarExpression: (String, Date) -> Date?
    private var nextFire: [String: Date] = [:]
    private var automations: [Automation] = []

    public init(start: Date, calendar: Calendar, calendarExpression: @escaping (String, Date) -> Date? = { _, _ in nil }) {
        self.start = start
        self.calendar = calendar
        self.calendarExpression = calendarExpression
    }

    private func next(_ automation: Automation, after date: Date) -> Date? {
        AutomationSchedule.next(
            automation.trigger, after: date, start: start, calendar: calendar, calendarExpression: calendarExpression)
    }

    /// Takes the automations as they are now; each keeps its next moment if it had one.
    public func update(_ automations: [Automation], now: Date) {
        self.automations = automations.filter { $0.isEnabled }
        var kept: [String: Date] = [:]
        for automation in self.automations {
            kept[automation.name] =
                nextFire[automation.name] ?? next(automation, after: now)
        }
        nextFire = kept.compactMapValues { $0 }
    }

    /// The automations whose moment has come by `now` (each once, however many moments passed),
    /// and when the next one is.
    public func due(at now: Date) -> (due: [Automation], next: Date?) {
        var due: [Automation] = []
        for automation in automations {
            guard let moment = nextFire[automation.name], moment <= now else { continue }
            due.append(automation)
            nextFire[automation.name] = next(automation, after: now)
        }
        return (due, nextFire.values.min())
    }
}

/// systemd's calendar expressions, worked out by systemd's own parser (`systemd-analyze
/// calendar`), which is there wherever systemd is installed, running or not.
public enum SystemdCalendar {
    static let analyze = "/usr/bin/systemd-analyze"

    /// Whether the parser is installed.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: analyze) }

    /// The first moment of `expression` after `date`, or `nil` when systemd reads none.
    ///
    /// - Parameter timeZone: the zone an expression without one is read in (a `TZ` value such
    ///   as `Europe/Paris`); the process's own when `nil`, as systemd reads a timer's.
    public static func next(_ expression: String, after date: Date, timeZone: String? = nil) -> Date? {
        var environment = ProcessInfo.processInfo.environment
        if let timeZone { environment["TZ"] = timeZone }
        environment["LC_ALL"] = "C"
        guard
            let outcome = try? ProcessRunner.run(
                analyze, arguments: ["calendar", "--base-time=@\(Int(date.timeIntervalSince1970))", expression],
                environment: environment, timeout: 10)
        else { return nil }
        let text = String(decoding: outcome.standardOutput, as: UTF8.self)
        guard outcome.status == 0, !outcome.wasSignalled,
            // The moment in UTC: its own line, unless the zone is UTC already.
            let line = text.split(separator: "\n").first(where: { $0.contains("(in UTC):") })
                ?? text.split(separator: "\n").first(where: { $0.contains("Next elapse:") }),
            let match = line.firstMatch(of: /(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/)
        else { return nil }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        return utc.date(
            from: DateComponents(
                year: Int(match.1), month: Int(match.2), day: Int(match.3), hour: Int(match.4), minute: Int(match.5),
                second: Int(match.6)))
    }
}
