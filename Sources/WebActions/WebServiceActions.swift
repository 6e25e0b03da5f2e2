import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The web actions that reach a service: Expand URL, Get Headers of URL, Get Items from RSS
/// Feed, Get RSS Feeds from Page, the iTunes Search API's (Find App Store Apps, Find iTunes Store
/// Items, Find Podcasts and their details), Get Episodes of Podcast, Trigger IFTTT Applet, Post
/// to Slack and Get Current IP Address. Each service's base URL is a setting (``ServiceSettings``).
enum WebServiceActions {
    static let all: [ActionDefinition] = [
        expandURL, headersOfURL, rssItems, rssFeeds, ITunesSearch.findApps, ITunesSearch.appDetails, ITunesSearch.findItems,
        ITunesSearch.itemDetails, ITunesSearch.artistDetails, ITunesSearch.findPodcasts, ITunesSearch.podcastDetails,
        ITunesSearch.episodeDetails, ITunesSearch.episodes, ifttt, slack, IPAddress.action,
    ]

    /// The http or https URLs of content, or a failure naming the parameter.
    static func webURLs(_ content: Content, parameter: String, run: RunContext) throws -> [URL] {
        let urls = try run.convert(content, to: .url, parameter: parameter).items.compactMap { item -> URL? in
            if case .url(let url) = item { return url }
            return nil
        }
        guard !urls.isEmpty else { throw ActionFailure("no URL is given", parameter: parameter) }
        for url in urls where !["http", "https"].contains(url.scheme?.lowercased() ?? "") {
            throw ActionFailure("expected an http or https URL, got \(url.absoluteString)", parameter: parameter)
        }
        return urls
    }

