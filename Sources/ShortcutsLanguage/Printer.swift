/// Prints a ``SourceFile`` in the one canonical layout: four-space indents, one statement per
/// line, `, ` between arguments, and lists or dictionaries broken one item per line when a
/// line would pass ``lineWidth``. `format` and `decompile` both print through it, so decompiled
/// text is already formatted and formatting is idempotent.
struct Printer {
    static let lineWidth = 100
    static let indentUnit = "    "

    private(set) var output = ""

    mutating func print(_ file: SourceFile) {
        print(file.statements, indent: 0)
        while output.hasSuffix("\n\n") { output.removeLast() }
    }

    private mutating func print(_ statements: [Statement], indent: Int) {
        var pendingBlank = false
        var isFirst = true
        for statement in statements {
            if case .blank = statement {
                pendingBlank = !isFirst
                continue
            }
            if pendingBlank { output += "\n" }
            pendingBlank = false
            isFirst = false
            print(statement, indent: indent)
        }
    }

    private mutating func print(_ statement: Statement, indent: Int) {
        let pad = String(repeating: Self.indentUnit, count: indent)
        switch statement {
        case .blank: break
        case .comment(let text): output += pad + (text.isEmpty ? "//" : "// " + text) + "\n"
        case .directive(let directive):
            let arguments = Self.arguments(directive.arguments, indent: indent)
            output += pad + "@" + directive.name + (arguments.isEmpty ? "" : " " + arguments) + "\n"
        case .action(let action):
            output += pad + Self.binding(action.binding) + Self.actionName(action.name, isRaw: action.isRawName)
            let arguments = Self.arguments(action.arguments, indent: indent)
            output += (arguments.isEmpty ? "" : " " + arguments) + Self.outputName(action.binding) + "\n"
        case .block(let block):
            output += pad + Self.binding(block.binding)
            printBlock(block, indent: indent)
            output += "\n"
        }
    }

    /// Prints a block from its keyword to its closing brace (without the final newline).
    private mutating func printBlock(_ block: BlockStatement, indent: Int) {
        let pad = String(repeating: Self.indentUnit, count: indent)
        let arguments = Self.arguments(block.arguments, indent: indent)
        output += block.kind.rawValue + (arguments.isEmpty ? "" : " " + arguments) + Self.outputName(block.binding) + " {\n"
        print(block.body, indent: indent + 1)
        for menuCase in block.cases {
            let caseArguments = Self.arguments(menuCase.arguments, indent: indent + 1)
            output += pad + Self.indentUnit + "Case" + (caseArguments.isEmpty ? "" : " " + caseArguments) + "\n"
            print(menuCase.body, indent: indent + 2)
        }
        output += pad + "}"
        switch block.otherwise {
        case .body(let body, _)?:
            output += " Otherwise {\n"
            print(body, indent: indent + 1)
            output += pad + "}"
        case .elseIf(let inner)?:
            output += " Otherwise "
            printBlock(inner, indent: indent)
        case nil: break
        }
    }

    private static func binding(_ binding: Binding?) -> String {
        guard let binding else { return "" }
        return (binding.name ?? "_") + " = "
    }

    private static func outputName(_ binding: Binding?) -> String {
        guard let name = binding?.outputName else { return "" }
        return " as " + quoted([.literal(name)])
    }

