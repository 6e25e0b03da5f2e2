import Foundation

/// The web services actions reach, each by a name: their base URLs, and the keys and webhooks of
/// the ones that need an account. None needs a key by default; each can point at your own
/// instance (`shortcuts settings --service itunes=http://…`), or for one run at another with
/// `SHORTCUTS_SERVICE_<NAME>` (`SHORTCUTS_SERVICE_IP_ECHO`), which is how tests use loopback
/// servers.
///
/// ```swift
/// ServiceSettings.standard["itunes"]   // "https://itunes.apple.com"
/// ```
public struct ServiceSettings: Sendable, Equatable {
    /// One service: its name, its default, and what it is for.
    public struct Service: Sendable {
        public let name: String
        public let defaultValue: String
        public let purpose: String
    }

    /// Every service the built-in actions use.
    public static let services: [Service] = [
        Service(
            name: "itunes", defaultValue: "https://itunes.apple.com",
            purpose: "the iTunes Search API (Find App Store Apps, Find iTunes Store Items, Find Podcasts)"),
        Service(
            name: "ip-echo", defaultValue: "https://api.ipify.org",
            purpose: "answers with your external IPv4 address (Get Current IP Address)"),
        Service(name: "ip-echo-v6", defaultValue: "https://api6.ipify.org", purpose: "answers with your external IPv6 address"),
        Service(name: "ifttt", defaultValue: "https://maker.ifttt.com", purpose: "IFTTT's Webhooks service (Trigger IFTTT Applet)"),
        Service(name: "ifttt-key", defaultValue: "", purpose: "your IFTTT Webhooks key"),
        Service(name: "slack-webhook", defaultValue: "", purpose: "a Slack incoming-webhook URL (Post to Slack)"),
        Service(
            name: "nominatim", defaultValue: "https://nominatim.openstreetmap.org",
            purpose: "OpenStreetMap's geocoder (addresses ⇄ places, Find Places)"),
        Service(name: "osrm", defaultValue: "https://router.project-osrm.org", purpose: "the OSRM router (Get Travel Time)"),
        Service(name: "open-meteo", defaultValue: "https://api.open-meteo.com", purpose: "Open-Meteo's forecasts (the weather actions)"),
        Service(name: "smtp", defaultValue: "", purpose: "your mail server for Send Email, as smtps://host:465 or smtp://host:587"),
        Service(name: "smtp-user", defaultValue: "", purpose: "the mail server's user name"),
        Service(name: "smtp-password", defaultValue: "", purpose: "the mail server's password (or SHORTCUTS_SERVICE_SMTP_PASSWORD)"),
        Service(name: "smtp-from", defaultValue: "", purpose: "the address Send Email sends from"),
        Service(
            name: "maildir", defaultValue: "",
            purpose: "the Maildir the Mail app's actions read and file mail in (empty: $MAILDIR, else ~/Maildir)"),
        Service(name: "location", defaultValue: "", purpose: "where you are, as latitude,longitude (Current Location; no GPS here)"),
        Service(name: "dropbox", defaultValue: "https://api.dropboxapi.com", purpose: "Dropbox's API host"),
        Service(name: "dropbox-content", defaultValue: "https://content.dropboxapi.com", purpose: "Dropbox's host for files' bytes"),
        Service(name: "dropbox-token", defaultValue: "", purpose: "an access token of a Dropbox app of yours (lasts four hours)"),
        Service(
            name: "dropbox-refresh-token", defaultValue: "",
            purpose: "a refresh token of your Dropbox app (used in place of an access token)"),
        Service(name: "dropbox-app-key", defaultValue: "", purpose: "your Dropbox app's key (with a refresh token)"),
        Service(name: "dropbox-app-secret", defaultValue: "", purpose: "your Dropbox app's secret (with a refresh token)"),
        Service(name: "giphy", defaultValue: "https://api.giphy.com", purpose: "Giphy's API (Find Giphy GIFs)"),
        Service(name: "giphy-key", defaultValue: "", purpose: "your Giphy API key"),
        Service(name: "imgur", defaultValue: "https://api.imgur.com", purpose: "Imgur's API (Upload to Imgur)"),
        Service(name: "imgur-client-id", defaultValue: "", purpose: "your Imgur app's client ID (anonymous uploads)"),
        Service(name: "imgur-token", defaultValue: "", purpose: "an OAuth 2 access token of your Imgur account (uploads to it)"),
        Service(name: "instapaper", defaultValue: "https://www.instapaper.com", purpose: "Instapaper's Simple API (Add to Instapaper)"),
        Service(name: "instapaper-user", defaultValue: "", purpose: "your Instapaper email address"),
        Service(name: "instapaper-password", defaultValue: "", purpose: "your Instapaper password"),
        Service(
            name: "instapaper-consumer-key", defaultValue: "",
            purpose: "an Instapaper application's consumer key (Get Instapaper Bookmarks)"),
        Service(name: "instapaper-consumer-secret", defaultValue: "", purpose: "that application's consumer secret"),
        Service(
            name: "pinboard", defaultValue: "https://api.pinboard.in", purpose: "Pinboard's API (Add to Pinboard, Get Pinboard Bookmarks)"),
        Service(name: "pinboard-token", defaultValue: "", purpose: "your Pinboard API token, user:HEX"),
        Service(name: "todoist", defaultValue: "https://api.todoist.com", purpose: "Todoist's API (Add Todoist Item)"),
        Service(name: "todoist-token", defaultValue: "", purpose: "your Todoist API token"),
        Service(name: "trello", defaultValue: "https://api.trello.com", purpose: "Trello's API (the Trello actions)"),
        Service(name: "trello-key", defaultValue: "", purpose: "your Trello API key"),
        Service(name: "trello-token", defaultValue: "", purpose: "your Trello token for that key"),
        Service(name: "tumblr", defaultValue: "https://api.tumblr.com", purpose: "Tumblr's API (Post to Tumblr)"),
        Service(
            name: "tumblr-token", defaultValue: "",
            purpose: "an OAuth 1.0a token of your Tumblr account (alone: an OAuth 2 token, 42 minutes long)"),
        Service(name: "tumblr-token-secret", defaultValue: "", purpose: "that OAuth 1.0a token's secret"),
        Service(name: "tumblr-consumer-key", defaultValue: "", purpose: "your Tumblr app's OAuth consumer key"),
        Service(name: "tumblr-consumer-secret", defaultValue: "", purpose: "your Tumblr app's OAuth consumer secret"),
        Service(name: "wordpress", defaultValue: "", purpose: "your WordPress site's address (Post to WordPress)"),
        Service(name: "wordpress-user", defaultValue: "", purpose: "your WordPress user name"),
        Service(name: "wordpress-password", defaultValue: "", purpose: "an application password of that WordPress user"),
    ]

