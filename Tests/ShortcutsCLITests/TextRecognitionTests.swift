import Foundation
import Testing

/// Extract Text from Image through the built `shortcuts` and Debian's Tesseract, on text the
/// test draws (SVG in the system's sans-serif font, made PNG by Convert Image), and Overlay
/// Text, whose text is read back the same way.
@Suite(.serialized) struct TextRecognitionTests {
    let runner: CommandRunner

    init() throws {
        runner = try CommandRunner()
    }

    /// A white page with lines of black text, as a PNG.
    func page(_ lines: [String], named name: String) throws -> String {
        let text = lines.enumerated().map { index, line in
            #"<text x="40" y="\#(80 + index * 70)" font-family="DejaVu Sans, sans-serif" font-size="48" fill="black">\#(line)</text>"#
        }.joined()
        let svg = try runner.write(
            Data(
                #"<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="\#(60 + lines.count * 70)"><rect width="100%" height="100%" fill="white"/>\#(text)</svg>"#
                    .utf8), to: "\(name).svg")
        let png = runner.directory.path + "/\(name).png"
        let source = try runner.write(Data("@input image\nConvertImage ShortcutInput, format: \"PNG\"\n".utf8), to: "convert-\(name).sct")
        let converted = try runner.run(["run", source, "-i", svg, "-o", png])
        #expect(converted.status == 0, "\(converted.error)")
        return png
    }

    func extract(_ images: [String]) throws -> CommandResult {
        let source = try runner.write(Data("@input image\nExtractTextFromImage ShortcutInput\n".utf8), to: "extract.sct")
        return try runner.run(["run", source] + images.flatMap { ["-i", $0] })
    }

    @Test func theWordsOnAPageAreRead() throws {
        let image = try page(["The quick brown fox", "jumps over 13 lazy dogs"], named: "fox")
        let result = try extract([image])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "The quick brown fox\njumps over 13 lazy dogs\n", "\(result.output)")
        #expect(result.error.isEmpty, "Tesseract says nothing on standard error: \(result.error)")
    }

    @Test func eachImageGivesItsOwnText() throws {
        let first = try page(["Invoice 2041"], named: "first")
        let second = try page(["Total 99 EUR"], named: "second")
        let source = try runner.write(
            Data(
                "@input image\ntexts = ExtractTextFromImage ShortcutInput\nGetItemFromList texts, get: \"Item At Index\", index: 2\n".utf8),
            to: "second.sct")
        let result = try runner.run(["run", source, "-i", first, "-i", second])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Total 99 EUR\n", "\(result.output)")
    }

    @Test func aBlankImageHasNoText() throws {
        let blank = try page([], named: "blank")
        let result = try extract([blank])
        #expect(result.status == 0 && result.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(result.output)")
    }

    @Test func withoutTesseractOrItsLanguageDataTheErrorNamesThePackages() throws {
        let image = try page(["Hello"], named: "hello")
        runner.extraEnvironment["TESSDATA_PREFIX"] = runner.directory.path + "/no-language-data"
        let withoutData = try extract([image])
        #expect(withoutData.status == 1, "\(withoutData.output)")
        #expect(
            withoutData.error.contains("Tesseract has no language data for eng (apt-get install tesseract-ocr-eng")
                && withoutData.error.contains("extracttextfromimage") && withoutData.error.contains("WFImage"), "\(withoutData.error)")
        runner.extraEnvironment["TESSDATA_PREFIX"] = nil
        runner.extraEnvironment["SHORTCUTS_LIBTESSERACT"] = "libtesseract-hidden-for-the-test.so"
        let missing = try extract([image])
        #expect(
            missing.status == 1 && missing.error.contains("Tesseract is not installed (apt-get install libtesseract5 tesseract-ocr-eng)"),
            "\(missing.error)")
    }

    /// A white 600 × 300 PNG.
    func whitePage() throws -> String {
        let svg = try runner.write(
            Data(
                #"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="600" height="300" fill="white"/></svg>"#
                    .utf8),
            to: "white.svg")
        return try image(#"ConvertImage ShortcutInput, format: "PNG""#, [svg], to: "white")
    }

    /// Runs a shortcut on images and gives its output file.
    func image(_ source: String, _ input: [String], to name: String) throws -> String {
        let file = try runner.write(Data("@input image\n\(source)\n".utf8), to: "\(name).sct")
        let output = runner.directory.path + "/\(name).png"
        let result = try runner.run(["run", file, "-o", output] + input.flatMap { ["-i", $0] })
        #expect(result.status == 0, "\(source): \(result.error)")
        return output
    }

    func read(_ image: String) throws -> String {
        let result = try extract([image])
        #expect(result.status == 0, "\(result.error)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func overlaidTextIsDrawnWhereAndHowItIsAsked() throws {
        let white = try whitePage()
        let centred = try image(##"OverlayText ShortcutInput, text: "HELLO", fontColor: "#000000""##, [white], to: "centred")
        #expect(try read(centred) == "HELLO")

        let corner = try image(
            ##"OverlayText ShortcutInput, text: "TOP", fontColor: "black", position: "Top Left", sizing: "Absolute", fontSize: 60, offset: 0, outlineText: true, strokeWidth: 3, strokeColor: "#ff0000""##,
            [white], to: "corner")
        let topLeft = try image(#"CropImage ShortcutInput, position: "Top Left", width: 300, height: 90"#, [corner], to: "top-left")
        let bottomRight = try image(
            #"CropImage ShortcutInput, position: "Bottom Right", width: 300, height: 150"#, [corner], to: "bottom-right")
        #expect(try read(topLeft) == "TOP")
        #expect(try read(bottomRight) == "", "nothing drawn away from the corner")

        let turned = try image(##"OverlayText ShortcutInput, text: "UPSIDE", fontColor: "#000000", rotation: 180"##, [white], to: "turned")
        let back = try image("RotateImage ShortcutInput, degrees: 180", [turned], to: "back")
        #expect(try read(back) == "UPSIDE")
    }

    @Test func aBadColourNamesItsParameter() throws {
        let white = try whitePage()
        let file = try runner.write(
            Data("@input image\nOverlayText ShortcutInput, text: \"x\", fontColor: \"not a colour!\"\n".utf8), to: "bad.sct")
        let result = try runner.run(["run", file, "-i", white])
        #expect(result.status == 1 && result.error.contains("WFTextColor") && result.error.contains("is not a colour"), "\(result.error)")
        let huge = try runner.write(
            Data("@input image\nOverlayText ShortcutInput, text: \"x\", sizing: \"Absolute\", fontSize: 50000\n".utf8), to: "huge.sct")
        let tooBig = try runner.run(["run", huge, "-i", white])
        #expect(tooBig.status == 1 && tooBig.error.contains("WFFontSize") && tooBig.error.contains("more than the 2000"), "\(tooBig.error)")
    }

    @Test func aFileThatIsNoImageIsNamed() throws {
        let text = try runner.write(Data("plain words".utf8), to: "words.png")
        let result = try extract([text])
        #expect(result.status == 1 && result.error.contains("words.png is not an image"), "\(result.error)")
    }
}
