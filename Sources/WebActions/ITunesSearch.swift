import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The actions over Apple's iTunes Search API (`/search`, the `itunes` service): Find App Store
/// Apps, Find iTunes Store Items, Find Podcasts, the Get Details actions of what they find, and
/// Get Episodes of Podcast (from the podcast's feed).
enum ITunesSearch {
    static let searchParameters: [ParameterMetadata] = [
        ParameterMetadata(key: "WFSearchTerm", title: "Search", type: .text, isRequired: true),
        ParameterMetadata(
            key: "WFCountry", title: "Region", description: "a country name or a two-letter code", type: .text,
            defaultValue: "United States"),
        ParameterMetadata(key: "WFItemLimit", title: "Limit", type: .integer, defaultValue: "25", minimum: 1, maximum: 200),
    ]

    static func search(
        _ parameters: CompiledParameters, media: String, entity: String?, run: RunContext, extra: [URLQueryItem] = []
    ) throws -> [[String: Any]] {
        guard let term = try run.text(parameters["WFSearchTerm"])?.trimmingCharacters(in: .whitespacesAndNewlines), !term.isEmpty else {
            throw ActionFailure("no search term is given", parameter: "WFSearchTerm")
        }
        let country = try countryCode(try run.text(parameters["WFCountry"]) ?? "US")
        let limit = Int(try run.number(parameters["WFItemLimit"], parameter: "WFItemLimit") ?? 25)
        guard (1...200).contains(limit) else { throw ActionFailure("expected a limit of 1 to 200, got \(limit)", parameter: "WFItemLimit") }
        var query = [
            URLQueryItem(name: "term", value: term), URLQueryItem(name: "country", value: country),
            URLQueryItem(name: "media", value: media), URLQueryItem(name: "limit", value: String(limit)),
        ]
        if let entity { query.append(URLQueryItem(name: "entity", value: entity)) }
        query += extra
        return try results(path: "/search", query: query, parameter: "WFSearchTerm", run: run)
    }

    static func results(path: String, query: [URLQueryItem], parameter: String, run: RunContext) throws -> [[String: Any]] {
        guard let base = run.environment.services.url("itunes", path: path),
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        else {
            throw ActionFailure(
                "the itunes service has no URL; set one with shortcuts settings --service itunes=URL (or default)", parameter: parameter)
        }
        components.queryItems = query
        guard let url = components.url else { throw ActionFailure("can't make a search URL", parameter: parameter) }
        let response = try run.send(HTTPRequest(url: url), parameter: parameter)
        let data = response.body
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let results = object["results"] as? [[String: Any]]
        else {
            throw ActionFailure(
                "the iTunes Search API at \(url.host ?? "") answered HTTP \(response.status) without results", parameter: parameter)
        }
        return results
    }

    /// A region's two-letter code from its English name ("Hong Kong (China)") or code ("hk").
    static func countryCode(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 2, trimmed.allSatisfy(\.isLetter) { return trimmed.uppercased() }
        func folded(_ name: String) -> String {
            let bare = name.split(separator: "(").first.map(String.init) ?? name
            return bare.lowercased().filter(\.isLetter)
        }
        let wanted = folded(trimmed)
        let english = Locale(identifier: "en_US")
        var partial: String?
        for code in Locale.Region.isoRegions.map(\.identifier) where code.count == 2 {
            guard let name = english.localizedString(forRegionCode: code) else { continue }
            let known = folded(name)
            if known == wanted { return code }
            if partial == nil, wanted.count >= 4, known.hasPrefix(wanted) || wanted.hasPrefix(known) { partial = code }
        }
        if let partial { return partial }
        if wanted == "unitedstatesofamerica" || wanted == "usa" { return "US" }
        throw ActionFailure("\"\(trimmed.prefix(40))\" is not a region; give its English name or two-letter code", parameter: "WFCountry")
    }

    // MARK: Entities

    static func text(_ value: Any?) -> Content {
        switch value {
        case let string as String: return .text(string)
        case let number as NSNumber: return .number(number.doubleValue)
        default: return .nothing
        }
    }

