import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Numbers: Number, Random Number, Calculate, Round Number, Calculate Statistics, Format Number,
/// Calculate Expression, Get Numbers from Input and Count.
enum NumberActions {
    static let all: [ActionDefinition] = [
        number, randomNumber, math, round, statistics, formatNumber, calculateExpression, detectNumber, count,
    ]

    static let number = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.number", title: "Number",
            description: "Passes a number to the next action.",
            parameters: [ParameterMetadata(key: "WFNumberActionNumber", title: "Number", type: .number, defaultValue: "0")],
            outputType: "Number", outputName: "Number",
            summary: "${WFNumberActionNumber}")
    ) { parameters in
        let number = numericConstant(parameters["WFNumberActionNumber"])
        return { _, run in .number(try run.number(number, parameter: "WFNumberActionNumber") ?? 0) }
    }

    static let randomNumber = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.number.random", title: "Random Number",
            description: "Passes a random whole number between the minimum and maximum, both included, to the next action.",
            parameters: [
                ParameterMetadata(key: "WFRandomNumberMinimum", title: "Minimum", type: .integer, defaultValue: "0"),
                ParameterMetadata(key: "WFRandomNumberMaximum", title: "Maximum", type: .integer, defaultValue: "100"),
            ],
            outputType: "Number", outputName: "Random Number", keywords: ["dice", "random"])
    ) { parameters in
        let minimum = numericConstant(parameters["WFRandomNumberMinimum"])
        let maximum = numericConstant(parameters["WFRandomNumberMaximum"])
        return { _, run in
            let low = try run.number(minimum, parameter: "WFRandomNumberMinimum") ?? 0
            let high = try run.number(maximum, parameter: "WFRandomNumberMaximum") ?? 100
            guard low.magnitude < 1e15, high.magnitude < 1e15 else {
                throw ActionFailure("the bounds must be below a quadrillion", parameter: "WFRandomNumberMaximum")
            }
            let bounds = (Int64(min(low, high).rounded(.up)), Int64(max(low, high).rounded(.down)))
            guard bounds.0 <= bounds.1 else {
                throw ActionFailure(
                    "there is no whole number between \(NumberText.format(low)) and \(NumberText.format(high))",
                    parameter: "WFRandomNumberMaximum")
            }
            return .number(Double(Int64.random(in: bounds.0...bounds.1)))
        }
    }

    static let formatNumber = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.format.number", title: "Format Number",
            description:
                "Formats a number into text with a number of decimal places and thousands separators, as the region (LC_NUMERIC) writes them.",
            parameters: [
                ParameterMetadata(key: "WFNumber", title: "Number", type: .number, isRequired: true),
                ParameterMetadata(
                    key: "WFNumberFormatDecimalPlaces", title: "Decimal Places", type: .integer, defaultValue: "2",
                    minimum: 0, maximum: 15),
            ],
            inputParameter: "WFNumber", outputType: "Text", outputName: "Formatted Number",
            keywords: ["digits", "decimal"])
    ) { parameters in
        let places = numericConstant(parameters["WFNumberFormatDecimalPlaces"])
        return { input, run in
            let count = try run.number(places, parameter: "WFNumberFormatDecimalPlaces") ?? 2
            guard count >= 0, count <= 15 else {
                throw ActionFailure(
                    "expected 0 to 15 decimal places, got \(NumberText.format(count))",
                    parameter: "WFNumberFormatDecimalPlaces")
            }
            let texts = try input.items.map { item in
                Content.text(format(try numberValue(of: item, parameter: "WFNumber"), decimalPlaces: Int(count)))
            }
            return Content(items: texts)
        }
    }

    /// A number with a fixed count of decimal places and the region's separators: `1,234.50` in
    /// English (US), `1.234,50` in German.
    static func format(_ number: Double, decimalPlaces: Int, locale: UserLocale = DateContext.locale) -> String {
        NumberText.format(number, decimalPlaces: decimalPlaces, locale: locale.numbers)
    }

    // MARK: Shared by the number actions

    /// An expression whose constant text is a number, as that number, so runs don't parse it again.
    static func numericConstant(_ expression: ParameterExpression) -> ParameterExpression {
        if let text = expression.constantText, let value = NumberParser.parse(text) { return .constant(.number(value)) }
        return expression
    }

    /// The number an input item holds; nothing counts as 0, as an empty number field does.
    ///
    /// - Throws: ``ActionFailure`` naming `parameter` when the item is not a number.
    @inline(__always)
    static func numberValue(of content: Content, parameter: String) throws -> Double {
        if case .number(let value) = content { return value }
        if content.isNothing { return 0 }
        guard let value = content.number else {
            throw ActionFailure("expected a number, got \(content.quotedForError)", parameter: parameter)
        }
        return value
    }
}
