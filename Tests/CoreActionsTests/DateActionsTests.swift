import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

/// Date, Format Date, Adjust Date, Get Time Between Dates and Get Dates from Input, with the clock
/// fixed at ``SystemTest/now`` (Thursday 2026-05-28 20:26:40 UTC) and explicit time zones.
@Suite struct DateActionsTests {
    typealias T = SystemTest

    /// A date from ISO 8601 text with an offset, for expected values.
    func iso(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    /// Formats with Format Date; narrow no-break spaces (newer ICU, as on Apple systems) become spaces.
    func format(_ date: Date, _ parameters: [String: ParameterValue], zone: String = "UTC") throws -> String {
        var parameters = parameters
        parameters["WFDate"] = T.date(date)
        let output = try T.run("format.date", parameters, environment: T.environment(timeZone: zone))
        return output.text.replacingOccurrences(of: "\u{202F}", with: " ")
    }

    @Test func currentDateIsTheRunsClock() throws {
        #expect(try T.run("date") == .date(T.now))
        #expect(try T.run("date", ["WFDateActionMode": T.text("Current Date")]) == .date(T.now))
    }

    @Test func specifiedDateIsReadInTheRunsTimeZone() throws {
        let parameters = ["WFDateActionMode": T.text("Specified Date"), "WFDateActionDate": T.text("2026-01-15 09:30")]
        #expect(
            try T.run("date", parameters, environment: T.environment(timeZone: "America/New_York")) == .date(iso("2026-01-15T14:30:00Z")))
        #expect(try T.run("date", parameters, environment: T.environment(timeZone: "UTC")) == .date(iso("2026-01-15T09:30:00Z")))
        let tomorrow = ["WFDateActionMode": T.text("Specified Date"), "WFDateActionDate": T.text("tomorrow")]
        #expect(try T.run("date", tomorrow) == .date(iso("2026-05-29T00:00:00Z")))
    }

    @Test func specifiedDateThatIsNotADateNamesTheParameter() {
        let error = T.failure { try T.run("date", ["WFDateActionMode": T.text("Specified Date"), "WFDateActionDate": T.text("someday")]) }
        #expect(error?.parameter == "WFDateActionDate")
        #expect(error?.message.contains("someday") == true)
        #expect(error?.actionIdentifier == "is.workflow.actions.date")
    }

    @Test func formatStyles() throws {
        let now = T.now
        #expect(try format(now, [:]) == "5/28/26, 8:26 PM")
        #expect(try format(now, ["WFDateFormatStyle": T.text("Short"), "WFTimeFormatStyle": T.text("None")]) == "5/28/26")
        #expect(try format(now, ["WFDateFormatStyle": T.text("Medium"), "WFTimeFormatStyle": T.text("None")]) == "May 28, 2026")
        #expect(try format(now, ["WFDateFormatStyle": T.text("Long"), "WFTimeFormatStyle": T.text("None")]) == "May 28, 2026")
        #expect(try format(now, ["WFDateFormatStyle": T.text("None"), "WFTimeFormatStyle": T.text("Short")]) == "8:26 PM")
        #expect(try format(now, ["WFDateFormatStyle": T.text("None"), "WFTimeFormatStyle": T.text("Medium")]) == "8:26:40 PM")
        #expect(try format(now, ["WFDateFormatStyle": T.text("RFC 2822")]) == "Thu, 28 May 2026 20:26:40 +0000")
        #expect(try format(now, ["WFDateFormatStyle": T.text("ISO 8601")]) == "2026-05-28")
        #expect(try format(now, ["WFDateFormatStyle": T.text("ISO 8601"), "WFISO8601IncludeTime": T.bool(true)]) == "2026-05-28T20:26:40Z")
        #expect(try format(now, ["WFDateFormatStyle": T.text("Custom"), "WFDateFormat": T.text("yyyy/MM/dd HH:mm")]) == "2026/05/28 20:26")
    }

