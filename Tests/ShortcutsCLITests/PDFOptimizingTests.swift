import Foundation
import ShortcutsTestSupport
import Testing

/// Optimize File Size of PDF through the built `shortcuts` and Ghostscript, on a PDF Python
/// writes here around a 300 dpi JPEG that ffmpeg draws; poppler's `pdfimages` reads the result.
@Suite(.serialized) struct PDFOptimizingTests {
    let runner: CommandRunner
    let photoPDF: String

    /// A one-page PDF (US Letter) showing a JPEG of `width`×`height` pixels 8 inches wide.
    static let writer = """
        import sys
        jpeg = open(sys.argv[1], 'rb').read()
        width, height = int(sys.argv[3]), int(sys.argv[4])
        content = b'q 576 0 0 384 18 300 cm /Im0 Do Q'
        objects = [
            b'<< /Type /Catalog /Pages 2 0 R >>',
            b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
            b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
            b'<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\\nstream\\n' % (width, height, len(jpeg)) + jpeg + b'\\nendstream',
            b'<< /Length %d >>\\nstream\\n' % len(content) + content + b'\\nendstream',
        ]
        out, offsets = bytearray(b'%PDF-1.4\\n'), []
        for number, body in enumerate(objects, 1):
            offsets.append(len(out))
            out += b'%d 0 obj\\n' % number + body + b'\\nendobj\\n'
        start = len(out)
        out += b'xref\\n0 %d\\n0000000000 65535 f \\n' % (len(objects) + 1)
        for offset in offsets: out += b'%010d 00000 n \\n' % offset
        out += b'trailer\\n<< /Size %d /Root 1 0 R >>\\nstartxref\\n%d\\n%%%%EOF\\n' % (len(objects) + 1, start)
        open(sys.argv[2], 'wb').write(out)
        """

    static func makePDF(width: Int, height: Int, name: String, in runner: CommandRunner) throws -> String {
        let jpeg = runner.directory.path + "/\(name).jpg"
        let drawn = try ProcessRun.run(
            "/usr/bin/ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height)", "-frames:v", "1",
                "-q:v", "1", jpeg,
            ])
        #expect(drawn.status == 0, "\(drawn.error)")
        let pdf = runner.directory.path + "/\(name).pdf"
        let written = try ProcessRun.run("/usr/bin/python3", ["-c", Self.writer, jpeg, pdf, String(width), String(height)])
        #expect(written.status == 0, "\(written.error)")
        return pdf
    }

    init() throws {
        let runner = try CommandRunner()
        self.runner = runner
        photoPDF = try Self.makePDF(width: 2400, height: 1600, name: "photo", in: runner)
    }

    func optimize(_ pdf: String, to output: String) throws -> CommandResult {
        let file = try runner.write(Data("@input file\nis.workflow.actions.compresspdf WFInput: ShortcutInput\n".utf8), to: "optimize.sct")
        return try runner.run(["run", file, "-i", pdf, "-o", output, "--allow-reading", runner.directory.path])
    }

    /// `pdfimages -list`'s rows: page, width, height and x-ppi of each image.
    func images(_ pdf: String) throws -> [String] {
        let listed = try ProcessRun.run("/usr/bin/pdfimages", ["-list", pdf])
        #expect(listed.status == 0, "\(listed.error)")
        return listed.output.split(separator: "\n").dropFirst(2).map { row in
            let fields = row.split(separator: " ")
            return [fields[0], fields[3], fields[4], fields[12]].joined(separator: " ")
        }
    }

    @Test func imagesAreResampledTo150DPI() throws {
        #expect(try images(photoPDF) == ["1 2400 1600 300"])
        let small = runner.directory.path + "/small.pdf"
        let result = try optimize(photoPDF, to: small)
        #expect(result.status == 0, "\(result.error)")
        #expect(try images(small) == ["1 1200 800 150"])
        let before = try #require(FileManager.default.attributesOfItem(atPath: photoPDF)[.size] as? Int)
        let after = try #require(FileManager.default.attributesOfItem(atPath: small)[.size] as? Int)
        #expect(after * 2 < before, "\(before) → \(after) bytes")
        let pages = try ProcessRun.run("/usr/bin/pdfinfo", [small])
        #expect(pages.output.contains("Pages:           1") && pages.output.contains("612 x 792 pts"), "\(pages.output)")
    }

    @Test func aPDFThatWouldNotShrinkComesBackAsItWas() throws {
        let tiny = try Self.makePDF(width: 64, height: 40, name: "tiny", in: runner)
        let output = runner.directory.path + "/tiny-out.pdf"
        #expect(try optimize(tiny, to: output).status == 0)
        #expect(FileManager.default.contents(atPath: output) == FileManager.default.contents(atPath: tiny))
    }

    @Test func lockedDamagedAndMissingSayWhy() throws {
        let locked = runner.directory.path + "/locked.pdf"
        let encrypted = try ProcessRun.run("/usr/bin/qpdf", ["--encrypt", "secret", "secret", "256", "--", photoPDF, locked])
        #expect(encrypted.status == 0, "\(encrypted.error)")
        let out = runner.directory.path + "/never.pdf"
        let refused = try optimize(locked, to: out)
        #expect(
            refused.status == 1 && refused.error.contains("locked.pdf is not a PDF this can open: it is protected by a password"),
            "\(refused.error)")
        let damaged = try runner.write(Data("%PDF-1.4\nnot really".utf8), to: "damaged.pdf")
        let unread = try optimize(damaged, to: out)
        #expect(unread.status == 1 && unread.error.contains("WFInput") && unread.error.contains("damaged.pdf"), "\(unread.error)")
        runner.extraEnvironment["SHORTCUTS_LIBGS"] = "libgs-hidden-for-the-test.so"
        let missing = try optimize(photoPDF, to: out)
        #expect(missing.status == 1 && missing.error.contains("apt-get install libgs10"), "\(missing.error)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
