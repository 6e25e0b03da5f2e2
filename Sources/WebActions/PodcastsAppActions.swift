import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Podcasts app's own actions (`com.apple.podcasts.*`, macOS 26's keys) that work on the
/// podcast directory and feeds: Search Podcasts, Open Show and Open Episode. (Play or Pause
/// Episode drives the media player: DeviceActions' `PodcastsPlayback`.)
enum PodcastsAppActions {
    static var all: [ActionDefinition] {
        [search, openShow, openEpisode].inApp("Podcasts")
    }

    static let search = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.podcasts.SearchPodcastsAppIntent", title: "Search Podcasts",
            description:
                "Searches the podcast directory (the iTunes Search API) for the phrase; Apple's shows the results in the app, here they are the output, as Find Podcasts gives them.",
            parameters: [ParameterMetadata(key: "criteria", title: "Phrase", type: .text, isRequired: true)],
            inputParameter: "criteria", outputType: "Podcast", outputName: "Podcasts", keywords: ["podcast", "find", "shows"])
    ) { parameters in
        { input, run in
            let phrase = (try run.text(parameters["criteria"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !phrase.isEmpty else { throw ActionFailure("there is nothing to search for", parameter: "criteria") }
            let query = [
                URLQueryItem(name: "term", value: phrase), URLQueryItem(name: "media", value: "podcast"),
                URLQueryItem(name: "entity", value: "podcast"), URLQueryItem(name: "limit", value: "25"),
            ]
            return Content(
                items: try ITunesSearch.results(path: "/search", query: query, parameter: "criteria", run: run).map(ITunesSearch.podcast))
        }
    }

    /// The first of `names`' URLs a content item has, among its properties.
    static func link(_ item: Content, _ names: [String]) -> URL? {
        guard case .entity(let entity) = item else { return item.url }
        return names.lazy.compactMap { entity.properties[$0]?.url }.first
    }

    static let openShow = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.podcasts.OpenShowAppIntent", title: "Open Show",
            description:
                "Opens a podcast (from Search Podcasts, Find Podcasts, or one you follow by its name): its directory page, else its feed, with the desktop's handler.",
            parameters: [
                ParameterMetadata(key: "target", title: "Show", type: .content, isRequired: true),
                ParameterMetadata(key: "notice", title: "Notice", type: .enumeration, options: ["follow"]),
            ],
            inputParameter: "target", isReadOnly: false, keywords: ["podcast", "show"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
            guard !given.isNothing else { throw ActionFailure("no show was given", parameter: "target") }
            for item in given.items {
                var show = item
                if case .text(let name) = item {
                    guard let followed = try PodcastActions.read(run).first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame })
                    else {
                        throw ActionFailure(
                            "you follow no podcast named “\(name.prefix(60))” (Follow Podcast follows one)", parameter: "target")
                    }
                    show = PodcastActions.content(followed)
                }
                guard let url = link(show, ["Store URL", "Feed URL"]) else {
                    throw ActionFailure("\(item.quotedForError) is not a podcast with a page or feed", parameter: "target")
                }
                try run.environment.openURL(url)
            }
            return input
        }
    }

    static let openEpisode = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.podcasts.OpenEpisodeAppIntent", title: "Open Episode",
            description: "Opens an episode (from Get Episodes of Podcast): its web page, else its audio, with the desktop's handler.",
            parameters: [ParameterMetadata(key: "target", title: "Episode", type: .content, isRequired: true)],
            inputParameter: "target", isReadOnly: false, keywords: ["podcast", "episode"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
            guard !given.isNothing else { throw ActionFailure("no episode was given", parameter: "target") }
            for item in given.items {
                guard let url = link(item, ["URL", "Media URL"]) else {
                    throw ActionFailure(
                        "\(item.quotedForError) is not a podcast episode (Get Episodes of Podcast gives them)", parameter: "target")
                }
                try run.environment.openURL(url)
            }
            return input
        }
    }
}
