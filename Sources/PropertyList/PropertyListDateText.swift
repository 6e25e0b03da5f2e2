/// The `YYYY-MM-DDTHH:MM:SSZ` text of XML `<date>` elements, converted by hand in UTC.
enum PropertyListDateText {
    /// Days from 1970-01-01 to 2001-01-01, the reference date of property lists.
    private static let referenceDay: Int64 = 11_323

    /// Seconds since the reference date for `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, or `nil`.
    static func parse(_ text: UnsafeRawBufferPointer) -> Double? {
        guard text.count >= 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
            text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
            text[text.count - 1] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var result: Int64 = 0
            for position in range {
                let digit = text[position] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                result = result * 10 + Int64(digit)
            }
            return result
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if text.count > 20 {
            // Optional fractional seconds: ".ddd" between the seconds and the Z.
            guard text[19] == UInt8(ascii: "."), text.count > 21 else { return nil }
            var scale = 0.1
            for position in 20..<(text.count - 1) {
                let digit = text[position] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                fraction += Double(digit) * scale
                scale /= 10
            }
        }
        let days = daysSinceEpoch(year: year, month: month, day: day) - referenceDay
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Double(seconds) + fraction
    }

    /// The text for seconds since the reference date, truncated to whole seconds (as Apple
    /// writes it) and clamped to the years 0001 through 9999 that readers accept.
    static func format(_ interval: Double) -> String {
        let earliest = Double((daysSinceEpoch(year: 1, month: 1, day: 1) - referenceDay) * 86_400)
        let latest = Double((daysSinceEpoch(year: 10_000, month: 1, day: 1) - referenceDay) * 86_400 - 1)
        let clamped = interval.isNaN ? 0 : min(max(interval.rounded(.down), earliest), latest)
        let total = Int64(clamped)
        var days = total / 86_400
        var seconds = total % 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        let (year, month, day) = civilDate(daysSinceEpoch: days + referenceDay)
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T"
            + "\(digits(seconds / 3_600, 2)):\(digits(seconds / 60 % 60, 2)):\(digits(seconds % 60, 2))Z"
    }

    private static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar, counting years from March
    /// so that the leap day falls at the end of each counted year.
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSinceEpoch`.
    private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
