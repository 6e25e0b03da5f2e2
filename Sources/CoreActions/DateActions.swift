import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Date, Format Date, Adjust Date, Get Time Between Dates and Get Dates from Input.
///
/// Every action reads the clock through `run.environment.now()` and works in the run's time zone
/// (`run.environment.timeZone`, from `TZ` in the run's variables), so tests fix both.
enum DateActions {
    static let all: [ActionDefinition] = [date, formatDate, adjustDate, timeBetweenDates, detectDate]

    static let date = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.date", title: "Date",
            description: "Passes the current date or a date you specify to the next action.",
            parameters: [
                .option("WFDateActionMode", title: "Mode", default: Mode.currentDate),
                ParameterMetadata(
                    key: "WFDateActionDate", title: "Date", description: "A date as text, e.g. 2026-11-30 09:00 or tomorrow.",
                    type: .date),
            ],
            outputType: "Date", outputName: "Date", keywords: ["now", "today", "time"],
            summary: "${WFDateActionMode} ${WFDateActionDate}")
    ) { parameters in
        let mode = OptionParameter(parameters, "WFDateActionMode", default: Mode.currentDate)
        let specified = parameters["WFDateActionDate"]
        return { _, run in
            switch try mode.value(in: run) {
            case .currentDate: return .date(run.environment.now())
            case .specifiedDate: return .date(try DateParameters.date(specified, parameter: "WFDateActionDate", run: run))
            }
        }
    }

    /// `WFDateActionMode`.
    enum Mode: String, ParameterOption {
        case currentDate = "Current Date", specifiedDate = "Specified Date"
    }

    static let detectDate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.detect.date", title: "Get Dates from Input",
            description: "Finds the dates in the input: dates as they are, and dates written in text.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Date", outputName: "Dates", keywords: ["detect", "find", "parse"])
    ) { _ in
        { input, run in
            let now = run.environment.now()
            let zone = run.environment.timeZone
            var dates: [Content] = []
            for item in input.items {
                if case .date = item {
                    dates.append(item)
                } else {
                    dates += DateScanner.dates(in: item.text, now: now, timeZone: zone).map(Content.date)
                }
            }
            return Content(items: dates)
        }
    }
}

/// Finds dates written inside longer text, for Get Dates from Input.
enum DateScanner {
    /// The dates in text, in order: each line whole if it is a date, otherwise the longest runs of
    /// up to seven words that read as one.
    static func dates(in text: String, now: Date, timeZone: TimeZone) -> [Date] {
        var found: [Date] = []
        for line in text.split(whereSeparator: \.isNewline) {
            if let date = DateParser.parse(String(line), now: now, timeZone: timeZone) {
                found.append(date)
                continue
            }
            let words = line.split(whereSeparator: \.isWhitespace).map {
                String($0).trimmingCharacters(in: CharacterSet(charactersIn: ".;:!?()[]\"'"))
            }
            // A date begins and ends with a number, a month or weekday name, a relative day or
            // AM/PM: phrases that don't are not tried (each try runs dozens of formatters).
            let bounds = words.map { DateParser.couldBeginOrEndADate($0) }
            var start = 0
            while start < words.count {
                var matched = false
                for length in stride(from: min(7, words.count - start), through: 1, by: -1)
                where bounds[start] && bounds[start + length - 1] {
                    var phrase = words[start..<start + length].joined(separator: " ")
                    if phrase.hasSuffix(",") { phrase.removeLast() }
                    // A lone number is not a date ("3 apples"), though a time like 9:30 is.
                    if length == 1, Double(phrase) != nil { continue }
                    if let date = DateParser.parse(phrase, now: now, timeZone: timeZone) {
                        found.append(date)
                        start += length
                        matched = true
                        break
                    }
                }
                if !matched { start += 1 }
            }
        }
        return found
    }
}
