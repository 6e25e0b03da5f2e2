import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The podcasts you follow, kept in `$SHORTCUTS_HOME/podcasts.json` (there is no Podcasts app
/// here): Follow Podcast adds to it, Get Podcasts from Library reads it. The shows and their
/// episodes come from their feeds (``ITunesSearch``).
enum PodcastActions {
    static let all: [ActionDefinition] = [follow, library]

    struct Show: Codable, Equatable {
        var name: String
        var feedURL: String
        var storeURL: String?
        var artist: String?
        var artworkURL: String?
    }

    static func path(_ run: RunContext) -> String { ShortcutsHome.path(in: run.environment.variables) + "/podcasts.json" }

    static func read(_ run: RunContext) throws -> [Show] {
        guard let data = FileManager.default.contents(atPath: path(run)) else { return [] }
        do {
            return try JSONDecoder().decode([Show].self, from: data)
        } catch {
            throw ActionFailure("\(path(run)) is damaged (\(error)); fix it or delete it to follow no podcasts")
        }
    }

    static func content(_ show: Show) -> Content {
        func url(_ text: String?) -> Content { text.flatMap { URL(string: $0) }.map(Content.url) ?? .nothing }
        return .entity(
            EntityContent(
                typeName: "Podcast", identifier: show.feedURL, displayTitle: show.name, subtitle: show.artist,
                properties: [
                    "Name": .text(show.name), "Artist": .text(show.artist ?? ""), "Feed URL": url(show.feedURL),
                    "Store URL": url(show.storeURL), "Artwork URL": url(show.artworkURL),
                ]))
    }

    static let library = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getpodcastsfromlibrary", title: "Get Podcasts from Library",
            description: "Outputs the podcasts you follow (Follow Podcast keeps them in $SHORTCUTS_HOME/podcasts.json).",
            outputType: "Podcast", outputName: "Podcasts", keywords: ["shows", "subscriptions"])
    ) { _ in
        { _, run in Content(items: try read(run).map(content)) }
    }

    static let follow = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.podcasts.subscribe", title: "Follow Podcast",
            description:
                "Follows a podcast: one found with Find Podcasts, or its feed URL (whose feed is read for its title). A show already followed stays once.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Podcast", type: .content, isRequired: true)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["subscribe", "podcast"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            var shows = try read(run)
            for item in input.items {
                var show: Show
                if case .entity(let entity) = item, case .url(let feed)? = entity.properties["Feed URL"] {
                    show = Show(
                        name: entity.displayTitle, feedURL: feed.absoluteString,
                        storeURL: entity.properties["Store URL"]?.url?.absoluteString,
                        artist: entity.properties["Artist"]?.text, artworkURL: entity.properties["Artwork URL"]?.url?.absoluteString)
                } else {
                    guard let feed = try WebServiceActions.webURLs(item, parameter: "WFInput", run: run).first else { continue }
                    let data = try run.send(HTTPRequest(url: feed), parameter: "WFInput").body
                    let parsed = FeedReader.read(TextDecoding.text(of: data))
                    guard !parsed.title.isEmpty || !parsed.items.isEmpty else {
                        throw ActionFailure("\(feed.absoluteString) is not a podcast feed", parameter: "WFInput")
                    }
                    show = Show(
                        name: parsed.title.isEmpty ? feed.absoluteString : parsed.title, feedURL: feed.absoluteString,
                        artworkURL: parsed.image)
                }
                if !shows.contains(where: { $0.feedURL == show.feedURL }) { shows.append(show) }
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(shows)
            // The follow list is shortcuts' own state, as the Podcasts app's library is, not a file of the person's.
            let target = path(run)
            do {
                try FileManager.default.createDirectory(
                    atPath: URL(fileURLWithPath: target).deletingLastPathComponent().path, withIntermediateDirectories: true)
                try data.write(to: URL(fileURLWithPath: target), options: .atomic)
            } catch {
                throw ActionFailure("can't write \(target): \(LocalFiles.describe(error))", parameter: "WFInput", underlying: error)
            }
            return input
        }
    }
}
