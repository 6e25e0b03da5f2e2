import CVipsLoader
import Foundation
import Testing

/// The image actions through the built `shortcuts`, on images the tests draw (SVG, turned into
/// PNG and JPEG by Convert Image itself), each result decoded again with libvips to check its
/// size, format and pixels.
@Suite(.serialized) struct ImageActionsTests {
    let runner: CommandRunner
    /// 200 × 100: the left half red, the right half blue.
    let halves: String

    init() throws {
        runner = try CommandRunner()
        let svg = try runner.write(
            Data(
                ##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="100" height="100" fill="#ff0000"/><rect x="100" width="100" height="100" fill="#0000ff"/></svg>"##
                    .utf8), to: "halves.svg")
        halves = try Self.run(runner, "ConvertImage ShortcutInput, format: \"PNG\"", input: [svg], output: "halves.png")
    }

    /// Runs a one-line shortcut on image files and returns where its output went.
    @discardableResult
    static func run(_ runner: CommandRunner, _ line: String, input: [String], output: String) throws -> String {
        let source = try runner.write(Data("@input image\n\(line)\n".utf8), to: "step-\(output).sct")
        let destination = runner.directory.path + "/" + output
        let result = try runner.run(["run", source, "-o", destination] + input.flatMap { ["-i", $0] })
        #expect(result.status == 0, "\(line): \(result.error)")
        return destination
    }

    func run(_ line: String, _ input: String..., to output: String) throws -> Decoded {
        try Decoded(Self.run(runner, line, input: input.isEmpty ? [halves] : input, output: output))
    }

    /// A result, decoded.
    struct Decoded {
        let image: UnsafeMutableRawPointer
        let data: Data

        init(_ path: String) throws {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
            var decoded: UnsafeMutableRawPointer?
            let result = data.withUnsafeBytes { svips_decode($0.baseAddress, $0.count, 1, &decoded) }
            image = try #require(result == 0 ? decoded : nil, "\(path) doesn't decode")
        }

        var size: [Int] { [Int(svips_width(image)), Int(svips_height(image))] }
        var isPNG: Bool { data.starts(with: [0x89, 0x50, 0x4E, 0x47]) }
        var isJPEG: Bool { data.starts(with: [0xFF, 0xD8, 0xFF]) }

