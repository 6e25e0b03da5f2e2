import Foundation
import ShortcutsTestSupport
import Testing

/// One shortcut run through the built `shortcuts` in several regions, as `LANG` names them: dates,
/// times and numbers show and read as the region writes them. The expected texts are Unicode
/// CLDR's, which Apple's formatters use too (the spaces in French numbers are U+202F).
struct LocaleCommandTests {
    static let shortcut = """
        d = Date mode: "Specified Date", date: "2026-11-30T20:26:40Z"
        long = FormatDate d, WFDateFormatStyle: "Long", WFTimeFormatStyle: "Short"
        short = FormatDate d, WFDateFormatStyle: "Short", WFTimeFormatStyle: "None"
        today = FormatDate CurrentDate, WFDateFormatStyle: "Relative", WFTimeFormatStyle: "None"
        n = FormatNumber 1234567.891
        parsed = Calculate "\\(ShortcutInput)", operation: "+", WFMathOperand: 1
        Text "\\(long)|\\(short)|\\(today)|\\(n)|\\(parsed)"

        """

    static let readsDates = """
        found = GetDatesFromInput ShortcutInput
        FormatDate found, WFDateFormatStyle: "ISO 8601"

        """

    struct Region: Sendable, CustomTestStringConvertible {
        var lang: String
        /// The shortcut's output for the input "1,5".
        var output: String
        /// A date as the region writes it in its short style, which must read back as 2026-11-30.
        var writtenDate: String
        var testDescription: String { lang }
    }

    static let regions: [Region] = [
        Region(
            lang: "en_US.UTF-8", output: "November 30, 2026 at 8:26\u{202F}PM|11/30/26|Today|1,234,567.89|16",
            writtenDate: "11/30/26"),
        Region(
            lang: "en_GB.UTF-8", output: "30 November 2026 at 20:26|30/11/2026|Today|1,234,567.89|16", writtenDate: "30/11/2026"),
        Region(lang: "de_DE.UTF-8", output: "30. November 2026 um 20:26|30.11.26|Heute|1.234.567,89|2,5", writtenDate: "30.11.26"),
        Region(
            lang: "fr_FR.UTF-8", output: "30 novembre 2026 à 20:26|30/11/2026|Aujourd’hui|1\u{202F}234\u{202F}567,89|2,5",
            writtenDate: "30/11/2026"),
        Region(lang: "ja_JP.UTF-8", output: "2026年11月30日 20:26|2026/11/30|今日|1,234,567.89|16", writtenDate: "2026/11/30"),
        Region(lang: "zh_CN.UTF-8", output: "2026年11月30日 20:26|2026/11/30|今天|1,234,567.89|16", writtenDate: "2026/11/30"),
        // The C locale is English (US) on a 24-hour clock.
        Region(lang: "C.UTF-8", output: "November 30, 2026 at 20:26|11/30/26|Today|1,234,567.89|16", writtenDate: "11/30/26"),
    ]

    @Test(arguments: regions) func theSameShortcutShowsAndReadsInTheRegion(_ region: Region) throws {
        let shell = try CommandRunner()
        shell.extraEnvironment["LANG"] = region.lang
        shell.extraEnvironment["TZ"] = "UTC"
        let path = try shell.write(Data(Self.shortcut.utf8), to: "Region.sct")
        let result = try shell.run(["run", path], input: Data("1,5".utf8))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == region.output + "\n")

        let reader = try shell.write(Data(Self.readsDates.utf8), to: "Dates.sct")
        let read = try shell.run(["run", reader], input: Data(region.writtenDate.utf8))
        #expect(read.output == "2026-11-30\n", "\(read.error)")
    }

    @Test func lcAllWinsOverTheCategoryAndLang() throws {
        let shell = try CommandRunner()
        shell.extraEnvironment["TZ"] = "UTC"
        shell.extraEnvironment["LANG"] = "en_US.UTF-8"
        shell.extraEnvironment["LC_TIME"] = "de_DE.UTF-8"
        let path = try shell.write(Data(Self.shortcut.utf8), to: "Region.sct")
        // Dates follow LC_TIME, numbers LANG.
        #expect(try shell.run(["run", path], input: Data("1".utf8)).output == "30. November 2026 um 20:26|30.11.26|Heute|1,234,567.89|2\n")
        shell.extraEnvironment["LC_ALL"] = "fr_FR.UTF-8"
        #expect(
            try shell.run(["run", path], input: Data("1".utf8)).output
                == "30 novembre 2026 à 20:26|30/11/2026|Aujourd’hui|1\u{202F}234\u{202F}567,89|2\n")
    }
}
