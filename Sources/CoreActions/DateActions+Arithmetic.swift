import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

extension DateActions {
    /// `WFAdjustOperation`.
    enum AdjustOperation: String, ParameterOption {
        case add = "Add", subtract = "Subtract"
        case startOfMinute = "Get Start of Minute", startOfHour = "Get Start of Hour", startOfDay = "Get Start of Day"
        case startOfWeek = "Get Start of Week", startOfMonth = "Get Start of Month", startOfYear = "Get Start of Year"

        /// The calendar unit a start-of operation truncates to.
        var startUnit: Calendar.Component? {
            let units: [Self: Calendar.Component] = [
                .startOfMinute: .minute, .startOfHour: .hour, .startOfDay: .day, .startOfWeek: .weekOfYear,
                .startOfMonth: .month, .startOfYear: .year,
            ]
            return units[self]
        }
    }

    /// `WFTimeUntilReferenceDate`.
    enum ReferenceDate: String, ParameterOption {
        case rightNow = "Right Now", other = "Other"
    }

    /// `WFTimeUntilUnit`.
    enum TimeUnit: String, ParameterOption {
        case totalTime = "Total Time", seconds = "Seconds", minutes = "Minutes", hours = "Hours", days = "Days"
        case weeks = "Weeks", months = "Months", years = "Years"
    }

    static let adjustDate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.adjustdate", title: "Adjust Date",
            description: "Adds or subtracts a duration from a date, or gets the start of its minute, hour, day, week, month or year.",
            parameters: [
                ParameterMetadata(key: "WFDate", title: "Date", type: .date, isRequired: true),
                .option("WFAdjustOperation", title: "Operation", default: AdjustOperation.add),
                ParameterMetadata(
                    key: "WFDuration", title: "Duration",
                    description: "A magnitude and a unit: sec, min, hr, days, weeks, months or years.", type: .duration),
            ],
            inputParameter: "WFDate", outputType: "Date", outputName: "Adjusted Date", keywords: ["add", "subtract", "offset"])
    ) { parameters in
        let operation = OptionParameter(parameters, "WFAdjustOperation", default: AdjustOperation.add)
        let duration = parameters["WFDuration"]
        return { input, run in
            let calendar = run.environment.calendar
            let operation = try operation.value(in: run)
            let items = input.items.isEmpty ? [Content.nothing] : input.items
            let dates = try items.map { item -> Content in
                let date = try DateParameters.date(of: item, parameter: "WFDate", run: run)
                if let unit = operation.startUnit {
                    guard let start = calendar.dateInterval(of: unit, for: date)?.start else {
                        throw ActionFailure("can't find the start of that \(unit) for \(date)", parameter: "WFAdjustOperation")
                    }
                    return .date(start)
                }
                let (amount, unit) = try DateParameters.duration(duration, run: run)
                return .date(try adjust(date, by: operation == .add ? amount : -amount, unit, calendar: calendar))
            }
            return Content(items: dates)
        }
    }

    /// Calendar components for the units files use; months and years need the calendar because
    /// they vary in length, and days because of daylight saving.
    static func component(forUnit unit: String) -> Calendar.Component? {
        switch unit.lowercased() {
        case "day", "days", "d": return .day
        case "week", "weeks", "wk", "wks": return .weekOfYear
        case "month", "months": return .month
        case "year", "years", "yr", "yrs": return .year
        default: return nil
        }
    }

    static func adjust(_ date: Date, by amount: Double, _ unit: String, calendar: Calendar) throws -> Date {
        if let component = component(forUnit: unit) {
            let whole = amount.rounded(.towardZero)
            guard let base = calendar.date(byAdding: component, value: Int(whole), to: date) else {
                throw ActionFailure("the date is out of range after adding \(NumberText.format(amount)) \(unit)", parameter: "WFDuration")
            }
            // A fraction of a day or week is exact time; a fraction of a month or year is not defined.
            let fraction = amount - whole
            if fraction != 0, component == .day || component == .weekOfYear {
                return base.addingTimeInterval(fraction * DurationUnit.seconds(named: unit))
            }
            return base
        }
        return date.addingTimeInterval(amount * DurationUnit.seconds(named: unit))
    }

    static let timeBetweenDates = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.gettimebetweendates", title: "Get Time Between Dates",
            description:
                "Subtracts the reference date from the input date: a date in the future gives a positive number. Units are whole, rounded toward zero.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Date", type: .date, isRequired: true),
                .option("WFTimeUntilReferenceDate", title: "Reference Date", default: ReferenceDate.rightNow),
                ParameterMetadata(key: "WFTimeUntilCustomDate", title: "Other Date", type: .date),
                .option("WFTimeUntilUnit", title: "Unit", default: TimeUnit.minutes),
            ],
            inputParameter: "WFInput", outputType: "Number", outputName: "Time Between Dates",
            keywords: ["difference", "until", "since", "ago"])
    ) { parameters in
        let reference = OptionParameter(parameters, "WFTimeUntilReferenceDate", default: ReferenceDate.rightNow)
        let custom = parameters["WFTimeUntilCustomDate"]
        let unit = OptionParameter(parameters, "WFTimeUntilUnit", default: TimeUnit.minutes)
        return { input, run in
            let date = try DateParameters.date(of: input, parameter: "WFInput", run: run)
            let other: Date
            switch try reference.value(in: run) {
            case .rightNow: other = run.environment.now()
            case .other: other = try DateParameters.date(custom, parameter: "WFTimeUntilCustomDate", run: run)
            }
            return between(from: other, to: date, unit: try unit.value(in: run), calendar: run.environment.calendar)
        }
    }

    /// The time from one date to another in a unit, or as text ("1 day, 2 hours…") for Total Time.
    static func between(from start: Date, to end: Date, unit: TimeUnit, calendar: Calendar) -> Content {
        let seconds = end.timeIntervalSince(start)
        let component: Calendar.Component
        switch unit {
        case .totalTime: return .text(totalTime(seconds))
        case .seconds: return .number(seconds.rounded(.towardZero))
        case .minutes: return .number((seconds / 60).rounded(.towardZero))
        case .hours: return .number((seconds / 3600).rounded(.towardZero))
        case .days: component = .day
        case .weeks: component = .weekOfYear
        case .months: component = .month
        case .years: component = .year
        }
        // Calendar differences count whole days, months and years across daylight saving and month lengths.
        return .number(Double(calendar.dateComponents([component], from: start, to: end).value(for: component) ?? 0))
    }

    /// A span as its days, hours, minutes and seconds, e.g. `-1 day, 2 hours, 5 seconds`.
    static func totalTime(_ seconds: TimeInterval) -> String {
        var rest = Int(abs(seconds).rounded(.towardZero))
        var parts: [String] = []
        for (name, size) in [("day", 86_400), ("hour", 3_600), ("minute", 60), ("second", 1)] {
            let count = rest / size
            rest %= size
            if count > 0 { parts.append("\(count) \(name)\(count == 1 ? "" : "s")") }
        }
        let text = parts.isEmpty ? "0 seconds" : parts.joined(separator: ", ")
        return seconds < 0 && !parts.isEmpty ? "-" + text : text
    }
}
