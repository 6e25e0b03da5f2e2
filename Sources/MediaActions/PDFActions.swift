import ActionSupport
import CMediaLoaders
import CVipsLoader
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// A PDF opened with poppler, closed when it goes.
final class PDFDocument {
    let pointer: OpaquePointer
    let name: String

    /// Opens a PDF file.
    ///
    /// - Throws: ``ActionFailure`` naming the file and the parameter when poppler can't read it
    ///   or it is protected by a password.
    init(_ file: FileContent, parameter: String) throws(ActionFailure) {
        var reason = [CChar](repeating: 0, count: 512)
        var opened: OpaquePointer?
        let result = file.data.withUnsafeBytes { spdf_open($0.baseAddress, $0.count, &opened, &reason, reason.count) }
        let why = LibraryLoading.message(reason)
        guard result == 0, let opened else {
            if why.contains("not installed") || why.contains("missing from") { throw ActionFailure(why, parameter: parameter) }
            throw ActionFailure("\(file.name) is not a PDF this can open: \(why)", parameter: parameter)
        }
        pointer = opened
        name = file.name
    }

    deinit { spdf_close(pointer) }

    var pageCount: Int { Int(spdf_page_count(pointer)) }

    func text(ofPage index: Int) -> String {
        guard let text = spdf_page_text(pointer, Int32(index)) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }
}

/// Get Text from PDF, Make PDF, Split PDF Into Pages and Make Image from PDF Page, through
/// poppler (reading), cairo (writing, pages kept as vectors) and libvips (pages as images).
enum PDFActions {
    static let all: [ActionDefinition] = [getText, make, split, pageImages]

    /// The most pages a PDF made or read here may have.
    static let pageLimit = 10_000

    static func loaded() throws(ActionFailure) {
        try LibraryLoading.load(spdf_load)
    }

    /// Whether a file is a PDF, by its type, name or first bytes.
    static func isPDF(_ file: FileContent) -> Bool {
        file.typeIdentifier == "com.adobe.pdf" || file.fileExtension.lowercased() == "pdf" || file.data.starts(with: Array("%PDF-".utf8))
    }

    /// The input's PDF files (URLs are downloaded; other files are refused by name).
    static func pdfs(_ input: Content, _ run: RunContext, parameter: String = "WFInput") throws -> [FileContent] {
        try run.convert(input, to: .pdf, parameter: parameter).items.compactMap { item in
            guard case .file(let file) = item else { return nil }
            guard isPDF(file) else { throw ActionFailure("\(file.name) is not a PDF", parameter: parameter) }
            return file
        }
    }

    /// What Make PDF puts together: images and PDFs as they are; text, rich text and web pages
    /// (a URL is downloaded) drawn into PDF pages by the headless browser, as Apple's Make PDF
    /// lays out text and web pages.
    static func pages(of input: Content, run: RunContext) throws -> [FileContent] {
        var browser: String?
        return try input.items.map { item in
            if case .file(let file) = item, isPDF(file) || ImageFiles.isImage(file) { return file }
            var source = item
            var name: String
            switch item {
            case .url(let url):
                source = try run.convert(item, to: .richText, parameter: "WFInput")
                name = url.host ?? "Web Page"
            case .file(let file):
                name = file.baseName
            default:
                name = FileNames.title(of: item.text)
            }
            let page = try RichTextSource.parse(RichTextSource.html(of: source).source, parameter: "WFInput")
            if let title = page.title, !title.isEmpty, case .url = item { name = String(title.prefix(60)) }
            if browser == nil { browser = try HeadlessBrowser.find(run) }
            let data = try HeadlessBrowser.draw(page, as: .pdf, browser: browser ?? "", run: run)
            return pdfFile(data, named: name.replacingOccurrences(of: "/", with: "-"))
        }
    }

    static func pdfFile(_ data: Data, named name: String) -> FileContent {
        FileContent(name: name + ".pdf", data: data, typeIdentifier: "com.adobe.pdf")
    }

    /// A PDF written page by page.
    final class Writer {
        private var pointer: OpaquePointer?
        private(set) var pages = 0

        /// The parameter its failures name (the action's input).
        let parameter: String

        init(parameter: String = "WFInput") throws(ActionFailure) {
            self.parameter = parameter
            try loaded()
            guard spdf_write_begin(&pointer) == 0, pointer != nil else { throw ActionFailure("cairo couldn't start a PDF") }
        }

        deinit { if let pointer { spdf_write_abandon(pointer) } }

