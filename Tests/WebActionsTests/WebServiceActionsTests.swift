import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Synchronization
import Testing

@testable import BuiltinActions
@testable import WebActions

/// The web-service actions against a real HTTP server on 127.0.0.1 that answers as the real
/// services do (the iTunes Search API's JSON, RSS and Atom feeds, IFTTT's and Slack's webhooks,
/// an IP echo), pointed at through the services settings.
@Suite(.serialized) struct WebServiceActionsTests {
    typealias T = SystemTest
    let server: LocalHTTPServer

    init() throws { server = try LocalHTTPServer() }

    var base: String { server.url("").trimmingCharacters(in: CharacterSet(charactersIn: "/")) }

    func environment(_ services: [String: String] = [:]) -> RunEnvironment {
        var environment = T.environment()
        var all = ["itunes": base, "ip-echo": server.url("ip"), "ifttt": base]
        for (name, value) in services { all[name] = value }
        environment.services = ServiceSettings(all)
        return environment
    }

    @Test func expandURLFollowsRedirects() throws {
        try server.serve("here", at: "final.txt")
        let short = server.url("redirect?to=" + server.url("final.txt"))
        #expect(try T.run("url.expand", input: .text(short), environment: environment()) == .url(URL(string: server.url("final.txt"))!))
        #expect(server.requests().first?.method == "HEAD")
        #expect(T.failure { try T.run("url.expand", input: .text("ftp://example.com/x")) }?.parameter == "URL")
    }

    @Test func headersOfURLAreADictionary() throws {
        try server.serve("<p>hi</p>", at: "page.html")
        let headers = try T.run("url.getheaders", input: .text(server.url("page.html")), environment: environment())
        #expect(headers.dictionary?["Content-Type"] == .text("text/html"))
        #expect(headers.dictionary?["Content-Length"] == .text("9"))
    }

    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
        <title>Linux News</title><link>https://news.example</link><description>All of it</description>
        <item><title>Kernel 7.0 &amp; more</title><link>https://news.example/1</link>
          <description><![CDATA[<p>Big <b>release</b></p>]]></description><author>ada@example.org</author>
          <pubDate>Tue, 01 Dec 2026 10:00:00 +0000</pubDate><guid>n1</guid>
          <enclosure url="https://news.example/1.mp3" length="1" type="audio/mpeg"/></item>
        <item><title>Second</title><link>/2</link><pubDate>Mon, 30 Nov 2026 09:00:00 GMT</pubDate></item>
        <item><title>Third</title><link>https://news.example/3</link></item>
        </channel></rss>
        """

    static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
        <entry><title type="html">Atom &lt;post&gt;</title><link rel="alternate" href="https://blog.example/a"/>
          <id>urn:a</id><published>2026-11-29T08:30:00Z</published><author><name>Grace</name></author>
          <summary>Short</summary><content type="html">Long body</content></entry>
        </feed>
        """

