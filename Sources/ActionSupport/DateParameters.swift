import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Dates and durations as the actions' parameters give them.
package enum DateParameters {
    /// The date a parameter holds: a date as it is, text parsed (relative to the run's clock).
    ///
    /// - Throws: ``ActionFailure`` naming `parameter` when the value is not a date.
    package static func date(_ expression: ParameterExpression, parameter: String, run: RunContext) throws -> Date {
        try date(of: try run.content(expression), parameter: parameter, run: run)
    }

    package static func date(of content: Content, parameter: String, run: RunContext) throws -> Date {
        switch content {
        case .date(let date): return date
        case .number(let seconds): return Date(timeIntervalSince1970: seconds)
        default:
            let text = content.text
            if let date = DateParser.parse(text, now: run.environment.now(), timeZone: run.environment.timeZone) {
                return date
            }
            if text.isEmpty { throw ActionFailure("no date was given", parameter: parameter) }
            throw ActionFailure("expected a date, got \"\(text.prefix(60))\"", parameter: parameter)
        }
    }

    /// The magnitude and unit of a `WFDuration`: a quantity, or text such as `3 days`.
    package static func duration(_ expression: ParameterExpression, run: RunContext, parameter: String = "WFDuration") throws -> (
        Double, String
    ) {
        if case .quantity(let magnitude, let unit) = expression {
            let amount = try run.number(magnitude, parameter: parameter) ?? 0
            return (amount, unit ?? "sec")
        }
        let text = try run.text(expression) ?? ""
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = parts.first, let amount = NumberParser.parse(first) else {
            throw ActionFailure(
                text.isEmpty ? "no duration is given" : "expected a duration such as \"3 days\", got \"\(text.prefix(60))\"",
                parameter: parameter)
        }
        return (amount, parts.count > 1 ? parts[1] : "sec")
    }
}