        func add(page index: Int, of document: PDFDocument, margin: Double, quarterTurns: Int = 0) throws(ActionFailure) {
            try count()
            guard spdf_write_page_turned(pointer, document.pointer, Int32(index), margin, Int32(quarterTurns)) == 0 else {
                throw ActionFailure("couldn't copy page \(index + 1) of \(document.name)", parameter: parameter)
            }
        }

        func add(image: VipsImage, named name: String, margin: Double) throws(ActionFailure) {
            try count()
            var pixels: UnsafeMutablePointer<UInt8>?
            var length = 0
            guard svips_rgba_pixels(image.pointer, &pixels, &length) == 0, let pixels else {
                throw ActionFailure("can't read the pixels of \(name): \(VipsImage.lastError())", parameter: parameter)
            }
            defer { free(pixels) }
            guard spdf_write_image(pointer, pixels, Int32(image.width), Int32(image.height), margin) == 0 else {
                throw ActionFailure("couldn't put \(name) on a page", parameter: parameter)
            }
        }

        private func count() throws(ActionFailure) {
            pages += 1
            guard pages <= PDFActions.pageLimit else {
                throw ActionFailure("a PDF of more than \(PDFActions.pageLimit) pages is more than this makes", parameter: parameter)
            }
        }

        func finish() throws(ActionFailure) -> Data {
            var data: UnsafeMutableRawPointer?
            var length = 0
            let result = spdf_write_finish(pointer, &data, &length)
            pointer = nil
            guard result == 0, let data else { throw ActionFailure("cairo couldn't finish the PDF") }
            defer { free(data) }
            return Data(bytes: data, count: length)
        }
    }

    // MARK: Get Text from PDF

