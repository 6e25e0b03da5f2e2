import Foundation
import ShortcutsTestSupport
import Testing

/// The PDF actions through the built `shortcuts`, on PDFs written here by hand (text in
/// Helvetica on each page) and on what the actions make, checked with poppler-utils'
/// `pdfinfo`, `pdftotext` and `pdftoppm` and with qpdf, tools apart from the libraries used.
@Suite(.serialized) struct PDFActionsTests {
    let runner: CommandRunner
    /// Two US Letter pages: "First page words" and "Second page words".
    let twoPages: String

    init() throws {
        let runner = try CommandRunner()
        self.runner = runner
        twoPages = try runner.write(TestPDF.pages(["First page words", "Second page words"]), to: "words.pdf")
    }

    func run(_ source: String, _ input: [String], output: String? = nil) throws -> CommandResult {
        let file = try runner.write(Data("@input pdf, image\n\(source)\n".utf8), to: "shortcut-\(UUID().uuidString).sct")
        return try runner.run(["run", file] + (output.map { ["-o", $0] } ?? []) + input.flatMap { ["-i", $0] })
    }

    func text(_ source: String, _ input: String...) throws -> String {
        let result = try run(source, input)
        #expect(result.status == 0, "\(source): \(result.error)")
        return result.output.trimmingCharacters(in: .newlines)
    }

    func tool(_ name: String, _ arguments: [String]) throws -> String {
        let result = try ProcessRun.run("/usr/bin/" + name, arguments)
        #expect(result.status == 0, "\(name): \(result.error)")
        return result.output
    }

    /// A field of `pdfinfo`'s report.
    func info(_ path: String, _ field: String) throws -> String {
        let line = try tool("pdfinfo", [path]).split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
    }

    @Test func textComesPageByPage() throws {
        #expect(try text("GetTextFromPDF ShortcutInput", twoPages) == "First page words\nSecond page words")
        #expect(try text("t = GetTextFromPDF ShortcutInput, combinePages: false\nCount t", twoPages) == "2")
        let framed = try text(
            "GetTextFromPDF ShortcutInput, pageHeaderText: \"--- page\", pageFooterText: \"--- end\"", twoPages)
        #expect(framed == "--- page\nFirst page words\n--- end\n--- page\nSecond page words\n--- end", "\(framed)")
    }

    /// A PDF used as text is its text, pages one after another, as on Apple's (it was its name).
    @Test func aPDFUsedAsTextIsItsText() throws {
        #expect(try text("Text \"Read: \\(ShortcutInput)\"", twoPages) == "Read: First page words\nSecond page words")
        #expect(try text("CountCharacters = Count ShortcutInput, type: \"Words\"", twoPages) == "6")
    }

