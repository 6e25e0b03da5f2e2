import Foundation

/// The media actions against the libraries' own command-line tools on the same inputs, in one
/// run: resizing 200 JPEG photos to 1,024 px (`vipsthumbnail`), zipping 1,000 files (`bsdtar`),
/// reading 20 pages of text (`tesseract`, when installed), the text of a 100-page PDF
/// (`pdftotext`), making a 50-frame GIF (no peer tool), and the peak memory of resizing a
/// 100-megapixel photo (both `shortcuts` and `vipsthumbnail`, from the kernel's accounting).
/// A tool that isn't installed is named and its ratio left out.
enum MediaBenchmark {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(runs: Int) throws {
        let (scratch, environment) = scratchHome("media-benchmark")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let shortcuts = try builtApp("shortcuts")
        let media = Setup(folder: scratch, shortcuts: shortcuts, environment: environment)
        print("Media actions against the libraries' own tools, same inputs, \(runs) runs each, alternating")
        var table = ResultTable("job", "shortcuts (s)", "tool (s)", "ratio")
        func row(_ job: String, _ ours: Timings, _ theirs: Timings?, hasPeer: Bool = true) {
            let ratio = theirs.map { String(format: "%.2f×", ours.median / $0.median) } ?? "n/a"
            let peer = theirs.map { String(format: "%.3f", $0.median) } ?? (hasPeer ? "not installed" : "no such tool")
            table.add(job, String(format: "%.3f", ours.median), peer, ratio)
        }

        let photos = try media.photos(count: 200, width: 3000, height: 2000)
        let resize = try media.shortcut("resize", "ResizeImage ShortcutInput, resize: \"Longest Edge\", length: 1024\nCount ShortcutInput")
        let thumbnails = scratch.appendingPathComponent("thumbnails").path
        try FileManager.default.createDirectory(atPath: thumbnails, withIntermediateDirectories: true)
        let vipsthumbnail = tool("vipsthumbnail")
        let (ours, theirs) = try alternate(runs: runs) {
            try media.run(["run", resize, "-o", "-"] + photos.flatMap { ["-i", $0] })
        } peer: {
            guard let vipsthumbnail else { return }
            try media.runTool(vipsthumbnail, ["-s", "1024", "-o", thumbnails + "/%s.jpg[Q=90]"] + photos)
        }
        row("resize 200 JPEGs (6 MP) to 1024 px", ours, vipsthumbnail == nil ? nil : theirs)

        let files = try media.textFiles(count: 1000)
        let zip = try media.shortcut("zip", "MakeArchive ShortcutInput, format: \".zip\"")
        let bsdtar = tool("bsdtar")
        let zipped = scratch.appendingPathComponent("out.zip").path
        let (zipOurs, zipTheirs) = try alternate(runs: runs) {
            try media.run(["run", zip, "-o", zipped + ".ours"] + files.flatMap { ["-i", $0] })
        } peer: {
            guard let bsdtar else { return }
            try? FileManager.default.removeItem(atPath: zipped)
            try media.runTool(
                bsdtar, ["-a", "-cf", zipped] + files.map { URL(fileURLWithPath: $0).lastPathComponent }, in: media.textFolder)
        }
        row("zip 1,000 files", zipOurs, bsdtar == nil ? nil : zipTheirs)

        let pages = try media.textPages(count: 20)
        let ocr = try media.shortcut("ocr", "ExtractTextFromImage ShortcutInput")
        let tesseract = tool("tesseract")
        let (ocrOurs, ocrTheirs) = try alternate(runs: max(1, runs / 3)) {
            try media.run(["run", ocr, "-o", "-"] + pages.flatMap { ["-i", $0] })
        } peer: {
            guard let tesseract else { return }
            for page in pages { try media.runTool(tesseract, [page, "stdout"]) }
        }
        row("read the text of 20 pages", ocrOurs, tesseract == nil ? nil : ocrTheirs)
        let document = try media.pdf(pages: 100)
        let pdfText = try media.shortcut("pdftext", "GetTextFromPDF ShortcutInput")
        let pdftotext = tool("pdftotext")
        let (pdfOurs, pdfTheirs) = try alternate(runs: runs) {
            try media.run(["run", pdfText, "-o", "-", "-i", document])
        } peer: {
            guard let pdftotext else { return }
            try media.runTool(pdftotext, [document, "-"])
        }
        row("text of a 100-page PDF", pdfOurs, pdftotext == nil ? nil : pdfTheirs)