    static func url(_ value: Any?) -> Content {
        (value as? String).flatMap { URL(string: $0) }.map(Content.url) ?? .nothing
    }

    static func date(_ value: Any?) -> Content {
        (value as? String).flatMap { ISO8601DateFormatter().date(from: $0) }.map(Content.date) ?? .nothing
    }

    static func list(_ value: Any?) -> Content {
        .list(((value as? [Any]) ?? []).map { text($0) })
    }

    static func app(_ result: [String: Any]) -> Content {
        let properties: ContentDictionary = [
            "Name": text(result["trackName"]), "Developer": text(result["artistName"]), "Seller": text(result["sellerName"]),
            "Store URL": url(result["trackViewUrl"]), "Artwork URL": url(result["artworkUrl512"] ?? result["artworkUrl100"]),
            "Price": text(result["price"]), "Formatted Price": text(result["formattedPrice"]),
            "Currency Code": text(result["currency"]), "Description": text(result["description"]),
            "Rating": text(result["averageUserRating"]), "Number of Ratings": text(result["userRatingCount"]),
            "Current Version Rating": text(result["averageUserRatingForCurrentVersion"]),
            "Release Date": date(result["releaseDate"]), "Category": text(result["primaryGenreName"]), "Genres": list(result["genres"]),
            "Version": text(result["version"]), "Release Notes": text(result["releaseNotes"]),
            "Minimum OS Version": text(result["minimumOsVersion"]),
            "Size": text((result["fileSizeBytes"] as? String).flatMap(Double.init).map { $0 as NSNumber } ?? result["fileSizeBytes"]),
            "Content Rating": text(result["contentAdvisoryRating"] ?? result["trackContentRating"]),
            "Supported Devices": list(result["supportedDevices"]), "Screenshot URLs": list(result["screenshotUrls"]),
            "iPad Screenshot URLs": list(result["ipadScreenshotUrls"]), "Languages": list(result["languageCodesISO2A"]),
            "Bundle ID": text(result["bundleId"]), "Store ID": text(result["trackId"]),
        ]
        return entity("App Store App", result["trackId"], title: result["trackName"], subtitle: result["artistName"], properties)
    }

    static func product(_ result: [String: Any]) -> Content {
        let millis = (result["trackTimeMillis"] as? NSNumber)?.doubleValue
        let properties: ContentDictionary = [
            "Name": text(result["trackName"] ?? result["collectionName"]), "Artist": text(result["artistName"]),
            "Album": text(result["collectionName"]), "Kind": text(result["kind"] ?? result["wrapperType"]),
            "Store URL": url(result["trackViewUrl"] ?? result["collectionViewUrl"]),
            "Artwork URL": url(result["artworkUrl100"]), "Preview URL": url(result["previewUrl"]),
            "Price": text(result["trackPrice"] ?? result["collectionPrice"]), "Currency Code": text(result["currency"]),
            "Release Date": date(result["releaseDate"]), "Genre": text(result["primaryGenreName"]),
            "Duration": millis.map { .number($0 / 1000) } ?? .nothing,
            "Is Explicit": .boolean((result["trackExplicitness"] as? String) == "explicit"),
            "Description": text(result["longDescription"] ?? result["description"]),
            "Store ID": text(result["trackId"] ?? result["collectionId"]),
        ]
        return entity(
            "iTunes Product", result["trackId"] ?? result["collectionId"], title: result["trackName"] ?? result["collectionName"],
            subtitle: result["artistName"], properties)
    }

    static func artist(_ result: [String: Any]) -> Content {
        let properties: ContentDictionary = [
            "Name": text(result["artistName"]), "Store URL": url(result["artistLinkUrl"]), "Genre": text(result["primaryGenreName"]),
            "Store ID": text(result["artistId"]),
        ]
        return entity("iTunes Artist", result["artistId"], title: result["artistName"], subtitle: nil, properties)
    }

