import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import ActionSupport
@testable import BuiltinActions

@Suite("Number actions")
struct NumberActionsTests {
    private func calculate(_ x: Double, _ operation: String, _ y: Double? = nil, scientific: String? = nil) throws -> Content {
        var parameters: ParameterDictionary = ["WFInput": .plain(.real(x)), "WFMathOperation": .plain(.string(operation))]
        if let scientific {
            parameters["WFScientificMathOperation"] = .plain(.string(scientific))
            if let y { parameters["WFScientificMathOperand"] = .plain(.real(y)) }
        } else if let y {
            parameters["WFMathOperand"] = .plain(.real(y))
        }
        return try runActions([action("math", parameters)])
    }

    @Test func numberPassesItsValueAndParsesText() throws {
        #expect(try runActions([action("number", ["WFNumberActionNumber": 42])]) == .number(42))
        #expect(try runActions([action("number", ["WFNumberActionNumber": "3.5"])]) == .number(3.5))
        #expect(try runActions([action("number")]) == .number(0))
        #expect(try runActions([action("number", ["WFNumberActionNumber": 2.0])]).text == "2")
    }

    @Test func numberFromTextThatIsNotANumberNamesTheParameter() {
        let error = runError([
            action("gettext", ["WFTextActionText": "abc"], uuid: "T"),
            action("number", ["WFNumberActionNumber": output(of: "T")]),
        ])
        #expect(error?.parameter == "WFNumberActionNumber")
        #expect(error?.actionIndex == 2)
        #expect(error?.message.contains("abc") == true)
    }

    @Test func basicOperations() throws {
        #expect(try calculate(7, "+", 5) == .number(12))
        #expect(try calculate(7, "-", 5) == .number(2))
        #expect(try calculate(7, "×", 5) == .number(35))
        #expect(try calculate(7, "÷", 2) == .number(3.5))
        #expect(try calculate(7, "*", 3) == .number(21))
        #expect(try calculate(9, "/", 3) == .number(3))
        #expect(try calculate(0.1, "+", 0.2).text == "0.3")
    }

    @Test func divisionByZeroNamesTheOperand() {
        let error = runError([action("math", ["WFInput": 4, "WFMathOperation": "÷", "WFMathOperand": 0])])
        #expect(error?.parameter == "WFMathOperand")
        #expect(error?.message.contains("zero") == true)
        let modulus = runError([
            action("math", ["WFInput": 4, "WFMathOperation": "…", "WFScientificMathOperation": "Modulus", "WFScientificMathOperand": 0])
        ])
        #expect(modulus?.parameter == "WFScientificMathOperand")
    }

    @Test(
        arguments: [
            ("Modulus", 17.0, 5.0, 2.0), ("x^2", 7, nil, 49), ("x^3", 3, nil, 27), ("x^y", 2, 10, 1024),
            ("e^x", 0, nil, 1), ("10^x", 3, nil, 1000), ("ln(x)", M_E, nil, 1), ("log(x)", 1000, nil, 3),
            ("√x", 81, nil, 9), ("∛x", 27, nil, 3), ("x!", 5, nil, 120), ("x!", 0, nil, 1), ("sin(x)", 0, nil, 0),
            ("cos(x)", 0, nil, 1), ("tan(x)", 0, nil, 0), ("abs(x)", -4.5, nil, 4.5),
        ] as [(String, Double, Double?, Double)])
    func scientificOperations(operation: String, x: Double, y: Double?, expected: Double) throws {
        let result = try calculate(x, "…", y, scientific: operation)
        let value = try #require(result.number)
        #expect(abs(value - expected) < 1e-9, "\(operation) of \(x) gave \(value)")
    }

    @Test func trigonometryIsInRadiansAndAliasesWork() throws {
        #expect(abs(try #require(calculate(Double.pi / 2, "...", scientific: "sin(x)").number) - 1) < 1e-12)
        #expect(try calculate(4, "…", 3, scientific: "х^3") == .number(64))  // Cyrillic х, as cherri writes it
        #expect(try calculate(2, "…", 3, scientific: "x^у") == .number(8))
    }

    @Test func scientificErrorsNameTheInput() {
        for operation in ["√x", "ln(x)", "log(x)"] {
            let error = runError([
                action("math", ["WFInput": -1, "WFMathOperation": "…", "WFScientificMathOperation": .plain(.string(operation))])
            ])
            #expect(error?.parameter == "WFInput", "\(operation)")
        }
        let unknown = runError([action("math", ["WFInput": 1, "WFMathOperation": "plus"])])
        #expect(unknown?.parameter == "WFMathOperation")
        #expect(unknown?.message.contains("\"÷\"") == true)
    }