        let frames = Array(photos.prefix(50))
        let gif = try media.shortcut("gif", "frames = ResizeImage ShortcutInput, width: 320\nMakeGIF frames")
        let (gifOurs, _) = try alternate(runs: runs) {
            try media.run(["run", gif, "-o", scratch.appendingPathComponent("made.gif").path] + frames.flatMap { ["-i", $0] })
        } peer: {
        }
        row("a 50-frame GIF of 6 MP photos at 320 px", gifOurs, nil, hasPeer: false)
        print(table.render())

        let big = try media.photos(count: 1, width: 10_000, height: 10_000, prefix: "huge")[0]
        let ourPeak = try media.peakMemory(shortcuts, ["run", resize, "-o", "-", "-i", big])
        let theirPeak = try vipsthumbnail.map { try media.peakMemory($0, ["-s", "1024", "-o", thumbnails + "/huge.jpg", big]) }
        let decoded = 10_000 * 10_000 * 3 / 1_048_576
        print(
            "peak memory resizing a 100-megapixel JPEG (\(decoded) MiB decoded): shortcuts \(ourPeak) MiB"
                + (theirPeak.map { ", vipsthumbnail \($0) MiB (\(String(format: "%.2f×", Double(ourPeak) / Double(max($0, 1)))))" } ?? ""))
        if vipsthumbnail == nil || bsdtar == nil || tesseract == nil || tool("pdftotext") == nil {
            print("(ratios need libvips-tools, libarchive-tools, tesseract-ocr and poppler-utils)")
        }
    }

    /// A tool on the PATH, or nil.
    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs ours and the peer's operation in turn, `runs` times each after a warm-up.
    static func alternate(runs: Int, _ ours: () throws -> Void, peer: () throws -> Void) throws -> (Timings, Timings) {
        try ours()
        try peer()
        var mine: [Double] = [], theirs: [Double] = []
        for _ in 0..<runs {
            mine += try Timings.measure(runs: 1, warmups: 0, ours).seconds
            theirs += try Timings.measure(runs: 1, warmups: 0, peer).seconds
        }
        return (Timings(seconds: mine), Timings(seconds: theirs))
    }

    /// The inputs, made once with `shortcuts` itself.
    struct Setup {
        let folder: URL
        let shortcuts: String
        let environment: [String: String]
        var textFolder: URL { folder.appendingPathComponent("texts") }

