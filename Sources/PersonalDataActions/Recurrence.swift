import Foundation

/// An event's repetition: iCalendar's `RRULE` (RFC 5545 §3.3.10) in the forms calendar programs
/// write for repeating events, daily, weekly (on given days), monthly (on the start's day of the
/// month) and yearly, each every `INTERVAL`, ending after `COUNT` or at `UNTIL`, less the `EXDATE`s.
/// Forms it doesn't read (`BYSETPOS`, an ordinal `BYDAY` such as `2MO`, `BYMONTHDAY` lists) make
/// it nil, so the event shows once rather than on days it doesn't happen.
struct Recurrence: Equatable {
    enum Frequency: String { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }

    var frequency: Frequency
    var interval = 1
    var count: Int?
    var until: Date?
    /// `Calendar` weekdays (1 Sunday … 7 Saturday) of a weekly rule's `BYDAY`.
    var weekdays: [Int] = []
    /// The day weeks start on (`WKST`, Monday unless said), which decides a week's days.
    var weekStart = 2

    /// The most occurrences one event gives, whatever its rule says.
    static let mostOccurrences = 10_000

    static let weekdayCodes = ["SU": 1, "MO": 2, "TU": 3, "WE": 4, "TH": 5, "FR": 6, "SA": 7]

    /// Reads a rule's value (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`); `UNTIL` is read in `zone` when
    /// it carries none.
    init?(_ rule: String, zone: TimeZone) {
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return nil }
            parts[pair[0].uppercased()] = pair[1]
        }
        guard let frequency = parts["FREQ"].flatMap({ Frequency(rawValue: $0.uppercased()) }) else { return nil }
        self.frequency = frequency
        if let text = parts["INTERVAL"] {
            guard let value = Int(text), value >= 1 else { return nil }
            interval = value
        }
        if let text = parts["COUNT"] {
            guard let value = Int(text), value >= 1 else { return nil }
            count = value
        }
        if let text = parts["UNTIL"] {
            guard let date = ICalendar.date(ICalendar.Property("UNTIL", text), zone: zone) else { return nil }
            // A date alone ends at the end of that day.
            until = date.allDay ? date.date.addingTimeInterval(86_399) : date.date
        }
        if let text = parts["BYDAY"] {
            guard frequency == .weekly else { return nil }
            for code in text.split(separator: ",") {
                guard let day = Self.weekdayCodes[code.uppercased()] else { return nil }
                weekdays.append(day)
            }
        }
        if let text = parts["WKST"] {
            guard let day = Self.weekdayCodes[text.uppercased()] else { return nil }
            weekStart = day
        }
        let understood: Set<String> = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "WKST"]
        guard parts.keys.allSatisfy(understood.contains) else { return nil }
    }

    /// The starts of the occurrences from `start` (the event's own, counted first) up to
    /// `horizon`, in order, without the `excluded` ones (which still count towards `COUNT`);
    /// with `enough`, it stops once that many start at or after its date.
    func starts(
        from start: Date, through horizon: Date, excluding excluded: Set<Date> = [], calendar: Calendar,
        enough: (after: Date, count: Int)? = nil
    ) -> [Date] {
        var found: [Date] = []
        var counted = 0
        var later = 0
        func offer(_ date: Date) -> Bool {
            if let until, date > until { return false }
            if date > horizon { return false }
            counted += 1
            if let count, counted > count { return false }
            if !excluded.contains(date) {
                found.append(date)
                if let enough, date >= enough.after {
                    later += 1
                    if later >= enough.count { return false }
                }
            }
            return counted < Self.mostOccurrences
        }
        var period = 0
        while true {
            let base: Date?
            switch frequency {
            case .daily: base = calendar.date(byAdding: .day, value: period * interval, to: start)
            case .weekly: base = calendar.date(byAdding: .weekOfYear, value: period * interval, to: start)
            case .monthly: base = Self.sameDay(of: start, months: period * interval, calendar: calendar)
            case .yearly: base = Self.sameDay(of: start, months: period * interval * 12, calendar: calendar)
            }
            period += 1
            guard period <= Self.mostOccurrences * 4 else { return found }
            guard let base else { continue }
            if frequency == .weekly, !weekdays.isEmpty {
                // The week's chosen days (the week beginning on WKST), at the start's time, none
                // before the start.
                let position = { (day: Int) in (day - weekStart + 7) % 7 }
                let weekday = calendar.component(.weekday, from: base)
                let days = weekdays.map(position).sorted().compactMap { offset -> Date? in
                    calendar.date(byAdding: .day, value: offset - position(weekday), to: base)
                }
                for day in days where day >= start {
                    guard offer(day) else { return found }
                }
                if days.allSatisfy({ $0 > horizon }) { return found }
            } else {
                guard offer(base) else { return found }
            }
        }
    }

    /// The start's day of the month, `months` later; nil for a month without that day (the
    /// 31st in April), which RFC 5545 skips.
    static func sameDay(of start: Date, months: Int, calendar: Calendar) -> Date? {
        guard let moved = calendar.date(byAdding: .month, value: months, to: start) else { return nil }
        return calendar.component(.day, from: moved) == calendar.component(.day, from: start) ? moved : nil
    }
}
