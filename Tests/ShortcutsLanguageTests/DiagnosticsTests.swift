import ShortcutsLanguage
import Testing

/// Diagnostics checked against marked source: a comment line `// ^ error: message` under a line
/// expects that diagnostic at the caret's column of the line above. The markers are ordinary
/// comments, so the marked text is itself the input.
@Suite("Diagnostics at marked places")
struct DiagnosticsTests {
    struct Expectation: Hashable, CustomStringConvertible {
        var line: Int
        var column: Int
        var severity: String
        var message: String
        var description: String { "\(line):\(column): \(severity): \(message)" }
    }

    /// The expectations marked in a source text; digits right before the caret give the column
    /// instead (`// 1^ error: …` marks column 1, which a caret under `//` can't reach).
    static func expectations(in source: String) -> [Expectation] {
        var expectations: [Expectation] = []
        var lastCodeLine = 0
        for (offset, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("//"), let caret = line.firstIndex(of: "^") else {
                lastCodeLine = offset + 1
                continue
            }
            let rest = line[line.index(after: caret)...].drop { $0 == " " }
            guard let colon = rest.firstIndex(of: ":") else { continue }
            let digits = line[..<caret].reversed().prefix { $0.isNumber }
            let column = Int(String(digits.reversed())) ?? line.distance(from: line.startIndex, to: caret) + 1
            expectations.append(
                Expectation(
                    line: lastCodeLine, column: column,
                    severity: String(rest[..<colon]), message: String(rest[rest.index(after: colon)...].drop { $0 == " " })))
        }
        return expectations
    }

    func check(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let diagnostics = language.check(source, path: "test.sct")
        let found = Set(
            diagnostics.map {
                Expectation(line: $0.position.line, column: $0.position.column, severity: $0.severity.rawValue, message: $0.message)
            })
        let expected = Set(Self.expectations(in: source))
        #expect(!expected.isEmpty, "the test marks no expectations", sourceLocation: sourceLocation)
        for missing in expected.subtracting(found).sorted(by: { $0.line < $1.line }) {
            Issue.record("expected \(missing); found \(diagnostics.map(\.description))", sourceLocation: sourceLocation)
        }
        for unexpected in found.subtracting(expected) {
            Issue.record("unexpected \(unexpected)", sourceLocation: sourceLocation)
        }
        for diagnostic in diagnostics { #expect(diagnostic.description.hasPrefix("test.sct:\(diagnostic.position.line):")) }
    }

    @Test("an unknown action names the closest one")
    func unknownAction() {
        check(
            """
            ChangeCas "hello"
            // 1^ error: unknown action 'ChangeCas'; did you mean 'ChangeCase'? (write an action by its identifier, e.g. is.workflow.actions.gettext, to use one not in the catalog)
            """)
    }

    @Test("an unknown parameter names the closest one")
    func unknownParameter() {
        check(
            """
            ChangeCase "hello", cas: "UPPERCASE"
            //                  ^ error: unknown parameter 'cas' of ChangeCase; did you mean 'case'?
            """)
    }

    @Test("a value of the wrong type says what the parameter takes")
    func wrongType() {
        check(
            """
            Repeat "many" {
            //     ^ error: 'count' takes a number, found text
                Comment "again"
            }
            """)
    }

    @Test("an unclosed block names where it started")
    func unbalancedBlocks() {
        check(
            """
            If ShortcutInput, is: hasAnyValue {
            // 1^ error: this If is never closed: expected '}' before the end of the file
                Text "yes"
            """)
    }

    @Test("a stray closing brace")
    func strayBrace() {
        check(
            """
            Text "hi"
            }
            // 1^ error: unexpected '}': no block is open here
            """)
    }

    @Test("a magic variable used before it is bound, and a misspelt one")
    func namesBeforeBinding() {
        check(
            """
            ShowResult later
            //         ^ error: 'later' is used before it is bound (at line 3); a magic variable can only refer to an earlier action
            later = Text "hi"
            ShowResult latr
            //         ^ error: unknown variable 'latr': no action's output is bound to that name; did you mean 'later'? (named variables are written $latr)
            """)
    }

    @Test("actions no catalog knows are warnings when written by identifier")
    func unknownRawIdentifier() {
        check(
            """
            com.apple.mobiletimer-framework.MTCreateAlarmIntent label: "Wake up"
            // 1^ warning: 'com.apple.mobiletimer-framework.MTCreateAlarmIntent' is not in any action catalog here; it is kept as written but can't run on this machine
            """)
    }

    @Test("an enumeration value that isn't a choice suggests one")
    func unknownChoice() {
        check(
            """
            ChangeCase "hello", case: "UPERCASE"
            //                        ^ warning: "UPERCASE" is not one of the choices of 'case'; did you mean "UPPERCASE"?
            """)
    }

    @Test(
        "malformed text gives diagnostics, never a crash",
        arguments: [
            "Text \"unterminated", "#", "x = ", "Text \"\\u{zzz}\"", "If {", "}}}", "Menu \"m\" {\nCase\n}", "@", "@color \"red\"",
            "Text [1, 2", "Text {\"a\" 1}", "`unclosed", "Text \"\\(\"", "x = = Text", "Text #raw #date(\"x\")", "\u{0}",
        ])
    func malformedText(_ source: String) {
        let diagnostics = language.check(source)
        let hasError = diagnostics.contains { $0.isError }
        #expect(hasError, "\(source.debugDescription) gave no error")
    }
}
