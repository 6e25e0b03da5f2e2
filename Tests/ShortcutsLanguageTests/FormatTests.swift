import ShortcutsLanguage
import Testing

/// `format` prints one canonical layout, keeps comments, and is idempotent.
@Suite("Formatting")
struct FormatTests {
    @Test("messy text is laid out canonically, comments and single blank lines kept")
    func canonicalLayout() throws {
        let messy = """
            // top
            @input   text ,url


            x=Text   "a"   // trailing
               If x,is:equals,text:"a"{
            ShowResult   x
                 }Otherwise{
            Comment "no"
            }
            m = Menu "p" {
            Case "A"
            Text "1"
            }
            """
        let expected = """
            // top
            @input text, url

            x = Text "a"
            // trailing
            If x, is: equals, text: "a" {
                ShowResult x
            } Otherwise {
                Comment "no"
            }
            m = Menu "p" {
                Case "A"
                    Text "1"
            }

            """
        #expect(try ShortcutText.format(messy) == expected)
        #expect(try ShortcutText.format(expected) == expected)
    }

    @Test("long lists break one item per line, and stay that way")
    func longValuesBreak() throws {
        let source = "List [\"" + Array(repeating: "a fairly long item", count: 8).joined(separator: "\", \"") + "\"]\n"
        let formatted = try ShortcutText.format(source)
        #expect(formatted.split(separator: "\n").count == 10)
        #expect(try ShortcutText.format(formatted) == formatted)
        #expect(language.compile(formatted).workflow == language.compile(source).workflow)
    }

    @Test("formatting decompiled corpus text changes nothing", .enabled(if: Corpus.isPresent))
    func decompiledIsFormatted() throws {
        for name in Corpus.fileNames.prefix(8) {
            let text = language.decompile(try Corpus.workflow(name))
            #expect(try ShortcutText.format(text) == text, "\(name)")
        }
    }

    @Test("text that doesn't parse is refused with its diagnostics")
    func refusesBrokenText() {
        #expect(throws: LanguageError.self) { try ShortcutText.format("Text \"open") }
    }
}