        /// The pixel's bands, rounded.
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            var values = [Double](repeating: 0, count: 4)
            let count = svips_pixel(image, Int32(x), Int32(y), &values, 4)
            return values.prefix(Int(max(count, 0))).map { Int($0.rounded()) }
        }
    }

    static let red = [255, 0, 0, 255], blue = [0, 0, 255, 255]

    @Test func resizeKeepsTheAspectRatioUnlessBothSidesAreGiven() throws {
        #expect(try run("ResizeImage ShortcutInput, width: 50", to: "w.png").size == [50, 25])
        #expect(try run("ResizeImage ShortcutInput, width: 30, height: 70", to: "wh.png").size == [30, 70])
        #expect(try run("ResizeImage ShortcutInput, resize: \"Percentage\", percentage: 25", to: "p.png").size == [50, 25])
        #expect(try run("ResizeImage ShortcutInput, resize: \"Longest Edge\", length: 40", to: "l.png").size == [40, 20])
        let jpeg = try run("ConvertImage ShortcutInput, format: \"JPEG\", quality: 0.9", to: "halves.jpeg")
        #expect(jpeg.isJPEG && jpeg.size == [200, 100])
        let smaller = try run("ResizeImage ShortcutInput, width: 20", runner.directory.path + "/halves.jpeg", to: "small.jpeg")
        #expect(smaller.isJPEG && smaller.size == [20, 10], "a JPEG stays a JPEG")
        #expect(smaller.pixel(2, 5)[0] > 200 && smaller.pixel(17, 5)[2] > 200, "\(smaller.pixel(2, 5)) \(smaller.pixel(17, 5))")
    }

    @Test func cropRotateAndFlipMoveThePixelsAsShortcutsDoes() throws {
        let corner = try run("CropImage ShortcutInput, position: \"Top Left\", width: 100, height: 40", to: "crop.png")
        #expect(corner.size == [100, 40] && corner.pixel(99, 39) == Self.red)
        let custom = try run(
            "CropImage ShortcutInput, position: \"Custom\", xCoordinate: 150, yCoordinate: 0, width: 100, height: 100", to: "custom.png")
        #expect(custom.size == [100, 100] && custom.pixel(0, 0) == Self.blue, "kept within the image")
        let turned = try run("RotateImage ShortcutInput, degrees: 90", to: "rotate.png")
        #expect(turned.size == [100, 200])
        #expect(turned.pixel(50, 10) == Self.red && turned.pixel(50, 190) == Self.blue, "clockwise: the left side goes to the top")
        let tilted = try run("RotateImage ShortcutInput, degrees: 45", to: "tilted.png")
        #expect(tilted.size[0] > 200 && tilted.pixel(0, 0)[3] == 0, "the uncovered corners are transparent")
        let mirrored = try run("FlipImage ShortcutInput, direction: \"Horizontal\"", to: "flip.png")
        #expect(mirrored.pixel(10, 50) == Self.blue && mirrored.pixel(190, 50) == Self.red)
        let upsideDown = try run("FlipImage ShortcutInput, direction: \"Vertical\"", to: "vflip.png")
        #expect(upsideDown.pixel(10, 50) == Self.red)
    }

    @Test func maskCombineAndOverlayComposeImages() throws {
        let ellipse = try run("MaskImage ShortcutInput, type: \"Ellipse\"", to: "ellipse.png")
        #expect(ellipse.isPNG && ellipse.pixel(1, 1)[3] == 0 && ellipse.pixel(100, 50)[3] == 255)
        let rounded = try run("MaskImage ShortcutInput, type: \"Rounded Rectangle\", cornerRadius: 20", to: "rounded.png")
        #expect(rounded.pixel(1, 1)[3] == 0 && rounded.pixel(30, 1)[3] == 255)
        let side = try run("CombineImages ShortcutInput, spacing: 10", halves, halves, to: "side.png")
        #expect(side.size == [410, 100] && side.pixel(205, 50)[3] == 0 && side.pixel(215, 50) == Self.red)
        let stacked = try run("CombineImages ShortcutInput, direction: \"Vertical\"", halves, halves, to: "stacked.png")
        #expect(stacked.size == [200, 200])
        let grid = try run("CombineImages ShortcutInput, mode: \"Grid\"", halves, halves, halves, to: "grid.png")
        #expect(grid.size == [400, 200], "three images in a grid two across")
        let green = try runner.write(
            Data(
                ##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#00ff00"/></svg>"##
                    .utf8),
            to: "green.svg")
        let text = """
            @input image
            square = File "\(green)"
            OverlayImage ShortcutInput, WFImage: square, position: "Top Left"
            """
        let source = try runner.write(Data(text.utf8), to: "overlay.sct")
        let result = try runner.run([
            "run", source, "-i", halves, "-o", runner.directory.path + "/overlay.png", "--allow-reading", runner.directory.path,
        ])
        #expect(result.status == 0, "\(result.error)")
        let overlaid = try Decoded(runner.directory.path + "/overlay.png")
        #expect(overlaid.size == [200, 100] && overlaid.pixel(5, 5) == [0, 255, 0, 255] && overlaid.pixel(15, 5) == Self.red)
    }

    @Test func convertWritesEachFormatAndFlattensTransparencyForJPEG() throws {
        let masked = try run("MaskImage ShortcutInput, type: \"Ellipse\"", to: "masked.png")
        #expect(masked.pixel(0, 0)[3] == 0)
        let jpeg = try run("ConvertImage ShortcutInput, format: \"JPEG\"", runner.directory.path + "/masked.png", to: "flat.jpeg")
        #expect(jpeg.isJPEG && jpeg.pixel(0, 0).prefix(3).allSatisfy { $0 > 240 }, "transparency becomes white: \(jpeg.pixel(0, 0))")
        for (format, magic) in [("TIFF", [0x49, 0x49]), ("WebP", [0x52, 0x49, 0x46, 0x46]), ("GIF", [0x47, 0x49, 0x46])] {
            let converted = try run("ConvertImage ShortcutInput, format: \"\(format)\"", to: "converted.\(format.lowercased())")
            #expect(converted.data.starts(with: magic.map(UInt8.init)), "\(format)")
            #expect(converted.size == [200, 100])
        }
        let refused = try runner.write(Data("@input image\nConvertImage ShortcutInput, format: \"BMP\"\n".utf8), to: "bmp.sct")
        let result = try runner.run(["run", refused, "-i", halves])
        #expect(result.status == 1 && result.error.contains("parameter WFImageFormat: BMP isn't written here"), "\(result.error)")
    }

    @Test func badImagesAndAMissingLibraryGiveClearErrors() throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: halves))
        let truncated = try runner.write(png.prefix(60), to: "truncated.png")
        let source = try runner.write(Data("@input image\nResizeImage ShortcutInput, width: 10\n".utf8), to: "resize.sct")
        let broken = try runner.run(["run", source, "-i", truncated])
        #expect(broken.status == 1)
        #expect(
            broken.error.contains("action 1 (is.workflow.actions.image.resize, \"Resize Image\"), parameter WFInput:")
                && broken.error.contains("truncated.png"), "\(broken.error)")
        let text = try runner.write(Data("hello".utf8), to: "note.txt")
        let notImage = try runner.run(["run", source, "-i", text])
        #expect(notImage.status == 1 && notImage.error.contains("parameter WFInput"), "\(notImage.error)")
        let bomb = try runner.write(
            Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><rect width="10" height="10"/></svg>"##.utf8),
            to: "huge.svg")
        let rotate = try runner.write(Data("@input image\nRotateImage ShortcutInput\n".utf8), to: "rotate.sct")
        let huge = try runner.run(["run", rotate, "-i", bomb])
        #expect(huge.status == 1 && huge.error.contains("more than the 300 megapixels"), "\(huge.error)")
        runner.extraEnvironment["SHORTCUTS_LIBVIPS"] = "libvips-hidden-for-the-test.so"
        let missing = try runner.run(["run", source, "-i", halves])
        #expect(missing.status == 1 && missing.error.contains("libvips is not installed (apt-get install libvips42)"), "\(missing.error)")
    }

    @Test func theFindersConvertImageShrinksToItsSizesAndNeverEnlarges() throws {
        let big = try Self.run(
            runner, #"is.workflow.actions.image.resize WFInput: ShortcutInput, WFImageResizeWidth: 2000"#, input: [halves],
            output: "big.png")
        let small = try run(
            #"is.workflow.actions.image.convert.finder WFImage: ShortcutInput, WFFileFormat: "JPEG", WFSize: "Small""#, big, to: "small.jpg"
        )
        #expect(small.isJPEG && small.size == [320, 160], "\(small.size)")
        // Red on the left, blue on the right, as JPEG keeps them (within its error).
        #expect(small.pixel(40, 80).enumerated().allSatisfy { abs($0.element - Self.red[$0.offset]) < 12 }, "\(small.pixel(40, 80))")
        let large = try run(
            #"is.workflow.actions.image.convert.finder WFImage: ShortcutInput, WFFileFormat: "PNG", WFSize: "Large""#, big, to: "large.png")
        #expect(large.isPNG && large.size == [1280, 640])
        let kept = try run(
            #"is.workflow.actions.image.convert.finder WFImage: ShortcutInput, WFFileFormat: "PNG", WFSize: "Medium""#, to: "kept.png")
        #expect(kept.size == [200, 100], "an image smaller than the size keeps its own")
        let heif = try run(#"is.workflow.actions.image.convert.finder WFImage: ShortcutInput, WFFileFormat: "HEIF""#, to: "halves.heic")
        #expect(heif.size == [200, 100] && heif.data.count > 12 && heif.data[4..<8] == Data("ftyp".utf8))
        let source = try runner.write(
            Data("@input image\nis.workflow.actions.image.convert.finder WFImage: ShortcutInput, WFSize: \"Huge\"\n".utf8), to: "bad.sct")
        let refused = try runner.run(["run", source, "-i", halves])
        #expect(refused.status == 1 && refused.error.contains("WFSize") && refused.error.contains("not \"Huge\""), "\(refused.error)")
    }
}
