import Foundation

/// Evaluates arithmetic text such as `2*(3+4)^2` or `√16 + sin(pi/2)`, as Calculate Expression does.
///
/// A recursive-descent parser over the characters: `+ - * / × ÷ % ^ **`, unary signs, `!`,
/// parentheses, implicit multiplication (`2(3+1)`, `2pi`), the constants `pi`, `π` and `e`,
/// and the functions `sqrt √ cbrt ∛ sin cos tan asin acos atan ln log abs exp floor ceil round`.
/// Angles are in radians.
///
/// ```swift
/// try ArithmeticExpression.evaluate("2*(3+4)^2")   // 98
/// ```
struct ArithmeticExpression {
    /// Why an expression can't be evaluated, with the 1-based character position when it helps.
    struct Failure: Error, Equatable {
        var message: String
    }

    private let characters: [Character]
    private var position = 0

    private init(_ text: String) {
        characters = Array(text)
    }

    /// The value of an expression.
    ///
    /// - Throws: ``Failure`` saying what was expected where.
    static func evaluate(_ text: String) throws(Failure) -> Double {
        var parser = ArithmeticExpression(text)
        parser.skipSpace()
        guard !parser.atEnd else { throw Failure(message: "the expression is empty") }
        let value = try parser.sum()
        parser.skipSpace()
        guard parser.atEnd else { throw parser.unexpected("an operator") }
        return value
    }

    private var atEnd: Bool { position >= characters.count }
    private var current: Character? { atEnd ? nil : characters[position] }

    private mutating func skipSpace() {
        while let character = current, character.isWhitespace { position += 1 }
    }

    /// Consumes the next non-space character when it is one of `options`.
    private mutating func take(_ options: Set<Character>) -> Character? {
        skipSpace()
        guard let character = current, options.contains(character) else { return nil }
        position += 1
        return character
    }

    private func unexpected(_ expected: String) -> Failure {
        guard let character = current else { return Failure(message: "expected \(expected) at the end") }
        return Failure(message: "expected \(expected) at character \(position + 1), found \"\(character)\"")
    }

    // sum := product (('+' | '-') product)*
    private mutating func sum() throws(Failure) -> Double {
        var value = try product()
        while let symbol = take(["+", "-", "−"]) {
            let right = try product()
            value = symbol == "+" ? value + right : value - right
        }
        return value
    }

    // product := signed (('*' | '/' | '×' | '÷' | '%') signed | implicit signed)*
    private mutating func product() throws(Failure) -> Double {
        var value = try signed()
        while true {
            skipSpace()
            if current == "*", position + 1 < characters.count, characters[position + 1] == "*" { return value }
            if let symbol = take(["*", "/", "×", "÷", "%"]) {
                let right = try signed()
                switch symbol {
                case "*", "×": value *= right
                case "%":
                    guard right != 0 else { throw Failure(message: "can't take a number modulo zero") }
                    value = value.truncatingRemainder(dividingBy: right)
                default:
                    guard right != 0 else { throw Failure(message: "can't divide by zero") }
                    value /= right
                }
            } else if let next = current, next == "(" || next.isLetter || next == "π" || next == "√" || next == "∛" {
                value *= try signed()
            } else {
                return value
            }
        }
    }

    // signed := ('+' | '-') signed | power
    private mutating func signed() throws(Failure) -> Double {
        if let symbol = take(["+", "-", "−"]) {
            let value = try signed()
            return symbol == "+" ? value : -value
        }
        return try power()
    }

    // power := factorial (('^' | '**') signed)?   — right-associative, so 2^3^2 is 2^9
    private mutating func power() throws(Failure) -> Double {
        let base = try factorial()
        skipSpace()
        if take(["^"]) != nil {
            return Foundation.pow(base, try signed())
        }
        if current == "*", position + 1 < characters.count, characters[position + 1] == "*" {
            position += 2
            return Foundation.pow(base, try signed())
        }
        return base
    }

    // factorial := primary '!'*
    private mutating func factorial() throws(Failure) -> Double {
        var value = try primary()
        while take(["!"]) != nil {
            guard value >= 0, value == value.rounded(), value <= 170 else {
                throw Failure(message: "factorial needs a whole number from 0 to 170, got \(value)")
            }
            value = (1...max(1, Int(value))).reduce(1.0) { $0 * Double($1) }
        }
        return value
    }

    private mutating func primary() throws(Failure) -> Double {
        skipSpace()
        guard let character = current else { throw unexpected("a number") }
        if character == "(" {
            position += 1
            let value = try sum()
            guard take([")"]) != nil else { throw unexpected("\")\"") }
            return value
        }
        if character.isNumber || character == "." { return try number() }
        if character == "π" {
            position += 1
            return Double.pi
        }
        if character == "√" || character == "∛" {
            position += 1
            let operand = try power()
            return try apply(character == "√" ? "sqrt" : "cbrt", operand)
        }
        if character.isLetter {
            var name = ""
            while let letter = current, letter.isLetter { name.append(letter); position += 1 }
            switch name.lowercased() {
            case "pi": return Double.pi
            case "e": return M_E
            default:
                guard take(["("]) != nil else {
                    throw Failure(message: "unknown name \"\(name)\"; functions need parentheses, e.g. \(name)(2)")
                }
                let argument = try sum()
                guard take([")"]) != nil else { throw unexpected("\")\"") }
                return try apply(name.lowercased(), argument)
            }
        }
        throw unexpected("a number")
    }

    private mutating func number() throws(Failure) -> Double {
        let start = position
        while let digit = current, digit.isASCII && (digit.isNumber || digit == ".") { position += 1 }
        // An exponent only when digits follow, so `2e` stays 2 × e.
        if let marker = current, marker == "e" || marker == "E" {
            var end = position + 1
            if end < characters.count, characters[end] == "+" || characters[end] == "-" { end += 1 }
            if end < characters.count, characters[end].isASCII, characters[end].isNumber {
                position = end
                while let digit = current, digit.isASCII && digit.isNumber { position += 1 }
            }
        }
        let text = String(characters[start..<position])
        guard let value = Double(text) else {
            throw Failure(message: "\"\(text)\" at character \(start + 1) is not a number")
        }
        return value
    }

    private func apply(_ function: String, _ x: Double) throws(Failure) -> Double {
        switch function {
        case "sqrt":
            guard x >= 0 else { throw Failure(message: "can't take the square root of a negative number") }
            return x.squareRoot()
        case "cbrt": return Foundation.cbrt(x)
        case "sin": return Foundation.sin(x)
        case "cos": return Foundation.cos(x)
        case "tan": return Foundation.tan(x)
        case "asin": return Foundation.asin(x)
        case "acos": return Foundation.acos(x)
        case "atan": return Foundation.atan(x)
        case "ln", "log":
            guard x > 0 else { throw Failure(message: "can't take the logarithm of a number that isn't above zero") }
            return function == "ln" ? Foundation.log(x) : Foundation.log10(x)
        case "abs": return Swift.abs(x)
        case "exp": return Foundation.exp(x)
        case "floor": return x.rounded(.down)
        case "ceil": return x.rounded(.up)
        case "round": return x.rounded(.toNearestOrAwayFromZero)
        default: throw Failure(message: "unknown function \"\(function)\"")
        }
    }
}
