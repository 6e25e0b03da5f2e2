import ActionSupport
import CMediaLoaders
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Optimize File Size of PDF, through Ghostscript's pdfwrite (libgs10, loaded on first use):
/// images resampled to 150 dpi and recompressed (`/ebook`), fonts subset, duplicate images kept
/// once, in Ghostscript's sandbox (`-dSAFER`). When that makes a PDF no smaller, the PDF is
/// given back as it was, as Apple's is when its images are already compressed.
enum PDFOptimizing {
    static let all: [ActionDefinition] = [optimize]

    static let optimize = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.compresspdf", title: "Optimize File Size of PDF",
            description:
                "Makes each PDF smaller by compressing its images (150 dpi, with Ghostscript); a PDF that doesn't get smaller is given back as it was.",
            parameters: [ParameterMetadata(key: "WFInput", title: "PDF", type: .file, isRequired: true, isList: true)],
            inputParameter: "WFInput", outputType: "PDF", outputName: "Optimized PDF", keywords: ["compress", "shrink", "smaller", "pdf"])
    ) { _ in
        { input, run in
            try LibraryLoading.load(sgs_load)
            try PDFActions.loaded()
            let folder = try run.scratchFolder("media")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            return Content(
                items: try PDFActions.pdfs(input, run).enumerated().map { offset, pdf in
                    try run.checkCancelled()
                    guard PDFActions.isPDF(pdf) else {
                        throw ActionFailure("\(pdf.name) is not a PDF", parameter: "WFInput")
                    }
                    // poppler reads it first: a damaged or locked PDF is refused before Ghostscript repairs it into blank pages.
                    let pages = try PDFDocument(pdf, parameter: "WFInput").pageCount
                    let source = folder + "/in-\(offset).pdf"
                    let target = folder + "/out-\(offset).pdf"
                    do {
                        try pdf.data.write(to: URL(fileURLWithPath: source))
                    } catch {
                        throw ActionFailure("can't write the PDF to \(source): \(error.localizedDescription)", parameter: "WFInput")
                    }
                    var reason = [CChar](repeating: 0, count: 2048)
                    let status = sgs_rewrite_pdf(source, target, "/ebook", &reason, reason.count)
                    let said = LibraryLoading.message(reason).split(whereSeparator: \.isNewline).map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                    .filter { !$0.isEmpty }.prefix(3).joined(separator: " ")
                    switch status {
                    case 0: break
                    case -2: throw ActionFailure("\(pdf.name) is locked with a password", parameter: "WFInput")
                    default: throw ActionFailure("Ghostscript could not rewrite \(pdf.name): \(said)", parameter: "WFInput")
                    }
                    guard let data = FileManager.default.contents(atPath: target), data.starts(with: Array("%PDF-".utf8)) else {
                        throw ActionFailure("Ghostscript wrote no PDF for \(pdf.name): \(said)", parameter: "WFInput")
                    }
                    let written = try PDFDocument(FileContent(name: pdf.name, data: data), parameter: "WFInput").pageCount
                    guard written == pages else {
                        throw ActionFailure(
                            "Ghostscript wrote \(written) of the \(pages) pages of \(pdf.name): \(said)", parameter: "WFInput")
                    }
                    guard data.count < pdf.data.count else { return .file(pdf) }
                    return .file(FileContent(name: pdf.baseName + ".pdf", data: data, typeIdentifier: "com.adobe.pdf"))
                })
        }
    }
}