    @Test func formatUsesTheRunsTimeZone() throws {
        let custom: [String: ParameterValue] = ["WFDateFormatStyle": T.text("Custom"), "WFDateFormat": T.text("yyyy-MM-dd HH:mm")]
        #expect(try format(T.now, custom, zone: "Asia/Tokyo") == "2026-05-29 05:26")
        #expect(try format(T.now, custom, zone: "America/Los_Angeles") == "2026-05-28 13:26")
        let iso: [String: ParameterValue] = ["WFDateFormatStyle": T.text("ISO 8601"), "WFISO8601IncludeTime": T.bool(true)]
        #expect(try format(T.now, iso, zone: "Asia/Tokyo") == "2026-05-29T05:26:40+09:00")
    }

    @Test func relativeFormatNamesNearbyDaysAndFallsBackToTheAlternateStyle() throws {
        let relative: [String: ParameterValue] = ["WFDateFormatStyle": T.text("Relative")]
        #expect(try format(T.now, relative) == "Today at 8:26 PM")
        #expect(try format(T.now.addingTimeInterval(86_400), relative) == "Tomorrow at 8:26 PM")
        var dayOnly = relative
        dayOnly["WFTimeFormatStyle"] = T.text("None")
        #expect(try format(T.now.addingTimeInterval(-86_400), dayOnly) == "Yesterday")
        dayOnly["WFRelativeDateFormatStyle"] = T.text("Long")
        #expect(try format(iso("2020-01-01T12:00:00Z"), dayOnly) == "January 1, 2020")
        // In Tokyo it is already Friday 05:26: 16:00 UTC Thursday is 01:00 Friday there, 10:00 UTC is Thursday evening.
        #expect(try format(iso("2026-05-28T16:00:00Z"), dayOnly, zone: "Asia/Tokyo") == "Today")
        #expect(try format(iso("2026-05-28T10:00:00Z"), dayOnly, zone: "Asia/Tokyo") == "Yesterday")
    }

    @Test func customFormatWithoutAPatternNamesTheParameter() {
        let error = T.failure { try T.run("format.date", ["WFDate": T.date(T.now), "WFDateFormatStyle": T.text("Custom")]) }
        #expect(error?.parameter == "WFDateFormat")
        let unknown = T.failure { try T.run("format.date", ["WFDate": T.date(T.now), "WFDateFormatStyle": T.text("Fancy")]) }
        #expect(unknown?.parameter == "WFDateFormatStyle")
        #expect(unknown?.message.contains("Fancy") == true)
    }

    func adjust(_ date: Date, _ operation: String, _ duration: ParameterValue? = nil, zone: String = "UTC") throws -> Content {
        var parameters: [String: ParameterValue] = ["WFDate": T.date(date), "WFAdjustOperation": T.text(operation)]
        parameters["WFDuration"] = duration
        return try T.run("adjustdate", parameters, environment: T.environment(timeZone: zone))
    }

    @Test func adjustByEachUnit() throws {
        let now = T.now
        #expect(try adjust(now, "Add", T.quantity(90, "sec")) == .date(now.addingTimeInterval(90)))
        #expect(try adjust(now, "Add", T.quantity(5, "min")) == .date(now.addingTimeInterval(300)))
        #expect(try adjust(now, "Subtract", T.quantity(2, "hr")) == .date(now.addingTimeInterval(-7_200)))
        #expect(try adjust(now, "Add", T.quantity(3, "days")) == .date(now.addingTimeInterval(3 * 86_400)))
        #expect(try adjust(now, "Add", T.quantity(1.5, "days")) == .date(now.addingTimeInterval(1.5 * 86_400)))
        #expect(try adjust(now, "Subtract", T.quantity(2, "weeks")) == .date(now.addingTimeInterval(-14 * 86_400)))
        // Months and years follow the calendar: January 31 plus a month is the end of February.
        #expect(try adjust(iso("2026-01-31T10:00:00Z"), "Add", T.quantity(1, "months")) == .date(iso("2026-02-28T10:00:00Z")))
        #expect(try adjust(iso("2024-02-29T10:00:00Z"), "Add", T.quantity(1, "years")) == .date(iso("2025-02-28T10:00:00Z")))
        #expect(try adjust(iso("2026-03-15T10:00:00Z"), "Subtract", T.quantity(3, "months")) == .date(iso("2025-12-15T10:00:00Z")))
    }