    static func actionName(_ name: String, isRaw: Bool) -> String {
        guard isRaw else { return name }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        let isDotted =
            segments.count > 1 && isIdentifier(segments[0])
            && segments.dropFirst().allSatisfy {
                !$0.isEmpty && $0.utf8.allSatisfy { Scanner.isIdentifierByte($0) || $0 == UInt8(ascii: "-") }
            }
        return isDotted ? name : "`" + name + "`"
    }

    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, Scanner.isIdentifierStart(first) else { return false }
        return text.utf8.allSatisfy(Scanner.isIdentifierByte)
    }

    static func isIdentifier(_ text: String) -> Bool { isIdentifier(Substring(text)) }

    static func arguments(_ arguments: [Argument], indent: Int) -> String {
        arguments.map { argument in
            var label = ""
            if let name = argument.label {
                let needsTicks = argument.isRawLabel || (!isIdentifier(name) && name != "#extra") || name == "as"
                label = (needsTicks ? "`" + name + "`" : name) + ": "
            }
            return label + value(argument.value, indent: indent)
        }.joined(separator: ", ")
    }

    // MARK: Values

    static func value(_ value: ValueSyntax, indent: Int) -> String {
        let inline = self.inline(value)
        guard inline.utf8.count > lineWidth - indent * 4 else { return inline }
        let pad = String(repeating: indentUnit, count: indent)
        let inner = pad + indentUnit
        switch value {
        case .list(let items, _) where !items.isEmpty:
            return "[\n" + items.map { inner + self.value($0, indent: indent + 1) + ",\n" }.joined() + pad + "]"
        case .dictionary(let entries, _) where !entries.isEmpty:
            return "{\n"
                + entries.map { inner + self.value($0.key, indent: indent + 1) + ": " + self.value($0.value, indent: indent + 1) + ",\n" }
                .joined()
                + pad + "}"
        case .tagged(let tag, let arguments, _):
            if arguments.count == 1, arguments[0].label == nil { return "#" + tag + " " + self.value(arguments[0].value, indent: indent) }
            return "#" + tag + "(" + self.arguments(arguments, indent: indent) + ")"
        default: return inline
        }
    }

    static func inline(_ value: ValueSyntax) -> String {
        switch value {
        case .string(let parts, _): return quoted(parts)
        case .integer(_, let text, _), .real(_, let text, _): return text
        case .boolean(let flag, _): return flag ? "true" : "false"
        case .none: return "none"
        case .variable(let variable): return self.variable(variable)
        case .list(let items, _): return "[" + items.map(inline).joined(separator: ", ") + "]"
        case .dictionary(let entries, _):
            return "{" + entries.map { inline($0.key) + ": " + inline($0.value) }.joined(separator: ", ") + "}"
        case .tagged(let tag, let arguments, _):
            if arguments.count == 1, arguments[0].label == nil { return "#" + tag + " " + inline(arguments[0].value) }
            return "#" + tag + "(" + self.arguments(arguments, indent: 1_000) + ")"
        }
    }

    static func variable(_ variable: VariableSyntax) -> String {
        var text: String
        switch variable.base {
        case .output(let name): text = name
        case .named(let name):
            if let special = Parser.specialNames.first(where: { if case .named(name) = $0.value { true } else { false } }) {
                text = special.key
            } else {
                text = "$" + (isIdentifier(name) ? name : quoted([.literal(name)]))
            }
        case .special(let type):
            text =
                Parser.specialNames.first { if case .special(type) = $0.value { true } else { false } }?.key
                ?? "#special(" + quoted([.literal(type)]) + ")"
        case .raw(let syntax): text = "#attachment(" + inline(syntax) + ")"
        }
        for postfix in variable.postfixes {
            switch postfix {
            case .property(let name, nil):
                text += isIdentifier(name) && !Parser.postfixMethods.contains(name) ? "." + name : "." + quoted([.literal(name)])
            case .property(let name, let userInfo?):
                text += ".property(" + quoted([.literal(name)]) + ", userInfo: " + inline(userInfo) + ")"
            case .key(let key): text += "[" + quoted([.literal(key)]) + "]"
            case .coercion(let name): text += ".as(" + (isIdentifier(name) ? name : quoted([.literal(name)])) + ")"
            case .dateFormat(let arguments): text += ".dateFormat(" + self.arguments(arguments, indent: 1_000) + ")"
            case .raw(let syntax): text += ".aggrandizement(" + inline(syntax) + ")"
            case .with(let syntax): text += ".with(" + inline(syntax) + ")"
            }
        }
        return text
    }

    /// A string literal with escapes and `\(…)` interpolations.
    static func quoted(_ parts: [StringPart]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for part in parts {
            switch part {
            case .interpolation(let variable):
                bytes += Array("\\(".utf8) + Array(self.variable(variable).utf8) + [UInt8(ascii: ")")]
            case .literal(let literal): appendEscaped(literal, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends text with `"`, `\`, control characters and line/paragraph separators escaped.
    private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = Array(text.utf8)
        bytes.reserveCapacity(bytes.count + utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\\"): bytes += [byte, byte]
            case 0x0A: bytes += Array("\\n".utf8)
            case 0x09: bytes += Array("\\t".utf8)
            case 0x0D: bytes += Array("\\r".utf8)
            case 0x00: bytes += Array("\\0".utf8)
            case 0x01..<0x20, 0x7F: bytes += Array("\\u{\(String(byte, radix: 16, uppercase: true))}".utf8)
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                bytes += Array((utf8[index + 2] == 0xA8 ? "\\u{2028}" : "\\u{2029}").utf8)
                index += 2
            default: bytes.append(byte)
            }
            index += 1
        }
    }
}
