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
