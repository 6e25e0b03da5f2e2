import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Get Current Weather, Get Weather Forecast and Get Details of Weather Conditions, from
/// Open-Meteo (the `open-meteo` service; no key). Temperatures are in °F where the region
/// measures in US units, °C elsewhere, as Apple's Weather shows them.
enum WeatherActions {
    static let all: [ActionDefinition] = [current, forecast, details]

    /// WMO weather interpretation codes, as Open-Meteo gives them, in Apple's words.
    static let conditions: [Int: String] = [
        0: "Clear", 1: "Mostly Clear", 2: "Partly Cloudy", 3: "Cloudy", 45: "Foggy", 48: "Foggy", 51: "Drizzle", 53: "Drizzle",
        55: "Drizzle", 56: "Freezing Drizzle", 57: "Freezing Drizzle", 61: "Rain", 63: "Rain", 65: "Heavy Rain", 66: "Freezing Rain",
        67: "Freezing Rain", 71: "Snow", 73: "Snow", 75: "Heavy Snow", 77: "Snow", 80: "Showers", 81: "Showers", 82: "Heavy Rain",
        85: "Snow Showers", 86: "Snow Showers", 95: "Thunderstorms", 96: "Thunderstorms", 99: "Thunderstorms",
    ]

    static var usesUSUnits: Bool { DateContext.locale.numbers.measurementSystem == .us }

    static func place(_ expression: ParameterExpression, run: RunContext) throws -> Place {
        try Places.placeOrCurrent(expression, parameter: "WFWeatherCustomLocation", run: run)
    }