    @Test func mathChainsFromThePreviousOutputAndVariables() throws {
        let result = try runActions([
            action("number", ["WFNumberActionNumber": 6]),
            action("setvariable", ["WFVariableName": "six"]),
            action("math", ["WFMathOperation": "×", "WFMathOperand": variable("six")]),
            action("math", ["WFMathOperation": "-", "WFMathOperand": text(.literal("1"))]),
        ])
        #expect(result == .number(35))
        // A variable operation is read when the action runs.
        let dynamic = try runActions([
            action("gettext", ["WFTextActionText": "×"], uuid: "OP"),
            action("math", ["WFInput": 3, "WFMathOperation": output(of: "OP"), "WFMathOperand": 4]),
        ])
        #expect(dynamic == .number(12))
    }

    @Test func mathOnTextInputThatIsNotANumberFails() {
        let error = runError([action("gettext", ["WFTextActionText": "twelve"]), action("math", ["WFMathOperand": 1])])
        #expect(error?.parameter == "WFInput")
        #expect(error?.actionIdentifier == "is.workflow.actions.math")
    }

    @Test func randomNumberStaysWithinInclusiveBounds() throws {
        var seen = Set<Double>()
        for _ in 0..<200 {
            let value = try #require(
                runActions([action("number.random", ["WFRandomNumberMinimum": 1, "WFRandomNumberMaximum": 3])]).number)
            #expect((1...3).contains(value) && value == value.rounded())
            seen.insert(value)
        }
        #expect(seen == [1, 2, 3])
        let swapped = try #require(
            runActions([action("number.random", ["WFRandomNumberMinimum": 10, "WFRandomNumberMaximum": 10])]).number)
        #expect(swapped == 10)
        let defaults = try #require(runActions([action("number.random")]).number)
        #expect((0...100).contains(defaults))
        #expect(
            runError([action("number.random", ["WFRandomNumberMinimum": 0.2, "WFRandomNumberMaximum": 0.8])])?.parameter
                == "WFRandomNumberMaximum")
    }

    @Test(
        arguments: [
            ("Ones Place", "Normal", 2.5, 3.0), ("Ones Place", "Normal", -2.5, -3), ("Ones Place", "Always Round Up", 2.1, 3),
            ("Ones Place", "Always Round Down", 2.9, 2), ("Tens Place", "Normal", 1234, 1230), ("Hundreds Place", "Normal", 1250, 1300),
            ("Thousands", "Normal", 1499, 1000), ("Ten Thousands", "Always Round Up", 12_000, 20_000),
            ("Hundred Thousands", "Normal", 250_000, 300_000), ("Millions", "Always Round Down", 2_999_999, 2_000_000),
            ("Tenths", "Normal", 3.14159, 3.1), ("Hundredths", "Normal", 1.005, 1.01), ("Thousandths", "Always Round Up", 1.0001, 1.001),
            ("Ten Thousandths", "Normal", 0.12345, 0.1235), ("Hundred Thousandths", "Always Round Down", 0.999999, 0.99999),
            ("Millionths", "Normal", 0.0000015, 0.000002), ("Ten Millionths", "Normal", 1e-7, 1e-7),
            ("Hundred Millionths", "Normal", 1.23456789, 1.23456789), ("Billionths", "Normal", 1.0000000004, 1),
        ] as [(String, String, Double, Double)])
    func roundsToEveryPlace(place: String, mode: String, value: Double, expected: Double) throws {
        let result = try runActions([
            action(
                "round",
                [
                    "WFInput": .plain(.real(value)), "WFRoundTo": .plain(.string(place)), "WFRoundMode": .plain(.string(mode)),
                ])
        ])
        let number = try #require(result.number)
        #expect(abs(number - expected) < 1e-12, "\(value) to \(place) \(mode) gave \(number)")
    }

    @Test func roundsEveryItemOfAListAndToPowersOfTen() throws {
        let result = try runActions([
            action("list", ["WFItems": list(["1.4", "2.6", "-0.5"])]),
            action("round"),
        ])
        #expect(result == .list([.number(1), .number(3), .number(-1)]))
        let power = try runActions([action("round", ["WFInput": 123_456, "WFRoundTo": "10 ^", "TenToThePowerOf": 2])])
        #expect(power == .number(123_500))
    }

    @Test(
        arguments: [
            ("Average", 4.0), ("Minimum", 1), ("Maximum", 9), ("Sum", 24), ("Median", 3.5), ("Range", 8),
            ("Standard Deviation", 2.8284271247461903),
        ] as [(String, Double)])
    func statistics(operation: String, expected: Double) throws {
        let result = try runActions([
            action("list", ["WFItems": list(["3", "1", "4", "1", "9", "6"])]),
            action("statistics", ["WFStatisticsOperation": .plain(.string(operation))]),
        ])
        let value = try #require(result.number)
        #expect(abs(value - expected) < 1e-9, "\(operation) gave \(value)")
    }

    @Test func statisticsModeEmptyAndLegacyInput() throws {
        let modes = try runActions([
            action("list", ["WFItems": list(["2", "5", "2", "5", "7", "not a number"])]),
            action("statistics", ["WFStatisticsOperation": "Mode"]),
        ])
        #expect(modes == .list([.number(2), .number(5)]))
        #expect(try runActions([action("list"), action("statistics")]) == .nothing)
        let legacy = try runActions([
            action("list", ["WFItems": list(["2", "4"])], uuid: "L"),
            action("nothing"),
            action("statistics", ["WFStatisticsOperation": "Sum", "Input": output(of: "L")]),
        ])
        #expect(legacy == .number(6))
    }

    @Test func formatNumberKeepsDecimalPlacesAndGroupsThousands() throws {
        #expect(try runActions([action("format.number", ["WFNumber": 3.14159])]) == .text("3.14"))
        #expect(
            try runActions([action("format.number", ["WFNumber": 1_234_567.891, "WFNumberFormatDecimalPlaces": 1])]) == .text("1,234,567.9")
        )
        #expect(try runActions([action("format.number", ["WFNumber": -999.5, "WFNumberFormatDecimalPlaces": 0])]).text == "-1,000")
        #expect(try runActions([action("format.number", ["WFNumber": 5, "WFNumberFormatDecimalPlaces": 3])]) == .text("5.000"))
        #expect(
            runError([action("format.number", ["WFNumber": 5, "WFNumberFormatDecimalPlaces": -1])])?.parameter
                == "WFNumberFormatDecimalPlaces")
    }

    @Test(
        arguments: [
            ("2*(3+4)^2", 98.0), ("1 + 2 * 3", 7), ("-2^2", -4), ("2^3^2", 512), ("10 / 4", 2.5), ("7 % 3", 1),
            ("3 × 4 ÷ 6", 2), ("√16 + 1", 5), ("2(3+1)", 8), ("2pi", 2 * Double.pi), ("sqrt(2)^2", 2), ("5!", 120),
            ("1.5e3", 1500), ("abs(-3) + floor(2.7) + ceil(0.2)", 6), ("2**10", 1024), ("ln(e)", 1), ("log(100)", 2),
        ] as [(String, Double)])
    func calculateExpression(expression: String, expected: Double) throws {
        let value = try #require(runActions([action("calculateexpression", ["Input": .plain(.string(expression))])]).number)
        #expect(abs(value - expected) < 1e-9, "\(expression) gave \(value)")
    }

    @Test func calculateExpressionErrorsSayWhere() {
        for bad in ["2 +", "(1 + 2", "1 / 0", "2 $ 3", "foo(2)", ""] {
            let error = runError([action("calculateexpression", ["Input": .plain(.string(bad))])])
            #expect(error?.parameter == "Input", "\(bad)")
        }
        #expect(runError([action("calculateexpression", ["Input": "2 $ 3"])])?.message.contains("character 3") == true)
    }

    @Test func detectNumberFindsNumbersInText() throws {
        let result = try runActions([
            action("gettext", ["WFTextActionText": "Buy 3 apples for 2.50, or 1,200 for -4 and .5 more"]),
            action("detect.number"),
        ])
        #expect(result == .list([.number(3), .number(2.5), .number(1200), .number(-4), .number(0.5)]))
        #expect(try runActions([action("gettext", ["WFTextActionText": "none here"]), action("detect.number")]) == .nothing)
    }

    @Test(
        arguments: [
            ("Items", 3.0), ("Characters", 30), ("Words", 5), ("Sentences", 3), ("Lines", 2),
        ] as [(String, Double)])
    func countsEachType(type: String, expected: Double) throws {
        // Items counts the three lines Split Text makes, the last one empty.
        let result = try runActions([
            action("gettext", ["WFTextActionText": "Héllo wörld. Don't panic!\nOK?\n"]),
            type == "Items" ? action("text.split") : action("comment"),
            action("count", ["WFCountType": .plain(.string(type))]),
        ])
        #expect(result == .number(expected), "\(type)")
    }

    @Test func countDefaultsToItemsAndCountsNothingAsZero() throws {
        #expect(try runActions([action("list", ["WFItems": list(["a", "b"])]), action("count")]) == .number(2))
        #expect(try runActions([action("count")]) == .number(0))
        #expect(try runActions([action("gettext", ["WFTextActionText": ""]), action("count", ["WFCountType": "Lines"])]) == .number(0))
    }
}
