import Foundation
import ShortcutFormat
import ShortcutsContent

/// The condition of an If: one or more clauses, all or any of which must hold.
struct Condition: Sendable {
    var requiresAll: Bool
    var clauses: [Clause]

    /// One comparison: an input, an operator and the values it compares with. A class, so testing
    /// it on every pass of a loop shares it instead of copying its eleven expressions.
    final class Clause: Sendable {
        /// What is tested; absent means the If's input (the previous output).
        let input: ParameterExpression
        let comparison: ConditionCode
        let text: ParameterExpression
        let number: ParameterExpression
        let anotherNumber: ParameterExpression
        let date: ParameterExpression
        let anotherDate: ParameterExpression
        let boolean: ParameterExpression
        let enumeration: ParameterExpression
        let duration: ParameterExpression
        let unit: ParameterExpression

        init(
            input: ParameterExpression, comparison: ConditionCode, text: ParameterExpression, number: ParameterExpression,
            anotherNumber: ParameterExpression, date: ParameterExpression, anotherDate: ParameterExpression,
            boolean: ParameterExpression, enumeration: ParameterExpression, duration: ParameterExpression, unit: ParameterExpression
        ) {
            self.input = input
            self.comparison = comparison
            self.text = text
            self.number = number
            self.anotherNumber = anotherNumber
            self.date = date
            self.anotherDate = anotherDate
            self.boolean = boolean
            self.enumeration = enumeration
            self.duration = duration
            self.unit = unit
        }
    }
}

extension ConditionCode {
    /// Reads a numeric code or an iOS 12 name; a missing one is Contains, iOS 12's default.
    init?(code: ParameterValue?) {
        guard let code else {
            self = .contains  // iOS 12 files leave out the default, Contains.
            return
        }
        if let number = code.integerValue {
            self.init(rawValue: number)
        } else if let name = code.stringValue {
            self.init(name: name)
        } else {
            return nil
        }
    }
}

extension RunContext {
    /// Whether a condition holds for the If's input.
    func holds(_ condition: Condition, input: Content) throws -> Bool {
        for clause in condition.clauses {
            let subject = clause.input.isAbsent ? input : try content(clause.input)
            let result = try holds(clause, for: subject)
            if condition.requiresAll && !result { return false }
            if !condition.requiresAll && result { return true }
        }
        return condition.requiresAll || condition.clauses.isEmpty
    }

    private func holds(_ clause: Condition.Clause, for subject: Content) throws -> Bool {
        switch clause.comparison {
        case .hasAnyValue: return !Self.isEmptyValue(subject)
        case .hasNoValue: return Self.isEmptyValue(subject)
        default: break
        }
        // Test each item of a list; the condition holds if it holds for any item, as Shortcuts
        // does. An empty list is tested as nothing. (No array is made for a single item.)
        switch subject {
        case .list(let items) where !items.isEmpty:
            for item in items where try holds(clause, forItem: item) { return true }
            return false
        case .list: return try holds(clause, forItem: .nothing)
        default: return try holds(clause, forItem: subject)
        }
    }

    private func holds(_ clause: Condition.Clause, forItem item: Content) throws -> Bool {
        let comparison = clause.comparison
        // Dates compare as dates, numbers as numbers; everything else as text.
        if case .date(let date) = item, !clause.date.isAbsent || [.isToday, .isInTheNext, .isInTheLast].contains(comparison) {
            return try holds(comparison, date: date, clause)
        }
        if !clause.number.isAbsent || (item.isNumeric && clause.text.isAbsent) {
            if let value = item.number, let number = try self.number(clause.number) ?? self.number(clause.text) {
                switch comparison {
                case .lessThan: return value < number
                case .lessThanOrEqual: return value <= number
                case .greaterThan: return value > number
                case .greaterThanOrEqual: return value >= number
                case .equals: return value == number
                case .notEquals: return value != number
                case .between:
                    let upper = try self.number(clause.anotherNumber) ?? number
                    return value >= number && value <= upper
                default: break
                }
            } else if [.lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .between].contains(comparison) {
                return false
            }
        }
        if !clause.boolean.isAbsent, let expected = try content(clause.boolean).boolean {
            let value = item.boolean ?? false
            return comparison == .notEquals ? value != expected : value == expected
        }
        let other = try text(clause.text) ?? text(clause.enumeration) ?? text(clause.number) ?? ""
        let value = item.text
        switch comparison {
        case .equals: return value.caseInsensitiveCompare(other) == .orderedSame
        case .notEquals: return value.caseInsensitiveCompare(other) != .orderedSame
        case .contains: return other.isEmpty || value.range(of: other, options: .caseInsensitive) != nil
        case .doesNotContain: return !other.isEmpty && value.range(of: other, options: .caseInsensitive) == nil
        case .beginsWith: return value.lowercased().hasPrefix(other.lowercased())
        case .endsWith: return value.lowercased().hasSuffix(other.lowercased())
        case .lessThan: return value.localizedStandardCompare(other) == .orderedAscending
        case .greaterThan: return value.localizedStandardCompare(other) == .orderedDescending
        case .lessThanOrEqual: return value.localizedStandardCompare(other) != .orderedDescending
        case .greaterThanOrEqual: return value.localizedStandardCompare(other) != .orderedAscending
        default: return false
        }
    }