    static let expandURL = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.url.expand", title: "Expand URL",
            description: "Follows a shortened URL's redirects and outputs where it leads.",
            parameters: [ParameterMetadata(key: "URL", title: "URL", type: .url, isRequired: true)],
            inputParameter: "URL", outputType: "URL", outputName: "Expanded URL", keywords: ["unshorten", "redirect", "bit.ly"])
    ) { _ in
        { input, run in
            Content(
                items: try webURLs(input, parameter: "URL", run: run).map { url in
                    let response = try run.send(HTTPRequest(url: url, method: "HEAD"), parameter: "URL")
                    return .url(response.url ?? url)
                })
        }
    }

    static let headersOfURL = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.url.getheaders", title: "Get Headers of URL",
            description:
                "Sends a HEAD request and outputs the response's headers as a dictionary (after redirects), each name capitalized as Content-Type.",
            parameters: [ParameterMetadata(key: "WFInput", title: "URL", type: .url, isRequired: true)],
            inputParameter: "WFInput", outputType: "Dictionary", outputName: "Headers of URL", keywords: ["http", "head"])
    ) { _ in
        { input, run in
            Content(
                items: try webURLs(input, parameter: "WFInput", run: run).map { url in
                    let response = try run.send(HTTPRequest(url: url, method: "HEAD"), parameter: "WFInput")
                    var headers = ContentDictionary()
                    for (raw, value) in response.headers {
                        // Names as Apple's HTTP responses give them: each word capitalized (Content-Type).
                        let name = raw.split(separator: "-", omittingEmptySubsequences: false).map { $0.capitalized }.joined(separator: "-")
                        // A repeated header keeps every value, joined as HTTP allows.
                        headers[name] = headers[name].map { .text($0.text + ", " + value) } ?? .text(value)
                    }
                    return .dictionary(headers)
                })
        }
    }

    static let rssItems = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.rss", title: "Get Items from RSS Feed",
            description:
                "Downloads an RSS or Atom feed and outputs its newest items as articles (title, URL, author, date, summary, body).",
            parameters: [
                ParameterMetadata(key: "WFRSSFeedURL", title: "URL", type: .url, isRequired: true),
                ParameterMetadata(key: "WFRSSItemQuantity", title: "Number of Items", type: .integer, defaultValue: "10", minimum: 1),
            ],
            inputParameter: "WFRSSFeedURL", outputType: "Article", outputName: "Items from RSS Feed", keywords: ["atom", "news", "feed"])
    ) { parameters in
        let quantity = parameters["WFRSSItemQuantity"]
        return { input, run in
            let count = Int(try run.number(quantity, parameter: "WFRSSItemQuantity") ?? 10)
            guard count >= 1 else { throw ActionFailure("expected at least 1 item, got \(count)", parameter: "WFRSSItemQuantity") }
            var articles: [Content] = []
            for url in try webURLs(input, parameter: "WFRSSFeedURL", run: run) {
                let data = try run.send(HTTPRequest(url: url), parameter: "WFRSSFeedURL").body
                let feed = FeedReader.read(TextDecoding.text(of: data))
                guard !feed.items.isEmpty || data.contains(UInt8(ascii: "<")) else {
                    throw ActionFailure("\(url.absoluteString) is not an RSS or Atom feed", parameter: "WFRSSFeedURL")
                }
                articles += feed.items.prefix(count).map { article($0, feed: feed, base: url) }
            }
            return Content(items: articles)
        }
    }

    /// A feed item as an article, with Apple's property names.
    static func article(_ item: FeedReader.Item, feed: FeedReader.Feed, base: URL) -> Content {
        var properties = ContentDictionary()
        properties["Title"] = .text(item.title)
        let link = URL(string: item.link, relativeTo: base)?.absoluteURL
        properties["URL"] = link.map(Content.url) ?? .nothing
        properties["Author"] = .text(item.author)
        properties["Published Date"] = item.published.map(Content.date) ?? .nothing
        properties["Summary"] = .text(item.summary)
        properties["Body"] = .text(item.content)
        properties["Feed"] = .text(feed.title)
        properties["Enclosure URL"] = item.enclosure.flatMap { URL(string: $0) }.map(Content.url) ?? .nothing
        return .entity(
            EntityContent(
                typeName: "Article", identifier: item.identifier.isEmpty ? item.title : item.identifier,
                displayTitle: item.title, subtitle: item.author.isEmpty ? nil : item.author, properties: properties))
    }

    static let rssFeeds = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.rss.extract", title: "Get RSS Feeds from Page",
            description: "Downloads web pages and outputs the RSS and Atom feeds they link to.",
            parameters: [ParameterMetadata(key: "WFURLs", title: "Page", type: .url, isRequired: true, isList: true)],
            inputParameter: "WFURLs", outputType: "URL", outputName: "RSS Feeds from Page", keywords: ["atom", "find feed"])
    ) { _ in
        { input, run in
            var feeds: [Content] = []
            for url in try webURLs(input, parameter: "WFURLs", run: run) {
                let response = try run.send(HTTPRequest(url: url), parameter: "WFURLs")
                let data = response.body
                let base = response.url ?? url
                let text = TextDecoding.text(of: data)
                // A feed given as the page is its own feed.
                if text.range(of: "<rss", options: .caseInsensitive) != nil || text.range(of: "<feed", options: .caseInsensitive) != nil {
                    feeds.append(.url(base))
                    continue
                }
                feeds += FeedReader.feedLinks(in: text, base: base).map(Content.url)
            }
            return Content(items: feeds)
        }
    }

    // MARK: Webhooks

    static let ifttt = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.ifttt", title: "Trigger IFTTT Applet",
            description:
                "Triggers an IFTTT applet through IFTTT's Webhooks service, sending up to three ingredients (value1…value3). Set your Webhooks key with shortcuts settings --service ifttt-key=KEY.",
            parameters: [
                ParameterMetadata(
                    key: "IFTTTTriggerName", title: "Trigger Name", description: "the applet's event name", type: .text, isRequired: true),
                ParameterMetadata(
                    key: "WFIFTTTExtraIngredients", title: "Extra Ingredients", type: .integer, defaultValue: "0", minimum: 0, maximum: 10),
            ] + (1...3).map { ParameterMetadata(key: "WFIFTTTExtraIngredient\($0)", title: "Ingredient \($0)", type: .text) },
            isReadOnly: false, keywords: ["webhook", "maker", "automation"]),
        passesInputThrough: true
    ) { parameters in
        let trigger = parameters["IFTTTTriggerName"]
        let extra = parameters["WFIFTTTExtraIngredients"]
        let ingredients = (1...10).map { parameters["WFIFTTTExtraIngredient\($0)"] }
        return { input, run in
            guard let event = try run.text(trigger)?.trimmingCharacters(in: .whitespaces), !event.isEmpty else {
                throw ActionFailure("no trigger name is given", parameter: "IFTTTTriggerName")
            }
            guard let key = run.environment.services["ifttt-key"], !key.isEmpty else {
                throw ActionFailure(
                    "no IFTTT Webhooks key is set; find it at ifttt.com/maker_webhooks and run shortcuts settings --service ifttt-key=KEY",
                    parameter: "IFTTTTriggerName")
            }
            let pathSafe = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
            let path = "/trigger/\(event.addingPercentEncoding(withAllowedCharacters: pathSafe) ?? event)/with/key/\(key)"
            guard let url = run.environment.services.url("ifttt", path: path) else {
                throw ActionFailure(
                    "the ifttt service has no URL; set one with shortcuts settings --service ifttt=URL (or default)",
                    parameter: "IFTTTTriggerName")
            }
            var values = ContentDictionary()
            let count = min(Int(try run.number(extra, parameter: "WFIFTTTExtraIngredients") ?? 0), 3)
            // The input is the first ingredient when no ingredient is written out, as Apple sends it.
            if count == 0, !input.isNothing { values["value1"] = .text(input.text) }
            for index in 0..<max(count, 0) { values["value\(index + 1)"] = .text(try run.text(ingredients[index]) ?? "") }
            var request = HTTPRequest(url: url, method: "POST")
            request.body = Data(JSONBridge.text(of: .dictionary(values)).utf8)
            request.setHeader("Content-Type", "application/json")
            try expectSuccess(try run.send(request, parameter: "IFTTTTriggerName"), service: "IFTTT", parameter: "IFTTTTriggerName")
            return input
        }
    }

    static let slack = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.slack.send", title: "Post to Slack",
            description:
                "Posts the input as a message through a Slack incoming webhook (shortcuts settings --service slack-webhook=URL), to the webhook's channel or the one named.",
            parameters: [
                ParameterMetadata(key: "WFSlackInput", title: "Message", type: .content, isRequired: true),
                ParameterMetadata(key: "SlackChannel", title: "Channel", type: .text),
                ParameterMetadata(key: "WFAccount", title: "Account", type: .text),
            ],
            inputParameter: "WFSlackInput", isReadOnly: false, keywords: ["message", "chat", "webhook"]),
        passesInputThrough: true
    ) { parameters in
        let channel = parameters["SlackChannel"]
        return { input, run in
            guard let webhook = run.environment.services["slack-webhook"], let url = URL(string: webhook), !webhook.isEmpty else {
                throw ActionFailure(
                    "no Slack webhook is set; make an incoming webhook in Slack and run shortcuts settings --service slack-webhook=URL",
                    parameter: "WFAccount")
            }
            let text = input.text
            guard !text.isEmpty else { throw ActionFailure("there is nothing to post", parameter: "WFSlackInput") }
            var message: ContentDictionary = ["text": .text(text)]
            if let name = try run.text(channel)?.trimmingCharacters(in: .whitespaces), !name.isEmpty { message["channel"] = .text(name) }
            var request = HTTPRequest(url: url, method: "POST")
            request.body = Data(JSONBridge.text(of: .dictionary(message)).utf8)
            request.setHeader("Content-Type", "application/json")
            try expectSuccess(try run.send(request, parameter: "WFAccount"), service: "Slack", parameter: "WFAccount")
            return input
        }
    }

    /// Throws unless a service answered with a 2xx status, quoting what it said.
    static func expectSuccess(_ response: HTTPResponse, service: String, parameter: String) throws {
        let status = response.status
        guard (200..<300).contains(status) else {
            let said = TextExcerpt.safe(String(decoding: response.body.prefix(200), as: UTF8.self), limit: 200)
            throw ActionFailure("\(service) answered HTTP \(status): \(said)", parameter: parameter)
        }
    }
}
