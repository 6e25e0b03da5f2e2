import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Places as content, and what turns text into them: a `Location` item has coordinates when
/// known and an address; text is geocoded through OpenStreetMap's Nominatim (the `nominatim`
/// service) when coordinates are needed. Distances and midpoints are computed here, on the
/// WGS 84 ellipsoid (Vincenty's formulae).
enum Places {
    /// `lat,lon` (or `lat lon`) written as text.
    static func coordinates(_ text: String) -> Place? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == ";" }).compactMap { Double($0) }
        guard parts.count == 2, (-90...90).contains(parts[0]), (-180...180).contains(parts[1]) else { return nil }
        return Place(latitude: parts[0], longitude: parts[1])
    }

    /// The place content names, geocoding text when `needsCoordinates`.
    static func place(of item: Content, needsCoordinates: Bool, parameter: String, run: RunContext) throws -> Place {
        switch item {
        case .entity(let entity):
            if var place = Place(entity) {
                if needsCoordinates, !place.hasCoordinates { place = try geocode(place.address, parameter: parameter, run: run) }
                return place
            }
            return try place(of: .text(entity.displayTitle), needsCoordinates: needsCoordinates, parameter: parameter, run: run)
        case .dictionary(let record):
            if let place = try placemark(record, parameter: parameter, run: run) {
                return needsCoordinates && !place.hasCoordinates ? try geocode(place.address, parameter: parameter, run: run) : place
            }
        default: break
        }
        let text = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ActionFailure("no location is given", parameter: parameter) }
        if let place = coordinates(text) { return place }
        if needsCoordinates { return try geocode(text, parameter: parameter, run: run) }
        var place = Place()
        place.name = text
        place.street = text
        return place
    }

    /// A placemark as files store it: `{isCurrentLocation}` or coordinates and an address
    /// dictionary, under whatever keys the file's version used.
    static func placemark(_ record: ContentDictionary, parameter: String, run: RunContext) throws -> Place? {
        if record["isCurrentLocation"]?.boolean == true || record["WFLocationIsCurrentLocation"]?.boolean == true {
            return try current(parameter: parameter, run: run)
        }
        var found: [String: Content] = [:]
        func collect(_ dictionary: ContentDictionary) {
            for (key, value) in dictionary {
                if case .dictionary(let inner) = value {
                    collect(inner)
                } else if found[key.lowercased()] == nil {
                    found[key.lowercased()] = value
                }
            }
        }
        collect(record)
        var place = Place(latitude: found["latitude"]?.number, longitude: found["longitude"]?.number)
        if !place.hasCoordinates, let written = found["location"]?.text,
            let parsed = coordinates(written.filter { "0123456789.,- ".contains($0) })
        {
            place = parsed
        }
        place.name = found["name"]?.text ?? ""
        place.street = found["street"]?.text ?? found["thoroughfare"]?.text ?? ""
        place.city = found["city"]?.text ?? found["locality"]?.text ?? ""
        place.state = found["state"]?.text ?? found["administrativearea"]?.text ?? ""
        place.postalCode = found["zip"]?.text ?? found["postalcode"]?.text ?? ""
        place.country = found["country"]?.text ?? ""
        place.countryCode = found["countrycode"]?.text ?? found["isocountrycode"]?.text ?? ""
        return place.hasCoordinates || !place.address.isEmpty || !place.name.isEmpty ? place : nil
    }

    /// The place a parameter names, with coordinates; Current Location when it names none.
    static func placeOrCurrent(_ expression: ParameterExpression, parameter: String, run: RunContext) throws -> Place {
        let value = try run.content(expression)
        return value.isNothing
            ? try current(parameter: parameter, run: run) : try place(of: value, needsCoordinates: true, parameter: parameter, run: run)
    }

    /// Where the person is: the `location` setting when they gave one, else GeoClue's answer.
    static func current(parameter: String?, run: RunContext) throws -> Place {
        if let text = run.environment.services["location"], var place = coordinates(text) {
            place.name = "Current Location"
            return place
        }
        do {
            return try CurrentLocation.locate(run: run)
        } catch let failure as ActionFailure {
            throw ActionFailure(
                "Current Location isn't known (\(failure.message)); set your location with shortcuts settings --service location=LATITUDE,LONGITUDE",
                parameter: parameter, code: failure.code, underlying: failure)
        }
    }

    // MARK: Nominatim

    static func nominatim(_ path: String, _ query: [URLQueryItem], parameter: String, run: RunContext) throws -> Any {
        guard let base = run.environment.services.url("nominatim", path: path),
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        else {
            throw ActionFailure(
                "the nominatim service has no URL; set one with shortcuts settings --service nominatim=URL (or default)",
                parameter: parameter)
        }
        components.queryItems = query + [URLQueryItem(name: "format", value: "jsonv2"), URLQueryItem(name: "addressdetails", value: "1")]
        guard let url = components.url else { throw ActionFailure("can't make a geocoding URL", parameter: parameter) }
        var request = HTTPRequest(url: url)
        // Nominatim's usage policy asks every client to say who it is.
        request.setHeader("User-Agent", "swift-shortcuts (https://github.com/swift-shortcuts)")
        request.setHeader("Accept-Language", DateContext.locale.time.language.languageCode?.identifier ?? "en")
        let response = try run.send(request, parameter: parameter)
        let data = response.body
        guard (200..<300).contains(response.status), let object = try? JSONSerialization.jsonObject(with: data) else {
            throw ActionFailure(
                "the geocoder at \(url.host ?? "") answered HTTP \(response.status) without places", parameter: parameter)
        }
        return object
    }

    static func place(fromNominatim result: [String: Any]) -> Place {
        var place = Place(
            latitude: (result["lat"] as? String).flatMap(Double.init) ?? (result["lat"] as? NSNumber)?.doubleValue,
            longitude: (result["lon"] as? String).flatMap(Double.init) ?? (result["lon"] as? NSNumber)?.doubleValue)
        let address = result["address"] as? [String: Any] ?? [:]
        func field(_ keys: String...) -> String { keys.lazy.compactMap { address[$0] as? String }.first ?? "" }
        let road = field("road", "pedestrian", "footway")
        let number = field("house_number")
        place.street = [number, road].filter { !$0.isEmpty }.joined(separator: " ")
        place.city = field("city", "town", "village", "municipality", "hamlet")
        place.state = field("state", "region")
        place.postalCode = field("postcode")
        place.country = field("country")
        place.countryCode = field("country_code")
        place.name = (result["name"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? ""
        return place
    }

    static func geocode(_ text: String, parameter: String, run: RunContext) throws -> Place {
        let results = try nominatim(
            "/search", [URLQueryItem(name: "q", value: text), URLQueryItem(name: "limit", value: "1")], parameter: parameter, run: run)
        guard let first = (results as? [[String: Any]])?.first else {
            throw ActionFailure("no place called \"\(text.prefix(80))\" was found", parameter: parameter)
        }
        return place(fromNominatim: first)
    }

    static func search(_ query: String, near place: Place, radius: Double, parameter: String, run: RunContext) throws -> [Place] {
        var items = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "limit", value: "20")]
        if let latitude = place.latitude, let longitude = place.longitude {
            let dLat = radius / 111_320
            let dLon = radius / (111_320 * max(cos(latitude * .pi / 180), 0.01))
            items.append(
                URLQueryItem(name: "viewbox", value: "\(longitude - dLon),\(latitude + dLat),\(longitude + dLon),\(latitude - dLat)"))
            items.append(URLQueryItem(name: "bounded", value: "1"))
        }
        return ((try nominatim("/search", items, parameter: parameter, run: run) as? [[String: Any]]) ?? []).map(place(fromNominatim:))
    }

    // MARK: Geodesy

    /// The distance in metres between two points on the WGS 84 ellipsoid (Vincenty's inverse
    /// formula; the haversine great circle when it does not converge, for nearly antipodal points).
    static func distance(_ a: Place, _ b: Place) -> Double {
        guard let lat1 = a.latitude, let lon1 = a.longitude, let lat2 = b.latitude, let lon2 = b.longitude else { return .nan }
        let major = 6_378_137.0
        let flattening = 1 / 298.257223563
        let minor = (1 - flattening) * major
        let radians = Double.pi / 180
        let l = (lon2 - lon1) * radians
        let u1 = atan((1 - flattening) * tan(lat1 * radians))
        let u2 = atan((1 - flattening) * tan(lat2 * radians))
        let (sinU1, cosU1, sinU2, cosU2) = (sin(u1), cos(u1), sin(u2), cos(u2))
        var lambda = l
        for _ in 0..<200 {
            let sinLambda = sin(lambda)
            let cosLambda = cos(lambda)
            let sinSigma = sqrt(pow(cosU2 * sinLambda, 2) + pow(cosU1 * sinU2 - sinU1 * cosU2 * cosLambda, 2))
            if sinSigma == 0 { return 0 }
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cosSquaredAlpha = 1 - sinAlpha * sinAlpha
            let cos2SigmaM = cosSquaredAlpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cosSquaredAlpha
            let c = flattening / 16 * cosSquaredAlpha * (4 + flattening * (4 - 3 * cosSquaredAlpha))
            let previous = lambda
            lambda =
                l + (1 - c) * flattening * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let uSquared = cosSquaredAlpha * (major * major - minor * minor) / (minor * minor)
                let bigA = 1 + uSquared / 16384 * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
                let bigB = uSquared / 1024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
                let deltaSigma =
                    bigB * sinSigma
                    * (cos2SigmaM + bigB / 4
                        * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma)
                            * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return minor * bigA * (sigma - deltaSigma)
            }
        }
        let dLat = (lat2 - lat1) * radians
        let h = pow(sin(dLat / 2), 2) + cos(lat1 * radians) * cos(lat2 * radians) * pow(sin(l / 2), 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }

    /// The point halfway along the great circle between two points.
    static func midpoint(_ a: Place, _ b: Place) -> Place? {
        guard let lat1 = a.latitude, let lon1 = a.longitude, let lat2 = b.latitude, let lon2 = b.longitude else { return nil }
        let radians = Double.pi / 180
        let (phi1, phi2, dLambda) = (lat1 * radians, lat2 * radians, (lon2 - lon1) * radians)
        let bx = cos(phi2) * cos(dLambda)
        let by = cos(phi2) * sin(dLambda)
        let phi = atan2(sin(phi1) + sin(phi2), sqrt(pow(cos(phi1) + bx, 2) + by * by))
        var lambda = lon1 * radians + atan2(by, cos(phi1) + bx)
        lambda = (lambda + 3 * .pi).truncatingRemainder(dividingBy: 2 * .pi) - .pi
        return Place(latitude: phi / radians, longitude: lambda / radians)
    }

}
