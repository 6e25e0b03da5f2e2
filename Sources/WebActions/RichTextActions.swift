import ActionSupport
import Foundation
import Markup
import ShortcutsContent
import ShortcutsEngine

/// Rich text, Markdown, HTML and articles. Rich text is HTML here: Apple's is an attributed
/// string, and HTML is what Linux has for styled text (what a browser shows, what Markdown
/// becomes). An HTML file is rich text, as a downloaded page is on Apple's: its text is what a
/// reader sees (``Content/text``), and Make HTML from Rich Text gives its source back.
enum RichTextActions {
    static let all: [ActionDefinition] = [
        richTextFromHTML, htmlFromRichText, richTextFromMarkdown, markdownFromRichText, getArticle, articleDetails, filterArticles,
        webPageDetails, imageFromRichText,
    ]

    // MARK: Converting

    static let richTextFromHTML = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getrichtextfromhtml", title: "Make Rich Text from HTML",
            description: "Takes the HTML and turns it into rich text, whose text is what a browser shows of it.",
            parameters: [ParameterMetadata(key: "WFHTML", title: "HTML", type: .text, isRequired: true)],
            inputParameter: "WFHTML", outputType: "Rich Text", outputName: "Rich Text from HTML", keywords: ["html", "rich text"])
    ) { _ in
        { input, _ in
            Content(
                items: input.items.map { item in
                    if case .file(let file) = item, file.isRichText { return item }
                    return Content.richText(item.text)
                })
        }
    }

    static let htmlFromRichText = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.gethtmlfromrichtext", title: "Make HTML from Rich Text",
            description:
                "Outputs the rich text as HTML: a whole document when Make Full Document is on, else the part inside <body> (a page's source as it is when it has no <body>).",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Rich Text", type: .content, isRequired: true),
                ParameterMetadata(key: "WFMakeFullDocument", title: "Make Full Document", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", outputType: "Text", outputName: "HTML from Rich Text", keywords: ["page", "source", "web", "get"])
    ) { parameters in
        let fullExpression = parameters["WFMakeFullDocument"]
        return { input, run in
            let full = try run.bool(fullExpression) ?? false
            return Content(
                items: try input.items.map { item in
                    let (source, isPage) = RichTextSource.html(of: item, lines: full)
                    let wholeDocument = source.range(of: "<html", options: .caseInsensitive) != nil
                    if full { return .text(wholeDocument ? source : HTMLDocument.fullDocument(body: source)) }
                    guard isPage, wholeDocument || source.range(of: "<body", options: .caseInsensitive) != nil else { return .text(source) }
                    let page = try RichTextSource.parse(source, parameter: "WFInput")
                    return .text(page.html(of: page.body, includingSelf: false).trimmingCharacters(in: .whitespacesAndNewlines))
                })
        }
    }

    static let richTextFromMarkdown = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getrichtextfrommarkdown", title: "Make Rich Text from Markdown",
            description:
                "Turns Markdown (CommonMark with GitHub's tables, strikethrough, autolinks and task lists, read by cmark-gfm) into rich text.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Markdown Text", type: .text, isRequired: true)],
            inputParameter: "WFInput", outputType: "Rich Text", outputName: "Rich Text from Markdown", keywords: ["markdown", "rich text"])
    ) { _ in
        { input, _ in
            Content(
                items: try input.items.map { item in
                    do throws(MarkupError) {
                        return Content.richText(try Markdown.html(from: item.text))
                    } catch {
                        throw ActionFailure(error.description, parameter: "WFInput", underlying: error)
                    }
                })
        }
    }

    static let markdownFromRichText = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getmarkdownfromrichtext", title: "Make Markdown from Rich Text",
            description: "Converts the rich text to Markdown, as Aaron Swartz's html2text does; plain text stays as it is.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Rich Text", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Text", outputName: "Markdown from Rich Text", keywords: ["markdown", "html2text"])
    ) { _ in
        { input, _ in
            Content(
                items: try input.items.map { item in
                    let (source, isPage) = RichTextSource.html(of: item)
                    guard isPage else { return .text(item.text) }
                    return .text(Markdown.markdown(from: try RichTextSource.parse(source, parameter: "WFInput")))
                })
        }
    }

    // MARK: Articles

    static let articleProperties = Content.articleDetails

    /// A web page from an input item: a URL downloaded (through the content graph's rules), or
    /// rich text as it is.
    static func page(_ item: Content, run: RunContext, parameter: String) throws -> (page: HTMLDocument, url: URL?, file: Content) {
        var url: URL?
        var file = item
        if case .file = item {
        } else if let address = item.url {
            url = address
            file = try run.convert(.url(address), to: .richText, parameter: parameter)
        } else {
            throw ActionFailure("expected a web page's URL, got \(item.quotedForError)", parameter: parameter)
        }
        return (try RichTextSource.parse(RichTextSource.html(of: file).source, parameter: parameter), url, file)
    }

    static let getArticle = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getarticle", title: "Get Article using Safari Reader",
            description:
                "Downloads each web page and finds its article as Safari Reader does: title, author, published date, body, excerpt, main image and word count.",
            parameters: [ParameterMetadata(key: "WFWebPage", title: "URL", type: .url, isRequired: true, isList: true)],
            inputParameter: "WFWebPage", outputType: "Article", outputName: "Article",
            keywords: ["web", "pages", "author", "word", "excerpt", "title", "content", "body", "published", "reader"])
    ) { _ in
        { input, run in
            // An article is a class of content: Get Article is the content graph's coercion to it.
            try run.convert(input, to: .article, parameter: "WFWebPage")
        }
    }

    static let articleDetails = DetailActions.make(
        "is.workflow.actions.properties.articles", title: "Get Details of Article", of: "Article", properties: articleProperties,
        default: "Title")

    /// A filter's view of an item: an article's details; other items are their own title, body and name.
    static let articleFilterProperties = FileFilter.Properties(
        kind: "articles", names: articleProperties,
        value: { name, item in
            if case .entity(let entity) = item, entity.typeName == "Article" { return item.property(name) }
            return ["title", "body", "name"].contains(name.lowercased()) ? .text(item.text) : .nothing
        })

    static let filterArticles = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.articles", title: "Filter Articles",
            description: "Keeps the articles that match all (or any) of the conditions on their details, then sorts and limits them.",
            parameters: FileFilter.parameters(
                input: ParameterMetadata(
                    key: "WFContentItemInputParameter", title: "Articles", type: .content, isRequired: true, isList: true),
                sortBy: articleProperties + ["Random"]),
            inputParameter: "WFContentItemInputParameter", outputType: "Article", outputName: "Articles",
            keywords: ["find", "where", "sort", "limit"]),
        properties: articleFilterProperties)

    // MARK: Web pages

    static let webPageProperties = ["Page Contents", "Page Selection", "Page URL", "Name"]

    /// Get Details of Safari Web Page, for pages given as URLs or rich text. There is no browser
    /// tab here, so nothing is selected: Page Selection is empty, as it is on Apple's when the
    /// person selected nothing.
    static let webPageDetails = DetailActions.make(
        "is.workflow.actions.properties.safariwebpage", title: "Get Details of Safari Web Page", of: "Safari Web Page",
        properties: webPageProperties, default: "Page Contents",
        description: "Outputs a detail of each web page (a URL, downloaded, or rich text): its contents, URL or title.",
        item: { item, run in
            if case .entity(let entity) = item, entity.typeName == "Safari Web Page" { return item }
            let (page, url, file) = try page(item, run: run, parameter: "WFInput")
            let name = page.title ?? url?.absoluteString ?? item.text
            var properties = ContentDictionary()
            properties["Page Contents"] = file
            properties["Page Selection"] = .nothing
            properties["Page URL"] = url.map(Content.url) ?? .nothing
            properties["Name"] = .text(name)
            return .entity(
                EntityContent(
                    typeName: "Safari Web Page", identifier: url?.absoluteString ?? name, displayTitle: name, properties: properties))
        })

    // MARK: Images of rich text

    static let imageFromRichText = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.makeimagefromrichtext", title: "Make Image from Rich Text",
            description:
                "Draws the rich text, web page or URL as a PNG image of the width and height given (1024 × 768 by default) with a headless Chromium, its scripts off.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Rich Text", type: .content, isRequired: true),
                ParameterMetadata(key: "WFWidth", title: "Width", type: .number, defaultValue: "1024", minimum: 1, maximum: 8_192),
                ParameterMetadata(key: "WFHeight", title: "Height", type: .number, defaultValue: "768", minimum: 1, maximum: 8_192),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "Image from Rich Text", keywords: ["render", "snapshot", "picture"])
    ) { parameters in
        let widthExpression = parameters["WFWidth"]
        let heightExpression = parameters["WFHeight"]
        return { input, run in
            let width = try run.wholeNumber(widthExpression, parameter: "WFWidth", in: 1...8_192, default: 1_024, what: "a width")
            let height = try run.wholeNumber(heightExpression, parameter: "WFHeight", in: 1...8_192, default: 768, what: "a height")
            let browser = try HeadlessBrowser.find(run)
            return Content(
                items: try input.items.enumerated().map { offset, item in
                    // A URL is downloaded; rich text and other text are drawn as they are.
                    let page: HTMLDocument
                    if case .url = item {
                        page = try RichTextActions.page(item, run: run, parameter: "WFInput").page
                    } else {
                        page = try RichTextSource.parse(RichTextSource.html(of: item).source, parameter: "WFInput")
                    }
                    let data = try HeadlessBrowser.draw(page, as: .image(width: width, height: height), browser: browser, run: run)
                    let title = page.title.map { $0.prefix(60).replacingOccurrences(of: "/", with: "-") } ?? "Rich Text"
                    return .file(
                        FileContent(
                            name: (offset == 0 ? title : "\(title) \(offset + 1)") + ".png", data: data, typeIdentifier: "public.png"))
                })
        }
    }
}
