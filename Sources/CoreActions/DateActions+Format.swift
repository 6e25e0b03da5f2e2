import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

extension DateActions {
    static let formatDate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.format.date", title: "Format Date",
            description: "Formats a date and time into text. Custom formats use the patterns of Unicode Technical Standard #35.",
            parameters: [
                ParameterMetadata(key: "WFDate", title: "Date", type: .date, isRequired: true),
                .option("WFDateFormatStyle", title: "Date Format", default: FormatStyle.short),
                .option(
                    "WFRelativeDateFormatStyle", title: "Alternate Format", default: AlternateStyle.medium,
                    description: "How a Relative date shows when it is not yesterday, today or tomorrow."),
                .option("WFTimeFormatStyle", title: "Time Format", default: TimeStyle.short),
                ParameterMetadata(key: "WFISO8601IncludeTime", title: "Include ISO 8601 Time", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFDateFormat", title: "Format String", description: "e.g. yyyy-MM-dd HH:mm", type: .text),
            ],
            inputParameter: "WFDate", outputType: "Text", outputName: "Formatted Date", keywords: ["iso", "rfc", "string"],
            summary: "Format ${WFDate}")
    ) { parameters in
        let dateStyle = OptionParameter(parameters, "WFDateFormatStyle", default: FormatStyle.short)
        let timeStyle = OptionParameter(parameters, "WFTimeFormatStyle", default: TimeStyle.short)
        let alternate = OptionParameter(parameters, "WFRelativeDateFormatStyle", default: AlternateStyle.medium)
        let pattern = parameters["WFDateFormat"]
        let includeTime = parameters["WFISO8601IncludeTime"]
        return { input, run in
            let style = try dateStyle.value(in: run).style
            let time = try timeStyle.value(in: run).style
            let alternateStyle = try alternate.value(in: run).style
            let custom = try run.text(pattern)
            if style == .custom, custom?.isEmpty ?? true {
                throw ActionFailure("Date Format is Custom but no format string is given", parameter: "WFDateFormat")
            }
            let includesTime = try run.bool(includeTime) ?? false
            let zone = run.environment.timeZone
            let items = input.items.isEmpty ? [Content.nothing] : input.items
            let texts = try items.map { item -> Content in
                let date = try DateParameters.date(of: item, parameter: "WFDate", run: run)
                if style == .relative {
                    return .text(relative(date, alternate: alternateStyle, time: time, run: run))
                }
                return .text(
                    DateText.format(
                        date, dateStyle: style, timeStyle: time, pattern: custom, includeISOTime: includesTime, timeZone: zone))
            }
            return Content(items: texts)
        }
    }

    /// `WFDateFormatStyle`.
    enum FormatStyle: String, ParameterOption {
        case none = "None", short = "Short", medium = "Medium", long = "Long", relative = "Relative"
        case rfc2822 = "RFC 2822", iso8601 = "ISO 8601", custom = "Custom"
        var style: DateText.Style { DateText.Style(rawValue: rawValue) ?? .medium }
    }

    /// `WFTimeFormatStyle`.
    enum TimeStyle: String, ParameterOption {
        case none = "None", short = "Short", medium = "Medium", long = "Long", relative = "Relative"
        var style: DateText.Style { DateText.Style(rawValue: rawValue) ?? .short }
    }

    /// `WFRelativeDateFormatStyle`: the style of a Relative date that is not near today.
    enum AlternateStyle: String, ParameterOption {
        case short = "Short", medium = "Medium", long = "Long"
        var style: DateText.Style { DateText.Style(rawValue: rawValue) ?? .medium }
    }

    /// "Yesterday", "Today" or "Tomorrow" when the date is one of those days, otherwise the
    /// alternate style; then the time (``DateText/relative(_:alternate:timeStyle:now:locale:timeZone:)``).
    static func relative(_ date: Date, alternate: DateText.Style, time: DateText.Style, run: RunContext) -> String {
        DateText.relative(date, alternate: alternate, timeStyle: time, now: run.environment.now(), timeZone: run.environment.timeZone)
    }
}
