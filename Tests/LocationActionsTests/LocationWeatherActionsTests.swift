import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import ActionSupport
@testable import BuiltinActions
@testable import LocationActions

/// The location and weather actions: geodesy checked against published values, geocoding,
/// routing and forecasts against a real HTTP server on 127.0.0.1 answering as Nominatim, OSRM
/// and Open-Meteo do.
@Suite(.serialized) struct LocationWeatherActionsTests {
    typealias T = SystemTest
    let server: LocalHTTPServer

    init() throws { server = try LocalHTTPServer() }

    func environment(_ extra: [String: String] = [:], lang: String = "en_US.UTF-8") -> RunEnvironment {
        // No system bus, so Current Location without the setting can't reach this machine's GeoClue.
        var environment = T.environment(variables: ["LANG": lang, "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/system_bus_socket"])
        let base = server.url("").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        var services = ["nominatim": base, "osrm": base, "open-meteo": base, "location": "51.5074,-0.1278"]
        for (key, value) in extra { services[key] = value }
        environment.services = ServiceSettings(services)
        return environment
    }

    static func place(_ latitude: Double, _ longitude: Double) -> Content { Place(latitude: latitude, longitude: longitude).content }

    @Test func distanceIsVincentysOnWGS84() throws {
        // Vincenty's own test line, Flinders Peak to Buninyong: 54 972.271 m.
        let flinders = Place(latitude: -(37 + 57 / 60 + 3.72030 / 3600), longitude: 144 + 25 / 60 + 29.52440 / 3600)
        let buninyong = Place(latitude: -(37 + 39 / 60 + 10.15610 / 3600), longitude: 143 + 55 / 60 + 35.38390 / 3600)
        #expect(abs(Places.distance(flinders, buninyong) - 54_972.271) < 0.01)
        let kilometres = try T.run(
            "getdistance", ["WFGetDirectionsCustomLocation": T.text("-37.950, 144.425"), "WFDistanceUnit": T.text("Kilometers")],
            input: .text("-37.653, 143.926"), environment: environment())
        #expect(abs((kilometres.number ?? 0) - 54.95) < 0.5)
        // From Current Location (the setting), in miles for an English (US) region.
        let miles = try T.run("getdistance", input: Self.place(48.8566, 2.3522), environment: environment())
        #expect(abs((miles.number ?? 0) - 213.8) < 1)
        let noLocation = T.failure { try T.run("getdistance", input: Self.place(0, 0), environment: environment(["location": ""])) }
        #expect(noLocation?.message.contains("--service location=LATITUDE,LONGITUDE") == true)
        #expect(noLocation?.message.contains("needs GeoClue (org.freedesktop.GeoClue2 on the system bus; install geoclue-2.0)") == true)
    }

