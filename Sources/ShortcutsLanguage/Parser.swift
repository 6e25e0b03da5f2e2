/// Parses shortcut text into a ``SourceFile``, reporting problems as diagnostics and going on
/// with the next line after each one, so one run shows every problem.
struct Parser {
    var scanner: Scanner
    var log: DiagnosticLog

    /// Thrown inside a statement to abandon it; the diagnostic is already logged.
    struct Failure: Error {}

    /// Where a list of statements stops.
    private enum Terminator { case endOfFile, closingBrace, menuCase }

    /// How many blocks and values the parser is inside, held to ``ShortcutText``'s maximums so
    /// no input nests the parser's recursion deeper than they allow.
    private var blockDepth = 0
    var valueDepth = 0

    init(_ text: String, path: String?) {
        scanner = Scanner(text)
        log = DiagnosticLog(path: path)
    }

    static let blockKeywords: [String: BlockStatement.Kind] = [
        "If": .ifBlock, "Repeat": .repeatCount, "RepeatEach": .repeatEach, "Menu": .menu,
    ]

    mutating func parseFile() -> SourceFile {
        var statements: [Statement] = []
        parseStatements(into: &statements, until: .endOfFile)
        while !scanner.isAtEnd {
            // A stray `}` at the top level.
            log.error("unexpected '}': no block is open here", at: scanner.position)
            scanner.skipLine()
            parseStatements(into: &statements, until: .endOfFile)
        }
        return SourceFile(statements: statements)
    }

    /// Parses statements until end of file, a `}` or (in menus) a `Case` line, which it leaves unread.
    private mutating func parseStatements(into statements: inout [Statement], until terminator: Terminator) {
        var lastWasBlank = true
        while true {
            scanner.skipSpaces()
            guard let byte = scanner.current else { return }
            if byte == UInt8(ascii: "\n") {
                scanner.advance()
                if !lastWasBlank { statements.append(.blank) }
                lastWasBlank = true
                continue
            }
            lastWasBlank = false
            if byte == UInt8(ascii: "}") { return }
            if terminator == .menuCase, scanner.looksAtWord("Case") { return }
            if scanner.looksAt("//") {
                let start = scanner.index + 2
                while let next = scanner.current, next != UInt8(ascii: "\n") { scanner.advance() }
                var text = scanner.text(start..<scanner.index)
                if text.hasPrefix(" ") { text.removeFirst() }
                while text.hasSuffix(" ") || text.hasSuffix("\r") { text.removeLast() }
                statements.append(.comment(text))
                scanner.advance()
                continue
            }
            do {
                statements.append(try parseStatement())
                if let comment = endLine() { statements.append(.comment(comment)) }
            } catch {
                scanner.skipLine()
            }
        }
    }

    /// Expects the end of a line; returns a comment that ends it (the formatter puts it on its own line).
    @discardableResult
    private mutating func endLine() -> String? {
        scanner.skipSpaces()
        var comment: String?
        if scanner.looksAt("//") {
            let start = scanner.index + 2
            while let next = scanner.current, next != UInt8(ascii: "\n") { scanner.advance() }
            comment = String(scanner.text(start..<scanner.index).drop { $0 == " " })
            while comment?.hasSuffix(" ") == true || comment?.hasSuffix("\r") == true { comment?.removeLast() }
        }
        guard let byte = scanner.current else { return comment }
        if byte == UInt8(ascii: "\n") {
            scanner.advance()
        } else if byte != UInt8(ascii: "}") {
            log.error(
                "expected the end of the line, found '\(Character(Unicode.Scalar(byte)))'; separate arguments with commas",
                at: scanner.position)
            scanner.skipLine()
        }
        return comment
    }

