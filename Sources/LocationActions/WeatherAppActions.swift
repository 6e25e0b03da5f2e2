import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The units the weather actions show, as the Weather app's Set … Unit actions choose them, kept
/// in `$SHORTCUTS_HOME/Weather/units.json`; a unit not chosen follows the region (°F and mph in
/// the US, °C and km/h elsewhere, as Apple's Weather does).
struct WeatherUnits: Codable, Equatable {
    var temperature: String?
    var wind: String?
    var precipitation: String?
    var pressure: String?
    var distance: String?

    static let choices: [String: [String]] = [
        "temperature": ["celsius", "fahrenheit", "mirrorSystem"], "wind": ["bft", "kph", "kts", "mph", "ms"],
        "precipitation": ["in", "mm"], "pressure": ["hPa", "inHg", "kPa", "mbar", "mmHg"], "distance": ["km", "miles"],
    ]

    static func path(run: RunContext) -> String { ShortcutsHome.path(in: run.environment.variables) + "/Weather/units.json" }

    static func load(run: RunContext) throws -> WeatherUnits {
        guard let data = FileManager.default.contents(atPath: path(run: run)) else { return WeatherUnits() }
        do {
            return try JSONDecoder().decode(WeatherUnits.self, from: data)
        } catch {
            throw ActionFailure("\(path(run: run)) is damaged (\(error)); fix it, or reset the units with Reset Unit")
        }
    }

    func save(run: RunContext) throws {
        let path = Self.path(run: run)
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try StoreFiles.write(try encoder.encode(self), to: path)
    }

    var fahrenheit: Bool { temperature == nil || temperature == "mirrorSystem" ? WeatherActions.usesUSUnits : temperature == "fahrenheit" }

    /// Open-Meteo's query for these units; Beaufort, pressure and distance are converted afterwards.
    var query: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if fahrenheit { items.append(URLQueryItem(name: "temperature_unit", value: "fahrenheit")) }
        let speed: String? =
            switch wind {
            case "mph": "mph"
            case "ms": "ms"
            case "kts": "kn"
            case "kph", "bft": nil
            default: WeatherActions.usesUSUnits ? "mph" : nil
            }
        if let speed { items.append(URLQueryItem(name: "wind_speed_unit", value: speed)) }
        if precipitation == "in" { items.append(URLQueryItem(name: "precipitation_unit", value: "inch")) }
        return items
    }

    /// A wind speed as asked for (Open-Meteo's km/h made a Beaufort number when `bft`).
    func wind(_ value: Content) -> Content {
        guard wind == "bft", let kph = value.number else { return value }
        let limits: [Double] = [1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118]
        return .number(Double(limits.firstIndex { kph < $0 } ?? 12))
    }

    /// A pressure in hPa as asked for.
    func pressure(_ value: Content) -> Content {
        guard let hPa = value.number else { return value }
        let factor: Double =
            switch pressure {
            case "inHg": 0.029_530_0
            case "kPa": 0.1
            case "mmHg": 0.750_062
            default: 1
            }
        return .number((hPa * factor * 100).rounded() / 100)
    }

    /// A visibility in metres as a distance in km or miles, when one was chosen.
    func distance(_ value: Content) -> Content {
        guard let metres = value.number, let distance else { return value }
        return .number(((distance == "miles" ? metres / 1609.344 : metres / 1000) * 10).rounded() / 10)
    }
}

/// The Weather app's own actions (`com.apple.weather.*`, macOS 26's keys): the units the
/// weather actions show, and the places kept in `$SHORTCUTS_HOME/Weather/locations.json`.
enum WeatherAppActions {
    static var all: [ActionDefinition] {
        ([addLocation, removeLocations, openUnits, reset] + WeatherUnits.choices.keys.sorted().map(setUnit)).inApp("Weather")
    }

    static let unitTitles = [
        "temperature": "Temperature", "wind": "Wind", "precipitation": "Precipitation", "pressure": "Pressure", "distance": "Distance",
    ]

