import Foundation
import ShortcutsContent
import Testing

@Suite("Dates and numbers as text")
struct ContentTextTests {
    let utc = TimeZone(identifier: "UTC")!
    /// 2023-11-14 22:13:20 UTC.
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func parse(_ text: String) -> String? {
        DateParser.parse(text, now: now, timeZone: utc).map { ISO8601.string(from: $0) }
    }

    @Test("Day words, with and without a time")
    func dayWords() {
        #expect(parse("tomorrow at 9am") == "2023-11-15T09:00:00Z")
        #expect(parse("Today at 14:30") == "2023-11-14T14:30:00Z")
        #expect(parse("yesterday at 12am") == "2023-11-13T00:00:00Z")
        #expect(parse("tomorrow") == "2023-11-15T00:00:00Z")
        #expect(parse("9:30 pm") == "2023-11-14T21:30:00Z")
        #expect(parse("tomorrow at 13pm") == nil)
        #expect(parse("soon") == nil)
    }

    @Test("Written dates")
    func writtenDates() {
        #expect(parse("2026-11-30") == "2026-11-30T00:00:00Z")
        #expect(parse("2026-11-30T08:15:00Z") == "2026-11-30T08:15:00Z")
        #expect(parse("Nov 30, 2026 at 8:15 AM") == "2026-11-30T08:15:00Z")
    }

    @Test("Relative dates name the day")
    func relativeDates() {
        let today = DateText.format(Date(), dateStyle: .relative, timeZone: utc)
        #expect(today == "Today")
        let tomorrow = DateText.format(Date().addingTimeInterval(86_400), dateStyle: .relative, timeZone: utc)
        #expect(tomorrow == "Tomorrow")
    }

    @Test("Whole numbers show without a decimal point; others without float noise")
    func numbers() {
        #expect(NumberText.format(3) == "3")
        #expect(NumberText.format(0.1 + 0.2) == "0.3")
        #expect(NumberText.format(-2.5) == "-2.5")
        #expect(Content.list([.number(1), .text("a")]).text == "1\na")
        #expect(Content.dictionary(["b": .number(1), "a": .boolean(true)]).text == #"{"b":1,"a":true}"#)
    }
}