    private mutating func parseStatement() throws(Failure) -> Statement {
        let position = scanner.position
        if scanner.consume(UInt8(ascii: "@")) {
            guard let name = scanner.identifier() else { throw fail("expected a setting name after '@'", at: position) }
            scanner.skipSpaces()
            let arguments = try parseArguments(allowsBlock: false)
            return .directive(Directive(name: name, arguments: arguments, position: position))
        }
        var binding: Binding?
        let save = scanner
        if let name = scanner.identifier() {
            scanner.skipSpaces()
            if scanner.current == UInt8(ascii: "="), scanner.peek(1) != UInt8(ascii: "=") {
                scanner.advance()
                scanner.skipSpaces()
                binding = Binding(name: name == "_" ? nil : name, outputName: nil, position: position)
            } else {
                scanner = save
            }
        }
        let headPosition = scanner.position
        let (name, isRaw) = try parseActionName()
        scanner.skipSpaces()
        if !isRaw, let kind = Self.blockKeywords[name] {
            return .block(try parseBlock(kind, binding: binding, position: headPosition))
        }
        if !isRaw, ["Otherwise", "Case"].contains(name) {
            throw fail("'\(name)' is only allowed inside \(name == "Case" ? "a Menu" : "an If"), after its '}'", at: headPosition)
        }
        let arguments = try parseArguments(allowsBlock: false)
        binding?.outputName = try parseOutputName()
        return .action(ActionStatement(binding: binding, name: name, isRawName: isRaw, arguments: arguments, position: headPosition))
    }

    /// `as "Name"` after the arguments of a bound statement.
    private mutating func parseOutputName() throws(Failure) -> String? {
        scanner.skipSpaces()
        guard scanner.looksAtWord("as") else { return nil }
        let position = scanner.position
        scanner.advance()
        scanner.advance()
        scanner.skipSpaces()
        guard case .string(let parts, _) = try parseValue(), parts.count <= 1 else {
            throw fail("expected the output's name as a string after 'as'", at: position)
        }
        if case .literal(let text)? = parts.first { return text }
        return ""
    }

    /// An action's name: `Friendly`, `raw.dotted.identifier` or `` `anything` ``.
    private mutating func parseActionName() throws(Failure) -> (String, isRaw: Bool) {
        let position = scanner.position
        if scanner.consume(UInt8(ascii: "`")) {
            return (try backtickName(from: position), true)
        }
        guard var name = scanner.identifier() else {
            throw fail("expected an action name", at: position)
        }
        var isRaw = false
        while scanner.current == UInt8(ascii: "."), let next = scanner.peek(1), Scanner.isIdentifierByte(next) || next == UInt8(ascii: "-")
        {
            scanner.advance()
            let start = scanner.index
            while let byte = scanner.current, Scanner.isIdentifierByte(byte) || byte == UInt8(ascii: "-") { scanner.advance() }
            name += "." + scanner.text(start..<scanner.index)
            isRaw = true
        }
        return (name, isRaw)
    }

    mutating func backtickName(from position: SourcePosition) throws(Failure) -> String {
        let start = scanner.index
        while let byte = scanner.current, byte != UInt8(ascii: "`"), byte != UInt8(ascii: "\n") { scanner.advance() }
        guard scanner.consume(UInt8(ascii: "`")) else { throw fail("expected a closing '`'", at: position) }
        return scanner.text(start..<(scanner.index - 1))
    }

    private mutating func parseBlock(_ kind: BlockStatement.Kind, binding: Binding?, position: SourcePosition) throws(Failure)
        -> BlockStatement
    {
        guard blockDepth < ShortcutText.maximumBlockDepth else {
            throw fail("blocks nest deeper than \(ShortcutText.maximumBlockDepth) levels here", at: position)
        }
        blockDepth += 1
        defer { blockDepth -= 1 }
        var binding = binding
        let arguments = try parseArguments(allowsBlock: true)
        binding?.outputName = try parseOutputName()
        scanner.skipSpaces()
        guard scanner.consume(UInt8(ascii: "{")) else {
            throw fail("expected '{' to open the \(kind.rawValue) block", at: scanner.position)
        }
        var block = BlockStatement(
            kind: kind, binding: binding, arguments: arguments, body: [], otherwise: nil, cases: [], position: position)
        if kind == .menu {
            parseStatements(into: &block.body, until: .menuCase)
            while scanner.looksAtWord("Case") {
                let casePosition = scanner.position
                for _ in 0..<4 { scanner.advance() }
                scanner.skipSpaces()
                var menuCase = MenuCase(arguments: [], body: [], position: casePosition)
                do {
                    menuCase.arguments = try parseArguments(allowsBlock: false)
                    if let comment = endLine() { menuCase.body.append(.comment(comment)) }
                } catch {
                    scanner.skipLine()
                }
                parseStatements(into: &menuCase.body, until: .menuCase)
                block.cases.append(menuCase)
            }
        } else {
            parseStatements(into: &block.body, until: .closingBrace)
        }
        try closeBlock(&block)
        return block
    }

