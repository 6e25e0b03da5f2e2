import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Location, Street Address, Get Details of Locations, Get Distance, Get Halfway Point, Get Maps
/// URL, Get Travel Time, Find Places and Filter Locations (``Places``).
enum LocationActions {
    static let all: [ActionDefinition] = [
        location, streetAddress, details, distance, halfway, mapsURL, travelTime, findPlaces, filterLocations,
    ]

    static let location = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.location", title: "Location",
            description:
                "Outputs a place: one picked in the editor, coordinates or an address, or Current Location (the location setting, as there is no GPS here).",
            parameters: [ParameterMetadata(key: "WFLocation", title: "Location", type: .content, isRequired: true)],
            outputType: "Location", outputName: "Location", keywords: ["place", "where", "gps"])
    ) { parameters in
        let value = parameters["WFLocation"]
        return { _, run in
            let given = try run.content(value)
            if given.isNothing { return try Places.current(parameter: "WFLocation", run: run).content }
            return try Places.place(of: given, needsCoordinates: false, parameter: "WFLocation", run: run).content
        }
    }

    static let streetAddress = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.address", title: "Street Address",
            description: "Makes a location from the parts of an address (no geocoding until coordinates are needed).",
            parameters: ["WFAddressLine1", "WFAddressLine2", "WFCity", "WFState", "WFPostalCode", "WFCountry"].map { key in
                ParameterMetadata(key: key, title: String(key.dropFirst(2)), type: .text)
            },
            outputType: "Location", outputName: "Street Address", keywords: ["place"])
    ) { parameters in
        let keys = ["WFAddressLine1", "WFAddressLine2", "WFCity", "WFState", "WFPostalCode", "WFCountry"]
        return { _, run in
            let values = try keys.map { (try run.text(parameters[$0]) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
            guard values.contains(where: { !$0.isEmpty }) else {
                throw ActionFailure("no part of an address is given", parameter: "WFAddressLine1")
            }
            var place = Place()
            place.street = [values[0], values[1]].filter { !$0.isEmpty }.joined(separator: ", ")
            (place.city, place.state, place.postalCode, place.country) = (values[2], values[3], values[4], values[5])
            return place.content
        }
    }

    static let detailNames = [
        "Name", "Street", "City", "State", "ZIP Code", "Country", "ISO Country Code", "Latitude", "Longitude", "Altitude", "Address", "URL",
    ]

    static let details = DetailActions.make(
        "is.workflow.actions.properties.locations", title: "Get Details of Locations", of: "Location", properties: detailNames,
        default: "Name", description: "Outputs a detail of each location; text is geocoded (OpenStreetMap's Nominatim) for it."
    ) { item, run in try Places.place(of: item, needsCoordinates: true, parameter: "WFInput", run: run).content }

    /// `WFDistanceUnit`.
    enum DistanceUnit: String, ParameterOption {
        case miles = "Miles", kilometers = "Kilometers", feet = "Feet", meters = "Meters", yards = "Yards"
        var metres: Double {
            switch self {
            case .miles: 1609.344
            case .kilometers: 1000
            case .feet: 0.3048
            case .meters: 1
            case .yards: 0.9144
            }
        }
    }

    static let distance = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getdistance", title: "Get Distance",
            description:
                "Outputs the distance as the crow flies between two places (on the WGS 84 ellipsoid), from Current Location unless a start is given, in the region's unit unless one is chosen.",
            parameters: [
                ParameterMetadata(key: "WFGetDistanceDestination", title: "Destination", type: .content, isRequired: true),
                ParameterMetadata(key: "WFGetDirectionsCustomLocation", title: "From", type: .content),
                ParameterMetadata(key: "WFDistanceUnit", title: "Unit", type: .enumeration, options: DistanceUnit.allCases.map(\.rawValue)),
            ],
            inputParameter: "WFGetDistanceDestination", outputType: "Number", outputName: "Distance", keywords: ["how far", "miles", "km"])
    ) { parameters in
        let start = parameters["WFGetDirectionsCustomLocation"]
        let unitExpression = parameters["WFDistanceUnit"]
        return { input, run in
            let to = try Places.place(of: input, needsCoordinates: true, parameter: "WFGetDistanceDestination", run: run)
            let from = try Places.placeOrCurrent(start, parameter: "WFGetDirectionsCustomLocation", run: run)
            let unitName = try run.text(unitExpression)
            let unit: DistanceUnit
            if let unitName {
                guard let named = DistanceUnit(named: unitName) else {
                    throw ActionFailure("\"\(unitName.prefix(40))\" is not a distance unit", parameter: "WFDistanceUnit")
                }
                unit = named
            } else {
                unit = DateContext.locale.numbers.measurementSystem == .us ? .miles : .kilometers
            }
            return .number(Places.distance(from, to) / unit.metres)
        }
    }

    static let halfway = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.gethalfwaypoint", title: "Get Halfway Point",
            description: "Outputs the point halfway between two places along the great circle.",
            parameters: [
                ParameterMetadata(key: "WFGetHalfwayPointFirstLocation", title: "First Location", type: .content, isRequired: true),
                ParameterMetadata(key: "WFGetHalfwayPointSecondLocation", title: "Second Location", type: .content, isRequired: true),
            ],
            inputParameter: "WFGetHalfwayPointFirstLocation", outputType: "Location", outputName: "Halfway Point",
            keywords: ["midpoint", "meet"])
    ) { parameters in
        let second = parameters["WFGetHalfwayPointSecondLocation"]
        return { input, run in
            let a = try Places.place(of: input, needsCoordinates: true, parameter: "WFGetHalfwayPointFirstLocation", run: run)
            let b = try Places.place(
                of: try run.content(second), needsCoordinates: true, parameter: "WFGetHalfwayPointSecondLocation", run: run)
            guard var middle = Places.midpoint(a, b) else {
                throw ActionFailure("both places need coordinates", parameter: "WFGetHalfwayPointSecondLocation")
            }
            middle.name = "Halfway Point"
            return middle.content
        }
    }

    static let mapsURL = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getmapslink", title: "Get Maps URL",
            description: "Outputs an OpenStreetMap link to each place: at its coordinates, or a search for its address.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Location", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "URL", outputName: "Maps URL", keywords: ["link", "openstreetmap"])
    ) { _ in
        { input, run in
            Content(
                items: try input.items.compactMap { item in
                    (try Places.place(of: item, needsCoordinates: false, parameter: "WFInput", run: run)).mapsURL.map(Content.url)
                })
        }
    }

    /// `WFGetDirectionsActionMode` as OSRM's profiles.
    static let profiles = ["driving": "driving", "walking": "foot", "cycling": "bike", "transit": "driving"]

    static let travelTime = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.gettraveltime", title: "Get Travel Time",
            description:
                "Asks the OSRM router (the osrm service) for a route from Current Location (or From) to the destination and outputs its trip: duration in seconds and distance in metres.",
            parameters: [
                ParameterMetadata(key: "WFDestination", title: "Destination", type: .content, isRequired: true),
                ParameterMetadata(key: "WFGetDirectionsCustomLocation", title: "From", type: .content),
                ParameterMetadata(
                    key: "WFGetDirectionsActionMode", title: "Mode", type: .enumeration,
                    options: ["Driving", "Walking", "Cycling", "Transit"],
                    defaultValue: "Driving"),
            ],
            inputParameter: "WFDestination", outputType: "Trip", outputName: "Travel Time", keywords: ["route", "eta", "directions"])
    ) { parameters in
        let start = parameters["WFGetDirectionsCustomLocation"]
        let mode = parameters["WFGetDirectionsActionMode"]
        return { input, run in
            let to = try Places.place(of: input, needsCoordinates: true, parameter: "WFDestination", run: run)
            let from = try Places.placeOrCurrent(start, parameter: "WFGetDirectionsCustomLocation", run: run)
            let modeName = (try run.text(mode) ?? "Driving").lowercased()
            guard let profile = profiles[modeName] else {
                throw ActionFailure("\"\(modeName.prefix(30))\" is not a travel mode", parameter: "WFGetDirectionsActionMode")
            }
            guard let fromLatitude = from.latitude, let fromLongitude = from.longitude, let toLatitude = to.latitude,
                let toLongitude = to.longitude
            else { throw ActionFailure("both places need coordinates", parameter: "WFDestination") }
            let path = String(format: "/route/v1/%@/%.6f,%.6f;%.6f,%.6f", profile, fromLongitude, fromLatitude, toLongitude, toLatitude)
            guard let base = run.environment.services.url("osrm", path: path),
                var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
            else {
                throw ActionFailure(
                    "the osrm service has no URL; set one with shortcuts settings --service osrm=URL (or default)",
                    parameter: "WFDestination")
            }
            components.queryItems = [URLQueryItem(name: "overview", value: "false")]
            let response = try run.send(HTTPRequest(url: components.url!), parameter: "WFDestination")
            let data = response.body
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let route = (object["routes"] as? [[String: Any]])?.first,
                let duration = (route["duration"] as? NSNumber)?.doubleValue
            else {
                let code = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["code"] as? String
                throw ActionFailure(
                    "the router answered HTTP \(response.status)\(code.map { " (\($0))" } ?? "") without a route",
                    parameter: "WFDestination")
            }
            let metres = (route["distance"] as? NSNumber)?.doubleValue ?? 0
            return .entity(
                EntityContent(
                    typeName: "Trip", identifier: path, displayTitle: NumberText.format((duration / 60).rounded()) + " min",
                    properties: [
                        "Travel Time": .number(duration), "Distance": .number(metres), "Name": .text(to.title),
                        "Magnitude": .number(duration),
                    ]))
        }
    }

    static let findPlaces = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.searchlocalbusinesses", title: "Find Places",
            description: "Searches OpenStreetMap (Nominatim) for places matching the query within a radius of a location.",
            parameters: [
                ParameterMetadata(key: "WFSearchQuery", title: "Search", type: .text, isRequired: true),
                ParameterMetadata(key: "WFInput", title: "Near", type: .content),
                ParameterMetadata(key: "WFSearchRadius", title: "Radius", description: "e.g. 2 km", type: .text, defaultValue: "1 mi"),
            ],
            inputParameter: "WFInput", outputType: "Location", outputName: "Local Businesses", keywords: ["businesses", "nearby", "shops"])
    ) { parameters in
        let query = parameters["WFSearchQuery"]
        let radius = parameters["WFSearchRadius"]
        return { input, run in
            guard let text = try run.text(query)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                throw ActionFailure("no search is given", parameter: "WFSearchQuery")
            }
            let near =
                input.isNothing
                ? try Places.current(parameter: "WFInput", run: run)
                : try Places.place(of: input, needsCoordinates: true, parameter: "WFInput", run: run)
            let radiusText = try run.text(radius) ?? "1 mi"
            var metres = 1609.344
            if let (value, unit) = MeasurementUnits.amountAndUnit(radiusText) {
                let named = unit.isEmpty ? nil : MeasurementUnits.unit(named: unit, in: MeasurementUnits.kind(named: "Length"))
                metres = Measurement(value: value, unit: (named?.unit as? UnitLength) ?? .meters).converted(to: .meters).value
            }
            return Content(items: try Places.search(text, near: near, radius: metres, parameter: "WFSearchQuery", run: run).map(\.content))
        }
    }

    static let locationProperties = FileFilter.Properties(
        kind: "locations",
        names: ["Name", "Street", "City", "State", "ZIP Code", "Country", "ISO Country Code", "Latitude", "Longitude", "Altitude"],
        value: { name, item in item.property(name) })

    static let filterLocations = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.locations", title: "Filter Locations",
            description: "Keeps the input locations that match the conditions on their address parts or coordinates, sorted and limited.",
            parameters: FileFilter.parameters(
                input: ParameterMetadata(
                    key: "WFContentItemInputParameter", title: "Locations", type: .content, isRequired: true, isList: true),
                sortBy: ["Name", "City", "State", "Country", "Latitude", "Longitude", "Random"]),
            inputParameter: "WFContentItemInputParameter", outputType: "Location", outputName: "Locations", keywords: ["places", "where"]),
        properties: locationProperties)
}
