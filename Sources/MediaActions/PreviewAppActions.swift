import ActionSupport
import CMediaLoaders
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Preview's own actions (`com.apple.Preview.*`, macOS 15's keys) on documents: image and PDF
/// files. Preview changes a document in its window and saves it later; here there is no window,
/// so a document that is a file on disk is written back as each action changes it (atomically:
/// a reader sees the old file or the new, never half), and one that isn't (a PDF Make PDF just
/// made) is changed in the run only; Save writes such changes to files that have a place.
///
/// A page is a PDF's page as content (`PDF Page`): its document's path and its number. Pages
/// are rewritten through poppler and cairo, so each stays vector; a PDF's links, forms and
/// outline don't survive a page being deleted, inserted or turned.
enum PreviewAppActions {
    static let prefix = "com.apple.Preview."
    static let pageType = "PDF Page"

    static var all: [ActionDefinition] {
        [
            autoEnhance, deletePages, export, flip, getPages, insertPages, open, resize, revealDocument, rotate, rotatePages, save,
            search,
        ].inApp("Preview")
    }

    // MARK: Documents

    /// The documents content gives: image and PDF files, or their paths.
    static func documents(_ given: Content, parameter: String, run: RunContext) throws -> [FileContent] {
        let files = try given.items.flatMap { item -> [Content] in
            if case .text = item, let path = LocalFiles.path(of: item, run: run), LocalFiles.exists(path).exists {
                return [.file(try LocalFiles.item(at: path, run: run, parameter: parameter))]
            }
            return try run.convert(item, to: .file, parameter: parameter).items
        }.map { item -> FileContent in
            guard case .file(let file) = item, PDFActions.isPDF(file) || ImageFiles.isImage(file) else {
                throw ActionFailure("expected an image or a PDF, got \(item.quotedForError)", parameter: parameter)
            }
            return file
        }
        guard !files.isEmpty else { throw ActionFailure("no documents were given", parameter: parameter) }
        return files
    }

    /// A document changed: written back over its file when it has one, and output.
    static func changed(_ document: FileContent, data: Data, run: RunContext, parameter: String) throws -> Content {
        var changed = document
        changed.data = data
        if let path = document.path {
            try LocalFiles.writeAtomically(data, to: path, run: run, parameter: parameter)
        }
        return .file(changed)
    }

    /// An image document changed by libvips, kept in its own format (a JPEG stays a JPEG).
    static func changedImage(
        _ document: FileContent, run: RunContext, parameter: String, decoded: Bool = true, _ change: (VipsImage?) throws -> VipsImage
    ) throws -> Content {
        guard !PDFActions.isPDF(document) else {
            throw ActionFailure("\(document.name) is a PDF; this changes images", parameter: parameter)
        }
        // An animation's or a multi-page TIFF's other frames would be lost in one frame written back.
        if let frames = (try? ImageDetails(document, parameter: parameter))?.frameCount, frames > 1 {
            throw ActionFailure("\(document.name) has \(frames) frames; these actions change single images", parameter: parameter)
        }
        var image = try change(decoded ? try VipsImage(document, parameter: parameter) : nil)
        let format = ImageFormat(typeIdentifier: document.typeIdentifier, name: document.name)
        if image.hasAlpha, !format.holdsTransparency { image = try image.flattened() }
        return try changed(document, data: try image.encoded(as: format), run: run, parameter: parameter)
    }

    static func openIfAsked(_ parameters: CompiledParameters, _ documents: [Content], run: RunContext) throws {
        guard try run.bool(parameters["OpenWhenRun"]) == true else { return }
        for case .file(let file) in documents {
            guard let path = file.path else { continue }
            try run.environment.openURL(URL(fileURLWithPath: path))
        }
    }

    static let openWhenRun = ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false")

    static func documentsParameter(_ key: String, title: String = "Documents", list: Bool = true) -> ParameterMetadata {
        ParameterMetadata(key: key, title: title, type: .file, isRequired: true, isList: list)
    }

    // MARK: Pages

    /// A file's version: its size and when it last changed, so pages got before a change are known stale.
    static func version(of path: String) -> String {
        FileStatus(path).map { "\($0.size)-\($0.modified)" } ?? ""
    }