    static func setUnit(_ kind: String) -> ActionDefinition {
        let title = unitTitles[kind] ?? kind.capitalized
        let options = WeatherUnits.choices[kind] ?? []
        return ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.weather.Set\(title)UnitIntent", title: "Set \(title) Unit",
                description: "Sets the unit the weather actions show \(kind) in (kept in $SHORTCUTS_HOME/Weather/units.json).",
                parameters: [ParameterMetadata(key: "unit", title: "Unit", type: .enumeration, isRequired: true, options: options)],
                isReadOnly: false, keywords: ["weather", "units", kind]),
            passesInputThrough: true
        ) { parameters in
            { input, run in
                let given = (try run.text(parameters["unit"]) ?? "").trimmingCharacters(in: .whitespaces)
                guard let unit = options.first(where: { $0.caseInsensitiveCompare(given) == .orderedSame }) else {
                    throw ActionFailure(
                        "“\(given.prefix(40))” is not a \(kind) unit; use \(options.joined(separator: ", "))", parameter: "unit")
                }
                var units = try WeatherUnits.load(run: run)
                switch kind {
                case "temperature": units.temperature = unit
                case "wind": units.wind = unit
                case "precipitation": units.precipitation = unit
                case "pressure": units.pressure = unit
                default: units.distance = unit
                }
                try units.save(run: run)
                return input
            }
        }
    }

    static let reset = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.weather.ResetUnitsIntent", title: "Reset Unit",
            description: "Lets a unit (or all) follow the region again.",
            parameters: [
                ParameterMetadata(
                    key: "unit", title: "Detail", type: .enumeration,
                    options: ["all", "distance", "precipitation", "pressure", "temperature", "wind"], defaultValue: "all")
            ],
            isReadOnly: false, keywords: ["weather", "units", "default"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let which = (try run.text(parameters["unit"]) ?? "all").lowercased()
            var units = try WeatherUnits.load(run: run)
            switch which {
            case "all", "": units = WeatherUnits()
            case "temperature": units.temperature = nil
            case "wind": units.wind = nil
            case "precipitation": units.precipitation = nil
            case "pressure": units.pressure = nil
            case "distance": units.distance = nil
            default:
                throw ActionFailure(
                    "“\(which.prefix(40))” is not a detail; use all, distance, precipitation, pressure, temperature or wind",
                    parameter: "unit")
            }
            try units.save(run: run)
            return input
        }
    }

    static let openUnits = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.weather.OpenUnitsConfigurationIntent", title: "Open Units Configuration",
            description: "Opens the weather units file ($SHORTCUTS_HOME/Weather/units.json) in the desktop's editor.",
            isReadOnly: false, keywords: ["weather", "units", "settings"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let path = WeatherUnits.path(run: run)
            if !FileManager.default.fileExists(atPath: path) { try WeatherUnits().save(run: run) }
            try run.environment.openURL(URL(fileURLWithPath: path))
            return input
        }
    }

    /// A saved place: its name and coordinates.
    struct SavedLocation: Codable, Equatable {
        var name: String
        var latitude: Double
        var longitude: Double
    }

    static func locationsPath(run: RunContext) -> String { ShortcutsHome.path(in: run.environment.variables) + "/Weather/locations.json" }

    static func locations(run: RunContext) throws -> [SavedLocation] {
        guard let data = FileManager.default.contents(atPath: locationsPath(run: run)) else { return [] }
        do {
            return try JSONDecoder().decode([SavedLocation].self, from: data)
        } catch {
            throw ActionFailure("\(locationsPath(run: run)) is damaged (\(error)); fix it or delete it to keep no places")
        }
    }

    static func save(_ locations: [SavedLocation], run: RunContext) throws {
        let path = locationsPath(run: run)
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try StoreFiles.write(try encoder.encode(locations), to: path)
    }

    static let addLocation = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.weather.AddSavedLocationIntent", title: "Add Location to List",
            description:
                "Keeps a place in the weather's list ($SHORTCUTS_HOME/Weather/locations.json), its address found through the geocoder when given as text.",
            parameters: [
                ParameterMetadata(key: "placemark", title: "Location", type: .content, isRequired: true),
                ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "placemark", isReadOnly: false, keywords: ["weather", "city", "place"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = parameters["placemark"].isAbsent ? input : try run.content(parameters["placemark"])
            let place = try Places.place(of: given, needsCoordinates: true, parameter: "placemark", run: run)
            guard let latitude = place.latitude, let longitude = place.longitude else {
                throw ActionFailure("the place has no coordinates", parameter: "placemark")
            }
            var saved = try locations(run: run)
            let name = place.name.isEmpty ? place.title : place.name
            if !saved.contains(where: { abs($0.latitude - latitude) < 1e-6 && abs($0.longitude - longitude) < 1e-6 }) {
                saved.append(SavedLocation(name: name, latitude: latitude, longitude: longitude))
                try save(saved, run: run)
            }
            return input
        }
    }

    static let removeLocations = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.weather.RemoveSavedLocationIntent", title: "Remove Locations from List",
            description: "Takes places out of the weather's list, by name or by place.",
            parameters: [ParameterMetadata(key: "entities", title: "Location", type: .content, isRequired: true, isList: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["weather", "city", "place"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            var saved = try locations(run: run)
            for item in given.items {
                let name = (item.dictionary?["Name"] ?? item).text
                let before = saved.count
                saved.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
                if saved.count == before, let place = try? Places.place(of: item, needsCoordinates: false, parameter: "entities", run: run),
                    let latitude = place.latitude, let longitude = place.longitude
                {
                    saved.removeAll { abs($0.latitude - latitude) < 1e-6 && abs($0.longitude - longitude) < 1e-6 }
                }
                guard saved.count < before else {
                    throw ActionFailure("“\(name.prefix(60))” is not in the weather's list of places", parameter: "entities")
                }
            }
            try save(saved, run: run)
            return input
        }
    }
}
