import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFStatisticsOperation`.
enum StatisticsOperation: String, ParameterOption {
    case average = "Average"
    case minimum = "Minimum"
    case maximum = "Maximum"
    case sum = "Sum"
    case median = "Median"
    case mode = "Mode"
    case range = "Range"
    case standardDeviation = "Standard Deviation"
}

extension NumberActions {
    static let statistics = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.statistics", title: "Calculate Statistics",
            description:
                "Calculates statistics on the numbers that are provided as input. Items that are not numbers are left out; the standard deviation is the population's.",
            parameters: [
                .option("WFStatisticsOperation", title: "Operation", default: StatisticsOperation.average),
                ParameterMetadata(key: "WFInput", title: "Input", type: .number, isRequired: true, isList: true),
            ],
            inputParameter: "WFInput", outputType: "Number", outputName: "Statistics",
            keywords: ["average", "mean", "median", "mode", "sum", "minimum", "maximum", "deviation"])
    ) { parameters in
        let operation = OptionParameter(parameters, "WFStatisticsOperation", default: StatisticsOperation.average)
        // iOS 12 files name the input `Input`.
        let legacyInput = parameters["WFInput"].isAbsent ? parameters["Input"] : .absent
        return { input, run in
            let source = legacyInput.isAbsent ? input : try run.content(legacyInput)
            let numbers = source.items.compactMap(\.number)
            guard !numbers.isEmpty else { return .nothing }
            return statistic(try operation.value(in: run), of: numbers)
        }
    }

    /// A statistic of a non-empty list of numbers; Mode gives every most frequent value, smallest first.
    static func statistic(_ operation: StatisticsOperation, of numbers: [Double]) -> Content {
        let sum = numbers.reduce(0, +)
        let mean = sum / Double(numbers.count)
        switch operation {
        case .average: return .number(mean)
        case .minimum: return .number(numbers.min()!)
        case .maximum: return .number(numbers.max()!)
        case .sum: return .number(sum)
        case .range: return .number(numbers.max()! - numbers.min()!)
        case .median:
            let sorted = numbers.sorted()
            let middle = sorted.count / 2
            return .number(sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2)
        case .mode:
            var counts: [Double: Int] = [:]
            for number in numbers { counts[number, default: 0] += 1 }
            let highest = counts.values.max()!
            let modes = counts.filter { $0.value == highest }.keys.sorted()
            return Content(items: modes.map(Content.number))
        case .standardDeviation:
            let variance = numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(numbers.count)
            return .number(variance.squareRoot())
        }
    }
}
