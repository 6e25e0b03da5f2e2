import Foundation
import ShortcutsContent

/// Reads RSS 2.0, RSS 1.0 (RDF) and Atom feeds, and finds the feeds a web page links to.
///
/// A small tolerant reader rather than an XML parser: feeds in the wild are often not
/// well-formed, and Foundation's `XMLParser` would load libxml2 into every `shortcuts` start.
public enum FeedReader {
    public struct Item: Sendable, Equatable {
        public var title = ""
        public var link = ""
        public var summary = ""
        public var content = ""
        public var author = ""
        public var published: Date?
        public var enclosure: String?
        public var identifier = ""
    }

    public struct Feed: Sendable {
        public var title = ""
        public var link = ""
        public var summary = ""
        public var image: String?
        public var items: [Item] = []
    }

    /// The feed's channel and its items, in order.
    public static func read(_ text: String) -> Feed {
        var feed = Feed()
        let blocks = elements(named: ["item", "entry"], in: text)
        let head = blocks.first.map { String(text[..<$0.range.lowerBound]) } ?? text
        feed.title = field("title", in: head) ?? ""
        feed.link = link(in: head) ?? ""
        feed.summary = field("description", in: head) ?? field("subtitle", in: head) ?? field("itunes:summary", in: head) ?? ""
        feed.image =
            attribute("href", ofFirst: "itunes:image", in: head)
            ?? elements(named: ["image"], in: head).first.flatMap {
                field("url", in: $0.inner)
            }
        feed.items = blocks.map { block in
            let body = block.inner
            var item = Item()
            item.title = field("title", in: body) ?? ""
            item.link = link(in: body) ?? ""
            item.summary = field("description", in: body) ?? field("summary", in: body) ?? field("itunes:summary", in: body) ?? ""
            item.content = field("content:encoded", in: body) ?? field("content", in: body) ?? item.summary
            item.author = field("author", in: body).map { field("name", in: $0) ?? $0 } ?? field("dc:creator", in: body) ?? ""
            let date =
                field("pubDate", in: body) ?? field("published", in: body) ?? field("updated", in: body) ?? field("dc:date", in: body)
            item.published = date.flatMap(parseDate)
            item.enclosure = attribute("url", ofFirst: "enclosure", in: body)
            item.identifier = field("guid", in: body) ?? field("id", in: body) ?? item.link
            return item
        }
        return feed
    }

    /// The feed URLs a page's `<link rel="alternate" type="application/rss+xml" href=…>` name,
    /// resolved against the page's URL.
    public static func feedLinks(in html: String, base: URL) -> [URL] {
        tags(named: "link", in: html).compactMap { tag in
            let rel = value("rel", in: tag)?.lowercased() ?? ""
            let type = value("type", in: tag)?.lowercased() ?? ""
            guard rel.contains("alternate"), type.contains("rss") || type.contains("atom") || type.contains("feed+json"),
                let href = value("href", in: tag)
            else { return nil }
            return URL(string: decodeEntities(href), relativeTo: base)?.absoluteURL
        }
    }

    // MARK: Scanning

    package struct Element {
        package var range: Range<String.Index>
        package var inner: String
    }

    /// Each `<name …>…</name>` of any of the names, outermost, in order.
    package static func elements(named names: [String], in text: String) -> [Element] {
        var found: [Element] = []
        var cursor = text.startIndex
        while cursor < text.endIndex {
            var earliest: (Range<String.Index>, String)?
            for name in names {
                guard let open = openTag(name, in: text, from: cursor) else { continue }
                if earliest == nil || open.lowerBound < earliest!.0.lowerBound { earliest = (open, name) }
            }
            guard let (open, name) = earliest else { break }
            guard let close = text.range(of: "</" + name + ">", options: .caseInsensitive, range: open.upperBound..<text.endIndex) else {
                break
            }
            found.append(Element(range: open.lowerBound..<close.upperBound, inner: String(text[open.upperBound..<close.lowerBound])))
            cursor = close.upperBound
        }
        return found
    }

    /// The range of the next opening tag `<name>` or `<name …>` (not `<names>`).
    package static func openTag(_ name: String, in text: String, from start: String.Index) -> Range<String.Index>? {
        var cursor = start
        while let found = text.range(of: "<" + name, options: .caseInsensitive, range: cursor..<text.endIndex) {
            let after = found.upperBound
            if after < text.endIndex, [">", " ", "\t", "\n", "\r", "/"].contains(text[after]),
                let end = text.range(of: ">", range: after..<text.endIndex)
            {
                return found.lowerBound..<end.upperBound
            }
            cursor = after
        }
        return nil
    }

    /// The text of the first `<name>` element: CDATA kept, tags inside removed, entities decoded.
    package static func field(_ name: String, in text: String) -> String? {
        guard let element = elements(named: [name], in: text).first else { return nil }
        return cleaned(element.inner)
    }

    package static func cleaned(_ raw: String) -> String {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") {
            return String(text.dropFirst(9).dropLast(3)).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        text = decodeEntities(text)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An item's link: RSS's `<link>text</link>`, or Atom's `<link rel="alternate" href="…"/>`.
    package static func link(in text: String) -> String? {
        for tag in tags(named: "link", in: text) {
            if let href = value("href", in: tag) {
                let rel = value("rel", in: tag) ?? "alternate"
                if rel == "alternate" { return decodeEntities(href) }
            }
        }
        if let text = field("link", in: text), !text.isEmpty { return text }
        return nil
    }

    package static func attribute(_ name: String, ofFirst tag: String, in text: String) -> String? {
        tags(named: tag, in: text).first.flatMap { value(name, in: $0) }.map(decodeEntities)
    }

    /// Every opening tag of a name, as written (`<link rel="…" href="…">`).
    package static func tags(named name: String, in text: String) -> [String] {
        var found: [String] = []
        var cursor = text.startIndex
        while let range = openTag(name, in: text, from: cursor) {
            found.append(String(text[range]))
            cursor = range.upperBound
        }
        return found
    }

    /// An attribute's value in a tag, quoted with " or '.
    package static func value(_ attribute: String, in tag: String) -> String? {
        let pattern = "\\b" + NSRegularExpression.escapedPattern(for: attribute) + #"\s*=\s*("([^"]*)"|'([^']*)')"#
        guard let regex = try? NSRegularExpression(pattern: pattern, options: .caseInsensitive),
            let match = regex.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag))
        else { return nil }
        for group in [2, 3] {
            if let range = Range(match.range(at: group), in: tag) { return String(tag[range]) }
        }
        return nil
    }

    package static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}"]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = String(after[..<semicolon])
            var replacement: String?
            if let known = named[name] {
                replacement = known
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16) {
                replacement = Unicode.Scalar(code).map { String($0) }
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) {
                replacement = Unicode.Scalar(code).map { String($0) }
            }
            if let replacement {
                result += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    package static func parseDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for pattern in [
            "EEE, dd MMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm:ss Z", "EEE, dd MMM yyyy HH:mm:ss zzz", "dd MMM yyyy HH:mm:ss Z",
        ] {
            formatter.dateFormat = pattern
            if let date = DateParser.date(text, with: formatter) { return date }
        }
        return ISO8601DateFormatter().date(from: text)
            ?? {
                let fractional = ISO8601DateFormatter()
                fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                return fractional.date(from: text)
            }()
    }
}
