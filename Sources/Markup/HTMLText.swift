/// The kinds of HTML element the renderers tell apart.
enum HTMLElements {
    /// Elements whose contents are never shown.
    static let hidden: Set<String> = [
        "head", "script", "style", "template", "noscript", "title", "meta", "link", "iframe", "object", "embed", "svg", "canvas",
        "select", "button", "input", "textarea", "audio", "video", "map",
    ]
    /// Elements that start and end a line of their own.
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html",
        "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "thead", "tfoot", "tr", "ul", "caption",
    ]
    /// Elements that have no end tag and no contents.
    static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    static let headings: [String: Int] = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]
}

extension HTMLDocument {
    /// The text a reader sees on the page, as Apple's rich text gives it when a shortcut takes
    /// it as plain text: hidden parts (head, scripts, styles) left out, white space collapsed as
    /// a browser collapses it (kept inside `<pre>`), a line for each block, list items marked
    /// `•` (or their number) between tabs, table cells separated by tabs.
    public func plainText(of index: Int? = nil) -> String {
        var writer = PlainTextWriter(document: self)
        writer.write(index ?? Self.document)
        return writer.finished
    }
}

/// Writes a node's visible text; see ``HTMLDocument/plainText(of:)``.
struct PlainTextWriter {
    let document: HTMLDocument
    private var output = ""
    private var pendingSpace = false
    private var preformatted = 0
    /// The lists being written: each one's next number, or `nil` for bullets.
    private var lists: [Int?] = []
    private var cellInRow = 0

    init(document: HTMLDocument) { self.document = document }

    private var atLineStart: Bool { output.isEmpty || output.last == "\n" }

    mutating func write(_ index: Int) {
        let node = document[index]
        guard let name = node.name else {
            text(node.text)
            return
        }
        if HTMLElements.hidden.contains(name) { return }
        switch name {
        case "br":
            output += "\n"
            pendingSpace = false
            return
        case "img", "hr":
            if name == "hr" { lineBreak() }
            return
        case "ul", "ol", "menu", "dir":
            lineBreak()
            let start = document.attribute("start", of: index).flatMap { Int($0) } ?? 1
            lists.append(name == "ol" ? start : nil)
            children(of: index)
            lists.removeLast()
            lineBreak()
            return
        case "li":
            lineBreak()
            output += String(repeating: "\t", count: max(lists.count, 1))
            if let number = lists.last ?? nil {
                output += "\(number).\t"
                lists[lists.count - 1] = number + 1
            } else {
                output += "•\t"
            }
            children(of: index)
            lineBreak()
            return
        case "tr":
            lineBreak()
            let outer = cellInRow
            cellInRow = 0
            children(of: index)
            cellInRow = outer
            lineBreak()
            return
        case "td", "th":
            if cellInRow > 0 { output += "\t" }
            cellInRow += 1
            pendingSpace = false
            children(of: index)
            return
        case "pre":
            lineBreak()
            preformatted += 1
            children(of: index)
            preformatted -= 1
            lineBreak()
            return
        default:
            break
        }
        let block = HTMLElements.blocks.contains(name)
        if block { lineBreak() }
        children(of: index)
        if block { lineBreak() }
    }

    private mutating func children(of index: Int) {
        for child in document[index].children { write(child) }
    }

    private mutating func text(_ text: String) {
        if preformatted > 0 {
            output += text
            return
        }
        for character in text {
            if character.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace, !atLineStart, output.last != "\t" { output += " " }
            pendingSpace = false
            output.append(character)
        }
    }

    private mutating func lineBreak() {
        pendingSpace = false
        if !atLineStart { output += "\n" }
    }

    var finished: String {
        var text = Substring(output)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        while let first = text.first, first == "\n" { text.removeFirst() }
        return String(text)
    }
}