    @Test func rssAndAtomItemsAreArticles() throws {
        try server.serve(Self.rss, at: "feed.xml")
        try server.serve(Self.atom, at: "atom.xml")
        let items = try T.run("rss", ["WFRSSItemQuantity": T.number(2)], input: .text(server.url("feed.xml")), environment: environment())
        guard case .list(let articles) = items, articles.count == 2 else { throw ActionFailure("expected two articles, got \(items)") }
        #expect(articles[0].property("Title") == .text("Kernel 7.0 & more"))
        #expect(articles[0].property("URL") == .url(URL(string: "https://news.example/1")!))
        #expect(articles[0].property("Summary") == .text("<p>Big <b>release</b></p>"))
        #expect(articles[0].property("Author") == .text("ada@example.org"))
        #expect(articles[0].property("Published Date") == .date(Date(timeIntervalSince1970: 1_796_119_200)))
        #expect(articles[0].property("Enclosure URL") == .url(URL(string: "https://news.example/1.mp3")!))
        #expect(articles[1].property("URL") == .url(URL(string: server.url("2"))!))
        let atom = try T.run("rss", input: .text(server.url("atom.xml")), environment: environment())
        #expect(atom.property("Title") == .text("Atom <post>"))
        #expect(atom.property("URL") == .url(URL(string: "https://blog.example/a")!))
        #expect(atom.property("Author") == .text("Grace") && atom.property("Body") == .text("Long body"))
        #expect(
            T.failure { try T.run("rss", ["WFRSSItemQuantity": T.number(0)], input: .text(server.url("feed.xml"))) }?.parameter
                == "WFRSSItemQuantity")
    }

    @Test func feedsAreFoundInPages() throws {
        try server.serve(
            #"<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml"><link rel="stylesheet" href="s.css"><link rel='alternate' type='application/atom+xml' href='https://blog.example/atom'></head></html>"#,
            at: "index.html")
        try server.serve(Self.rss, at: "feed.xml")
        let feeds = try T.run("rss.extract", input: .text(server.url("index.html")), environment: environment())
        #expect(feeds == .list([.url(URL(string: server.url("feed.xml"))!), .url(URL(string: "https://blog.example/atom")!)]))
        #expect(
            try T.run("rss.extract", input: .text(server.url("feed.xml")), environment: environment())
                == .url(URL(string: server.url("feed.xml"))!))
    }

    static let appResults = """
        {"resultCount": 1, "results": [{"wrapperType": "software", "kind": "software", "trackId": 874139669,
        "trackName": "Signal - Private Messenger", "artistName": "Signal Messenger, LLC", "bundleId": "org.whispersystems.signal",
        "trackViewUrl": "https://apps.apple.com/us/app/signal-private-messenger/id874139669", "artworkUrl512": "https://is1.example/512.png",
        "price": 0.0, "formattedPrice": "Free", "currency": "USD", "averageUserRating": 4.7, "userRatingCount": 1200,
        "releaseDate": "2014-07-29T07:00:00Z", "primaryGenreName": "Social Networking", "genres": ["Social Networking", "Utilities"],
        "version": "7.30", "fileSizeBytes": "180000000", "supportedDevices": ["iPhone15-iPhone15"], "minimumOsVersion": "15.0"}]}
        """

    @Test func findAppStoreAppsAsksTheSearchAPIAndReadsItsAnswer() throws {
        try server.serve(Self.appResults, at: "search_term-signal_country-HK_media-software_limit-2")
        let apps = try T.run(
            "searchappstore", ["WFSearchTerm": T.text("signal"), "WFCountry": T.text("Hong Kong (China)"), "WFItemLimit": T.number(2)],
            environment: environment())
        guard case .entity(let app) = apps else { throw ActionFailure("expected an app, got \(apps)") }
        #expect(app.typeName == "App Store App" && app.displayTitle == "Signal - Private Messenger")
        #expect(server.requests().last?.path == "/search?term=signal&country=HK&media=software&limit=2")
        let store = try T.run(
            [
                T.action("searchappstore", ["WFSearchTerm": T.text("signal"), "WFCountry": T.text("hk"), "WFItemLimit": T.number(2)]),
                T.action("properties.appstore", ["WFContentItemPropertyName": T.text("Store URL")]),
            ], environment: environment())
        #expect(store == .url(URL(string: "https://apps.apple.com/us/app/signal-private-messenger/id874139669")!))
        #expect(
            apps.property("Size") == .number(180_000_000)
                && apps.property("Genres") == .list([.text("Social Networking"), .text("Utilities")]))
        let badDetail = T.failure { try T.run("properties.appstore", ["WFContentItemPropertyName": T.text("Flavour")], input: apps) }
        #expect(badDetail?.parameter == "WFContentItemPropertyName")
        #expect(
            T.failure { try T.run("searchappstore", ["WFCountry": T.text("Atlantis"), "WFSearchTerm": T.text("x")]) }?.parameter
                == "WFCountry")
        #expect(T.failure { try T.run("searchappstore", environment: environment()) }?.parameter == "WFSearchTerm")
    }

    @Test func findITunesItemsAndPodcastsWithTheirEpisodes() throws {
        try server.serve(
            #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1,"trackName":"Clair de Lune","artistName":"Debussy","collectionName":"Suite","trackTimeMillis":300000,"trackViewUrl":"https://music.example/1","primaryGenreName":"Classical","trackExplicitness":"notExplicit"}]}"#,
            at: "search_term-debussy_country-US_media-music_limit-25_entity-song")
        let song = try T.run(
            "searchitunes", ["WFSearchTerm": T.text("debussy"), "WFMediaType": T.text("Music"), "WFEntity": T.text("Songs")],
            environment: environment())
        #expect(song.property("Name") == .text("Clair de Lune") && song.property("Duration") == .number(300))
        #expect(try T.run("properties.itunesstore", ["WFContentItemPropertyName": T.text("Artist")], input: song) == .text("Debussy"))

        try server.serve(Self.rss, at: "show.xml")
        try server.serve(
            #"{"resultCount":1,"results":[{"collectionId":9,"collectionName":"Linux Hour","artistName":"Tux","feedUrl":"\#(server.url("show.xml"))","trackCount":3}]}"#,
            at: "search_term-linux_country-US_media-podcast_limit-25_entity-podcast")
        let episodes = try T.run(
            [T.action("searchpodcasts", ["WFSearchTerm": T.text("linux")]), T.action("getepisodesforpodcast")], environment: environment())
        guard case .list(let items) = episodes, items.count == 3 else { throw ActionFailure("expected three episodes, got \(episodes)") }
        #expect(items[0].property("Media URL") == .url(URL(string: "https://news.example/1.mp3")!))
        #expect(try T.run("properties.podcast", ["WFContentItemPropertyName": T.text("Podcast")], input: items[0]) == .text("Linux News"))
    }

    /// The Podcasts app's Search Podcasts, Open Show and Open Episode: the directory's answer, and the pages opened.
    @Test func thePodcastsAppSearchesAndOpensShowsAndEpisodes() throws {
        try server.serve(Self.rss, at: "show.xml")
        try server.serve(
            #"{"resultCount":1,"results":[{"collectionId":9,"collectionName":"Linux Hour","artistName":"Tux","feedUrl":"\#(server.url("show.xml"))","collectionViewUrl":"https://podcasts.example/linux-hour"}]}"#,
            at: "search_term-linux_media-podcast_entity-podcast_limit-25")
        let opened = Mutex<[String]>([])
        var environment = environment()
        environment.openURL = { url in opened.withLock { $0.append(url.absoluteString) } }
        func app(_ name: String, _ parameters: [String: ParameterValue] = [:], uuid: String? = nil) -> WorkflowAction {
            var action = WorkflowAction(identifier: "com.apple.podcasts." + name)
            for (key, value) in parameters { action.parameters[key] = value }
            if let uuid { action.uuid = uuid }
            return action
        }
        let found = try T.run([app("SearchPodcastsAppIntent", ["criteria": T.text("linux")])], environment: environment)
        #expect(found.property("Name") == .text("Linux Hour") && found.property("Artist") == .text("Tux"), "\(found)")
        _ = try T.run(
            [
                app("SearchPodcastsAppIntent", ["criteria": T.text("linux")], uuid: "S"),
                app("OpenShowAppIntent", ["target": T.output(of: "S")]),
                T.action("getepisodesforpodcast", ["WFInput": T.output(of: "S")], uuid: "E"),
                T.action("getitemfromlist", ["WFInput": T.output(of: "E"), "WFItemSpecifier": T.text("First Item")], uuid: "F"),
                app("OpenEpisodeAppIntent", ["target": T.output(of: "F")]),
            ], environment: environment)
        #expect(opened.withLock { $0 } == ["https://podcasts.example/linux-hour", "https://news.example/1"])
        let notEpisode = T.failure { try T.run([app("OpenEpisodeAppIntent", ["target": T.text("hello")])], environment: environment) }
        #expect(notEpisode?.parameter == "target")
        let empty = T.failure { try T.run([app("SearchPodcastsAppIntent", ["criteria": T.text(" ")])], environment: environment) }
        #expect(empty?.parameter == "criteria")
    }

    @Test func followedPodcastsAreKeptInTheLibrary() throws {
        let home = try TemporaryDirectory()
        var environment = environment()
        environment.variables["SHORTCUTS_HOME"] = home.path
        #expect(try T.run("getpodcastsfromlibrary", environment: environment) == .nothing)
        try server.serve(Self.rss, at: "show.xml")
        _ = try T.run("podcasts.subscribe", input: .text(server.url("show.xml")), environment: environment)
        _ = try T.run("podcasts.subscribe", input: .text(server.url("show.xml")), environment: environment)
        let followed = try T.run("getpodcastsfromlibrary", environment: environment)
        #expect(followed.property("Name") == .text("Linux News"))
        #expect(followed.property("Feed URL") == .url(URL(string: server.url("show.xml"))!))
        let episodes = try T.run([T.action("getpodcastsfromlibrary"), T.action("getepisodesforpodcast")], environment: environment)
        #expect(episodes.items.count == 3)
        try home.write("not json", to: "podcasts.json")
        #expect(T.failure { try T.run("getpodcastsfromlibrary", environment: environment) }?.message.contains("is damaged") == true)
    }

    @Test func iftttAndSlackPostToTheirWebhooks() throws {
        let services = ["ifttt-key": "SECRET", "slack-webhook": server.url("hooks/abc")]
        let input = Content.text("door opened")
        #expect(try T.run("ifttt", ["IFTTTTriggerName": T.text("front door")], input: input, environment: environment(services)) == input)
        let fired = try #require(server.requests().last)
        #expect(fired.method == "POST" && fired.path == "/trigger/front%20door/with/key/SECRET")
        #expect(fired.body == #"{"value1":"door opened"}"#)
        _ = try T.run(
            "ifttt",
            [
                "IFTTTTriggerName": T.text("log"), "WFIFTTTExtraIngredients": T.number(2), "WFIFTTTExtraIngredient1": T.text("a"),
                "WFIFTTTExtraIngredient2": T.text("b"),
            ],
            environment: environment(services))
        #expect(server.requests().last?.body == #"{"value1":"a","value2":"b"}"#)
        let noKey = T.failure { try T.run("ifttt", ["IFTTTTriggerName": T.text("x")], environment: environment()) }
        #expect(noKey?.message.contains("--service ifttt-key=KEY") == true)

        _ = try T.run("slack.send", ["SlackChannel": T.text("#ops")], input: input, environment: environment(services))
        #expect(
            server.requests().last?.path == "/hooks/abc" && server.requests().last?.body == ##"{"text":"door opened","channel":"#ops"}"##)
        #expect(T.failure { try T.run("slack.send", input: input, environment: environment()) }?.message.contains("slack-webhook") == true)
    }

    @Test func currentIPAddressExternalFromTheEchoServiceAndLocalFromTheInterfaces() throws {
        try server.serve("203.0.113.7\n", at: "ip")
        #expect(try T.run("getipaddress", environment: environment()) == .text("203.0.113.7"))
        try server.serve("<html>busy</html>", at: "ip")
        let bad = T.failure { try T.run("getipaddress", environment: environment()) }
        #expect(bad?.message.contains("without an IPv4 address") == true)
        let local = try T.run("getipaddress", ["WFIPAddressSourceOption": T.text("Local")])
        #expect(IPAddress.isAddress(local.text, .v4))
        #expect(IPAddress.localAddresses(.v4).contains("127.0.0.1"))
    }
}
