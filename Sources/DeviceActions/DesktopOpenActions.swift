import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Actions that hand something to the desktop to show: Search Web, Show in Maps, Get Directions,
/// Show in iTunes Store and Open X-Callback URL open a URL with the desktop's handler; Reveal
/// Files shows files in the file manager (`org.freedesktop.FileManager1`).
enum DesktopOpenActions {
    static let all: [ActionDefinition] = [searchWeb, showInMaps, directions, showInStore, xCallback, revealFiles, searchFiles]

    /// `WFSearchWebDestination`, and each engine's search URL (the query is appended, encoded).
    enum SearchEngine: String, ParameterOption {
        case amazon = "Amazon", bing = "Bing", duckDuckGo = "DuckDuckGo", eBay = "eBay", google = "Google", reddit = "Reddit"
        case twitter = "Twitter", yahoo = "Yahoo!", youTube = "YouTube"

        var searchURL: String {
            switch self {
            case .amazon: "https://www.amazon.com/s?k="
            case .bing: "https://www.bing.com/search?q="
            case .duckDuckGo: "https://duckduckgo.com/?q="
            case .eBay: "https://www.ebay.com/sch/i.html?_nkw="
            case .google: "https://www.google.com/search?q="
            case .reddit: "https://www.reddit.com/search/?q="
            case .twitter: "https://twitter.com/search?q="
            case .yahoo: "https://search.yahoo.com/search?p="
            case .youTube: "https://www.youtube.com/results?search_query="
            }
        }
    }

    /// Text as one query-string value (spaces as `%20`, `&`, `=`, `+` and `#` escaped).
    static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    static func open(_ text: String, in run: RunContext) throws {
        guard let url = URL(string: text) else { throw ActionFailure("can't make a URL of \(text.prefix(200))") }
        try run.environment.openURL(url)
    }