    @Test func addingDaysKeepsTheWallClockAcrossDaylightSaving() throws {
        // Berlin springs forward on 2026-03-29: one day later is 23 hours later, same local time.
        let before = iso("2026-03-28T12:00:00+01:00")
        #expect(try adjust(before, "Add", T.quantity(1, "days"), zone: "Europe/Berlin") == .date(iso("2026-03-29T12:00:00+02:00")))
    }

    @Test func startOfEachUnit() throws {
        let now = T.now
        #expect(try adjust(now, "Get Start of Minute") == .date(iso("2026-05-28T20:26:00Z")))
        #expect(try adjust(now, "Get Start of Hour") == .date(iso("2026-05-28T20:00:00Z")))
        #expect(try adjust(now, "Get Start of Day") == .date(iso("2026-05-28T00:00:00Z")))
        #expect(try adjust(now, "Get Start of Day", zone: "Asia/Tokyo") == .date(iso("2026-05-29T00:00:00+09:00")))
        #expect(try adjust(now, "Get Start of Week") == .date(iso("2026-05-24T00:00:00Z")))
        #expect(try adjust(now, "Get Start of Month") == .date(iso("2026-05-01T00:00:00Z")))
        #expect(try adjust(now, "Get Start of Year") == .date(iso("2026-01-01T00:00:00Z")))
    }

    @Test func adjustWithoutADurationNamesIt() {
        let error = T.failure { try adjust(T.now, "Add") }
        #expect(error?.parameter == "WFDuration")
    }

    func between(_ date: Date, unit: String, reference: Date? = nil) throws -> Content {
        var parameters: [String: ParameterValue] = ["WFInput": T.date(date), "WFTimeUntilUnit": T.text(unit)]
        if let reference {
            parameters["WFTimeUntilReferenceDate"] = T.text("Other")
            parameters["WFTimeUntilCustomDate"] = T.date(reference)
        }
        return try T.run("gettimebetweendates", parameters)
    }

    @Test func timeBetweenDatesInEachUnit() throws {
        let later = T.now.addingTimeInterval(2 * 3_600 + 30 * 60 + 5)
        #expect(try between(later, unit: "Seconds") == .number(9_005))
        #expect(try between(later, unit: "Minutes") == .number(150))
        #expect(try between(later, unit: "Hours") == .number(2))
        #expect(try between(later, unit: "Total Time") == .text("2 hours, 30 minutes, 5 seconds"))
        #expect(try between(T.now.addingTimeInterval(-90), unit: "Minutes") == .number(-1))
        let newYear = iso("2026-01-01T00:00:00Z")
        #expect(try between(T.now, unit: "Days", reference: newYear) == .number(147))
        #expect(try between(T.now, unit: "Weeks", reference: newYear) == .number(21))
        #expect(try between(T.now, unit: "Months", reference: newYear) == .number(4))
        #expect(try between(T.now, unit: "Years", reference: iso("2020-06-01T00:00:00Z")) == .number(5))
    }

    @Test func detectDatesInText() throws {
        let output = try T.run("detect.date", input: .text("Meeting on 2026-06-01, then lunch tomorrow.\nMay 3, 2026\n3 apples"))
        #expect(
            output
                == .list([
                    .date(iso("2026-06-01T00:00:00Z")), .date(iso("2026-05-29T00:00:00Z")), .date(iso("2026-05-03T00:00:00Z")),
                ]))
        #expect(try T.run("detect.date", input: .text("no dates here")) == .nothing)
        #expect(try T.run("detect.date", input: .date(T.now)) == .date(T.now))
    }
}