    /// The values set, by name; a service not set has its default.
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) { self.values = values }

    /// Every service at its default.
    public static let standard = ServiceSettings()

    /// A service's value: the one set, or its default; `nil` for a name no action uses.
    public subscript(name: String) -> String? {
        get {
            guard let service = Self.services.first(where: { $0.name == name }) else { return values[name] }
            return values[name] ?? service.defaultValue
        }
        set { values[name] = newValue }
    }

    /// These settings with `SHORTCUTS_SERVICE_<NAME>` variables in their place (`-` as `_`).
    public func overridden(by environment: [String: String]) -> ServiceSettings {
        var result = self
        for (name, variable) in Self.variables {
            if let value = environment[variable] { result.values[name] = value }
        }
        return result
    }

    /// Each service's name and the variable that overrides it, made once: every run asks.
    private static let variables: [(name: String, variable: String)] = services.map { service in
        (service.name, "SHORTCUTS_SERVICE_" + String(service.name.uppercased().map { $0 == "-" ? "_" : $0 }))
    }

    /// A base URL with a path after it, without doubling the slash; the URL itself for no path.
    public func url(_ name: String, path: String) -> URL? {
        guard var base = self[name], !base.isEmpty else { return nil }
        if path.isEmpty { return URL(string: base) }
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + (path.hasPrefix("/") ? path : "/" + path))
    }
}
