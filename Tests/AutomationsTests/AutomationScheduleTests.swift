import Foundation
import Testing

@testable import Automations

/// The service's own timer for automations, stepped by a test's clock: nothing here sleeps.
struct AutomationScheduleTests {
    private let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Paris")!
        return calendar
    }()

    private func date(_ text: String) -> Date {
        // "2026-12-07 07:29:59" in Paris.
        let parts = text.split { $0 == "-" || $0 == " " || $0 == ":" }.map { Int($0)! }
        return calendar.date(
            from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5]))!
    }

    private func automation(_ name: String, _ trigger: Automation.Trigger, enabled: Bool = true) -> Automation {
        Automation(name: name, shortcut: "S", trigger: trigger, isEnabled: enabled, unitName: "shortcuts-automation-\(name)")
    }

    @Test func atFiresAtItsTimeOnItsDaysOnly() {
        // 2026-12-07 is a Monday.
        let weekdays = Automation.Trigger.at(hour: 7, minute: 30, days: [.mon, .wed])
        let start = date("2026-12-07 00:00:00")
        #expect(
            AutomationSchedule.next(weekdays, after: date("2026-12-07 07:29:59"), start: start, calendar: calendar)
                == date("2026-12-07 07:30:00"))
        #expect(
            AutomationSchedule.next(weekdays, after: date("2026-12-07 07:30:00"), start: start, calendar: calendar)
                == date("2026-12-09 07:30:00"))
        #expect(
            AutomationSchedule.next(weekdays, after: date("2026-12-10 08:00:00"), start: start, calendar: calendar)
                == date("2026-12-14 07:30:00"))
        let daily = Automation.Trigger.at(hour: 23, minute: 5, days: [])
        #expect(
            AutomationSchedule.next(daily, after: date("2026-12-31 23:05:01"), start: start, calendar: calendar)
                == date("2027-01-01 23:05:00"))
    }

    @Test func everyCountsFromTheStart() {
        let start = date("2026-12-07 10:00:00")
        let every = Automation.Trigger.every(seconds: 900)
        #expect(AutomationSchedule.next(every, after: start, start: start, calendar: calendar) == date("2026-12-07 10:15:00"))
        #expect(
            AutomationSchedule.next(every, after: date("2026-12-07 10:44:59"), start: start, calendar: calendar)
                == date("2026-12-07 10:45:00"))
        #expect(AutomationSchedule.next(.atLogin, after: start, start: start, calendar: calendar) == nil)
        #expect(AutomationSchedule.next(.calendar("hourly"), after: start, start: start, calendar: calendar) == nil)
    }

    @Test(.enabled(if: SystemdCalendar.isAvailable, "systemd-analyze is missing (apt-get install systemd)"))
    func calendarExpressionsAreWorkedOutBySystemd() {
        // 2030-06-03 is a Monday; 07:00 UTC.
        let monday = Date(timeIntervalSince1970: 1_906_700_400)
        #expect(SystemdCalendar.next("Mon..Fri *-*-* 09:00", after: monday, timeZone: "UTC") == monday.addingTimeInterval(7_200))
        // Read in the zone given: 09:00 in Tokyo is midnight UTC, so the next is Tuesday's.
        #expect(
            SystemdCalendar.next("Mon..Fri *-*-* 09:00", after: monday, timeZone: "Asia/Tokyo")
                == monday.addingTimeInterval(86_400 - 7 * 3_600))
        #expect(SystemdCalendar.next("Sat *-*-* 09:00 UTC", after: monday) == monday.addingTimeInterval(5 * 86_400 + 7_200))
        #expect(SystemdCalendar.next("hourly", after: monday) == monday.addingTimeInterval(3_600))
        #expect(SystemdCalendar.next("nonsense", after: monday) == nil)
        let clock = AutomationClock(
            start: monday, calendar: calendar, calendarExpression: { SystemdCalendar.next($0, after: $1, timeZone: "UTC") })
        clock.update([automation("nine", .calendar("*-*-* 09:00:00 UTC"))], now: monday)
        #expect(clock.due(at: monday.addingTimeInterval(7_199)).due.isEmpty)
        #expect(clock.due(at: monday.addingTimeInterval(7_200)).due.map(\.name) == ["nine"])
    }

    @Test func theClockFiresEachDueAutomationOnceAsTimePasses() {
        let start = date("2026-12-07 07:00:00")
        let clock = AutomationClock(start: start, calendar: calendar)
        clock.update(
            [
                automation("morning", .at(hour: 7, minute: 30, days: [])), automation("often", .every(seconds: 600)),
                automation("off", .every(seconds: 60), enabled: false), automation("inbox", .fileAdded(folder: "/tmp")),
            ], now: start)
        var step = clock.due(at: date("2026-12-07 07:09:59"))
        #expect(step.due.isEmpty)
        #expect(step.next == date("2026-12-07 07:10:00"))
        step = clock.due(at: date("2026-12-07 07:10:00"))
        #expect(step.due.map(\.name) == ["often"])
        #expect(clock.due(at: date("2026-12-07 07:10:00")).due.isEmpty)
        // The machine slept through several moments: each automation fires once.
        step = clock.due(at: date("2026-12-07 08:01:00"))
        #expect(Set(step.due.map(\.name)) == ["morning", "often"])
        #expect(step.next == date("2026-12-07 08:10:00"))
        // Changed automations keep the moments they had; a new one gets its own.
        clock.update(
            [automation("often", .every(seconds: 600)), automation("late", .at(hour: 9, minute: 0, days: []))],
            now: date("2026-12-07 08:02:00"))
        #expect(clock.due(at: date("2026-12-07 08:10:00")).due.map(\.name) == ["often"])
        #expect(clock.due(at: date("2026-12-07 09:00:00")).due.map(\.name) == ["often", "late"])
    }

    @Test func automationsReadBackAsWritten() throws {
        let all: [Automation] = [
            automation("a", .at(hour: 7, minute: 5, days: [.sat])), automation("b", .every(seconds: 90)),
            automation("c", .calendar("hourly")),
            automation("d", .atLogin), automation("e", .fileAdded(folder: "/x")),
            automation("f", .fileChanged(folder: "/y"), enabled: false),
        ]
        let decoded = try JSONDecoder().decode([Automation].self, from: JSONEncoder().encode(all))
        #expect(decoded == all)
        #expect(TimeSpan.seconds("1h30m") == 5_400)
        #expect(TimeSpan.seconds("90") == nil && TimeSpan.seconds("0s") == nil && TimeSpan.seconds("m") == nil)
        #expect(AutomationStore.unitName(for: "Café au lait!", taken: []) == "shortcuts-automation-caf-au-lait")
        #expect(AutomationStore.unitName(for: "a b", taken: ["shortcuts-automation-a-b"]) == "shortcuts-automation-a-b-2")
    }
}