    static func fetch(_ place: Place, hourly: Bool, run: RunContext) throws -> [String: Any] {
        guard let latitude = place.latitude, let longitude = place.longitude else {
            throw ActionFailure("the place has no coordinates", parameter: "WFWeatherCustomLocation")
        }
        guard let base = run.environment.services.url("open-meteo", path: "/v1/forecast"),
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        else {
            throw ActionFailure(
                "the open-meteo service has no URL; set one with shortcuts settings --service open-meteo=URL (or default)",
                parameter: "WFWeatherCustomLocation")
        }
        var query = [
            URLQueryItem(name: "latitude", value: String(format: "%.4f", latitude)),
            URLQueryItem(name: "longitude", value: String(format: "%.4f", longitude)),
            URLQueryItem(
                name: "current",
                value:
                    "temperature_2m,relative_humidity_2m,apparent_temperature,weather_code,wind_speed_10m,wind_direction_10m,pressure_msl,precipitation,visibility,uv_index,is_day"
            ),
            URLQueryItem(
                name: "daily",
                value: "weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset,precipitation_probability_max,uv_index_max"),
            URLQueryItem(name: "timezone", value: "auto"),
        ]
        if hourly {
            query.append(URLQueryItem(name: "hourly", value: "temperature_2m,weather_code,precipitation_probability,wind_speed_10m"))
        }
        query += try WeatherUnits.load(run: run).query
        components.queryItems = query
        let response = try run.send(HTTPRequest(url: components.url!), parameter: "WFWeatherCustomLocation")
        let data = response.body
        guard (200..<300).contains(response.status), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw ActionFailure(
                "the weather service at \(components.host ?? "") answered HTTP \(response.status) without a forecast",
                parameter: "WFWeatherCustomLocation")
        }
        return object
    }

    static func value(_ object: [String: Any]?, _ key: String) -> Content {
        (object?[key] as? NSNumber).map { .number($0.doubleValue) } ?? .nothing
    }

    static func date(_ text: Any?, zone: TimeZone?) -> Content {
        guard let text = text as? String else { return .nothing }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone ?? TimeZone(identifier: "UTC")
        for pattern in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"] {
            formatter.dateFormat = pattern
            if let date = DateParser.date(text, with: formatter) { return .date(date) }
        }
        return .nothing
    }

    static func conditionsItem(_ properties: ContentDictionary, place: Place, units: WeatherUnits) -> Content {
        let unit = units.fahrenheit ? "°F" : "°C"
        let temperature = properties["Temperature"]?.number ?? properties["High"]?.number
        let condition = properties["Condition"]?.text ?? ""
        let shown = [temperature.map { NumberText.format($0.rounded()) + unit }, condition.isEmpty ? nil : condition].compactMap { $0 }
        var all = properties
        all["Location"] = place.content
        return .entity(
            EntityContent(
                typeName: "Weather Conditions", identifier: place.title, displayTitle: shown.joined(separator: " "), properties: all))
    }

    static let current = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.weather.currentconditions", title: "Get Current Weather",
            description: "Outputs the weather now at Current Location or a place, from Open-Meteo.",
            parameters: [ParameterMetadata(key: "WFWeatherCustomLocation", title: "Location", type: .content)],
            outputType: "Weather Conditions", outputName: "Weather Conditions", keywords: ["temperature", "forecast", "rain"])
    ) { parameters in
        let location = parameters["WFWeatherCustomLocation"]
        return { _, run in
            let place = try place(location, run: run)
            let units = try WeatherUnits.load(run: run)
            let object = try fetch(place, hourly: false, run: run)
            let now = object["current"] as? [String: Any]
            let daily = object["daily"] as? [String: Any]
            let zone = (object["timezone"] as? String).flatMap { TimeZone(identifier: $0) }
            func first(_ key: String) -> Any? { (daily?[key] as? [Any])?.first }
            let code = (now?["weather_code"] as? NSNumber)?.intValue
            let properties: ContentDictionary = [
                "Temperature": value(now, "temperature_2m"), "Feels Like": value(now, "apparent_temperature"),
                "Condition": .text(code.flatMap { conditions[$0] } ?? ""), "Humidity": value(now, "relative_humidity_2m"),
                "Wind Speed": units.wind(value(now, "wind_speed_10m")), "Wind Direction": value(now, "wind_direction_10m"),
                "Pressure": units.pressure(value(now, "pressure_msl")), "Precipitation Amount": value(now, "precipitation"),
                "Visibility": units.distance(value(now, "visibility")), "UV Index": value(now, "uv_index"),
                "High": (first("temperature_2m_max") as? NSNumber).map { .number($0.doubleValue) } ?? .nothing,
                "Low": (first("temperature_2m_min") as? NSNumber).map { .number($0.doubleValue) } ?? .nothing,
                "Precipitation Chance": (first("precipitation_probability_max") as? NSNumber).map { .number($0.doubleValue) } ?? .nothing,
                "Sunrise Time": date(first("sunrise"), zone: zone), "Sunset Time": date(first("sunset"), zone: zone),
                "Date": date(now?["time"], zone: zone),
            ]
            return conditionsItem(properties, place: place, units: units)
        }
    }

    static let forecast = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.weather.forecast", title: "Get Weather Forecast",
            description: "Outputs the daily (7 days) or hourly forecast at Current Location or a place, from Open-Meteo.",
            parameters: [
                ParameterMetadata(
                    key: "WFWeatherForecastType", title: "Forecast", type: .enumeration, options: ["Daily", "Hourly"], defaultValue: "Daily"
                ),
                ParameterMetadata(key: "WFWeatherCustomLocation", title: "Location", type: .content),
            ],
            outputType: "Weather Conditions", outputName: "Weather Forecast", keywords: ["temperature", "tomorrow"])
    ) { parameters in
        let kind = parameters["WFWeatherForecastType"]
        let location = parameters["WFWeatherCustomLocation"]
        return { _, run in
            let hourly = (try run.text(kind) ?? "Daily").lowercased() == "hourly"
            let place = try place(location, run: run)
            let units = try WeatherUnits.load(run: run)
            let object = try fetch(place, hourly: hourly, run: run)
            let zone = (object["timezone"] as? String).flatMap { TimeZone(identifier: $0) }
            let series = (object[hourly ? "hourly" : "daily"] as? [String: Any]) ?? [:]
            let times = (series["time"] as? [Any]) ?? []
            func at(_ key: String, _ index: Int) -> Content {
                guard let values = series[key] as? [Any], values.indices.contains(index), let number = values[index] as? NSNumber else {
                    return .nothing
                }
                return .number(number.doubleValue)
            }
            return Content(
                items: times.indices.map { index in
                    let code = at("weather_code", index).number.map(Int.init)
                    var properties: ContentDictionary = [
                        "Date": date(times[index], zone: zone), "Condition": .text(code.flatMap { conditions[$0] } ?? ""),
                    ]
                    if hourly {
                        properties["Temperature"] = at("temperature_2m", index)
                        properties["Precipitation Chance"] = at("precipitation_probability", index)
                        properties["Wind Speed"] = units.wind(at("wind_speed_10m", index))
                    } else {
                        properties["High"] = at("temperature_2m_max", index)
                        properties["Low"] = at("temperature_2m_min", index)
                        properties["Precipitation Chance"] = at("precipitation_probability_max", index)
                        properties["UV Index"] = at("uv_index_max", index)
                        properties["Sunrise Time"] = date(
                            (series["sunrise"] as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }, zone: zone)
                        properties["Sunset Time"] = date(
                            (series["sunset"] as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }, zone: zone)
                    }
                    return conditionsItem(properties, place: place, units: units)
                })
        }
    }

    static let detailNames = [
        "Temperature", "Feels Like", "Condition", "High", "Low", "Humidity", "Wind Speed", "Wind Direction", "Pressure", "Visibility",
        "UV Index", "Precipitation Chance", "Precipitation Amount", "Sunrise Time", "Sunset Time", "Date", "Location",
    ]

    static let details = DetailActions.make(
        "is.workflow.actions.properties.weather.conditions", title: "Get Details of Weather Conditions", of: "Weather Conditions",
        properties: detailNames, default: "Temperature",
        description: "Outputs a detail of each weather conditions item (temperature, condition, high, low, humidity, wind…).")
}
