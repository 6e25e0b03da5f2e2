import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFRoundMode`.
enum RoundMode: String, ParameterOption {
    case normal = "Normal"
    case up = "Always Round Up"
    case down = "Always Round Down"
}

/// `WFRoundTo`: the place to round to, in Apple's order.
enum RoundPlace: String, ParameterOption {
    case millions = "Millions"
    case hundredThousands = "Hundred Thousands"
    case tenThousands = "Ten Thousands"
    case thousands = "Thousands"
    case hundreds = "Hundreds Place"
    case tens = "Tens Place"
    case ones = "Ones Place"
    case tenths = "Tenths"
    case hundredths = "Hundredths"
    case thousandths = "Thousandths"
    case tenThousandths = "Ten Thousandths"
    case hundredThousandths = "Hundred Thousandths"
    case millionths = "Millionths"
    case tenMillionths = "Ten Millionths"
    case hundredMillionths = "Hundred Millionths"
    case billionths = "Billionths"
    /// A power of ten given by `TenToThePowerOf`.
    case powerOfTen = "10 ^"

    static var aliases: [String: RoundPlace] {
        ["hundreds": .hundreds, "tens": .tens, "ones": .ones, "10^": .powerOfTen]
    }

    /// The place as a power of ten: 6 for millions, −2 for hundredths; `nil` for ``powerOfTen``.
    var exponent: Int? {
        switch self {
        case .powerOfTen: return nil
        default: return 6 - RoundPlace.allCases.firstIndex(of: self)!
        }
    }
}

extension NumberActions {
    static let round = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.round", title: "Round Number",
            description: "Rounds the number(s) passed into the action.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Number", type: .number, isRequired: true, isList: true),
                .option("WFRoundTo", title: "Value", default: RoundPlace.ones),
                .option("WFRoundMode", title: "Mode", default: RoundMode.normal),
                ParameterMetadata(
                    key: "TenToThePowerOf", title: "Power of Ten",
                    description: "The power of ten to round to when Value is 10 ^.", type: .integer, defaultValue: "0", minimum: 0),
            ],
            inputParameter: "WFInput", outputType: "Number", outputName: "Rounded Number",
            keywords: ["ceiling", "floor", "round up", "round down"])
    ) { parameters in
        let place = OptionParameter(parameters, "WFRoundTo", default: RoundPlace.ones)
        let mode = OptionParameter(parameters, "WFRoundMode", default: RoundMode.normal)
        let power = numericConstant(parameters["TenToThePowerOf"])
        return { input, run in
            let roundMode = try mode.value(in: run)
            let exponent: Int
            if let fixed = try place.value(in: run).exponent {
                exponent = fixed
            } else {
                let value = try run.number(power, parameter: "TenToThePowerOf") ?? 0
                guard value >= 0, value <= 300, value == value.rounded() else {
                    throw ActionFailure(
                        "expected a whole number from 0 to 300, got \(NumberText.format(value))",
                        parameter: "TenToThePowerOf")
                }
                exponent = Int(value)
            }
            let results = try input.items.map { item in
                Content.number(rounded(try numberValue(of: item, parameter: "WFInput"), exponent: exponent, mode: roundMode))
            }
            return Content(items: results)
        }
    }

    /// Rounds to a multiple of 10^exponent.
    ///
    /// The scaled value is first cut to 15 significant digits, so binary noise doesn't decide a
    /// tie: 1.005 rounds to 1.01 at hundredths, as it does with Apple's decimal numbers.
    static func rounded(_ value: Double, exponent: Int, mode: RoundMode) -> Double {
        guard value.isFinite else { return value }
        let scale = Foundation.pow(10, Double(Swift.abs(exponent)))
        var scaled = exponent < 0 ? value * scale : value / scale
        scaled = Double(String(format: "%.15g", scaled)) ?? scaled
        let rule: FloatingPointRoundingRule
        switch mode {
        case .normal: rule = .toNearestOrAwayFromZero
        case .up: rule = .up
        case .down: rule = .down
        }
        let whole = scaled.rounded(rule)
        return exponent < 0 ? whole / scale : whole * scale
    }
}
