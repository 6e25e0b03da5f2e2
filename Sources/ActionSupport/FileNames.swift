import Foundation

/// Names for the files an action makes.
package enum FileNames {
    /// The name of one of `count` parts made from a file, numbered from 1 with as many digits as
    /// the last (`Scan 01` … `Scan 12`), so they sort in order.
    package static func numbered(_ base: String, _ index: Int, of count: Int) -> String {
        let number = String(index + 1)
        return base + " " + String(repeating: "0", count: max(String(count).count - number.count, 0)) + number
    }

    /// A file name from a note's first line.
    package static func title(of text: String) -> String {
        let first = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let cleaned = first.trimmingCharacters(in: CharacterSet(charactersIn: "# \t")).map { "/\\:\0".contains($0) ? "-" : $0 }
            .reduce(into: "") { $0.append($1) }
        let short = String(cleaned.prefix(100)).trimmingCharacters(in: .whitespaces)
        return short.isEmpty || short.hasPrefix(".") ? "New Note" : short
    }
}