    static func pageContent(path: String, number: Int, count: Int, text: String) -> Content {
        let name = (path as NSString).lastPathComponent
        return .entity(
            EntityContent(
                typeName: pageType, identifier: "\(path)#\(number)", displayTitle: "Page \(number) of \(name)",
                subtitle: "\(number) of \(count)",
                properties: [
                    "Page Number": .number(Double(number)), "Document": .text(path), "Page Count": .number(Double(count)),
                    "Text": .text(text), "Document Version": .text(version(of: path)),
                ]))
    }

    /// The pages content gives, by document path, each document's page numbers in order (from 1).
    static func pages(_ given: Content, parameter: String) throws -> [(path: String, numbers: [Int])] {
        var order: [String] = []
        var numbers: [String: [Int]] = [:]
        for item in given.items {
            guard case .entity(let entity) = item, entity.typeName == pageType, let hash = entity.identifier.lastIndex(of: "#"),
                let number = Int(entity.identifier[entity.identifier.index(after: hash)...]), number >= 1
            else {
                throw ActionFailure("expected a PDF's page (from Get Pages), got \(item.quotedForError)", parameter: parameter)
            }
            let path = String(entity.identifier[..<hash])
            if let seen = entity.properties["Document Version"]?.text, !seen.isEmpty, seen != version(of: path) {
                throw ActionFailure(
                    "\((path as NSString).lastPathComponent) changed since its pages were got (page \(number) may be another page now); get them again",
                    parameter: parameter)
            }
            if numbers[path] == nil { order.append(path) }
            numbers[path, default: []].append(number)
        }
        guard !order.isEmpty else { throw ActionFailure("no pages were given", parameter: parameter) }
        return order.map { ($0, numbers[$0] ?? []) }
    }

    /// A PDF file read and opened.
    static func openPDF(_ path: String, run: RunContext, parameter: String) throws -> (FileContent, PDFDocument) {
        let file = try LocalFiles.item(at: path, run: run, parameter: parameter)
        guard PDFActions.isPDF(file) else { throw ActionFailure("\(file.name) is not a PDF", parameter: parameter) }
        try PDFActions.loaded()
        return (file, try PDFDocument(file, parameter: parameter))
    }

    /// A PDF written again page by page, then over its file.
    static func rewrite(
        _ path: String, run: RunContext, parameter: String, _ build: (PDFDocument, PDFActions.Writer) throws -> Void
    ) throws -> Content {
        let (file, document) = try openPDF(path, run: run, parameter: parameter)
        let writer = try PDFActions.Writer(parameter: parameter)
        try build(document, writer)
        guard writer.pages > 0 else { throw ActionFailure("\(file.name) would have no pages left", parameter: parameter) }
        return try changed(file, data: try writer.finish(), run: run, parameter: parameter)
    }

    static func checkNumbers(_ numbers: [Int], of document: PDFDocument, parameter: String) throws {
        if let beyond = numbers.first(where: { $0 > document.pageCount }) {
            throw ActionFailure("\(document.name) has \(document.pageCount) pages, not a page \(beyond)", parameter: parameter)
        }
    }

