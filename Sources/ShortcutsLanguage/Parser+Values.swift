extension Parser {
    /// The names that stand for special variables rather than bound outputs.
    static let specialNames: [String: VariableSyntax.Base] = [
        "ShortcutInput": .special("ExtensionInput"), "CurrentDate": .special("CurrentDate"),
        "Clipboard": .special("Clipboard"), "Ask": .special("Ask"), "DeviceDetails": .special("DeviceDetails"),
        "RepeatItem": .named("Repeat Item"), "RepeatIndex": .named("Repeat Index"),
    ]

    /// Postfix methods on variables; a property with one of these names is written `.property("as")`.
    static let postfixMethods: Set<String> = ["as", "property", "dateFormat", "aggrandizement", "with"]

    /// A value: string, number, Boolean, `none`, list, dictionary, variable or `#tag`.
    mutating func parseValue() throws(Failure) -> ValueSyntax {
        let position = scanner.position
        guard valueDepth < ShortcutText.maximumValueDepth else {
            throw fail("values nest deeper than \(ShortcutText.maximumValueDepth) levels here", at: position)
        }
        valueDepth += 1
        defer { valueDepth -= 1 }
        guard let byte = scanner.current else { throw fail("expected a value, found the end of the file", at: position) }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try parseString(), position: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "["):
            scanner.advance()
            var items: [ValueSyntax] = []
            scanner.skipWhitespaceAndComments()
            while !scanner.consume(UInt8(ascii: "]")) {
                items.append(try parseValue())
                scanner.skipWhitespaceAndComments()
                if scanner.consume(UInt8(ascii: ",")) { scanner.skipWhitespaceAndComments(); continue }
                guard scanner.consume(UInt8(ascii: "]")) else { throw fail("expected ',' or ']' in the list", at: scanner.position) }
                break
            }
            return .list(items, position: position)
        case UInt8(ascii: "{"):
            scanner.advance()
            var entries: [(key: ValueSyntax, value: ValueSyntax)] = []
            scanner.skipWhitespaceAndComments()
            while !scanner.consume(UInt8(ascii: "}")) {
                let key = try parseValue()
                scanner.skipSpaces()
                guard scanner.consume(UInt8(ascii: ":")) else { throw fail("expected ':' after the dictionary key", at: scanner.position) }
                scanner.skipWhitespaceAndComments()
                entries.append((key, try parseValue()))
                scanner.skipWhitespaceAndComments()
                if scanner.consume(UInt8(ascii: ",")) { scanner.skipWhitespaceAndComments(); continue }
                guard scanner.consume(UInt8(ascii: "}")) else { throw fail("expected ',' or '}' in the dictionary", at: scanner.position) }
                break
            }
            return .dictionary(entries, position: position)
        case UInt8(ascii: "#"):
            scanner.advance()
            guard let tag = scanner.identifier() else { throw fail("expected a form name after '#' (such as #text or #raw)", at: position) }
            if tag == "attachment" || tag == "special" {
                let arguments = try parseParenthesized()
                guard let first = arguments.first?.value else { throw fail("#\(tag) needs a value", at: position) }
                var base: VariableSyntax.Base = .raw(first)
                if tag == "special" {
                    guard case .string(let parts, _) = first, case .literal(let type)? = parts.first else {
                        throw fail("#special needs the attachment type as a string, such as #special(\"CurrentApp\")", at: position)
                    }
                    base = .special(type)
                }
                return .variable(try parsePostfixes(VariableSyntax(base: base, postfixes: [], position: position)))
            }
            if scanner.current == UInt8(ascii: "(") {
                return .tagged(tag, try parseParenthesized(), position: position)
            }
            scanner.skipSpaces()
            let argumentPosition = scanner.position
            return .tagged(tag, [Argument(label: nil, value: try parseValue(), position: argumentPosition)], position: position)
        case UInt8(ascii: "$"):
            return .variable(try parseVariable())
        default:
            if scanner.looksAtWord("true") || scanner.looksAtWord("false") {
                let value = scanner.looksAtWord("true")
                _ = scanner.identifier()
                return .boolean(value, position: position)
            }
            if scanner.looksAtWord("none") {
                _ = scanner.identifier()
                return .none(position: position)
            }
            guard Scanner.isIdentifierStart(byte) else {
                throw fail(
                    "expected a value (text in quotes, a number, a variable, a list or a dictionary), found '\(Character(Unicode.Scalar(byte)))'",
                    at: position)
            }
            return .variable(try parseVariable())
        }
    }

    /// `(arguments)` with newlines allowed inside.
    mutating func parseParenthesized() throws(Failure) -> [Argument] {
        let position = scanner.position
        guard scanner.consume(UInt8(ascii: "(")) else { throw fail("expected '('", at: position) }
        var arguments: [Argument] = []
        scanner.skipWhitespaceAndComments()
        while !scanner.consume(UInt8(ascii: ")")) {
            arguments.append(try parseArgument())
            scanner.skipWhitespaceAndComments()
            if scanner.consume(UInt8(ascii: ",")) { scanner.skipWhitespaceAndComments(); continue }
            guard scanner.consume(UInt8(ascii: ")")) else { throw fail("expected ',' or ')'", at: scanner.position) }
            break
        }
        return arguments
    }

    /// A variable: `name`, `$Name`, `$"Any Name"` or a special name, then its postfixes.
    mutating func parseVariable() throws(Failure) -> VariableSyntax {
        let position = scanner.position
        let base: VariableSyntax.Base
        if scanner.consume(UInt8(ascii: "$")) {
            if scanner.current == UInt8(ascii: "\"") {
                base = .named(try plainString(at: position, what: "a variable name"))
            } else if let name = scanner.identifier() {
                base = .named(name)
            } else {
                throw fail("expected a variable name after '$'", at: position)
            }
        } else if scanner.current == UInt8(ascii: "#") {
            guard case .variable(let variable) = try parseValue() else {
                throw fail("expected a variable (#attachment or #special) here", at: position)
            }
            return variable
        } else if let name = scanner.identifier() {
            base = Self.specialNames[name] ?? .output(name)
        } else {
            throw fail("expected a variable", at: position)
        }
        return try parsePostfixes(VariableSyntax(base: base, postfixes: [], position: position))
    }

    /// `.Property`, `."Property Name"`, `["key"]`, `.as(class)`, `.dateFormat(…)`, `.aggrandizement(…)`, `.with(…)`.
    mutating func parsePostfixes(_ variable: VariableSyntax) throws(Failure) -> VariableSyntax {
        var variable = variable
        while true {
            let position = scanner.position
            if scanner.consume(UInt8(ascii: "[")) {
                let key = try plainString(at: position, what: "a dictionary key")
                guard scanner.consume(UInt8(ascii: "]")) else { throw fail("expected ']' after the key", at: scanner.position) }
                variable.postfixes.append(.key(key))
                continue
            }
            guard scanner.current == UInt8(ascii: "."), let next = scanner.peek(1),
                Scanner.isIdentifierStart(next) || next == UInt8(ascii: "\"")
            else { return variable }
            scanner.advance()
            if scanner.current == UInt8(ascii: "\"") {
                variable.postfixes.append(.property(try plainString(at: position, what: "a property name"), userInfo: nil))
                continue
            }
            let name = scanner.identifier() ?? ""
            guard Self.postfixMethods.contains(name), scanner.current == UInt8(ascii: "(") else {
                variable.postfixes.append(.property(name, userInfo: nil))
                continue
            }
            let arguments = try parseParenthesized()
            switch name {
            case "as":
                guard let value = arguments.first?.value else { throw fail("expected a content class in .as(…)", at: position) }
                switch value {
                case .variable(let word) where word.postfixes.isEmpty:
                    if case .output(let className) = word.base { variable.postfixes.append(.coercion(className)); continue }
                case .string(let parts, _):
                    if case .literal(let className)? = parts.first { variable.postfixes.append(.coercion(className)); continue }
                default: break
                }
                throw fail("expected a content class such as number or \"WFNumberContentItem\" in .as(…)", at: position)
            case "property":
                guard case .string(let parts, _)? = arguments.first?.value, case .literal(let property)? = parts.first else {
                    throw fail("expected a property name in quotes in .property(…)", at: position)
                }
                let userInfo = arguments.first { $0.label == "userInfo" }?.value
                variable.postfixes.append(.property(property, userInfo: userInfo))
            case "dateFormat": variable.postfixes.append(.dateFormat(arguments))
            case "aggrandizement":
                guard let value = arguments.first?.value else { throw fail("expected a dictionary in .aggrandizement(…)", at: position) }
                variable.postfixes.append(.raw(value))
            default:
                guard let value = arguments.first?.value else { throw fail("expected a dictionary in .with(…)", at: position) }
                variable.postfixes.append(.with(value))
            }
        }
    }

    /// A string literal without interpolations, as names and keys need.
    mutating func plainString(at position: SourcePosition, what: String) throws(Failure) -> String {
        let parts = try parseString()
        var text = ""
        for part in parts {
            guard case .literal(let literal) = part else { throw fail("\(what) can't contain variables", at: position) }
            text += literal
        }
        return text
    }

    /// `"…"` with escapes (`\n`, `\t`, `\"`, `\\`, `\u{…}`) and interpolations `\(variable)`.
    mutating func parseString() throws(Failure) -> [StringPart] {
        let position = scanner.position
        scanner.advance()
        var parts: [StringPart] = []
        var literal: [UInt8] = []
        func flush() {
            if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
            literal.removeAll(keepingCapacity: true)
        }
        while true {
            guard let byte = scanner.current else { throw fail("this text has no closing '\"'", at: position) }
            if byte == UInt8(ascii: "\"") {
                scanner.advance()
                break
            }
            guard byte == UInt8(ascii: "\\") else {
                literal.append(byte)
                scanner.advance()
                continue
            }
            let escapePosition = scanner.position
            scanner.advance()
            guard let escaped = scanner.current else { continue }
            scanner.advance()
            switch escaped {
            case UInt8(ascii: "n"): literal.append(0x0A)
            case UInt8(ascii: "t"): literal.append(0x09)
            case UInt8(ascii: "r"): literal.append(0x0D)
            case UInt8(ascii: "0"): literal.append(0x00)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): literal.append(escaped)
            case UInt8(ascii: "u"):
                guard scanner.consume(UInt8(ascii: "{")) else { throw fail("expected '{' after \\u", at: escapePosition) }
                let start = scanner.index
                while let digit = scanner.current, digit != UInt8(ascii: "}") { scanner.advance() }
                let hex = scanner.text(start..<scanner.index)
                scanner.advance()
                guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw fail("'\\u{\(hex)}' is not a Unicode scalar", at: escapePosition)
                }
                literal.append(contentsOf: Array(String(Character(scalar)).utf8))
            case UInt8(ascii: "("):
                flush()
                scanner.skipSpaces()
                let variable = try parseVariable()
                scanner.skipSpaces()
                guard scanner.consume(UInt8(ascii: ")")) else {
                    throw fail("expected ')' to end the variable in the text", at: scanner.position)
                }
                parts.append(.interpolation(variable))
            default:
                throw fail(
                    "unknown escape '\\\(Character(Unicode.Scalar(escaped)))' in text (use \\\\ for a backslash)", at: escapePosition)
            }
        }
        flush()
        return parts
    }

    /// An integer (decimal or `0x` hex) or a real (with `.` or an exponent).
    mutating func parseNumber() throws(Failure) -> ValueSyntax {
        let position = scanner.position
        let start = scanner.index
        _ = scanner.consume(UInt8(ascii: "-"))
        if scanner.looksAt("0x") {
            scanner.advance()
            scanner.advance()
            let digitsStart = scanner.index
            while let byte = scanner.current, byte.isHexDigit { scanner.advance() }
            let text = scanner.text(start..<scanner.index)
            let negative = text.hasPrefix("-")
            guard let magnitude = UInt64(scanner.text(digitsStart..<scanner.index), radix: 16) else {
                throw fail("'\(text)' is not a number", at: position)
            }
            let value = Int64(bitPattern: magnitude)
            return .integer(negative ? -value : value, text: text, position: position)
        }
        var isReal = false
        while let byte = scanner.current {
            if Scanner.isDigit(byte) {
                scanner.advance()
            } else if byte == UInt8(ascii: "."), let next = scanner.peek(1), Scanner.isDigit(next) {
                isReal = true
                scanner.advance()
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                isReal = true
                scanner.advance()
                if scanner.current == UInt8(ascii: "-") || scanner.current == UInt8(ascii: "+") { scanner.advance() }
            } else {
                break
            }
        }
        let text = scanner.text(start..<scanner.index)
        if !isReal, let integer = Int64(text) { return .integer(integer, text: text, position: position) }
        guard let real = Double(text) else { throw fail("'\(text)' is not a number", at: position) }
        return .real(real, text: text, position: position)
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        Scanner.isDigit(self) || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
    }
}
