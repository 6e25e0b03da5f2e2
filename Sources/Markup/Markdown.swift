internal import CMarkupLoader
import Foundation

/// Markdown to HTML and back: cmark-gfm reads Markdown (CommonMark with GitHub's tables,
/// strikethrough, autolinks and task lists); ``MarkdownWriter`` writes a page as Markdown the way
/// Aaron Swartz's html2text does, which Apple names as its model.
public enum Markdown {
    /// Markdown as an HTML fragment. Raw HTML inside the Markdown is left out and `javascript:`
    /// links are dropped, as GitHub does.
    public static func html(from markdown: String) throws(MarkupError) -> String {
        var message = [CChar](repeating: 0, count: 512)
        let bytes = Array(markdown.utf8)
        let html = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { smarkup_markdown_html($0.baseAddress, $0.count, &message, message.count) }
        }
        guard let html else {
            throw MarkupError(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(html) }
        return String(cString: html)
    }

    /// A page (or one node of it) as Markdown.
    public static func markdown(from document: HTMLDocument, node: Int? = nil) -> String {
        var writer = MarkdownWriter(document: document)
        return writer.blocks(of: node ?? document.body).joined(separator: "\n\n")
    }
}

/// Writes HTML as Markdown: headings `#`, emphasis `_`, strong `**`, code in backticks or fenced,
/// links and images inline, lists `*` and `1.`, quotes `>`, rules `* * *`, tables as GitHub's.
struct MarkdownWriter {
    let document: HTMLDocument

    init(document: HTMLDocument) { self.document = document }

    /// The Markdown blocks inside a node: runs of inline content become paragraphs.
    mutating func blocks(of index: Int) -> [String] {
        var found: [String] = []
        var run = ""
        func flush() {
            let paragraph = MarkdownWriter.trimmedLines(run)
            if !paragraph.isEmpty { found.append(paragraph) }
            run = ""
        }
        for child in document[index].children {
            let node = document[child]
            if let name = node.name, HTMLElements.blocks.contains(name) || name == "table" {
                flush()
                found += block(child, name: name)
            } else {
                run += inline(child)
            }
        }
        flush()
        return found
    }

