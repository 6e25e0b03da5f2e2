import Foundation

/// Apple's `DateComponentsFormatter`, which Foundation on Linux declares unavailable: a quantity
/// of time as text ("1:01:40", "1h 1m 40s", "1 hour, 1 minute, 40 seconds", "About 5 minutes
/// remaining").
///
/// ```swift
/// let formatter = DateComponentsFormatter()
/// formatter.unitsStyle = .full
/// formatter.allowedUnits = [.minute, .second]
/// formatter.string(from: 543)   // "9 minutes, 3 seconds"
/// ```
///
/// Units from weeks to seconds are worded by ICU (the same data Foundation's `Duration`
/// formatting uses) in the formatter's locale; years and months, and the spelled-out style, are
/// English. As Apple's does, it leaves out what the allowed units can't show (3,700 seconds in
/// hours and minutes is 1 hour, 1 minute) rather than rounding, and a `maximumUnitCount` keeps
/// the largest units. Files that import `AppIntents` or `Intents` get this class in place of
/// Foundation's.
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
    /// How units are written.
    public enum UnitsStyle: Int, Sendable {
        /// "1:01:40"
        case positional = 0
        /// "1h 1m 40s"
        case abbreviated = 1
        /// "1 hr, 1 min, 40 secs"
        case short = 2
        /// "1 hour, 1 minute, 40 seconds"
        case full = 3
        /// "one hour, one minute, forty seconds"
        case spellOut = 4
        /// "1 hr 1 min 40 secs"
        case brief = 5
    }

    /// Which zero units are left out, and whether positional values are padded.
    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let none = ZeroFormattingBehavior([])
        /// Positional: leading zero units left out, the rest padded ("1:00:10"); other styles:
        /// every zero unit left out ("1h 10s").
        public static let `default` = ZeroFormattingBehavior(rawValue: 1)
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 2)
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 4)
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 8)
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        /// Positional values with leading zeros ("01:01:40").
        public static let pad = ZeroFormattingBehavior(rawValue: 0x10000)
    }

    open var unitsStyle: UnitsStyle = .positional
    /// The units that may be shown; empty means all, from years to seconds.
    open var allowedUnits: NSCalendar.Unit = []
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    /// How many units at most are shown, the largest first; 0 means no limit.
    open var maximumUnitCount = 0
    /// "About 5 minutes".
    open var includesApproximationPhrase = false
    /// "5 minutes remaining".
    open var includesTimeRemainingPhrase = false
    /// "65 seconds" instead of "1 minute, 5 seconds" when the largest unit would be 1.
    open var collapsesLargestUnit = false
    /// Accepted for Apple's shape; values are always whole.
    open var allowsFractionalUnits = false
    /// The calendar the lengths of years, months and days come from; the current one when nil.
    open var calendar: Calendar?
    /// Where a time interval is measured from, for years, months and days; now when nil.
    open var referenceDate: Date?
    /// The locale units are worded in (English when nil).
    open var locale: Locale?

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A quantity of time in seconds as text; nil for a value that isn't finite.
    open func string(from interval: TimeInterval) -> String? {
        guard interval.isFinite else { return nil }
        let calendar = self.calendar ?? .current
        let start = referenceDate ?? Date()
        let units = Self.units(in: allowedUnits)
        let sign = interval < 0 ? "-" : ""
        let components = calendar.dateComponents(Set(units.map(\.component)), from: start, to: start.addingTimeInterval(abs(interval)))
        return format(units.map { ($0, Self.magnitude(components.value(for: $0.component) ?? 0)) }, sign: sign)
    }

    /// The time between two dates as text.
    open func string(from startDate: Date, to endDate: Date) -> String? {
        let calendar = self.calendar ?? .current
        let units = Self.units(in: allowedUnits)
        let (from, to, sign) = endDate < startDate ? (endDate, startDate, "-") : (startDate, endDate, "")
        let components = calendar.dateComponents(Set(units.map(\.component)), from: from, to: to)
        return format(units.map { ($0, components.value(for: $0.component) ?? 0) }, sign: sign)
    }

    /// Date components as text, each as it is (a component the allowed units leave out isn't shown).
    open func string(from components: DateComponents) -> String? {
        let units = Self.units(in: allowedUnits)
        let values = units.map { ($0, components.value(for: $0.component) ?? 0) }
        let negative = values.contains { $0.1 < 0 }
        return format(values.map { ($0.0, Self.magnitude($0.1)) }, sign: negative ? "-" : "")
    }

    /// A `DateComponents` or a number of seconds as text.
    open override func string(for obj: Any?) -> String? {
        if let components = obj as? DateComponents { return string(from: components) }
        if let number = obj as? NSNumber { return string(from: number.doubleValue) }
        if let interval = obj as? TimeInterval { return string(from: interval) }
        return nil
    }

    /// Components as text in a style.
    open class func localizedString(from components: DateComponents, unitsStyle: UnitsStyle) -> String? {
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = unitsStyle
        return formatter.string(from: components)
    }

    /// A value without its sign, kept within `Int` (the smallest `Int` has no positive twin).
    private static func magnitude(_ value: Int) -> Int { value == .min ? .max : abs(value) }

    // MARK: Units

    /// One unit the formatter may show.
    struct Unit {
        var component: Calendar.Component
        /// The same length in the next smaller unit, when it is fixed (an hour is 60 minutes).
        var lengthInNext: Int?
        var duration: Duration.UnitsFormatStyle.Unit?
        var english: (full: String, short: String, abbreviated: String)
    }

    private static let all: [(NSCalendar.Unit, Unit)] = [
        (.year, Unit(component: .year, lengthInNext: 12, duration: nil, english: ("year", "yr", "y"))),
        (.month, Unit(component: .month, lengthInNext: nil, duration: nil, english: ("month", "mth", "mo"))),
        (.weekOfMonth, Unit(component: .weekOfMonth, lengthInNext: 7, duration: .weeks, english: ("week", "wk", "w"))),
        (.day, Unit(component: .day, lengthInNext: 24, duration: .days, english: ("day", "day", "d"))),
        (.hour, Unit(component: .hour, lengthInNext: 60, duration: .hours, english: ("hour", "hr", "h"))),
        (.minute, Unit(component: .minute, lengthInNext: 60, duration: .minutes, english: ("minute", "min", "m"))),
        (.second, Unit(component: .second, lengthInNext: nil, duration: .seconds, english: ("second", "sec", "s"))),
    ]

    /// The allowed units, largest first; all of them when none is named.
    static func units(in allowed: NSCalendar.Unit) -> [Unit] {
        let chosen = all.filter { allowed.contains($0.0) }.map(\.1)
        return chosen.isEmpty ? all.map(\.1) : chosen
    }

    // MARK: Formatting

    private func format(_ values: [(Unit, Int)], sign: String) -> String? {
        var values = values
        let positional = unitsStyle == .positional
        var behavior = zeroFormattingBehavior
        if behavior.contains(.default) {
            behavior.remove(.default)
            behavior.formUnion(positional ? [.dropLeading] : .dropAll)
        }
        if collapsesLargestUnit, let first = values.firstIndex(where: { $0.1 != 0 }), values[first].1 == 1,
            let length = values[first].0.lengthInNext, first + 1 < values.count,
            values[first + 1].0.component == Self.next(after: values[first].0.component)
        {
            values[first + 1].1 += length
            values[first].1 = 0
        }
        // Leading zeros go unless kept; positional styles keep at least minutes and seconds.
        if behavior.contains(.dropLeading) || !positional && behavior.contains(.dropAll) {
            let keep = positional ? min(2, values.count) : 1
            while values.count > keep, values[0].1 == 0 { values.removeFirst() }
            if !positional, values.count == 1, values[0].1 == 0, behavior.contains(.dropAll) {
                return phrased(sign + word(values[0].0, 0))
            }
        }
        if maximumUnitCount > 0, let first = values.firstIndex(where: { $0.1 != 0 }) {
            values = Array(values[..<min(values.count, first + maximumUnitCount)])
        }
        if !positional {
            if behavior.contains(.dropTrailing) { while values.count > 1, values.last?.1 == 0 { values.removeLast() } }
            if behavior.contains(.dropMiddle) {
                values = values.enumerated().filter { index, value in value.1 != 0 || index == 0 || index == values.count - 1 }
                    .map(\.element)
            }
        }
        guard !values.isEmpty else { return nil }
        if positional {
            let pad = behavior.contains(.pad)
            let parts = values.enumerated().map { index, value in
                index == 0 && !pad ? String(value.1) : (value.1 < 10 ? "0\(value.1)" : String(value.1))
            }
            return phrased(sign + parts.joined(separator: ":"))
        }
        let words = values.map { word($0.0, $0.1) }
        let separator = unitsStyle == .abbreviated || unitsStyle == .brief ? " " : ", "
        return phrased(sign + words.joined(separator: separator))
    }

    private static func next(after component: Calendar.Component) -> Calendar.Component? {
        let order: [Calendar.Component] = [.year, .month, .weekOfMonth, .day, .hour, .minute, .second]
        guard let index = order.firstIndex(of: component), index + 1 < order.count else { return nil }
        return order[index + 1]
    }

    /// One unit's value in words.
    private func word(_ unit: Unit, _ value: Int) -> String {
        if unitsStyle == .spellOut {
            let spelled = NumberFormatter()
            spelled.numberStyle = .spellOut
            spelled.locale = Locale(identifier: "en_US")
            let number = spelled.string(from: NSNumber(value: value)) ?? String(value)
            return "\(number) \(unit.english.full)\(value == 1 ? "" : "s")"
        }
        if let durationUnit = unit.duration {
            let width: Duration.UnitsFormatStyle.UnitWidth =
                switch unitsStyle {
                case .full: .wide
                case .short: .abbreviated
                case .brief: .condensedAbbreviated
                default: .narrow
                }
            let length: Int64 =
                switch durationUnit {
                case .weeks: 604_800
                case .days: 86_400
                case .hours: 3_600
                case .minutes: 60
                default: 1
                }
            // A count of units too large for seconds in 64 bits is written as the largest there is.
            let (product, overflow) = Int64(value).multipliedReportingOverflow(by: length)
            let seconds = overflow ? Int64.max / length * length : product
            let style = Duration.UnitsFormatStyle(
                allowedUnits: [durationUnit], width: width, zeroValueUnits: .show(length: 1)
            ).locale(locale ?? Locale(identifier: "en_US"))
            return Duration.seconds(seconds).formatted(style)
        }
        switch unitsStyle {
        case .full: return "\(value) \(unit.english.full)\(value == 1 ? "" : "s")"
        case .short, .brief: return "\(value) \(unit.english.short)\(value == 1 ? "" : "s")"
        default: return "\(value)\(unit.english.abbreviated)"
        }
    }

    private func phrased(_ text: String) -> String {
        var text = text
        if includesApproximationPhrase { text = "About " + text }
        if includesTimeRemainingPhrase { text += " remaining" }
        return text
    }
}
