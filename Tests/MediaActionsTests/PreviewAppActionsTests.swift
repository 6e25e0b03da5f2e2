import ActionTestSupport
import CMediaLoaders
import CVipsLoader
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsTestSupport
import Testing

@testable import ActionSupport
@testable import MediaActions

/// Preview's own actions on real files in a temporary folder: PDFs written by hand (pages of a
/// line of text each), read back with poppler; images drawn by libvips, decoded again.
@Suite(.serialized) struct PreviewAppActionsTests {
    typealias T = SystemTest
    let folder: TemporaryDirectory
    let environment: RunEnvironment

    init() throws {
        folder = try TemporaryDirectory()
        environment = T.environment(variables: ["HOME": folder.path, "XDG_DATA_HOME": folder.path + "/data"])
    }

    func run(_ name: String, _ parameters: ParameterDictionary = [:], input: Content = .nothing) throws -> Content {
        try T.run(
            [WorkflowAction(identifier: PreviewAppActions.prefix + name, parameters: parameters)], input: input, environment: environment)
    }

    func failure(_ name: String, _ parameters: ParameterDictionary = [:], input: Content = .nothing) -> RunError? {
        T.failure { try run(name, parameters, input: input) }
    }

    func file(_ path: String) throws -> Content { .file(try LocalFiles.item(at: path, parameter: nil)) }

    func pdf(_ name: String, _ pages: [String]) throws -> String {
        let path = folder.path + "/" + name
        try TestPDF.pages(pages).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Each page's text (trimmed) and size in points, as poppler reads the file.
    func pages(_ path: String) throws -> [(text: String, size: [Int])] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let document = try PDFDocument(FileContent(name: "read.pdf", data: data), parameter: "test")
        return (0..<document.pageCount).map { index in
            var width = 0.0, height = 0.0
            _ = spdf_page_size(document.pointer, Int32(index), &width, &height)
            return (
                document.text(ofPage: index).trimmingCharacters(in: .whitespacesAndNewlines), [Int(width.rounded()), Int(height.rounded())]
            )
        }
    }

    /// Where a page's ink is, as fractions of its width and height from the top left: drawn by
    /// poppler through libvips, the middle of its dark pixels.
    func ink(_ path: String, page: Int = 0) throws -> (x: Double, y: Double) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var rendered: UnsafeMutableRawPointer?
        let result = data.withUnsafeBytes { svips_pdf_page($0.baseAddress, $0.count, Int32(page), 36, &rendered) }
        let image = VipsImage(taking: try #require(result == 0 ? rendered : nil, "page \(page) of \(path) doesn't draw"))
        let grey = try image.greyPixels()
        var (sumX, sumY, count) = (0.0, 0.0, 0.0)
        for y in 0..<image.height {
            for x in 0..<image.width where grey[y * image.width + x] < 128 {
                sumX += Double(x)
                sumY += Double(y)
                count += 1
            }
        }
        try #require(count > 0, "page \(page) of \(path) has no ink")
        return (sumX / count / Double(image.width), sumY / count / Double(image.height))
    }