    static func podcast(_ result: [String: Any]) -> Content {
        let properties: ContentDictionary = [
            "Name": text(result["collectionName"] ?? result["trackName"]), "Artist": text(result["artistName"]),
            "Feed URL": url(result["feedUrl"]), "Store URL": url(result["collectionViewUrl"] ?? result["trackViewUrl"]),
            "Artwork URL": url(result["artworkUrl600"] ?? result["artworkUrl100"]), "Genre": text(result["primaryGenreName"]),
            "Episode Count": text(result["trackCount"]), "Release Date": date(result["releaseDate"]),
            "Store ID": text(result["collectionId"]),
        ]
        return entity(
            "Podcast", result["collectionId"], title: result["collectionName"] ?? result["trackName"], subtitle: result["artistName"],
            properties)
    }

    static func entity(_ type: String, _ identifier: Any?, title: Any?, subtitle: Any?, _ properties: ContentDictionary) -> Content {
        .entity(
            EntityContent(
                typeName: type, identifier: text(identifier).text, displayTitle: text(title).text,
                subtitle: (subtitle as? String), properties: properties))
    }

    // MARK: Actions

    static func finder(
        _ identifier: String, title: String, description: String, output: String, outputName: String, extra: [ParameterMetadata] = [],
        keywords: [String], find: @escaping @Sendable (CompiledParameters, RunContext) throws -> [Content]
    ) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title, description: description, parameters: searchParameters + extra,
                inputParameter: "WFSearchTerm", outputType: output, outputName: outputName, keywords: keywords + ["itunes", "search"])
        ) { parameters in
            { _, run in Content(items: try find(parameters, run)) }
        }
    }

    static let findApps = finder(
        "is.workflow.actions.searchappstore", title: "Find App Store Apps",
        description: "Searches the App Store (the iTunes Search API) and outputs the apps found.", output: "App Store App",
        outputName: "App Store Apps", keywords: ["app store", "apps"]
    ) { parameters, run in try search(parameters, media: "software", entity: nil, run: run).map(app) }

    static let appDetails = DetailActions.make(
        "is.workflow.actions.properties.appstore", title: "Get Details of App Store App", of: "App Store App",
        properties: [
            "Name", "Developer", "Store URL", "Artwork URL", "Price", "Formatted Price", "Description", "Rating", "Number of Ratings",
            "Release Date", "Category", "Genres", "Version", "Release Notes", "Minimum OS Version", "Size", "Content Rating",
            "Supported Devices", "Screenshot URLs", "iPad Screenshot URLs", "Languages", "Bundle ID", "Store ID", "Currency Code",
        ], default: "Name")

    /// `WFMediaType` as the API's `media`.
    static let mediaTypes: [String: String] = [
        "music": "music", "movies": "movie", "tv shows": "tvShow", "podcasts": "podcast", "audiobooks": "audiobook",
        "books": "ebook", "ebooks": "ebook", "music videos": "musicVideo", "short films": "shortFilm", "software": "software",
        "apps": "software", "all": "all",
    ]

    /// `WFEntity` as the API's `entity`.
    static let entities: [String: String] = [
        "songs": "song", "song": "song", "albums": "album", "album": "album", "artists": "musicArtist", "artist": "musicArtist",
        "music videos": "musicVideo", "movies": "movie", "episodes": "tvEpisode", "seasons": "tvSeason", "audiobooks": "audiobook",
        "podcasts": "podcast", "ebooks": "ebook", "books": "ebook",
    ]

    static let findItems = finder(
        "is.workflow.actions.searchitunes", title: "Find iTunes Store Items",
        description: "Searches the iTunes Store (music, movies, TV, books, podcasts) and outputs what it finds.", output: "iTunes Product",
        outputName: "iTunes Products",
        extra: [
            ParameterMetadata(
                key: "WFMediaType", title: "Category", type: .enumeration,
                options: ["Music", "Movies", "TV Shows", "Podcasts", "Audiobooks", "Books", "Music Videos", "All"], defaultValue: "Music"),
            ParameterMetadata(key: "WFEntity", title: "Type", type: .text),
        ], keywords: ["music", "movies", "store"]
    ) { parameters, run in
        let mediaName = (try run.text(parameters["WFMediaType"]) ?? "Music").lowercased()
        guard let media = mediaTypes[mediaName] else {
            throw ActionFailure("\"\(mediaName.prefix(40))\" is not an iTunes Store category", parameter: "WFMediaType")
        }
        let entityName = try run.text(parameters["WFEntity"])?.lowercased()
        let found = try search(parameters, media: media, entity: entityName.flatMap { entities[$0] }, run: run)
        return found.map { ($0["wrapperType"] as? String) == "artist" ? artist($0) : product($0) }
    }

    static let itemDetails = DetailActions.make(
        "is.workflow.actions.properties.itunesstore", title: "Get Details of iTunes Product", of: "iTunes Product",
        properties: [
            "Name", "Artist", "Album", "Kind", "Store URL", "Artwork URL", "Preview URL", "Price", "Currency Code", "Release Date", "Genre",
            "Duration", "Is Explicit", "Description", "Store ID",
        ], default: "Name")

    static let artistDetails = DetailActions.make(
        "is.workflow.actions.properties.itunesartist", title: "Get Details of iTunes Artist", of: "iTunes Artist",
        properties: ["Name", "Store URL", "Genre", "Store ID"], default: "Name")

    static let findPodcasts = finder(
        "is.workflow.actions.searchpodcasts", title: "Find Podcasts",
        description: "Searches the podcast directory (the iTunes Search API) and outputs the podcasts found, with their feed URLs.",
        output: "Podcast", outputName: "Podcasts", keywords: ["podcast", "shows"]
    ) { parameters, run in try search(parameters, media: "podcast", entity: "podcast", run: run).map(podcast) }

    static let podcastDetails = DetailActions.make(
        "is.workflow.actions.properties.podcastshow", title: "Get Details of Podcast", of: "Podcast",
        properties: ["Name", "Artist", "Feed URL", "Store URL", "Artwork URL", "Genre", "Episode Count", "Release Date", "Store ID"],
        default: "Name")

    static let episodeDetails = DetailActions.make(
        "is.workflow.actions.properties.podcast", title: "Get Details of Podcast Episode", of: "Podcast Episode",
        properties: ["Title", "Podcast", "Published Date", "Duration", "Description", "URL", "Media URL"], default: "Title")

    static let episodes = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getepisodesforpodcast", title: "Get Episodes of Podcast",
            description:
                "Downloads a podcast's feed (a podcast found with Find Podcasts, or a feed URL) and outputs its episodes, newest first as the feed lists them.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Podcast", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Podcast Episode", outputName: "Episodes", keywords: ["podcast", "feed"])
    ) { _ in
        { input, run in
            var found: [Content] = []
            for item in input.items {
                let feedURL: URL
                if case .entity(let entity) = item, case .url(let url)? = entity.properties["Feed URL"] {
                    feedURL = url
                } else if let url = try WebServiceActions.webURLs(item, parameter: "WFInput", run: run).first {
                    feedURL = url
                } else {
                    continue
                }
                let data = try run.send(HTTPRequest(url: feedURL), parameter: "WFInput").body
                let feed = FeedReader.read(TextDecoding.text(of: data))
                found += feed.items.map { episode in
                    let properties: ContentDictionary = [
                        "Title": .text(episode.title), "Podcast": .text(feed.title),
                        "Published Date": episode.published.map(Content.date) ?? .nothing,
                        "Description": .text(episode.summary), "URL": URL(string: episode.link).map(Content.url) ?? .nothing,
                        "Media URL": episode.enclosure.flatMap { URL(string: $0) }.map(Content.url) ?? .nothing,
                    ]
                    return .entity(
                        EntityContent(
                            typeName: "Podcast Episode", identifier: episode.identifier, displayTitle: episode.title, subtitle: feed.title,
                            properties: properties))
                }
            }
            return Content(items: found)
        }
    }
}