        func shortcut(_ name: String, _ body: String) throws -> String {
            let path = folder.appendingPathComponent("\(name).sct").path
            try Data("@input image, file\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        /// JPEG "photos": SVG scenes of many overlapping shapes, made JPEG at quality 90.
        func photos(count: Int, width: Int, height: Int, prefix: String = "photo") throws -> [String] {
            var random = SystemRandomNumberGenerator()
            let convert = try shortcut("convert", "ConvertImage ShortcutInput, format: \"JPEG\", quality: 0.9")
            var made: [String] = []
            let distinct = min(count, 8)
            for index in 0..<distinct {
                var shapes = ""
                for _ in 0..<300 {
                    let x = Int.random(in: 0..<width, using: &random), y = Int.random(in: 0..<height, using: &random)
                    let radius = Int.random(in: 20..<(width / 6), using: &random)
                    let colour = String(format: "#%06x", Int.random(in: 0..<0xFFFFFF, using: &random))
                    shapes += #"<circle cx="\#(x)" cy="\#(y)" r="\#(radius)" fill="\#(colour)" fill-opacity="0.6"/>"#
                }
                let svg = folder.appendingPathComponent("\(prefix)-\(index).svg").path
                try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)">\#(shapes)</svg>"#.utf8)
                    .write(to: URL(fileURLWithPath: svg))
                let jpeg = folder.appendingPathComponent("\(prefix)-\(index).jpeg").path
                try run(["run", convert, "-i", svg, "-o", jpeg])
                made.append(jpeg)
            }
            // The rest are copies under their own names, as a camera roll of similar photos is.
            return try (0..<count).map { index in
                guard index >= distinct else { return made[index] }
                let copy = folder.appendingPathComponent("\(prefix)-\(index).jpeg").path
                try FileManager.default.copyItem(atPath: made[index % distinct], toPath: copy)
                return copy
            }
        }

        /// A PDF of `pages` pages, each 40 lines of Helvetica, its cross-references counted out.
        func pdf(pages: Int) throws -> String {
            var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
            let kids = (0..<pages).map { "\(3 + $0 * 2) 0 R" }.joined(separator: " ")
            objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
            let font = 3 + pages * 2
            for page in 0..<pages {
                objects.append(
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(4 + page * 2) 0 R /Resources << /Font << /F1 \(font) 0 R >> >> >>"
                )
                let lines = (0..<40).map { "(Page \(page + 1), line \($0 + 1): the quick brown fox jumps over the lazy dog.) Tj 0 -18 Td" }
                let stream = "BT /F1 11 Tf 50 750 Td " + lines.joined(separator: " ") + " ET"
                objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
            }
            objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
            var file = "%PDF-1.4\n"
            var offsets: [Int] = []
            for (number, object) in objects.enumerated() {
                offsets.append(file.utf8.count)
                file += "\(number + 1) 0 obj\n\(object)\nendobj\n"
            }
            let table = file.utf8.count
            file += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
            for offset in offsets { file += String(format: "%010d 00000 n \n", offset) }
            file += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
            let path = folder.appendingPathComponent("document.pdf").path
            try Data(file.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        func textFiles(count: Int) throws -> [String] {
            try FileManager.default.createDirectory(at: textFolder, withIntermediateDirectories: true)
            return try (0..<count).map { index in
                let path = textFolder.appendingPathComponent("note-\(index).txt").path
                let line = "Note \(index): the quick brown fox jumps over the lazy dog.\n"
                try Data(String(repeating: line, count: 40).utf8).write(to: URL(fileURLWithPath: path))
                return path
            }
        }

        /// Pages of printed text, 1,700 × 2,200 pixels (an A4 page at 200 ppi).
        func textPages(count: Int) throws -> [String] {
            let convert = try shortcut("page", "ConvertImage ShortcutInput, format: \"PNG\"")
            return try (0..<count).map { index in
                let lines = (0..<30).map { line in
                    #"<text x="100" y="\#(120 + line * 65)" font-family="DejaVu Sans" font-size="40">Page \#(index + 1), line \#(line + 1): the quick brown fox jumps.</text>"#
                }.joined()
                let svg = folder.appendingPathComponent("page-\(index).svg").path
                try Data(
                    #"<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="2200"><rect width="100%" height="100%" fill="white"/>\#(lines)</svg>"#
                        .utf8
                ).write(to: URL(fileURLWithPath: svg))
                let png = folder.appendingPathComponent("page-\(index).png").path
                try run(["run", convert, "-i", svg, "-o", png])
                return png
            }
        }

        func run(_ arguments: [String]) throws {
            try runTool(shortcuts, arguments)
        }

        func runTool(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = environment
            if let directory { process.currentDirectoryURL = directory }
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let said = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw Failure(description: "\(executable) failed: \(String(decoding: said.prefix(500), as: UTF8.self))")
            }
        }

        /// The peak resident memory of one run, in MiB, from `wait4`'s accounting.
        func peakMemory(_ executable: String, _ arguments: [String]) throws -> Int {
            var pid: pid_t = 0
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            guard posix_spawn(&pid, executable, nil, nil, argv, envp) == 0 else {
                throw Failure(description: "can't start \(executable)")
            }
            var status: Int32 = 0
            var usage = rusage()
            guard wait4(pid, &status, 0, &usage) == pid else { throw Failure(description: "lost \(executable)") }
            guard status == 0 else { throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) failed") }
            return usage.ru_maxrss / 1024
        }
    }
}