    static let searchWeb = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.searchweb", title: "Search Web",
            description: "Searches the web for the text with the chosen engine, in the default browser.",
            parameters: [
                .option("WFSearchWebDestination", title: "Search", default: SearchEngine.google),
                ParameterMetadata(key: "WFInputText", title: "Text", type: .text, isRequired: true),
            ],
            inputParameter: "WFInputText", isReadOnly: false, keywords: ["google", "search", "browser"]),
        passesInputThrough: true
    ) { parameters in
        let engine = OptionParameter(parameters, "WFSearchWebDestination", default: SearchEngine.google)
        return { input, run in
            let query = input.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !query.isEmpty else { throw ActionFailure("there is no text to search for", parameter: "WFInputText") }
            try open(try engine.value(in: run).searchURL + queryValue(query), in: run)
            return input
        }
    }

    /// A place's coordinates, when the content is a location that has them.
    static func coordinates(of item: Content) -> (latitude: Double, longitude: Double)? {
        guard case .entity(let entity) = item, let latitude = entity.properties["Latitude"]?.number,
            let longitude = entity.properties["Longitude"]?.number
        else { return nil }
        return (latitude, longitude)
    }

    static let showInMaps = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.searchmaps", title: "Show in Maps",
            description: "Shows a location (or searches for an address) on OpenStreetMap in the default browser.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Location", type: .text, isRequired: true),
                ParameterMetadata(key: "WFSearchMapsActionApp", title: "Maps App", type: .text, defaultValue: "Maps"),
            ],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["map", "openstreetmap", "address"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            guard let item = input.items.first else { throw ActionFailure("there is no location to show", parameter: "WFInput") }
            if let (latitude, longitude) = coordinates(of: item) {
                try open("https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=16/\(latitude)/\(longitude)", in: run)
            } else {
                try open("https://www.openstreetmap.org/search?query=" + queryValue(item.text), in: run)
            }
            return input
        }
    }

    /// `WFGetDirectionsActionMode`, and OpenStreetMap's and Google's names for it.
    enum TravelMode: String, ParameterOption {
        case driving = "Driving", walking = "Walking", transit = "Transit", cycling = "Cycling"
        static let aliases: [String: TravelMode] = ["biking": .cycling, "bicycling": .cycling]
    }

    static let directions = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getdirections", title: "Open Directions",
            description:
                "Opens directions to a place in the default browser: OpenStreetMap's router for a location with coordinates, Google Maps for an address or transit.",
            parameters: [
                ParameterMetadata(key: "WFDestination", title: "Destination", type: .text, isRequired: true),
                .option("WFGetDirectionsActionMode", title: "Mode", default: TravelMode.driving),
                ParameterMetadata(key: "WFGetDirectionsActionApp", title: "Maps App", type: .text, defaultValue: "Maps"),
            ],
            inputParameter: "WFDestination", isReadOnly: false, keywords: ["route", "navigate", "map"]),
        passesInputThrough: true
    ) { parameters in
        let mode = OptionParameter(parameters, "WFGetDirectionsActionMode", default: TravelMode.driving)
        let app = parameters["WFGetDirectionsActionApp"]
        return { input, run in
            guard let item = input.items.first else { throw ActionFailure("there is no destination", parameter: "WFDestination") }
            let mode = try mode.value(in: run)
            let wantsGoogle = (try run.text(app))?.lowercased() == "google maps"
            if !wantsGoogle, mode != .transit, let (latitude, longitude) = coordinates(of: item) {
                let engine =
                    switch mode {
                    case .walking: "fossgis_osrm_foot"
                    case .cycling: "fossgis_osrm_bike"
                    default: "fossgis_osrm_car"
                    }
                try open("https://www.openstreetmap.org/directions?engine=\(engine)&route=%3B\(latitude)%2C\(longitude)", in: run)
            } else {
                let destination = coordinates(of: item).map { "\($0.latitude),\($0.longitude)" } ?? item.text
                let travel =
                    switch mode {
                    case .driving: "driving"
                    case .walking: "walking"
                    case .transit: "transit"
                    case .cycling: "bicycling"
                    }
                try open("https://www.google.com/maps/dir/?api=1&destination=\(queryValue(destination))&travelmode=\(travel)", in: run)
            }
            return input
        }
    }

    static let showInStore = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.showinstore", title: "Show in iTunes Store",
            description: "Opens an iTunes or App Store item's page in the default browser.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Store Item", type: .text, isRequired: true)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["app store", "itunes"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            guard let item = input.items.first else { throw ActionFailure("there is no store item to show", parameter: "WFInput") }
            var link: String?
            if case .entity(let entity) = item {
                link = ["Store URL", "URL", "View URL"].lazy.compactMap { entity.properties[$0]?.text }.first
            }
            guard let link = link ?? item.url?.absoluteString, link.hasPrefix("http") else {
                throw ActionFailure("\(item.text.prefix(80)) is not an iTunes or App Store item", parameter: "WFInput")
            }
            try open(link, in: run)
            return input
        }
    }

    static let xCallback = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.openxcallbackurl", title: "Open X-Callback URL",
            description:
                "Opens an x-callback URL with the app registered for its scheme. Linux apps don't call back, so the run goes on at once with no output.",
            parameters: [ParameterMetadata(key: "WFXCallbackURL", title: "URL", type: .url, isRequired: true)],
            inputParameter: "WFXCallbackURL", isReadOnly: false, keywords: ["url scheme", "callback"])
    ) { parameters in
        let link = parameters["WFXCallbackURL"]
        return { input, run in
            let text = try run.text(link) ?? input.text
            guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)), url.scheme != nil else {
                throw ActionFailure("expected a URL, got \"\(text.prefix(80))\"", parameter: "WFXCallbackURL")
            }
            try run.environment.openURL(url)
            return .nothing
        }
    }

    static let revealFiles = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file.reveal", title: "Reveal Files in Finder",
            description: "Shows the files selected in the desktop's file manager (org.freedesktop.FileManager1).",
            parameters: [ParameterMetadata(key: "WFFile", title: "Files", type: .file, isRequired: true, isList: true)],
            inputParameter: "WFFile", isReadOnly: false, keywords: ["show in folder", "file manager", "finder"]
        ).needing(.fileManager),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let manager = try ServiceClient(.fileManager, for: run)
            var uris: [String] = []
            for item in input.items {
                guard let path = LocalFiles.path(of: item, run: run) else {
                    throw ActionFailure("expected a file, got \"\(item.text.prefix(80))\"", parameter: "WFFile")
                }
                guard LocalFiles.exists(path).exists else { throw ActionFailure("there is no file at \(path)", parameter: "WFFile") }
                try LocalFiles.check(path, .read, run: run, parameter: "WFFile")
                uris.append(URL(fileURLWithPath: path).absoluteString)
            }
            guard !uris.isEmpty else { throw ActionFailure("there are no files to reveal", parameter: "WFFile") }
            try manager.showInFileManager(uris)
            return input
        }
    }

    /// How many places Search gives at most.
    static let mostFound = 1000

    static let searchFiles = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.spotlightsearch", title: "Search",
            description:
                "Finds the files and folders whose names contain the text, from the machine's file-name index (plocate or locate), as their locations; reading one goes through the shortcut's file access.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Text", type: .text, isRequired: true)],
            inputParameter: "WFInput", outputType: "URL", outputName: "Search Results", keywords: ["spotlight", "locate", "find files"]),
        passesInputThrough: false
    ) { _ in
        { input, run in
            let query = input.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !query.isEmpty else { throw ActionFailure("there is nothing to search for", parameter: "WFInput") }
            return try locate(query, run: run)
        }
    }

    /// The places whose names contain `query`, from the file-name index (plocate or locate): the
    /// person's own first, hidden ones left out, at most ``mostFound``.
    static func locate(_ query: String, run: RunContext) throws -> Content {
        guard
            let (name, program) = ["plocate", "locate"].lazy.compactMap({ name in
                run.findProgram(name, path: run.environment.variables["PATH"]).map { (name, $0) }
            }).first
        else {
            throw ActionFailure("Search needs a file-name index: install plocate")
        }
        // LOCATE_PATH names the indexes to read instead of the system's (a person's own index, tests).
        // plocate would read them after the system's, which may be missing, so they are passed as the ones to read.
        var variables = run.environment.variables
        let databases = variables.removeValue(forKey: "LOCATE_PATH").flatMap { $0.isEmpty ? nil : ["--database", $0] } ?? []
        let outcome = try run.runProgram(
            program, arguments: databases + ["--ignore-case", "--limit", String(mostFound * 2), "--", query], environment: variables,
            timeout: 30)
        // Both exit 1 when nothing matches.
        guard outcome.status == 0 || (outcome.status == 1 && outcome.standardOutput.isEmpty) else {
            throw ActionFailure("\(name) failed (status \(outcome.status)): \(outcome.errorText.prefix(300))")
        }
        let home = UserFolders.homeFolder(in: run.environment.variables)
        var seen: Set<String> = []
        let places = String(decoding: outcome.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init).filter {
            seen.insert($0).inserted
        }
        // The person's own files first, hidden ones left out, as a desktop search shows them.
        let shown = places.filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
        let ordered = shown.filter { $0.hasPrefix(home + "/") } + shown.filter { !$0.hasPrefix(home + "/") }
        return .list(ordered.prefix(mostFound).map { .url(URL(fileURLWithPath: $0)) })
    }
}
