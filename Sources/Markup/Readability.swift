import Foundation

/// A page's article, as Safari Reader finds it: the main text without the navigation, sidebars,
/// comments and advertisements around it, and what the page says of it.
public struct Article: Sendable, Equatable {
    public var title: String?
    public var author: String?
    /// The publication date as the page writes it (ISO 8601 in its metadata, mostly).
    public var published: String?
    public var excerpt: String?
    public var mainImageURL: String?
    /// The article's HTML, links and images made absolute.
    public var bodyHTML: String
    public var bodyText: String
    public var wordCount: Int
}

/// Finds the article in a page the way Mozilla's Readability does, by scoring: each paragraph
/// of 25 characters or more gives its container points (one, one a comma, one a hundred
/// characters up to three), its grandparent half as many; containers whose class or id reads
/// like an article (`content`, `post`, `story`…) gain 25, those that read like page furniture
/// (`comment`, `sidebar`, `footer`, `nav`, `ad-`…) lose 25; each score shrinks by the share of
/// its text that is links. The best container, with its siblings that score near it or read like
/// prose, is the article. Metadata comes from the page's Open Graph, `meta` and JSON-LD tags.
public enum Readability {
    public static func article(from document: HTMLDocument, url: URL?) -> Article {
        let metadata = Metadata(document: document)
        var scorer = Scorer(document: document)
        let nodes = scorer.articleNodes()
        let keep: (Int) -> Bool = { scorer.keeps($0) }
        let resolve: (String) -> String = { address in
            guard let url, let absolute = URL(string: address, relativeTo: url)?.absoluteString else { return address }
            return absolute
        }
        let bodyHTML = nodes.map { document.html(of: $0, resolving: resolve, keep: keep) }.joined(separator: "\n")
        let bodyDocument = (try? HTMLDocument.parse(bodyHTML)) ?? document
        let bodyText = bodyDocument.plainText()
        let firstImage = bodyDocument.first(named: "img").flatMap { bodyDocument.attribute("src", of: $0) }
        let words = bodyText.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation && $0 != "'" && $0 != "’" }).count
        let firstParagraph = bodyDocument.first(named: "p").map { HTMLDocument.collapsingSpaces(bodyDocument.textContent(of: $0)) }
        return Article(
            title: metadata.title, author: metadata.author, published: metadata.published,
            excerpt: metadata.excerpt ?? firstParagraph.flatMap { $0.isEmpty ? nil : $0 },
            mainImageURL: (metadata.image ?? firstImage).map(resolve), bodyHTML: bodyHTML, bodyText: bodyText, wordCount: words)
    }

    /// What the page says of itself in its `<head>`: Open Graph and Twitter cards, `meta` names,
    /// JSON-LD, then the `<title>` and bylines in the page.
    struct Metadata {
        var title: String?
        var author: String?
        var published: String?
        var excerpt: String?
        var image: String?

        init(document: HTMLDocument) {
            var meta: [String: String] = [:]
            for element in document.elements(named: "meta") {
                guard let content = document.attribute("content", of: element)?.trimmingCharacters(in: .whitespacesAndNewlines),
                    !content.isEmpty
                else { continue }
                for key in ["property", "name", "itemprop"] {
                    if let name = document.attribute(key, of: element)?.lowercased(), meta[name] == nil { meta[name] = content }
                }
            }
            let linked = Self.linkedData(document)
            title = meta["og:title"] ?? meta["twitter:title"] ?? linked["headline"] ?? meta["dc.title"] ?? document.title
            author =
                linked["author"] ?? meta["author"] ?? meta["article:author"].flatMap { $0.hasPrefix("http") ? nil : $0 } ?? meta[
                    "dc.creator"]
                ?? Self.byline(document)
            published =
                meta["article:published_time"] ?? linked["datePublished"] ?? meta["date"] ?? meta["pubdate"]
                ?? meta["publishdate"] ?? meta["dc.date"] ?? meta["datepublished"]
                ?? document.first(named: "time").flatMap { document.attribute("datetime", of: $0) }
            excerpt = meta["og:description"] ?? meta["description"] ?? meta["twitter:description"] ?? linked["description"]
            image = meta["og:image"] ?? meta["twitter:image"] ?? linked["image"]
        }

        /// The fields of the first JSON-LD object that describes an article.
        static func linkedData(_ document: HTMLDocument) -> [String: String] {
            for script in document.elements(named: "script")
            where document.attribute("type", of: script)?.lowercased() == "application/ld+json" {
                guard let data = document.textContent(of: script).data(using: .utf8),
                    let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                else { continue }
                var objects: [[String: Any]] = []
                if let object = json as? [String: Any] {
                    objects = (object["@graph"] as? [[String: Any]]) ?? [object]
                } else if let list = json as? [[String: Any]] {
                    objects = list
                }
                for object in objects {
                    let type = (object["@type"] as? String) ?? ((object["@type"] as? [String])?.first ?? "")
                    guard type.hasSuffix("Article") || type == "BlogPosting" || type == "Report" else { continue }
                    var fields: [String: String] = [:]
                    for key in ["headline", "datePublished", "description"] { fields[key] = object[key] as? String }
                    fields["author"] = name(object["author"])
                    fields["image"] = (object["image"] as? String) ?? name(object["image"], key: "url")
                    return fields
                }
            }
            return [:]
        }

        /// A JSON-LD person or list of persons as a name ("A, B").
        private static func name(_ value: Any?, key: String = "name") -> String? {
            if let text = value as? String { return text }
            if let object = value as? [String: Any] { return object[key] as? String }
            if let list = value as? [Any] {
                let names = list.compactMap { name($0, key: key) }
                return names.isEmpty ? nil : names.joined(separator: key == "name" ? ", " : "")
            }
            return nil
        }

        /// The text of a byline in the page: `rel="author"`, `itemprop="author"` or a class
        /// naming the author or byline, when it is short enough to be a name.
        static func byline(_ document: HTMLDocument) -> String? {
            for index in document.descendants(of: document.body) where document[index].isElement {
                let rel = document.attribute("rel", of: index) ?? ""
                let property = document.attribute("itemprop", of: index) ?? ""
                let names = ((document.attribute("class", of: index) ?? "") + " " + (document.attribute("id", of: index) ?? ""))
                    .lowercased()
                guard rel == "author" || property.contains("author") || names.contains("byline") || names.contains("author") else {
                    continue
                }
                let text = HTMLDocument.collapsingSpaces(document.textContent(of: index))
                if !text.isEmpty, text.count < 100 {
                    return text.hasPrefix("By ") || text.hasPrefix("by ") ? String(text.dropFirst(3)) : text
                }
            }
            return nil
        }
    }

    /// Scores the page's containers; see ``Readability``.
    struct Scorer {
        let document: HTMLDocument
        private var scores: [Int: Double] = [:]
        private var unlikely: Set<Int> = []

        static let positive = ["article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post", "text", "blog", "story"]
        static let negative = [
            "hidden", "banner", "combx", "comment", "com-", "contact", "foot", "footer", "footnote", "masthead", "media", "meta",
            "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping", "tags",
            "tool", "widget", "nav", "menu", "ad-", "advert", "social", "cookie", "newsletter", "subscribe",
        ]
        /// Elements that are never part of an article.
        static let furniture: Set<String> = [
            "script", "style", "noscript", "form", "iframe", "object", "embed", "nav", "aside", "footer", "button", "input", "select",
            "textarea", "header", "svg", "dialog",
        ]

        /// Each node's visible text length, and how much of it is inside links, counted once
        /// from the leaves up (a child's index is always past its parent's).
        private let textLength: [Int]
        private let linkLength: [Int]
        /// Whether a node holds a block element (a `div` that holds none is a paragraph).
        private let holdsBlock: [Bool]

        init(document: HTMLDocument) {
            self.document = document
            var textLength = Array(repeating: 0, count: document.nodes.count)
            var linkLength = Array(repeating: 0, count: document.nodes.count)
            var holdsBlock = Array(repeating: false, count: document.nodes.count)
            for index in document.nodes.indices.reversed() {
                let node = document[index]
                guard let name = node.name else {
                    textLength[index] = HTMLDocument.collapsingSpaces(node.text).count
                    continue
                }
                if HTMLElements.hidden.contains(name) { continue }
                for child in node.children {
                    textLength[index] += textLength[child]
                    linkLength[index] += linkLength[child]
                    holdsBlock[index] =
                        holdsBlock[index] || holdsBlock[child] || document[child].name.map(HTMLElements.blocks.contains) ?? false
                }
                if name == "a" { linkLength[index] = textLength[index] }
            }
            self.textLength = textLength
            self.linkLength = linkLength
            self.holdsBlock = holdsBlock
        }

        private func names(_ index: Int) -> String {
            ((document.attribute("class", of: index) ?? "") + " " + (document.attribute("id", of: index) ?? "")).lowercased()
        }

        /// +25 for a class or id that reads like an article, −25 for one that reads like page furniture.
        func classWeight(_ index: Int) -> Double {
            let names = names(index)
            guard !names.trimmingCharacters(in: .whitespaces).isEmpty else { return 0 }
            var weight = 0.0
            if Self.negative.contains(where: names.contains) { weight -= 25 }
            if Self.positive.contains(where: names.contains) { weight += 25 }
            return weight
        }

        /// The visible text inside a node, its spaces collapsed.
        func text(_ index: Int) -> String { HTMLDocument.collapsingSpaces(document.plainText(of: index)) }

        /// The share of a node's text that is inside links.
        func linkDensity(_ index: Int) -> Double {
            textLength[index] == 0 ? 0 : Double(linkLength[index]) / Double(textLength[index])
        }

        /// Whether an element belongs in the article: no furniture, nothing whose names read
        /// like furniture unless they also read like content.
        func keeps(_ index: Int) -> Bool {
            guard let name = document[index].name else { return true }
            if Self.furniture.contains(name) { return false }
            if unlikely.contains(index) { return false }
            if ["ul", "ol", "table", "div", "section"].contains(name) {
                let density = linkDensity(index)
                if density > 0.5, textLength[index] < 2_000 { return false }
            }
            return true
        }

        private func initialScore(_ name: String) -> Double {
            switch name {
            case "div", "article", "section", "main": return 5
            case "pre", "td", "blockquote": return 3
            case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": return -3
            case "h1", "h2", "h3", "h4", "h5", "h6", "th": return -5
            default: return 0
            }
        }

        /// The nodes that make the article, in page order.
        mutating func articleNodes() -> [Int] {
            let body = document.body
            for index in document.descendants(of: body) where document[index].isElement && index != body {
                let names = names(index)
                let name = document[index].name ?? ""
                if Self.negative.contains(where: names.contains), !Self.positive.contains(where: names.contains), name != "a",
                    name != "article"
                {
                    unlikely.insert(index)
                }
            }
            var initialized: Set<Int> = []
            for index in paragraphs(in: body) where textLength[index] >= 25 {
                let commas = document.textContent(of: index).filter { ",，、".contains($0) }.count
                let points = 1 + Double(commas) + min(Double(textLength[index] / 100), 3)
                var ancestor = document[index].parent
                var level = 0
                while let current = ancestor, level < 5, current != HTMLDocument.document {
                    if !initialized.contains(current) {
                        initialized.insert(current)
                        scores[current, default: 0] += initialScore(document[current].name ?? "") + classWeight(current)
                    }
                    let share = level == 0 ? 1 : level == 1 ? 0.5 : 1 / Double(level * 3)
                    scores[current, default: 0] += points * share
                    ancestor = document[current].parent
                    level += 1
                }
            }
            var best: (index: Int, score: Double)?
            for (index, score) in scores {
                let final = score * (1 - linkDensity(index))
                scores[index] = final
                if best == nil || final > best!.score || final == best!.score && index < best!.index { best = (index, final) }
            }
            guard let top = best?.index else { return [body] }
            guard let parent = document[top].parent, parent != HTMLDocument.document else { return [top] }
            let threshold = max(10, best!.score * 0.2)
            return document[parent].children.filter { sibling in
                if sibling == top { return true }
                guard let name = document[sibling].name, keeps(sibling) else { return false }
                if let score = scores[sibling], score >= threshold { return true }
                guard name == "p" else { return false }
                let density = linkDensity(sibling)
                return textLength[sibling] > 80 && density < 0.25 || density == 0 && text(sibling).hasSuffix(".")
            }
        }

        /// The paragraphs whose text scores: `p`, `pre` and `td` elements, and `div`s that hold
        /// no block of their own (pages that write paragraphs as divs), outside unlikely parts.
        private func paragraphs(in body: Int) -> [Int] {
            var found: [Int] = []
            var stack = [body]
            while let index = stack.popLast() {
                guard let name = document[index].name, !unlikely.contains(index), !Self.furniture.contains(name) else { continue }
                if ["p", "pre", "td"].contains(name) {
                    found.append(index)
                    continue
                }
                if name == "div", !holdsBlock[index] {
                    found.append(index)
                    continue
                }
                stack.append(contentsOf: document[index].children.reversed())
            }
            return found
        }
    }
}
