import Foundation

/// Small PDFs written out by hand for the tests: US Letter pages of one line of Helvetica each.
public enum TestPDF {
    /// A PDF of pages of one line of text each, its cross-reference table counted out.
    public static func pages(_ pages: [String]) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        let kids = pages.indices.map { "\(3 + $0 * 2) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        let font = 3 + pages.count * 2
        for (index, text) in pages.enumerated() {
            objects.append(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(4 + index * 2) 0 R /Resources << /Font << /F1 \(font) 0 R >> >> >>"
            )
            let stream = "BT /F1 24 Tf 72 700 Td (\(text)) Tj ET"
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
        return Data(file.utf8)
    }
}