    /// Reads the `}` that ends a block and, for an If, what follows it on the line.
    private mutating func closeBlock(_ block: inout BlockStatement) throws(Failure) {
        guard scanner.current == UInt8(ascii: "}") else {
            throw fail("this \(block.kind.rawValue) is never closed: expected '}' before the end of the file", at: block.position)
        }
        block.endPosition = scanner.position
        scanner.advance()
        scanner.skipSpaces()
        guard block.kind == .ifBlock, scanner.looksAtWord("Otherwise") else { return }
        let position = scanner.position
        for _ in 0..<9 { scanner.advance() }
        scanner.skipSpaces()
        if scanner.looksAtWord("If") {
            let ifPosition = scanner.position
            scanner.advance()
            scanner.advance()
            scanner.skipSpaces()
            block.otherwise = .elseIf(try parseBlock(.ifBlock, binding: nil, position: ifPosition))
            return
        }
        guard scanner.consume(UInt8(ascii: "{")) else {
            throw fail("expected '{' or 'If' after 'Otherwise'", at: scanner.position)
        }
        var body: [Statement] = []
        parseStatements(into: &body, until: .closingBrace)
        guard scanner.consume(UInt8(ascii: "}")) else {
            throw fail("expected '}' to close the Otherwise started at line \(position.line)", at: scanner.position)
        }
        block.otherwise = .body(body, position: position)
    }

    /// Comma-separated arguments up to the end of the line (or a block's `{`, or `as`).
    mutating func parseArguments(allowsBlock: Bool) throws(Failure) -> [Argument] {
        var arguments: [Argument] = []
        while true {
            scanner.skipSpaces()
            if scanner.isAtLineEnd() || scanner.current == UInt8(ascii: "}") || scanner.looksAtWord("as") { return arguments }
            if allowsBlock, scanner.current == UInt8(ascii: "{"), isBlockOpener() { return arguments }
            arguments.append(try parseArgument())
            scanner.skipSpaces()
            guard scanner.consume(UInt8(ascii: ",")) else { return arguments }
            scanner.skipWhitespaceAndComments()
        }
    }

    /// Whether the `{` here opens a block: it is the last thing on its line.
    private func isBlockOpener() -> Bool {
        var copy = scanner
        copy.advance()
        return copy.isAtLineEnd()
    }

    /// `label: value` or `value`; labels are identifiers, `` `raw keys` `` or `#extra`.
    mutating func parseArgument() throws(Failure) -> Argument {
        let position = scanner.position
        let save = scanner
        var label: String?
        var isRawLabel = false
        if scanner.consume(UInt8(ascii: "`")) {
            label = try backtickName(from: position)
            isRawLabel = true
        } else if scanner.looksAt("#extra") {
            for _ in 0..<6 { scanner.advance() }
            label = "#extra"
        } else {
            label = scanner.identifier()
        }
        if label != nil {
            scanner.skipSpaces()
            if scanner.current == UInt8(ascii: ":") {
                scanner.advance()
                scanner.skipWhitespaceAndComments()
            } else {
                scanner = save
                label = nil
                isRawLabel = false
            }
        }
        return Argument(label: label, value: try parseValue(), position: position, isRawLabel: isRawLabel)
    }

    mutating func fail(_ message: String, at position: SourcePosition) -> Failure {
        log.error(message, at: position)
        return Failure()
    }
}