    /// Page numbers from text such as `1, 3-5, last` (from 1); all of them for empty text.
    static func pageNumbers(_ text: String, count: Int, parameter: String) throws -> [Int] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "all" { return Array(1...max(count, 1)).filter { $0 <= count } }
        func number(_ word: Substring) throws -> Int {
            let word = word.trimmingCharacters(in: .whitespaces).lowercased()
            if word == "last" { return count }
            if word == "first" { return 1 }
            guard let value = Int(word), value >= 1, value <= max(count, 1) else {
                if let value = Int(word), value > count {
                    throw ActionFailure("the document has \(count) pages, not a page \(value)", parameter: parameter)
                }
                throw ActionFailure(
                    "“\(word.prefix(20))” is not a page number (give numbers from 1, ranges such as 3-5, or last)", parameter: parameter)
            }
            return value
        }
        var numbers: [Int] = []
        for part in trimmed.split(separator: ",") {
            let ends = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard ends.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                throw ActionFailure("“\(part.prefix(20))” is not a page range (give both ends, as 3-5)", parameter: parameter)
            }
            let (low, high) = (try number(ends[0]), try ends.count == 2 ? number(ends[1]) : number(ends[0]))
            guard low <= high else { throw ActionFailure("\(part) is a range backwards", parameter: parameter) }
            numbers += Array(low...min(high, low + PDFActions.pageLimit))
        }
        return numbers
    }

    // MARK: Actions on whole documents

    static let autoEnhance = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "AutoEnhanceIntent", title: "Auto Enhance",
            description: "Enhances images (levels stretched, colours a little stronger) and writes each over its file.",
            parameters: [documentsParameter("target"), openWhenRun], inputParameter: "target", outputType: "Image",
            outputName: "Documents", isReadOnly: false, keywords: ["improve", "levels"])
    ) { parameters in
        { input, run in
            let done = try documents(try run.content(parameters, "target", orInput: input), parameter: "target", run: run).map {
                try changedImage($0, run: run, parameter: "target") { try $0!.enhanced() }
            }
            try openIfAsked(parameters, done, run: run)
            return Content(items: done)
        }
    }

    static let flip = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "FlipIntent", title: "Flip Documents",
            description: "Flips images left to right (Orientation on) or upside down, writing each over its file.",
            parameters: [
                documentsParameter("documents"),
                ParameterMetadata(key: "horizontally", title: "Orientation", type: .boolean, defaultValue: "true"),
                openWhenRun,
            ],
            inputParameter: "documents", outputType: "Image", outputName: "Documents", isReadOnly: false, keywords: ["mirror"])
    ) { parameters in
        { input, run in
            let horizontally = try run.bool(parameters["horizontally"]) ?? true
            let done = try documents(try run.content(parameters, "documents", orInput: input), parameter: "documents", run: run).map {
                try changedImage($0, run: run, parameter: "documents") { try $0!.flipped(vertically: !horizontally) }
            }
            try openIfAsked(parameters, done, run: run)
            return Content(items: done)
        }
    }

    static let resize = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "ResizeIntent", title: "Resize Documents",
            description:
                "Scales images to a width and height in pixels (one left empty keeps the aspect ratio), writing each over its file.",
            parameters: [
                ParameterMetadata(key: "width", title: "Width", type: .number),
                ParameterMetadata(key: "height", title: "Height", type: .number),
                documentsParameter("documents"), openWhenRun,
            ],
            inputParameter: "documents", outputType: "Image", outputName: "Documents", isReadOnly: false, keywords: ["scale", "size"])
    ) { parameters in
        { input, run in
            let width = try ImageActions.pixels(parameters["width"], run, key: "width")
            let height = try ImageActions.pixels(parameters["height"], run, key: "height")
            guard width != nil || height != nil else { throw ActionFailure("give a width, a height or both", parameter: "width") }
            let done = try documents(try run.content(parameters, "documents", orInput: input), parameter: "documents", run: run).map {
                document in
                try changedImage(document, run: run, parameter: "documents", decoded: false) { _ in
                    try VipsImage.thumbnail(
                        document, width: width ?? 0, height: height ?? 0, force: width != nil && height != nil, parameter: "documents")
                }
            }
            try openIfAsked(parameters, done, run: run)
            return Content(items: done)
        }
    }

    static let rotate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "RotateIntent", title: "Rotate Documents",
            description: "Turns images, and every page of PDFs, a quarter turn, writing each over its file.",
            parameters: [
                documentsParameter("documents"),
                ParameterMetadata(key: "isClockwise", title: "Clockwise", type: .boolean, defaultValue: "true"),
                openWhenRun,
            ],
            inputParameter: "documents", outputType: "File", outputName: "Documents", isReadOnly: false, keywords: ["turn"])
    ) { parameters in
        { input, run in
            let turns = try run.bool(parameters["isClockwise"]) ?? true ? 1 : 3
            let done = try documents(try run.content(parameters, "documents", orInput: input), parameter: "documents", run: run).map {
                document in
                guard PDFActions.isPDF(document) else {
                    return try changedImage(document, run: run, parameter: "documents") { try $0!.rotated(degrees: Double(turns) * 90) }
                }
                try PDFActions.loaded()
                let pdf = try PDFDocument(document, parameter: "documents")
                let writer = try PDFActions.Writer(parameter: "documents")
                for index in 0..<pdf.pageCount { try writer.add(page: index, of: pdf, margin: 0, quarterTurns: turns) }
                return try changed(document, data: try writer.finish(), run: run, parameter: "documents")
            }
            try openIfAsked(parameters, done, run: run)
            return Content(items: done)
        }
    }

    static let save = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "SaveIntent", title: "Save",
            description:
                "Gives documents as saved: the actions here write each file as they change it, so Save checks each has its file and reads it from there; one with no file is refused (use Save File).",
            parameters: [documentsParameter("documents")], inputParameter: "documents", outputType: "File", outputName: "Documents",
            isReadOnly: false, keywords: ["write"])
    ) { parameters in
        { input, run in
            let saved = try documents(try run.content(parameters, "documents", orInput: input), parameter: "documents", run: run).map {
                document in
                guard let path = document.path, LocalFiles.exists(path).exists else {
                    throw ActionFailure("\(document.name) has no file to save to; use Save File to choose one", parameter: "documents")
                }
                return Content.file(try LocalFiles.item(at: path, run: run, parameter: "documents"))
            }
            return Content(items: saved)
        }
    }

    /// Export's types: a name (PDF, PNG, JPEG, HEIC, TIFF, WebP) or a type identifier.
    static func exportFormat(_ text: String, parameter: String) throws -> ImageFormat? {
        let key = text.lowercased().replacingOccurrences(of: "public.", with: "")
        switch key {
        case "pdf", "com.adobe.pdf": return nil
        case "png": return .png
        case "jpeg", "jpg": return .jpeg(quality: 90, strip: false)
        case "heic", "heif": return .heif
        case "tiff", "tif": return .tiff
        case "webp", "org.webmproject.webp": return .webp
        default:
            throw ActionFailure("“\(text.prefix(30))” is not a type to export to: PDF, PNG, JPEG, HEIC, TIFF or WebP", parameter: parameter)
        }
    }

    static let export = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "ExportIntent", title: "Export",
            description:
                "Writes documents into a folder, as they are or as another type: images as PDF, PDFs as images (one a page), images as other images. A name taken gets a number unless Overwrite If File Exists is on.",
            parameters: [
                documentsParameter("documents"),
                ParameterMetadata(key: "type", title: "Type", type: .enumeration, options: ["PDF", "PNG", "JPEG", "HEIC", "TIFF", "WebP"]),
                ParameterMetadata(key: "folder", title: "Folder", type: .file, isRequired: true),
                ParameterMetadata(key: "overwriteIfExists", title: "Overwrite If File Exists", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "documents", outputType: "File", outputName: "Exported Documents", isReadOnly: false,
            keywords: ["convert", "save as"])
    ) { parameters in
        { input, run in
            let type = try run.text(parameters["type"]) ?? ""
            let overwrite = try run.bool(parameters["overwriteIfExists"]) ?? false
            guard let folder = LocalFiles.path(of: try run.content(parameters["folder"]), run: run), LocalFiles.exists(folder).isFolder
            else {
                throw ActionFailure("give a folder to export into", parameter: "folder")
            }
            var exported: [Content] = []
            var written: Set<String> = []
            for document in try documents(try run.content(parameters, "documents", orInput: input), parameter: "documents", run: run) {
                var files: [FileContent]
                if type.trimmingCharacters(in: .whitespaces).isEmpty {
                    files = [document]
                } else if let format = try exportFormat(type, parameter: "type") {
                    if PDFActions.isPDF(document) {
                        files = try PDFActions.pageImages(
                            of: document, dpi: 150, format: format, grey: false, run: run, parameter: "documents")
                    } else {
                        var image = try VipsImage(document, parameter: "documents")
                        if image.hasAlpha, !format.holdsTransparency { image = try image.flattened() }
                        files = [
                            FileContent(
                                name: document.baseName + "." + format.fileExtension, data: try image.encoded(as: format),
                                typeIdentifier: format.typeIdentifier)
                        ]
                    }
                } else if PDFActions.isPDF(document) {
                    files = [document]
                } else {
                    let writer = try PDFActions.Writer(parameter: "documents")
                    try writer.add(image: try VipsImage(document, parameter: "documents"), named: document.name, margin: 0)
                    files = [PDFActions.pdfFile(try writer.finish(), named: document.baseName)]
                }
                for var file in files {
                    // A name is a file's name only, and two documents of one name in one export both stay.
                    let name = (file.name.replacingOccurrences(of: "/", with: "-") as NSString).lastPathComponent
                    let safe = name.hasPrefix(".") ? "_" + name : name
                    let target =
                        overwrite && !written.contains(safe) ? folder + "/" + safe : MediaLibraryActions.freePath(for: safe, in: folder)
                    written.insert(safe)
                    try LocalFiles.writeAtomically(file.data, to: target, run: run, parameter: "folder")
                    file.path = target
                    file.name = (target as NSString).lastPathComponent
                    exported.append(.file(file))
                }
            }
            return Content(items: exported)
        }
    }

    static let open = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "OpenIntent", title: "Open",
            description: "Opens documents with the desktop's viewer for their type.",
            parameters: [documentsParameter("files")], inputParameter: "files", outputType: "File", outputName: "Documents",
            isReadOnly: false, keywords: ["view", "show"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            for document in try documents(try run.content(parameters, "files", orInput: input), parameter: "files", run: run) {
                guard let path = document.path else {
                    throw ActionFailure("\(document.name) has no file to open; save it first", parameter: "files")
                }
                try run.environment.openURL(URL(fileURLWithPath: path))
            }
            return input
        }
    }

    static let revealDocument = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "RevealDocumentIntent", title: "Reveal Document",
            description: "Shows a document selected in the desktop's file manager (org.freedesktop.FileManager1).",
            parameters: [documentsParameter("target", title: "Document", list: false)], inputParameter: "target", isReadOnly: false,
            keywords: ["show in folder"]
        ).needing(.fileManager),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let manager = try ServiceClient(.fileManager, for: run)
            let paths = try documents(try run.content(parameters, "target", orInput: input), parameter: "target", run: run).map {
                document in
                guard let path = document.path else { throw ActionFailure("\(document.name) has no file to reveal", parameter: "target") }
                return URL(fileURLWithPath: path).absoluteString
            }
            try manager.showInFileManager(paths)
            return input
        }
    }

    // MARK: Pages' actions

    static let getPages = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "GetPagesIntent", title: "Get Pages",
            description: "Gives pages of PDFs: those Pages names (1, 3-5, last), or all of them; each with its number and text.",
            parameters: [
                ParameterMetadata(
                    key: "pageSelector", title: "Pages", type: .enumeration, options: ["all", "specific"], defaultValue: "all"),
                ParameterMetadata(key: "pages", title: "Page Numbers", type: .text),
                documentsParameter("documents"),
            ],
            inputParameter: "documents", outputType: pageType, outputName: "Pages", keywords: ["page range"])
    ) { parameters in
        { input, run in
            let selector = (try run.text(parameters["pageSelector"]) ?? "").lowercased()
            let wanted = selector == "all" ? "" : try run.text(parameters["pages"]) ?? ""
            var found: [Content] = []
            for document in try documents(try run.content(parameters, "documents", orInput: input), parameter: "documents", run: run) {
                guard PDFActions.isPDF(document) else { throw ActionFailure("\(document.name) is not a PDF", parameter: "documents") }
                guard let path = document.path else {
                    throw ActionFailure("\(document.name) has no file; save it first to work on its pages", parameter: "documents")
                }
                try PDFActions.loaded()
                let pdf = try PDFDocument(document, parameter: "documents")
                for number in try pageNumbers(wanted, count: pdf.pageCount, parameter: "pages") {
                    found.append(pageContent(path: path, number: number, count: pdf.pageCount, text: pdf.text(ofPage: number - 1)))
                }
            }
            return Content(items: found)
        }
    }

    static let search = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "SearchIntent", title: "Search Documents",
            description: "Finds the pages of PDFs whose text holds the search terms (case and accents ignored); the output is those pages.",
            parameters: [
                documentsParameter("documents"), ParameterMetadata(key: "criteria", title: "Search Terms", type: .text, isRequired: true),
            ],
            inputParameter: "documents", outputType: pageType, outputName: "Pages", keywords: ["find", "text"])
    ) { parameters in
        { input, run in
            guard let terms = try run.text(parameters["criteria"]), !terms.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionFailure("no search terms were given", parameter: "criteria")
            }
            var found: [Content] = []
            for document in try documents(try run.content(parameters, "documents", orInput: input), parameter: "documents", run: run)
            where PDFActions.isPDF(document) {
                guard let path = document.path else {
                    throw ActionFailure("\(document.name) has no file; save it first to search its pages", parameter: "documents")
                }
                try PDFActions.loaded()
                let pdf = try PDFDocument(document, parameter: "documents")
                for index in 0..<pdf.pageCount {
                    let text = pdf.text(ofPage: index)
                    if text.range(of: terms, options: [.caseInsensitive, .diacriticInsensitive]) != nil {
                        found.append(pageContent(path: path, number: index + 1, count: pdf.pageCount, text: text))
                    }
                }
            }
            return Content(items: found)
        }
    }

    static let deletePages = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "DeletePageIntent", title: "Delete Page",
            description: "Takes pages out of their PDFs, writing each PDF over its file; a PDF keeps at least one page.",
            parameters: [
                ParameterMetadata(key: "entities", title: "Pages", type: .content, isRequired: true, entityType: pageType, isList: true)
            ],
            inputParameter: "entities", outputType: "PDF", outputName: "Documents", isReadOnly: false, keywords: ["remove page"])
    ) { parameters in
        { input, run in
            let done = try pages(try run.content(parameters, "entities", orInput: input), parameter: "entities").map { path, numbers in
                try rewrite(path, run: run, parameter: "entities") { pdf, writer in
                    try checkNumbers(numbers, of: pdf, parameter: "entities")
                    for index in 0..<pdf.pageCount where !numbers.contains(index + 1) { try writer.add(page: index, of: pdf, margin: 0) }
                }
            }
            return Content(items: done)
        }
    }

    static let rotatePages = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "RotatePageIntent", title: "Rotate Page",
            description: "Turns pages of PDFs a quarter turn, writing each PDF over its file.",
            parameters: [
                ParameterMetadata(key: "pages", title: "Pages", type: .content, isRequired: true, entityType: pageType, isList: true),
                ParameterMetadata(key: "isClockwise", title: "Clockwise", type: .boolean, defaultValue: "true"), openWhenRun,
            ],
            inputParameter: "pages", outputType: "PDF", outputName: "Documents", isReadOnly: false, keywords: ["turn page"])
    ) { parameters in
        { input, run in
            let turns = try run.bool(parameters["isClockwise"]) ?? true ? 1 : 3
            let done = try pages(try run.content(parameters, "pages", orInput: input), parameter: "pages").map { path, numbers in
                try rewrite(path, run: run, parameter: "pages") { pdf, writer in
                    try checkNumbers(numbers, of: pdf, parameter: "pages")
                    for index in 0..<pdf.pageCount {
                        let times = numbers.filter { $0 == index + 1 }.count
                        try writer.add(page: index, of: pdf, margin: 0, quarterTurns: times * turns)
                    }
                }
            }
            try openIfAsked(parameters, done, run: run)
            return Content(items: done)
        }
    }

    static let insertPages = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "InsertPageIntent", title: "Insert Page",
            description:
                "Inserts images (a page each) and PDFs' pages before or after a page of a PDF (Placement on: after), writing the PDF over its file.",
            parameters: [
                ParameterMetadata(key: "page", title: "Page", type: .content, isRequired: true, entityType: pageType),
                ParameterMetadata(key: "isAfter", title: "Placement", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "files", title: "Documents", type: .file, isRequired: true, isList: true),
            ],
            inputParameter: "files", outputType: "PDF", outputName: "Document", isReadOnly: false, keywords: ["add page"])
    ) { parameters in
        { input, run in
            let target = try pages(try run.content(parameters["page"]), parameter: "page")
            guard target.count == 1, let (path, numbers) = target.first, numbers.count == 1 else {
                throw ActionFailure("give one page to insert at", parameter: "page")
            }
            let after = try run.bool(parameters["isAfter"]) ?? true
            let inserted = try documents(try run.content(parameters, "files", orInput: input), parameter: "files", run: run)
            try PDFActions.loaded()
            let sources = try inserted.map { file in (file, PDFActions.isPDF(file) ? try PDFDocument(file, parameter: "files") : nil) }
            return try rewrite(path, run: run, parameter: "page") { pdf, writer in
                try checkNumbers(numbers, of: pdf, parameter: "page")
                let at = numbers[0] - 1 + (after ? 1 : 0)
                for index in 0...pdf.pageCount {
                    if index == at {
                        for (file, source) in sources {
                            if let source {
                                for page in 0..<source.pageCount { try writer.add(page: page, of: source, margin: 0) }
                            } else {
                                try writer.add(image: try VipsImage(file, parameter: "files"), named: file.name, margin: 0)
                            }
                        }
                    }
                    if index < pdf.pageCount { try writer.add(page: index, of: pdf, margin: 0) }
                }
            }
        }
    }
}