    /// A PDF where an image is needed is its pages, each an image, as on Apple's (it was refused):
    /// Resize Image on a two-page PDF gives two images of the width asked for.
    @Test func aPDFUsedAsAnImageIsItsPages() throws {
        #expect(try text("r = ResizeImage ShortcutInput, WFImageResizeWidth: 100\nCount r", twoPages) == "2")
        #expect(
            try text("r = ResizeImage ShortcutInput, WFImageResizeWidth: 100\nGetDetailsOfImages r, detail: \"Width\"", twoPages)
                == "100\n100")
    }

    @Test func splitGivesAPDFAPage() throws {
        #expect(try text("p = SplitPDFIntoPages ShortcutInput\nCount p", twoPages) == "2")
        let second = runner.directory.path + "/second.pdf"
        let result = try run("p = SplitPDFIntoPages ShortcutInput\nGetItemFromList p, get: \"Last Item\"", [twoPages], output: second)
        #expect(result.status == 0, "\(result.error)")
        #expect(try info(second, "Pages") == "1" && info(second, "Page size").hasPrefix("612 x 792"))
        // cairo writes the page again with the font embedded, so its text may space differently.
        let words = try tool("pdftotext", [second, "-"]).filter { !$0.isWhitespace }
        #expect(words == "Secondpagewords", "\(words)")
        #expect(try text("GetDetailsOfFiles ShortcutInput, detail: \"Name\"", second) == "second")
    }

    @Test func makePDFPutsImagesAndPagesTogether() throws {
        let svg = try runner.write(
            Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="red"/></svg>"#.utf8),
            to: "red.svg")
        let made = runner.directory.path + "/made.pdf"
        let result = try run("MakePDF ShortcutInput", [svg, twoPages], output: made)
        #expect(result.status == 0, "\(result.error)")
        #expect(try info(made, "Pages") == "3")
        _ = try tool("pdftoppm", ["-r", "72", "-f", "1", "-l", "1", "-png", made, runner.directory.path + "/page"])
        #expect(try runner.firstPixel(runner.directory.path + "/page-1.png") == [255, 0, 0], "the image is the first page, its own size")
        #expect(try tool("pdftotext", ["-f", "3", "-l", "3", made, "-"]).filter { !$0.isWhitespace } == "Secondpagewords")

        let one = runner.directory.path + "/one.pdf"
        let picked = try run(
            "MakePDF ShortcutInput, includeMargin: true, include: \"Single Page\", page: 2", [twoPages, twoPages], output: one)
        #expect(picked.status == 0, "\(picked.error)")
        #expect(try info(one, "Pages") == "2" && info(one, "Page size").hasPrefix("648 x 828"), "a quarter inch around each page")
        let shuffled = runner.directory.path + "/shuffled.pdf"
        let first = try runner.write(TestPDF.pages(["A1", "A2"]), to: "a.pdf")
        let secondDocument = try runner.write(TestPDF.pages(["B1", "B2"]), to: "b.pdf")
        let merged = try run("MakePDF ShortcutInput, mergeBehavior: \"Shuffle\"", [first, secondDocument], output: shuffled)
        #expect(merged.status == 0, "\(merged.error)")
        let order = try tool("pdftotext", [shuffled, "-"]).split(whereSeparator: \.isNewline).map { $0.filter { !$0.isWhitespace } }
            .filter { !$0.isEmpty }
        #expect(order == ["A1", "B1", "A2", "B2"], "\(order)")
    }

    /// As Apple's Make PDF: text is laid out on pages, rich text (an HTML file) drawn as a page,
    /// alongside PDFs and images; the result is a real PDF with the text in it.
    @Test func makePDFLaysOutTextAndRichText() throws {
        let page = try runner.write(Data("<h1>Menu</h1><p>Soup of the day</p>".utf8), to: "menu.html")
        let shortcut = try runner.write(Data("@input file\nMakePDF ShortcutInput\n".utf8), to: "make.sct")
        let made = runner.directory.path + "/text.pdf"
        let result = try runner.run(["run", shortcut, "-o", made, "-i", page, "-i", twoPages])
        #expect(result.status == 0, "\(result.error)")
        #expect(try info(made, "Pages") == "3", "the web page, then the PDF's two")
        let words = try tool("pdftotext", [made, "-"]).filter { !$0.isWhitespace }
        #expect(words.hasPrefix("MenuSoupoftheday") && words.hasSuffix("FirstpagewordsSecondpagewords"), "\(words)")
        let text = try runner.write(Data("t = Text \"Hello from a shortcut\"\nMakePDF t\n".utf8), to: "text.sct")
        let textOnly = runner.directory.path + "/plain.pdf"
        let plain = try runner.run(["run", text, "-o", textOnly])
        #expect(plain.status == 0, "\(plain.error)")
        #expect(try tool("pdftotext", [textOnly, "-"]).contains("Hello from a shortcut"))
    }

    @Test func pagesBecomeImages() throws {
        let single = try runner.write(TestPDF.pages(["Only page"]), to: "single.pdf")
        let png = runner.directory.path + "/page.png"
        let result = try run("MakeImageFromPDFPage ShortcutInput, resolutionDotsPerInch: 72", [single], output: png)
        #expect(result.status == 0, "\(result.error)")
        #expect(try text("GetDetailsOfImages ShortcutInput, detail: \"Width\"", png) == "612")
        #expect(try runner.firstPixel(png) == [255, 255, 255], "the page is white, without transparency")
        let grey = runner.directory.path + "/grey.png"
        let greyResult = try run("MakeImageFromPDFPage ShortcutInput, color: \"Gray\", resolutionDotsPerInch: 36", [single], output: grey)
        #expect(greyResult.status == 0, "\(greyResult.error)")
        #expect(try runner.firstPixel(grey) == [255], "one grey channel")
        #expect(try text("p = MakeImageFromPDFPage ShortcutInput, resolutionDotsPerInch: 20\nCount p", twoPages) == "2")
        #expect(
            try text("p = MakeImageFromPDFPage ShortcutInput, resolutionDotsPerInch: 150\nExtractTextFromImage p", single) == "Only page")
    }

    @Test func aLockedOrBrokenPDFIsNamed() throws {
        let locked = runner.directory.path + "/locked.pdf"
        _ = try tool("qpdf", ["--encrypt", "user", "owner", "256", "--", twoPages, locked])
        let result = try run("GetTextFromPDF ShortcutInput", [locked])
        #expect(
            result.status == 1 && result.error.contains("locked.pdf is not a PDF this can open: it is protected by a password"),
            "\(result.error)")
        #expect(result.error.contains("gettextfrompdf") && result.error.contains("WFInput"))
        var broken = try Data(contentsOf: URL(fileURLWithPath: twoPages))
        broken.removeLast(broken.count / 2)
        let truncated = try runner.write(broken, to: "truncated.pdf")
        let cut = try run("SplitPDFIntoPages ShortcutInput", [truncated])
        #expect(cut.status == 1 && cut.error.contains("truncated.pdf"), "\(cut.error)")
        let notes = try runner.write(Data("just text".utf8), to: "notes.txt")
        let wrong = try run("GetTextFromPDF ShortcutInput", [notes])
        #expect(wrong.status == 1 && wrong.error.contains("can't use File (public.plain-text) \"notes.txt\" as a PDF"), "\(wrong.error)")
        runner.extraEnvironment["SHORTCUTS_LIBPOPPLER_GLIB"] = "libpoppler-hidden-for-the-test.so"
        let missing = try run("GetTextFromPDF ShortcutInput", [twoPages])
        #expect(
            missing.status == 1 && missing.error.contains("poppler is not installed (apt-get install libpoppler-glib8)"), "\(missing.error)"
        )
    }
}
