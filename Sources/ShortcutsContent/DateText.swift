import Foundation

/// Formats dates as Shortcuts shows them, in the run's time zone (``DateContext``) and an English locale.
public enum DateText {
    /// The formatter styles Shortcuts offers (`WFDateFormatStyle`, `WFTimeFormatStyle`).
    public enum Style: String, Sendable {
        case none = "None", short = "Short", medium = "Medium", long = "Long", full = "Full"
        case relative = "Relative", rfc2822 = "RFC 2822", iso8601 = "ISO 8601", custom = "Custom"

        var formatterStyle: DateFormatter.Style {
            switch self {
            case .none: return .none
            case .short: return .short
            case .long: return .long
            case .full: return .full
            default: return .medium
            }
        }
    }

    /// Medium date and short time, e.g. `Nov 30, 2026 at 12:24 PM`: how a date shows as text.
    public static func medium(_ date: Date, timeZone: TimeZone = DateContext.timeZone) -> String {
        format(date, dateStyle: .medium, timeStyle: .short, timeZone: timeZone)
    }

    /// Formats a date with Shortcuts' styles, a custom pattern (Unicode TR35) or ISO 8601.
    public static func format(
        _ date: Date, dateStyle: Style, timeStyle: Style = .none, pattern: String? = nil,
        includeISOTime: Bool = true, locale: Locale = Locale(identifier: "en_US"),
        timeZone: TimeZone = DateContext.timeZone, now: Date = Date()
    ) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        switch dateStyle {
        case .iso8601:
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = includeISOTime ? "yyyy-MM-dd'T'HH:mm:ssXXXXX" : "yyyy-MM-dd"
        case .rfc2822:
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        case .custom:
            formatter.dateFormat = pattern ?? ""
        case .relative:
            // Foundation on Linux ignores doesRelativeDateFormatting, so name the day ourselves.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let days = calendar.dateComponents(
                [.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)
            ).day
            let names = [-1: "Yesterday", 0: "Today", 1: "Tomorrow"]
            formatter.dateStyle = .medium
            formatter.timeStyle = timeStyle == .relative ? .short : timeStyle.formatterStyle
            guard let days, let name = names[days] else { return formatter.string(from: date) }
            formatter.dateStyle = .none
            return formatter.timeStyle == .none ? name : name + " at " + formatter.string(from: date)
        default:
            formatter.dateStyle = dateStyle.formatterStyle
            formatter.timeStyle = timeStyle == .relative ? .short : timeStyle.formatterStyle
        }
        return formatter.string(from: date)
    }
}

/// Reads dates from text in the forms people and services write them.
public enum DateParser {
    static let patterns = [
        "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss",
        "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd",
        "yyyy/MM/dd HH:mm", "yyyy/MM/dd", "MM/dd/yyyy HH:mm", "MM/dd/yyyy", "M/d/yy",
        "MMM d, yyyy 'at' h:mm a", "MMM d, yyyy, h:mm a", "MMM d, yyyy h:mm a", "MMM d, yyyy",
        "MMMM d, yyyy 'at' h:mm a", "MMMM d, yyyy", "d MMMM yyyy", "d MMM yyyy",
        "EEE, dd MMM yyyy HH:mm:ss Z", "EEEE, MMMM d, yyyy", "h:mm a", "HH:mm",
    ]

    /// Parses a date; `nil` when the text is not one. Also understands now, today, tomorrow, yesterday.
    public static func parse(_ text: String, now: Date = Date(), timeZone: TimeZone = DateContext.timeZone) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count < 80 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let lowered = trimmed.lowercased()
        let dayOffsets = ["today": 0, "tomorrow": 1, "yesterday": -1]
        if lowered == "now" { return now }
        if let offset = dayOffsets[lowered] {
            return calendar.date(byAdding: .day, value: offset, to: calendar.startOfDay(for: now))
        }
        // "tomorrow at 9am", "today at 14:30"
        if let at = lowered.range(of: " at "), let offset = dayOffsets[String(lowered[..<at.lowerBound])],
            let day = calendar.date(byAdding: .day, value: offset, to: calendar.startOfDay(for: now)),
            let time = timeOfDay(String(lowered[at.upperBound...]))
        {
            return calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: day)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.isLenient = false
        for pattern in patterns {
            if pattern.hasPrefix("h:mm") || pattern == "HH:mm" { continue }
            formatter.dateFormat = pattern
            guard let date = formatter.date(from: trimmed) else { continue }
            return date
        }
        // A bare time means that time today.
        if let time = timeOfDay(lowered) {
            return calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: now)
        }
        return nil
    }

    /// Reads a time of day: `9am`, `9 pm`, `9:30am`, `14:30`.
    static func timeOfDay(_ text: String) -> (hour: Int, minute: Int)? {
        var rest = text.filter { $0 != " " }
        var offset: Int?
        if rest.hasSuffix("am") { offset = 0 } else if rest.hasSuffix("pm") { offset = 12 }
        if offset != nil { rest.removeLast(2) }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let hour = Int(parts[0]) else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) : 0
        guard let minute, (0..<60).contains(minute) else { return nil }
        if let offset {
            guard (1...12).contains(hour) else { return nil }
            return (hour % 12 + offset, minute)
        }
        guard parts.count == 2, (0..<24).contains(hour) else { return nil }
        return (hour, minute)
    }
}