    private func holds(_ comparison: ConditionCode, date: Date, _ clause: Condition.Clause) throws -> Bool {
        let calendar = environment.calendar
        let now = environment.now()
        switch comparison {
        case .isToday: return calendar.isDate(date, inSameDayAs: now)
        case .isInTheNext, .isInTheLast:
            let span = try durationSeconds(clause)
            return comparison == .isInTheNext
                ? date >= now && date <= now.addingTimeInterval(span)
                : date <= now && date >= now.addingTimeInterval(-span)
        default: break
        }
        guard let other = try content(clause.date).date else { return false }
        switch comparison {
        case .lessThan: return date < other
        case .lessThanOrEqual: return date <= other
        case .greaterThan: return date > other
        case .greaterThanOrEqual: return date >= other
        case .equals: return calendar.isDate(date, equalTo: other, toGranularity: .second)
        case .notEquals: return !calendar.isDate(date, equalTo: other, toGranularity: .second)
        case .between:
            guard let upper = try content(clause.anotherDate).date else { return false }
            return date >= other && date <= upper
        default: return false
        }
    }

    /// The span of "is in the next/last": a quantity (`WFDuration`) or a number with a unit code.
    private func durationSeconds(_ clause: Condition.Clause) throws -> TimeInterval {
        if case .quantity(let magnitude, let unit) = clause.duration {
            return (try number(magnitude) ?? 0) * DurationUnit.seconds(named: unit ?? "days")
        }
        let amount = try number(clause.number) ?? 1
        // Unit codes are NSCalendarUnit bits: 4 years, 8 months, 16 days, 32 hours, 64 minutes, 128 seconds, 8192 weeks.
        let seconds: [Double: TimeInterval] = [4: 31_557_600, 8: 2_629_800, 16: 86_400, 32: 3_600, 64: 60, 128: 1, 8192: 604_800]
        let unit = try number(clause.unit) ?? 16
        return amount * (seconds[unit] ?? 86_400)
    }

    static func isEmptyValue(_ content: Content) -> Bool {
        switch content {
        case .nothing: return true
        case .text(let text): return text.isEmpty
        case .list(let items): return items.isEmpty || items.allSatisfy(isEmptyValue)
        case .dictionary(let dictionary): return dictionary.isEmpty
        default: return false
        }
    }
}

extension Content {
    var isNumeric: Bool {
        switch self {
        case .number, .boolean: return true
        case .list(let items): return items.first?.isNumeric ?? false
        default: return false
        }
    }
}

/// Time units by the names files use (`min`, `hr`, `days`, `weeks`…).
public enum DurationUnit {
    /// Seconds in one of the unit; unknown names count as seconds.
    public static func seconds(named unit: String) -> TimeInterval {
        switch unit.lowercased() {
        case "ms", "milliseconds": return 0.001
        case "s", "sec", "secs", "second", "seconds": return 1
        case "min", "mins", "minute", "minutes": return 60
        case "hr", "hrs", "h", "hour", "hours": return 3_600
        case "day", "days", "d": return 86_400
        case "week", "weeks", "wk", "wks": return 604_800
        case "month", "months": return 2_629_800
        case "year", "years", "yr", "yrs": return 31_557_600
        default: return 1
        }
    }
}