    @Test func turnedPagesTurnTheRightWayAndStalePagesAreRefused() throws {
        // The line of text sits near the top left of an upright page.
        let path = try pdf("turns.pdf", ["Turn me"])
        var spot = try ink(path)
        #expect(spot.x < 0.5 && spot.y < 0.2, "\(spot)")
        // A quarter turn clockwise takes the top left to the top right.
        _ = try run("RotateIntent", ["isClockwise": T.bool(true)], input: try file(path))
        spot = try ink(path)
        #expect(spot.x > 0.8 && spot.y < 0.5, "\(spot)")
        // Another: upside down, the text near the bottom right.
        _ = try run("RotateIntent", ["isClockwise": T.bool(true)], input: try file(path))
        spot = try ink(path)
        #expect(spot.x > 0.5 && spot.y > 0.8, "\(spot)")
        // Two counterclockwise bring it back.
        let stale = try run("GetPagesIntent", input: try file(path))
        _ = try run("RotatePageIntent", ["isClockwise": T.bool(false)], input: stale)
        let refused = failure("RotatePageIntent", ["isClockwise": T.bool(false)], input: stale)
        #expect(refused?.message.contains("changed since its pages were got") == true && refused?.parameter == "pages")
        _ = try run("RotatePageIntent", ["isClockwise": T.bool(false)], input: try run("GetPagesIntent", input: try file(path)))
        spot = try ink(path)
        #expect(spot.x < 0.5 && spot.y < 0.2, "\(spot)")
        // Save gives the file as it is and writes nothing.
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let saved = try run("SaveIntent", input: .file(FileContent(name: "turns.pdf", data: Data("old".utf8), path: path)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        guard case .file(let savedFile) = saved else { Issue.record("not a file: \(saved)"); return }
        #expect(savedFile.data == before)
    }

    /// A 20 × 10 PNG or JPEG: red on the left, blue on the right.
    func halves(_ name: String, format: ImageFormat = .png) throws -> String {
        let svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="10" height="10" fill="#ff0000"/><rect x="10" width="10" height="10" fill="#0000ff"/></svg>"##
        let path = folder.path + "/" + name
        try VipsImage.svg(svg).flattened().encoded(as: format).write(to: URL(fileURLWithPath: path))
        return path
    }

    func image(_ path: String) throws -> (size: [Int], pixel: (Int, Int) -> [Int]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let decoded = try VipsImage(FileContent(name: (path as NSString).lastPathComponent, data: data), parameter: "test")
        return (
            [decoded.width, decoded.height],
            { x, y in
                var values = [Double](repeating: 0, count: 4)
                let count = svips_pixel(decoded.pointer, Int32(x), Int32(y), &values, 4)
                return values.prefix(min(3, Int(max(count, 0)))).map { Int($0.rounded()) }
            }
        )
    }

    @Test func pagesAreFoundSearchedDeletedTurnedAndInserted() throws {
        let path = try pdf("report.pdf", ["Alpha page", "Beta page", "Gamma page"])
        let all = try run("GetPagesIntent", input: try file(path))
        #expect(all.items.map { $0.property("Page Number") } == [.number(1), .number(2), .number(3)])
        let some = try run("GetPagesIntent", ["pageSelector": T.text("specific"), "pages": T.text("2-last")], input: try file(path))
        #expect(some.items.map { $0.property("Text").text.trimmingCharacters(in: .whitespacesAndNewlines) } == ["Beta page", "Gamma page"])
        let bad = failure("GetPagesIntent", ["pageSelector": T.text("specific"), "pages": T.text("two")], input: try file(path))
        #expect(bad?.parameter == "pages" && bad?.message.contains("is not a page number") == true)
        // Search gives the pages holding the terms, case and accents ignored.
        let found = try run("SearchIntent", ["criteria": T.text("GAMMA")], input: try file(path))
        #expect(found.items.map { $0.property("Page Number") } == [.number(3)])
        // Delete the middle page.
        _ = try run("DeletePageIntent", input: Content(items: [some.items[0]]))
        #expect(try pages(path).map(\.text) == ["Alpha page", "Gamma page"])
        // Turn the last page: it becomes landscape; the first stays as it was.
        let last = try run("GetPagesIntent", ["pageSelector": T.text("specific"), "pages": T.text("last")], input: try file(path))
        _ = try run("RotatePageIntent", ["isClockwise": T.bool(true)], input: last)
        #expect(try pages(path).map(\.size) == [[612, 792], [792, 612]])
        #expect(try pages(path).map(\.text) == ["Alpha page", "Gamma page"])
    }

    @Test func insertingPagesPutsThemBeforeOrAfterThePage() throws {
        let path = try pdf("book.pdf", ["One", "Two"])
        let extra = try pdf("extra.pdf", ["Inserted"])
        let second = try run("GetPagesIntent", ["pageSelector": T.text("specific"), "pages": T.text("2")], input: try file(path))
        _ = try T.run(
            [
                WorkflowAction(identifier: "is.workflow.actions.setvariable", parameters: ["WFVariableName": T.text("page")]),
                WorkflowAction(
                    identifier: PreviewAppActions.prefix + "InsertPageIntent",
                    parameters: ["page": variable("page"), "isAfter": T.bool(false), "files": T.text(extra)]),
            ], input: second, environment: environment)
        #expect(try pages(path).map(\.text) == ["One", "Inserted", "Two"])
        // After the first page: a PDF's pages and an image's page.
        let dot = try halves("dot.png")
        let first = try run("GetPagesIntent", ["pageSelector": T.text("specific"), "pages": T.text("1")], input: try file(path))
        _ = try T.run(
            [
                WorkflowAction(identifier: "is.workflow.actions.setvariable", parameters: ["WFVariableName": T.text("page")]),
                WorkflowAction(
                    identifier: PreviewAppActions.prefix + "InsertPageIntent",
                    parameters: ["page": variable("page"), "isAfter": T.bool(true), "files": list([T.text(extra), T.text(dot)])]),
            ], input: first, environment: environment)
        #expect(try pages(path).map(\.text) == ["One", "Inserted", "", "Inserted", "Two"])
        #expect(try pages(path)[2].size == [20, 10])
        let notAPage = failure("DeletePageIntent", input: .text("page 3"))
        #expect(notAPage?.parameter == "entities" && notAPage?.message.contains("expected a PDF's page") == true)
        let beyond = PreviewAppActions.pageContent(path: path, number: 9, count: 3, text: "")
        let tooFar = failure("DeletePageIntent", input: beyond)
        #expect(tooFar?.message.contains("has 5 pages, not a page 9") == true)
    }

    @Test func imagesAreTurnedFlippedResizedAndEnhancedInTheirFiles() throws {
        let path = try halves("photo.png")
        _ = try run("RotateIntent", ["isClockwise": T.bool(true)], input: try file(path))
        var picture = try image(path)
        #expect(picture.size == [10, 20] && picture.pixel(5, 2) == [255, 0, 0])
        _ = try run("FlipIntent", ["horizontally": T.bool(false)], input: try file(path))
        picture = try image(path)
        #expect(picture.pixel(5, 2) == [0, 0, 255] && picture.pixel(5, 17) == [255, 0, 0])
        _ = try run("ResizeIntent", ["width": T.number(5)], input: try file(path))
        #expect(try image(path).size == [5, 10])
        // A JPEG stays a JPEG in its file.
        let jpeg = try halves("photo.jpg", format: .jpeg(quality: 90, strip: false))
        _ = try run("AutoEnhanceIntent", input: try file(jpeg))
        #expect(try Data(contentsOf: URL(fileURLWithPath: jpeg)).starts(with: [0xFF, 0xD8, 0xFF]))
        let pdfFile = try pdf("doc.pdf", ["Words"])
        let refused = failure("FlipIntent", input: try file(pdfFile))
        #expect(refused?.parameter == "documents" && refused?.message.contains("is a PDF; this changes images") == true)
        // A PDF's pages all turn.
        _ = try run("RotateIntent", ["isClockwise": T.bool(false)], input: try file(pdfFile))
        #expect(try pages(pdfFile).map(\.size) == [[792, 612]])
        let noSize = failure("ResizeIntent", input: try file(path))
        #expect(noSize?.parameter == "width")
    }

    @Test func exportWritesOtherTypesIntoAFolderWithoutReplacing() throws {
        let picture = try halves("halves.png")
        let out = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let asPDF = try run("ExportIntent", ["type": T.text("PDF"), "folder": T.text(out)], input: try file(picture))
        let exportedPages = try pages(out + "/halves.pdf")
        #expect(asPDF.property("File Path") == .text(out + "/halves.pdf") && exportedPages.count == 1)
        let again = try run("ExportIntent", ["type": T.text("PDF"), "folder": T.text(out)], input: try file(picture))
        #expect(again.property("File Path") == .text(out + "/halves 2.pdf"))
        let replaced = try run(
            "ExportIntent", ["type": T.text("PDF"), "folder": T.text(out), "overwriteIfExists": T.bool(true)], input: try file(picture))
        #expect(replaced.property("File Path") == .text(out + "/halves.pdf"))
        let asJPEG = try run("ExportIntent", ["type": T.text("JPEG"), "folder": T.text(out)], input: try file(picture))
        let jpegData = try Data(contentsOf: URL(fileURLWithPath: out + "/halves.jpeg"))
        #expect(jpegData.starts(with: [0xFF, 0xD8, 0xFF]) && asJPEG.items.count == 1)
        let twoPages = try pdf("two.pdf", ["A", "B"])
        let images = try run("ExportIntent", ["type": T.text("PNG"), "folder": T.text(out)], input: try file(twoPages))
        #expect(images.items.count == 2)
        let badType = failure("ExportIntent", ["type": T.text("DOCX"), "folder": T.text(out)], input: try file(picture))
        #expect(badType?.parameter == "type")
        let noFolder = failure(
            "ExportIntent", ["type": T.text("PDF"), "folder": T.text(folder.path + "/missing")], input: try file(picture))
        #expect(noFolder?.parameter == "folder")
        // Save writes a changed document back; one with no file is refused.
        let unsaved = failure(
            "SaveIntent", input: .file(FileContent(name: "new.png", data: try Data(contentsOf: URL(fileURLWithPath: picture)))))
        #expect(unsaved?.parameter == "documents" && unsaved?.message.contains("has no file to save to") == true)
    }
}
