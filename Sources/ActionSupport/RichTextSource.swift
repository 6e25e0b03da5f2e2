import Foundation
import Markup
import ShortcutsContent
import ShortcutsEngine

/// Rich text as the actions that take it read it: HTML (see the rich text actions).
package enum RichTextSource {
    /// An item's HTML: an HTML file's source, or other text written as HTML (escaped, each line
    /// a line break when `lines`).
    package static func html(of item: Content, lines: Bool = true) -> (source: String, isPage: Bool) {
        if case .file(let file) = item, file.isRichText { return (TextDecoding.text(of: file.data), true) }
        let escaped = HTMLDocument.escaped(item.text)
        return (lines ? escaped.replacingOccurrences(of: "\n", with: "<br>\n") : escaped, false)
    }

    /// A page parsed, the failure naming the parameter.
    package static func parse(_ source: String, parameter: String) throws -> HTMLDocument {
        do {
            return try HTMLDocument.parse(source)
        } catch {
            throw ActionFailure(error.description, parameter: parameter, underlying: error)
        }
    }
}
