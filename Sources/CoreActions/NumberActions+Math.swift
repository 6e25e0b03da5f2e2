import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFMathOperation`: the four operations, or `…` for a scientific one.
enum MathOperation: String, ParameterOption {
    case add = "+"
    case subtract = "-"
    case multiply = "×"
    case divide = "÷"
    case scientific = "…"

    static var aliases: [String: MathOperation] {
        ["...": .scientific, "*": .multiply, "x": .multiply, "/": .divide, "−": .subtract]
    }
}

/// `WFScientificMathOperation`: what `…` calculates.
enum ScientificOperation: String, ParameterOption {
    case modulus = "Modulus"
    case square = "x^2"
    case cube = "x^3"
    case power = "x^y"
    case exponential = "e^x"
    case powerOfTen = "10^x"
    case naturalLogarithm = "ln(x)"
    case logarithm = "log(x)"
    case squareRoot = "√x"
    case cubeRoot = "∛x"
    case factorial = "x!"
    case sine = "sin(x)"
    case cosine = "cos(x)"
    case tangent = "tan(x)"
    case absoluteValue = "abs(x)"

    /// Spellings some generators write, with look-alike Cyrillic letters or `In` for `ln`.
    static var aliases: [String: ScientificOperation] {
        ["х^3": .cube, "x^у": .power, "х^у": .power, "in(x)": .naturalLogarithm, "mod": .modulus, "%": .modulus]
    }
}

extension NumberActions {
    /// One calculation, decided once: the four operations or a scientific one.
    enum Calculation: Sendable {
        case basic(MathOperation)
        case scientific(ScientificOperation)
    }

    static let math = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.math", title: "Calculate",
            description: "Performs a number operation on the input and returns the result.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Number", type: .number, isRequired: true),
                .option("WFMathOperation", title: "Operation", default: MathOperation.add),
                ParameterMetadata(key: "WFMathOperand", title: "Operand", type: .number, defaultValue: "0"),
                .option("WFScientificMathOperation", title: "Scientific Operation", default: ScientificOperation.modulus),
                ParameterMetadata(key: "WFScientificMathOperand", title: "Operand", type: .number, defaultValue: "0"),
            ],
            inputParameter: "WFInput", outputType: "Number", outputName: "Calculation Result",
            keywords: ["add", "subtract", "multiply", "divide", "math", "modulus", "power", "root"],
            summary: "${WFInput} ${WFMathOperation} ${WFMathOperand}")
    ) { parameters in
        let operation = OptionParameter(parameters, "WFMathOperation", default: MathOperation.add)
        let scientific = OptionParameter(parameters, "WFScientificMathOperation", default: ScientificOperation.modulus)
        let operand = numericConstant(parameters["WFMathOperand"])
        let scientificOperand = numericConstant(parameters["WFScientificMathOperand"])
        // With constant operations (the usual case) the body only evaluates numbers and switches.
        let fixed: Calculation? = operation.constant.flatMap { basic in
            basic == .scientific ? scientific.constant.map(Calculation.scientific) : .basic(basic)
        }
        return { input, run in
            let calculation: Calculation
            if let fixed {
                calculation = fixed
            } else {
                let basic = try operation.value(in: run)
                calculation = basic == .scientific ? .scientific(try scientific.value(in: run)) : .basic(basic)
            }
            let x = try numberValue(of: input, parameter: "WFInput")
            switch calculation {
            case .basic(let basic):
                let y = try run.number(operand, parameter: "WFMathOperand") ?? 0
                return .number(try calculate(x, basic, y))
            case .scientific(let function):
                let y =
                    function == .modulus || function == .power
                    ? try run.number(scientificOperand, parameter: "WFScientificMathOperand") ?? 0 : 0
                return .number(try calculate(x, function, y))
            }
        }
    }

    /// `x op y` for the four operations.
    static func calculate(_ x: Double, _ operation: MathOperation, _ y: Double) throws -> Double {
        switch operation {
        case .add: return x + y
        case .subtract: return x - y
        case .multiply: return x * y
        case .divide:
            guard y != 0 else { throw ActionFailure("can't divide \(NumberText.format(x)) by zero", parameter: "WFMathOperand") }
            return x / y
        case .scientific: return x
        }
    }

    /// A scientific function of `x` (and `y` for Modulus and x^y); trigonometry is in radians, as Apple's.
    static func calculate(_ x: Double, _ function: ScientificOperation, _ y: Double) throws -> Double {
        switch function {
        case .modulus:
            guard y != 0 else {
                throw ActionFailure("can't take \(NumberText.format(x)) modulo zero", parameter: "WFScientificMathOperand")
            }
            return x.truncatingRemainder(dividingBy: y)
        case .square: return x * x
        case .cube: return x * x * x
        case .power: return Foundation.pow(x, y)
        case .exponential: return Foundation.exp(x)
        case .powerOfTen: return Foundation.pow(10, x)
        case .naturalLogarithm, .logarithm:
            guard x > 0 else {
                throw ActionFailure(
                    "can't take the logarithm of \(NumberText.format(x)); it needs a number above zero", parameter: "WFInput")
            }
            return function == .logarithm ? Foundation.log10(x) : Foundation.log(x)
        case .squareRoot:
            guard x >= 0 else {
                throw ActionFailure("can't take the square root of the negative number \(NumberText.format(x))", parameter: "WFInput")
            }
            return x.squareRoot()
        case .cubeRoot: return Foundation.cbrt(x)
        case .factorial:
            guard x <= 170 else { throw ActionFailure("\(NumberText.format(x))! is too large to calculate", parameter: "WFInput") }
            // Apple multiplies x, x − 1, … while the factor's whole part is above 1.
            var result = 1.0
            var factor = x
            while factor.rounded(.towardZero) > 1 {
                result *= factor
                factor -= 1
            }
            return result
        case .sine: return Foundation.sin(x)
        case .cosine: return Foundation.cos(x)
        case .tangent: return Foundation.tan(x)
        case .absoluteValue: return Swift.abs(x)
        }
    }
}
