import Foundation

/// Formats dates as Shortcuts shows them, in the run's time zone and region (``DateContext``).
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
        includeISOTime: Bool = true, locale: UserLocale = DateContext.locale,
        timeZone: TimeZone = DateContext.timeZone, now: Date = Date()
    ) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale.time
        formatter.timeZone = timeZone
        // The C locale's 24-hour clock: Foundation's en_US patterns, with H for h and no AM/PM.
        func clock() {
            if locale.uses24HourClock, formatter.timeStyle != .none {
                formatter.dateFormat = locale.clockAdjusted(formatter.dateFormat)
            }
        }
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
            return relative(date, alternate: .medium, timeStyle: timeStyle, now: now, locale: locale, timeZone: timeZone)
        default:
            formatter.dateStyle = dateStyle.formatterStyle
            formatter.timeStyle = timeStyle == .relative ? .short : timeStyle.formatterStyle
            clock()
        }
        return formatter.string(from: date)
    }
}

extension DateText {
    /// "Yesterday", "Today" or "Tomorrow" in the region's language when the date is one of those
    /// days, otherwise the `alternate` style; then the time, joined as the region joins a medium
    /// date and a time ("Today at 12:24 PM", "Heute, 12:24", "Aujourd’hui à 12:24").
    ///
    /// Formatted here rather than with `DateFormatter.doesRelativeDateFormatting`, which
    /// Foundation on Linux ignores.
    public static func relative(
        _ date: Date, alternate: Style, timeStyle: Style, now: Date, locale: UserLocale = DateContext.locale,
        timeZone: TimeZone = DateContext.timeZone
    ) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)).day
        let time: Style = timeStyle == .relative ? .short : timeStyle
        guard let days, let name = dayName(days, in: locale.time) else {
            return format(date, dateStyle: alternate, timeStyle: time, locale: locale, timeZone: timeZone)
        }
        guard time != .none else { return name }
        let timeText = format(date, dateStyle: .none, timeStyle: time, locale: locale, timeZone: timeZone)
        // The region's own joiner, from how it writes a whole medium date and time.
        let plain = UserLocale(time: locale.time)
        let whole = format(date, dateStyle: .medium, timeStyle: time, locale: plain, timeZone: timeZone)
        let dayPart = format(date, dateStyle: .medium, locale: plain, timeZone: timeZone)
        let timePart = format(date, dateStyle: .none, timeStyle: time, locale: plain, timeZone: timeZone)
        if let dayRange = whole.range(of: dayPart), let timeRange = whole.range(of: timePart),
            dayRange.upperBound <= timeRange.lowerBound
        {
            return name + whole[dayRange.upperBound..<timeRange.lowerBound] + timeText
        }
        return name + " " + timeText
    }

    /// The word for a day relative to today in a region's language (CLDR's, through Foundation).
    static func dayName(_ days: Int, in locale: Locale) -> String? {
        guard (-1...1).contains(days) else { return nil }
        var style = Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide)
        style.locale = locale
        style.allowedFields = [.day]
        let word = Date(timeIntervalSinceNow: Double(days) * 86_400).formatted(style)
        // CLDR writes these in lower case mid-sentence ("tomorrow", "demain"); alone they start a line.
        return word.prefix(1).uppercased() + word.dropFirst()
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

    /// Parses a date as the region writes it, or in a common fixed form; `nil` when the text is
    /// not one. Also understands now, today, tomorrow, yesterday.
    public static func parse(
        _ text: String, now: Date = Date(), timeZone: TimeZone = DateContext.timeZone, locale: UserLocale = DateContext.locale
    ) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Several lines (a list made text) read as the first line that is a date, as Apple's
        // date detection finds a date within text.
        if trimmed.contains(where: \.isNewline) {
            for line in trimmed.split(whereSeparator: \.isNewline) {
                if let date = parse(String(line), now: now, timeZone: timeZone, locale: locale) { return date }
            }
            return nil
        }
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
        // Every form below writes a day, a year or a time in digits: text without one is no date
        // (this keeps Get Dates from Input fast over long text).
        guard trimmed.contains(where: \.isNumber) else { return nil }
        for formatter in Formatters.forParsing(locale: locale, timeZone: timeZone) {
            if let date = date(trimmed, with: formatter) { return date }
        }
        // A bare time means that time today.
        if let time = timeOfDay(lowered) {
            return calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: now)
        }
        return nil
    }

    /// Whether a word could be the first or last of a written date: it holds a digit, or is a
    /// month or weekday name (the region's or English, full or short), a relative day, or AM/PM.
    public static func couldBeginOrEndADate(_ word: String, locale: UserLocale = DateContext.locale) -> Bool {
        if word.contains(where: \.isNumber) { return true }
        let folded = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()"))
        if folded.isEmpty { return false }
        return Formatters.dateWords(locale: locale).contains(folded)
    }

    /// `formatter.date(from:)`, for any text. Foundation on Linux stops the program when the
    /// formatter's parse ends inside a character: a combining mark on a digit or a dash
    /// (`123-\u{07F3}`) does it. No date is written so; such text is no date.
    public static func date(_ text: String, with formatter: DateFormatter) -> Date? {
        for character in text where character.unicodeScalars.count > 1 {
            if character.unicodeScalars.first?.isASCII == true { return nil }
        }
        return formatter.date(from: text)
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

/// The formatters DateParser tries, made once per thread for each region and zone: making a
/// `DateFormatter` costs far more than a parse, and a long text is parsed phrase by phrase.
private final class Formatters {
    private static let key = "org.swiftshortcuts.DateParser.formatters"
    private static let wordsKey = "org.swiftshortcuts.DateParser.words"

    /// The month and weekday names (full and short, the region's and English), relative days
    /// and AM/PM markers, lower case.
    static func dateWords(locale: UserLocale) -> Set<String> {
        let name = locale.time.identifier
        let dictionary = Thread.current.threadDictionary
        if let cached = dictionary[wordsKey] as? [String: Set<String>], let words = cached[name] { return words }
        var words: Set<String> = ["today", "tomorrow", "yesterday", "now", "am", "pm", "a.m.", "p.m."]
        for identifier in [locale.time.identifier, "en_US"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: identifier)
            for list in [
                formatter.monthSymbols, formatter.shortMonthSymbols, formatter.standaloneMonthSymbols, formatter.weekdaySymbols,
                formatter.shortWeekdaySymbols, [formatter.amSymbol, formatter.pmSymbol],
            ] {
                for symbol in list {
                    words.insert(symbol.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".")))
                }
            }
            for offset in -1...1 {
                if let day = DateText.dayName(offset, in: Locale(identifier: identifier)) { words.insert(day.lowercased()) }
            }
        }
        var cached = dictionary[wordsKey] as? [String: Set<String>] ?? [:]
        if cached.count > 8 { cached.removeAll() }
        cached[name] = words
        dictionary[wordsKey] = cached
        return words
    }

    static func forParsing(locale: UserLocale, timeZone: TimeZone) -> [DateFormatter] {
        let name = locale.time.identifier + "|" + timeZone.identifier
        let dictionary = Thread.current.threadDictionary
        if let cached = dictionary[key] as? [String: [DateFormatter]], let formatters = cached[name] { return formatters }
        var formatters: [DateFormatter] = []
        func formatter(_ locale: Locale) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.timeZone = timeZone
            formatter.isLenient = false
            formatter.locale = locale
            return formatter
        }
        // As the region writes dates: its short, medium, long and full styles, with or without a time.
        for dateStyle in [DateFormatter.Style.short, .medium, .long, .full] {
            for timeStyle in [DateFormatter.Style.none, .short, .medium] {
                let styled = formatter(locale.time)
                styled.dateStyle = dateStyle
                styled.timeStyle = timeStyle
                formatters.append(styled)
            }
        }
        for pattern in DateParser.patterns where !(pattern.hasPrefix("h:mm") || pattern == "HH:mm") {
            let fixed = formatter(Locale(identifier: "en_US_POSIX"))
            fixed.dateFormat = pattern
            formatters.append(fixed)
        }
        var cached = dictionary[key] as? [String: [DateFormatter]] ?? [:]
        // A thread that runs in many regions keeps a few; a run uses one.
        if cached.count > 8 { cached.removeAll() }
        cached[name] = formatters
        dictionary[key] = cached
        return formatters
    }
}