    static let getText = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.gettextfrompdf", title: "Get Text from PDF",
            description:
                "Gets the text of each PDF, page by page in reading order: all pages as one text (Combine Pages) or a text a page, with a header and footer text around each page when given.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "PDF", type: .file, isRequired: true, isList: true),
                ParameterMetadata(
                    key: "WFGetTextFromPDFTextType", title: "Type", type: .enumeration, options: ["Text", "Rich Text"], defaultValue: "Text"
                ),
                ParameterMetadata(key: "WFCombinePages", title: "Combine Pages", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "WFGetTextFromPDFPageHeader", title: "Page Header Text", type: .text),
                ParameterMetadata(key: "WFGetTextFromPDFPageFooter", title: "Page Footer Text", type: .text),
            ],
            inputParameter: "WFInput", outputType: "Text", outputName: "Text from PDF", keywords: ["pdftotext", "read"])
    ) { parameters in
        let (combine, header, footer) = (
            parameters["WFCombinePages"], parameters["WFGetTextFromPDFPageHeader"], parameters["WFGetTextFromPDFPageFooter"]
        )
        return { input, run in
            try loaded()
            let combined = try run.bool(combine) ?? true
            let (top, bottom) = (try run.text(header) ?? "", try run.text(footer) ?? "")
            var texts: [Content] = []
            for file in try pdfs(input, run) {
                let document = try PDFDocument(file, parameter: "WFInput")
                guard document.pageCount <= pageLimit else {
                    throw ActionFailure(
                        "\(file.name) has \(document.pageCount) pages, more than the \(pageLimit) this reads", parameter: "WFInput")
                }
                var pages: [String] = []
                var bytes = 0
                for index in 0..<document.pageCount {
                    try run.checkCancelled()
                    let page = [top, document.text(ofPage: index), bottom].filter { !$0.isEmpty }.joined(separator: "\n")
                    bytes += page.utf8.count
                    guard bytes <= run.limits.valueBytes else {
                        throw ActionFailure("the text of \(file.name) is past the run's limit for one value", parameter: "WFInput")
                    }
                    pages.append(page)
                }
                texts += combined ? [.text(pages.joined(separator: "\n"))] : pages.map(Content.text)
            }
            return Content(items: texts)
        }
    }

    // MARK: Make PDF

    static let make = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.makepdf", title: "Make PDF",
            description:
                "Makes one PDF of the input: images become pages their size, PDFs' pages are copied as they are (all, one page or a range), with a quarter-inch margin when asked.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Input", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "WFPDFIncludeMargin", title: "Include Margin", type: .boolean, defaultValue: "false"),
                ParameterMetadata(
                    key: "WFPDFIncludedPages", title: "Include", type: .enumeration, options: ["All Pages", "Single Page", "Page Range"],
                    defaultValue: "All Pages"),
                ParameterMetadata(key: "WFPDFSinglePage", title: "Page #", type: .number),
                ParameterMetadata(key: "WFPDFPageRangeStart", title: "Start Page #", type: .number),
                ParameterMetadata(key: "WFPDFPageRangeEnd", title: "End Page #", type: .number),
                ParameterMetadata(
                    key: "WFPDFDocumentMergeBehavior", title: "Merge Behavior", type: .enumeration, options: ["Append", "Shuffle"],
                    defaultValue: "Append"),
            ],
            inputParameter: "WFInput", outputType: "PDF", outputName: "PDF", keywords: ["merge", "combine", "document"])
    ) { parameters in
        let margin = parameters["WFPDFIncludeMargin"]
        let (included, single, start, end) = (
            parameters["WFPDFIncludedPages"], parameters["WFPDFSinglePage"], parameters["WFPDFPageRangeStart"],
            parameters["WFPDFPageRangeEnd"]
        )
        let merge = parameters["WFPDFDocumentMergeBehavior"]
        return { input, run in
            try loaded()
            let points = try run.bool(margin) ?? false ? 18.0 : 0
            let include = try run.text(included) ?? "All Pages"
            func page(_ expression: ParameterExpression, _ key: String) throws -> Int? {
                guard let number = try run.number(expression, parameter: key) else { return nil }
                guard number.isFinite, number >= 1, number <= Double(pageLimit) else {
                    throw ActionFailure("\(number.formatted()) is not a page number", parameter: key)
                }
                return Int(number)
            }
            let range: ClosedRange<Int>? =
                switch include {
                case "Single Page": try page(single, "WFPDFSinglePage").map { $0...$0 } ?? (1...1)
                case "Page Range":
                    try {
                        let first = try page(start, "WFPDFPageRangeStart") ?? 1
                        let last = try page(end, "WFPDFPageRangeEnd") ?? pageLimit
                        guard first <= last else { throw ActionFailure("the range ends before it starts", parameter: "WFPDFPageRangeEnd") }
                        return first...last
                    }()
                default: nil
                }
            let shuffles = try run.text(merge) == "Shuffle"
            let items = try pages(of: input, run: run)
            guard !items.isEmpty else { throw ActionFailure("there is nothing to make a PDF of", parameter: "WFInput") }
            let writer = try Writer()
            // Shuffle interleaves the documents' pages: the first of each, then the second…
            var documents: [(PDFDocument, [Int])] = []
            for file in items {
                if isPDF(file) {
                    let document = try PDFDocument(file, parameter: "WFInput")
                    let pages = Array(0..<document.pageCount).filter { range?.contains($0 + 1) ?? true }
                    if shuffles {
                        documents.append((document, pages))
                    } else {
                        for index in pages {
                            try run.checkCancelled()
                            try writer.add(page: index, of: document, margin: points)
                        }
                    }
                } else if ImageFiles.isImage(file) {
                    if shuffles {
                        throw ActionFailure("Shuffle merges PDFs' pages; \(file.name) is an image", parameter: "WFPDFDocumentMergeBehavior")
                    }
                    try writer.add(image: try VipsImage(file, parameter: "WFInput"), named: file.name, margin: points)
                } else {
                    throw ActionFailure("\(file.name) is neither an image nor a PDF", parameter: "WFInput")
                }
            }
            if shuffles {
                let longest = documents.map(\.1.count).max() ?? 0
                for round in 0..<longest {
                    for (document, pages) in documents where round < pages.count {
                        try writer.add(page: pages[round], of: document, margin: points)
                    }
                }
            }
            guard writer.pages > 0 else { throw ActionFailure("there are no pages to make a PDF of", parameter: "WFPDFIncludedPages") }
            return .file(pdfFile(try writer.finish(), named: items[0].baseName))
        }
    }

    // MARK: Split PDF Into Pages

    static let split = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.splitpdf", title: "Split PDF Into Pages",
            description: "Makes a PDF of each page of the input PDFs, the page kept as it is.",
            parameters: [ParameterMetadata(key: "WFInput", title: "PDF", type: .file, isRequired: true, isList: true)],
            inputParameter: "WFInput", outputType: "PDF", outputName: "PDF Pages", keywords: ["pages", "separate"])
    ) { _ in
        { input, run in
            try loaded()
            var pages: [Content] = []
            for file in try pdfs(input, run) {
                let document = try PDFDocument(file, parameter: "WFInput")
                guard document.pageCount <= pageLimit else {
                    throw ActionFailure(
                        "\(file.name) has \(document.pageCount) pages, more than the \(pageLimit) this splits", parameter: "WFInput")
                }
                for index in 0..<document.pageCount {
                    try run.checkCancelled()
                    let writer = try Writer()
                    try writer.add(page: index, of: document, margin: 0)
                    let name = FileNames.numbered(file.baseName, index, of: document.pageCount)
                    pages.append(.file(pdfFile(try writer.finish(), named: name)))
                }
            }
            return Content(items: pages)
        }
    }

    // MARK: Make Image from PDF Page

    static let pageImages = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.makeimagefrompdfpage", title: "Make Image from PDF Page",
            description:
                "Makes an image of each page of the input PDFs: PNG or JPEG, in colour or greyscale, at a resolution in dots per inch.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "PDF", type: .file, isRequired: true, isList: true),
                ParameterMetadata(
                    key: "WFMakeImageFromPDFPageImageFormat", title: "Image Format", type: .enumeration,
                    options: ["public.png", "public.jpeg"],
                    defaultValue: "public.png"),
                ParameterMetadata(
                    key: "WFMakeImageFromPDFPageColorspace", title: "Color", type: .enumeration, options: ["RGB", "Gray"],
                    defaultValue: "RGB"),
                ParameterMetadata(
                    key: "WFMakeImageFromPDFPageResolution", title: "Resolution (dots per inch)", type: .number, defaultValue: "300"),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "Image", keywords: ["render", "page", "pdftoppm"])
    ) { parameters in
        let (format, colour, resolution) = (
            parameters["WFMakeImageFromPDFPageImageFormat"], parameters["WFMakeImageFromPDFPageColorspace"],
            parameters["WFMakeImageFromPDFPageResolution"]
        )
        return { input, run in
            try loaded()
            let dpi = try run.number(resolution, parameter: "WFMakeImageFromPDFPageResolution") ?? 300
            guard dpi.isFinite, dpi >= 10, dpi <= 2400 else {
                throw ActionFailure(
                    "\(dpi.formatted()) dots per inch is not a resolution (10 to 2400)", parameter: "WFMakeImageFromPDFPageResolution")
            }
            let chosen = try run.text(format) ?? "public.png"
            let imageFormat: ImageFormat =
                chosen.lowercased().contains("jpeg") || chosen.lowercased().contains("jpg") ? .jpeg(quality: 90, strip: true) : .png
            let grey = (try run.text(colour) ?? "RGB").lowercased().hasPrefix("gr")
            var images: [Content] = []
            for file in try pdfs(input, run) {
                images += try pageImages(of: file, dpi: dpi, format: imageFormat, grey: grey, run: run).map(Content.file)
            }
            return Content(items: images)
        }
    }

    /// A PDF's pages as images, drawn by poppler through libvips at `dpi`.
    static func pageImages(
        of file: FileContent, dpi: Double, format imageFormat: ImageFormat, grey: Bool, run: RunContext?, parameter: String = "WFInput"
    ) throws -> [FileContent] {
        try loaded()
        try VipsImage.load()
        var images: [FileContent] = []
        let document = try PDFDocument(file, parameter: parameter)
        for index in 0..<min(document.pageCount, pageLimit) {
            try run?.checkCancelled()
            var width = 0.0, height = 0.0
            _ = spdf_page_size(document.pointer, Int32(index), &width, &height)
            let pixels = width / 72 * dpi * height / 72 * dpi
            guard pixels <= Double(VipsImage.pixelLimit) else {
                throw ActionFailure(
                    "page \(index + 1) of \(file.name) at \(dpi.formatted()) dpi is more than \(VipsImage.pixelLimit / 1_000_000) megapixels",
                    parameter: "WFMakeImageFromPDFPageResolution")
            }
            var rendered: UnsafeMutableRawPointer?
            let result = file.data.withUnsafeBytes { svips_pdf_page($0.baseAddress, $0.count, Int32(index), dpi, &rendered) }
            guard result == 0, let rendered else {
                throw ActionFailure("can't draw page \(index + 1) of \(file.name): \(VipsImage.lastError())", parameter: parameter)
            }
            var page = VipsImage(taking: rendered)
            page = grey ? try page.greyscale() : try page.flattened()
            let name = FileNames.numbered(file.baseName, index, of: document.pageCount)
            let data = try page.encoded(as: imageFormat)
            images.append(
                FileContent(name: name + "." + imageFormat.fileExtension, data: data, typeIdentifier: imageFormat.typeIdentifier))
        }
        return images
    }
}