    @Test func halfwayPointAndMapsURL() throws {
        let middle = try T.run(
            "gethalfwaypoint", ["WFGetHalfwayPointSecondLocation": T.text("0, 90")], input: .text("0,0"), environment: environment())
        #expect(abs((middle.property("Latitude").number ?? 9)) < 1e-9 && abs((middle.property("Longitude").number ?? 0) - 45) < 1e-9)
        #expect(
            try T.run("getmapslink", input: Self.place(51.5074, -0.1278))
                == .url(URL(string: "https://www.openstreetmap.org/?mlat=51.507400&mlon=-0.127800#map=17/51.507400/-0.127800")!))
        #expect(
            try T.run("getmapslink", input: .text("1 Infinite Loop")).url?.absoluteString
                == "https://www.openstreetmap.org/search?query=1%20Infinite%20Loop")
    }

    @Test func addressesAreGeocodedThroughNominatim() throws {
        try server.serve(
            #"[{"lat":"48.8583701","lon":"2.2944813","name":"Tour Eiffel","address":{"house_number":"5","road":"Avenue Anatole France","city":"Paris","state":"Île-de-France","postcode":"75007","country":"France","country_code":"fr"}}]"#,
            at: "search")
        let city = try T.run(
            "properties.locations", ["WFContentItemPropertyName": T.text("City")], input: .text("Eiffel Tower"), environment: environment())
        #expect(city == .text("Paris"))
        let request = try #require(server.requests().last)
        #expect(request.path.hasPrefix("/search?q=Eiffel%20Tower&limit=1&format=jsonv2"))
        let street = try T.run(
            "properties.locations", ["WFContentItemPropertyName": T.text("Street")], input: .text("Eiffel Tower"),
            environment: environment())
        #expect(street == .text("5 Avenue Anatole France"))
        try server.serve("[]", at: "search")
        let none = T.failure { try T.run("properties.locations", input: .text("Nowhere"), environment: environment()) }
        #expect(none?.message.contains("no place called \"Nowhere\"") == true)
        let made = try T.run(
            "address", ["WFAddressLine1": T.text("1 Infinite Loop"), "WFCity": T.text("Cupertino"), "WFCountry": T.text("USA")])
        #expect(made.text == "1 Infinite Loop, Cupertino, USA")
        #expect(try T.run("location", environment: environment()).property("Latitude") == .number(51.5074))
    }

    @Test func travelTimeComesFromOSRM() throws {
        try server.serve(
            #"{"code":"Ok","routes":[{"duration":1260.5,"distance":10100.2}]}"#,
            at: "route/v1/driving/-0.127800,51.507400;-0.075600,51.505500_overview-false")
        let trip = try T.run("gettraveltime", input: .text("51.5055, -0.0756"), environment: environment())
        #expect(trip.property("Travel Time") == .number(1260.5) && trip.property("Distance") == .number(10100.2))
        #expect(trip.text == "21 min")
        try server.serve(#"{"code":"NoRoute","routes":[]}"#, at: "route/v1/foot/-0.127800,51.507400;-0.075600,51.505500_overview-false")
        let none = T.failure {
            try T.run(
                "gettraveltime", ["WFGetDirectionsActionMode": T.text("Walking")], input: .text("51.5055, -0.0756"),
                environment: environment())
        }
        #expect(none?.message.contains("(NoRoute) without a route") == true)
    }

    static let forecast = """
        {"latitude":51.5,"longitude":-0.12,"timezone":"Europe/London",
         "current":{"time":"2026-12-01T14:00","temperature_2m":48.2,"relative_humidity_2m":81,"apparent_temperature":44.1,"weather_code":3,
                    "wind_speed_10m":9.4,"wind_direction_10m":240,"pressure_msl":1012.3,"precipitation":0.0,"visibility":24000,"uv_index":1.2},
         "daily":{"time":["2026-12-01","2026-12-02"],"weather_code":[3,61],"temperature_2m_max":[50.1,47.3],"temperature_2m_min":[40.2,39.0],
                  "sunrise":["2026-12-01T07:44","2026-12-02T07:45"],"sunset":["2026-12-01T15:53","2026-12-02T15:52"],
                  "precipitation_probability_max":[10,80],"uv_index_max":[1.0,0.8]}}
        """

    @Test func weatherComesFromOpenMeteoInTheRegionsUnits() throws {
        try server.serve(Self.forecast, at: "v1/forecast")
        let now = try T.run("weather.currentconditions", environment: environment())
        #expect(now.text == "48°F Cloudy")
        #expect(now.property("Humidity") == .number(81) && now.property("High") == .number(50.1))
        let request = try #require(server.requests().last)
        #expect(request.path.contains("latitude=51.5074&longitude=-0.1278") && request.path.contains("temperature_unit=fahrenheit"))
        let daily = try T.run("weather.forecast", environment: environment())
        #expect(daily.items.count == 2)
        #expect(
            try T.run("properties.weather.conditions", ["WFContentItemPropertyName": T.text("Condition")], input: daily.items[1])
                == .text("Rain"))
        _ = try T.run("weather.currentconditions", environment: environment(lang: "de_DE.UTF-8"))
        #expect(server.requests().last?.path.contains("fahrenheit") == false)
    }

    /// The Weather app's Set … Unit actions change what the weather actions ask for and show;
    /// Reset Unit gives them back to the region; places are kept in a list.
    @Test func theWeatherAppsUnitsAndPlaces() throws {
        try server.serve(Self.forecast, at: "v1/forecast")
        let home = try TemporaryDirectory()
        var environment = environment(lang: "de_DE.UTF-8")
        environment.variables["SHORTCUTS_HOME"] = home.path
        func app(_ name: String, _ parameters: [String: ParameterValue] = [:]) -> WorkflowAction {
            var action = WorkflowAction(identifier: "com.apple.weather." + name)
            for (key, value) in parameters { action.parameters[key] = value }
            return action
        }
        _ = try T.run(
            [
                app("SetTemperatureUnitIntent", ["unit": T.text("fahrenheit")]), app("SetWindUnitIntent", ["unit": T.text("bft")]),
                app("SetPressureUnitIntent", ["unit": T.text("inHg")]), app("SetDistanceUnitIntent", ["unit": T.text("miles")]),
                app("SetPrecipitationUnitIntent", ["unit": T.text("in")]),
            ], environment: environment)
        let now = try T.run("weather.currentconditions", environment: environment)
        let asked = try #require(server.requests().last?.path)
        #expect(
            asked.contains("temperature_unit=fahrenheit") && asked.contains("precipitation_unit=inch") && !asked.contains("wind_speed_unit")
        )
        #expect(now.text == "48°F Cloudy")
        // 9.4 km/h is Beaufort 2; 1012.3 hPa is 29.89 inHg; 24 km is 14.9 miles.
        #expect(now.property("Wind Speed") == .number(2) && now.property("Pressure") == .number(29.89), "\(now)")
        #expect(now.property("Visibility") == .number(14.9), "\(now)")
        _ = try T.run([app("ResetUnitsIntent", ["unit": T.text("temperature")])], environment: environment)
        _ = try T.run("weather.currentconditions", environment: environment)
        #expect(server.requests().last?.path.contains("fahrenheit") == false)
        let bad = T.failure { try T.run([app("SetWindUnitIntent", ["unit": T.text("furlongs")])], environment: environment) }
        #expect(bad?.parameter == "unit")

        _ = try T.run(
            [
                app("AddSavedLocationIntent", ["placemark": T.text("48.8566, 2.3522")]),
                app("AddSavedLocationIntent", ["placemark": T.text("51.5074,-0.1278")]),
            ],
            environment: environment)
        _ = try T.run([app("RemoveSavedLocationIntent", ["entities": T.text("51.5074, -0.1278")])], environment: environment)
        let saved = try String(contentsOfFile: home.path + "/Weather/locations.json", encoding: .utf8)
        #expect(saved.contains("48.8566") && !saved.contains("51.5074"), "\(saved)")
        let missing = T.failure {
            try T.run([app("RemoveSavedLocationIntent", ["entities": T.text("Atlantis")])], environment: environment)
        }
        #expect(missing?.parameter == "entities")
    }
}
