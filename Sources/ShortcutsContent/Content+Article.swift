import Foundation
import Markup

extension FileContent {
    /// The type of rich text: rich text is HTML here, and an HTML file is rich text (its text is
    /// what a reader sees; see ``Content/text``).
    public static let richTextType = "public.html"

    /// Whether the file is rich text.
    public var isRichText: Bool { typeIdentifier == Self.richTextType }
}

extension Content {
    /// Rich text holding HTML.
    public static func richText(_ html: String, name: String = "Rich Text") -> Content {
        .file(FileContent(name: name + ".html", data: Data(html.utf8), typeIdentifier: FileContent.richTextType))
    }

    /// The details of an article, by Apple's names.
    public static let articleDetails = [
        "Title", "Author", "Published Date", "Body", "Excerpt", "Main Image URL", "Number of Words", "URL", "Name",
    ]

    /// A page's article (``Readability``) as an `Article` entity with Apple's details; its text is its title.
    public static func article(from page: HTMLDocument, url: URL?) -> Content {
        let found = Readability.article(from: page, url: url)
        let title = found.title ?? url?.absoluteString ?? "Article"
        var properties = ContentDictionary()
        properties["Title"] = .text(title)
        properties["Name"] = .text(title)
        properties["Author"] = found.author.map(Content.text) ?? .nothing
        properties["Published Date"] = found.published.map { text in ISO8601.date(from: text).map(Content.date) ?? .text(text) } ?? .nothing
        properties["Body"] = richText(found.bodyHTML, name: title.prefix(60).replacingOccurrences(of: "/", with: "-"))
        properties["Excerpt"] = found.excerpt.map(Content.text) ?? .nothing
        properties["Main Image URL"] = found.mainImageURL.flatMap { URL(string: $0) }.map(Content.url) ?? .nothing
        properties["Number of Words"] = .number(Double(found.wordCount))
        properties["URL"] = url.map(Content.url) ?? .nothing
        return .entity(
            EntityContent(
                typeName: "Article", identifier: url?.absoluteString ?? title, displayTitle: title, subtitle: found.author,
                properties: properties))
    }
}