    private mutating func block(_ index: Int, name: String) -> [String] {
        if let level = HTMLElements.headings[name] {
            let text = MarkdownWriter.trimmedLines(inlineChildren(index)).replacingOccurrences(of: "\n", with: " ")
            return text.isEmpty ? [] : [String(repeating: "#", count: level) + " " + text]
        }
        switch name {
        case "p":
            let text = MarkdownWriter.trimmedLines(inlineChildren(index))
            return text.isEmpty ? [] : [text]
        case "pre":
            var code = document.textContent(of: index)
            while code.hasSuffix("\n") { code.removeLast() }
            let fence = code.contains("```") ? "~~~" : "```"
            return [fence + "\n" + code + "\n" + fence]
        case "blockquote":
            let inner = blocks(of: index).joined(separator: "\n\n")
            return inner.isEmpty
                ? []
                : [
                    inner.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? ">" : "> " + $0 }.joined(
                        separator: "\n")
                ]
        case "hr":
            return ["* * *"]
        case "ul", "ol", "menu", "dir":
            return [list(index, ordered: name == "ol")]
        case "table":
            return table(index)
        default:
            return blocks(of: index)
        }
    }

    private mutating func list(_ index: Int, ordered: Bool) -> String {
        var number = document.attribute("start", of: index).flatMap { Int($0) } ?? 1
        var items: [String] = []
        for child in document[index].children where document[child].name == "li" {
            let marker = ordered ? "\(number). " : "* "
            number += 1
            let inner = blocks(of: child).joined(separator: "\n")
            let indent = String(repeating: " ", count: marker.count)
            let lines = inner.split(separator: "\n", omittingEmptySubsequences: false)
            items.append(
                marker + lines.enumerated().map { $0.offset == 0 ? String($0.element) : indent + $0.element }.joined(separator: "\n"))
        }
        return items.joined(separator: "\n")
    }

    private mutating func table(_ index: Int) -> [String] {
        let rows = document.elements(named: "tr", in: index).map { row in
            document[row].children.filter { ["td", "th"].contains(document[$0].name) }.map { cell in
                MarkdownWriter.trimmedLines(inlineChildren(cell)).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(
                    of: "|", with: "\\|")
            }
        }
        guard let header = rows.first, !header.isEmpty else { return [] }
        let width = rows.map(\.count).max() ?? header.count
        func line(_ cells: [String]) -> String {
            "| " + (cells + Array(repeating: "", count: width - cells.count)).joined(separator: " | ") + " |"
        }
        return [
            ([line(header), "|" + Array(repeating: " --- |", count: width).joined()] + rows.dropFirst().map(line)).joined(separator: "\n")
        ]
    }

    private mutating func inlineChildren(_ index: Int) -> String {
        document[index].children.map { inline($0) }.joined()
    }

    /// A node inside a paragraph, as Markdown.
    private mutating func inline(_ index: Int) -> String {
        let node = document[index]
        guard let name = node.name else { return MarkdownWriter.escaped(MarkdownWriter.collapsed(node.text)) }
        if HTMLElements.hidden.contains(name) { return "" }
        switch name {
        case "br":
            return "  \n"
        case "strong", "b":
            return MarkdownWriter.wrap(inlineChildren(index), in: "**")
        case "em", "i", "cite", "dfn":
            return MarkdownWriter.wrap(inlineChildren(index), in: "_")
        case "del", "s", "strike":
            return MarkdownWriter.wrap(inlineChildren(index), in: "~~")
        case "code", "kbd", "samp", "tt":
            let code = MarkdownWriter.collapsed(document.textContent(of: index))
            guard !code.trimmingCharacters(in: .whitespaces).isEmpty else { return code }
            let ticks = code.contains("`") ? "``" : "`"
            return ticks + code + ticks
        case "a":
            let text = inlineChildren(index)
            guard let href = document.attribute("href", of: index), !href.isEmpty, !href.lowercased().hasPrefix("javascript:") else {
                return text
            }
            let label = text.trimmingCharacters(in: .whitespaces)
            return label.isEmpty ? "<\(href)>" : "[\(label)](\(MarkdownWriter.destination(href)))"
        case "img":
            guard let source = document.attribute("src", of: index), !source.isEmpty else { return "" }
            let alternative = MarkdownWriter.escaped(document.attribute("alt", of: index) ?? "")
            return "![\(alternative)](\(MarkdownWriter.destination(source)))"
        default:
            if HTMLElements.blocks.contains(name) { return "\n\n" + blocks(of: index).joined(separator: "\n\n") + "\n\n" }
            return inlineChildren(index)
        }
    }

    /// Emphasis around text, with the text's outer spaces kept outside the markers.
    private static func wrap(_ text: String, in marker: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return text }
        let leading = text.prefix { $0 == " " }
        let trailing = text.reversed().prefix { $0 == " " }
        return leading + marker + trimmed + marker + String(trailing)
    }

    private static func collapsed(_ text: String) -> String {
        var output = ""
        var space = false
        for character in text {
            if character.isWhitespace {
                space = true
            } else {
                if space { output += " " }
                space = false
                output.append(character)
            }
        }
        if space { output += " " }
        return output
    }

    /// Text with the characters Markdown would read as formatting backslash-escaped.
    private static func escaped(_ text: String) -> String {
        var output = ""
        for character in text {
            if "\\`*_[]".contains(character) { output += "\\" }
            output.append(character)
        }
        return output
    }

    /// A link's address, in angle brackets when it holds spaces or parentheses.
    private static func destination(_ address: String) -> String {
        address.contains(where: { " ()".contains($0) }) ? "<\(address)>" : address
    }

    /// Lines with their outer spaces trimmed (a line break's two spaces kept), no blank runs at the ends.
    static func trimmedLines(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let hardBreak = line.hasSuffix("  ")
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return hardBreak && !trimmed.isEmpty ? trimmed + "  " : trimmed
        }
        var kept: [String] = []
        for line in lines where !(line.isEmpty && (kept.last?.isEmpty ?? true)) { kept.append(line) }
        while kept.last?.isEmpty == true { kept.removeLast() }
        if var last = kept.popLast() {
            while last.hasSuffix(" ") { last.removeLast() }
            kept.append(last)
        }
        return kept.joined(separator: "\n")
    }
}
