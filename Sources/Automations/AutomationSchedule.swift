import Foundation

/// When time automations are due, for a service that runs them itself where no systemd does:
/// the same moments their timers name (`--at`, `--every`; `--calendar` needs systemd's parser).
public enum AutomationSchedule {
    /// The first moment after `date` the trigger fires, or `nil` for a trigger that isn't a time
    /// this schedule keeps (a calendar expression, login, folders).
    ///
    /// - Parameter start: when the schedule started, which `--every` counts from (as a timer's
    ///   `OnActiveSec` counts from its start).
    public static func next(_ trigger: Automation.Trigger, after date: Date, start: Date, calendar: Calendar) -> Date? {
        switch trigger {
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
        case .calendar, .atLogin, .fileAdded, .fileChanged, .networkChange, .powerChange:
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
    private var nextFire: [String: Date] = [:]
    private var automations: [Automation] = []

    public init(start: Date, calendar: Calendar) {
        self.start = start
        self.calendar = calendar
    }

    /// Takes the automations as they are now; each keeps its next moment if it had one.
    public func update(_ automations: [Automation], now: Date) {
        self.automations = automations.filter { $0.isEnabled }
        var kept: [String: Date] = [:]
        for automation in self.automations {
            kept[automation.name] =
                nextFire[automation.name] ?? AutomationSchedule.next(automation.trigger, after: now, start: start, calendar: calendar)
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
            nextFire[automation.name] = AutomationSchedule.next(automation.trigger, after: now, start: start, calendar: calendar)
        }
        return (due, nextFire.values.min())
    }
}
