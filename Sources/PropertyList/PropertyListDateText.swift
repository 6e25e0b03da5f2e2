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
            (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year),
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
        let days = CivilDate.days(year: year, month: month, day: day) - referenceDay
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Double(seconds) + fraction
    }

    /// The text for seconds since the reference date, truncated to whole seconds (as Apple
    /// writes it) and clamped to the years 0001 through 9999 that readers accept.
    static func format(_ interval: Double) -> String {
        let earliest = Double((CivilDate.days(year: 1, month: 1, day: 1) - referenceDay) * 86_400)
        let latest = Double((CivilDate.days(year: 10_000, month: 1, day: 1) - referenceDay) * 86_400 - 1)
        let clamped = interval.isNaN ? 0 : min(max(interval.rounded(.down), earliest), latest)
        let total = Int64(clamped)
        var days = total / 86_400
        var seconds = total % 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        let (year, month, day) = CivilDate.date(days: days + referenceDay)
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T"
            + "\(digits(seconds / 3_600, 2)):\(digits(seconds / 60 % 60, 2)):\(digits(seconds % 60, 2))Z"
    }
}
