import Foundation
import ShortcutsContent

/// A place as a `Location` item holds it: coordinates when known, and an address.
package struct Place: Sendable, Equatable {
    package var latitude: Double?
    package var longitude: Double?
    package var altitude: Double?
    package var name = ""
    package var street = ""
    package var city = ""
    package var state = ""
    package var postalCode = ""
    package var country = ""
    package var countryCode = ""

    package var hasCoordinates: Bool { latitude != nil && longitude != nil }

    package var address: String {
        [street, [postalCode, city].filter { !$0.isEmpty }.joined(separator: " "), state, country].filter { !$0.isEmpty }
            .joined(separator: ", ")
    }

    package var title: String {
        if !name.isEmpty { return name }
        if !address.isEmpty { return address }
        if let latitude, let longitude { return String(format: "%.6f, %.6f", latitude, longitude) }
        return "Location"
    }

    package var content: Content {
        func number(_ value: Double?) -> Content { value.map(Content.number) ?? .nothing }
        let properties: ContentDictionary = [
            "Name": .text(name), "Street": .text(street), "City": .text(city), "State": .text(state), "ZIP Code": .text(postalCode),
            "Country": .text(country), "ISO Country Code": .text(countryCode.uppercased()), "Latitude": number(latitude),
            "Longitude": number(longitude), "Altitude": number(altitude), "Address": .text(address),
            "URL": mapsURL.map(Content.url) ?? .nothing,
        ]
        let identifier = latitude.flatMap { lat in longitude.map { "\(lat),\($0)" } } ?? address
        return .entity(
            EntityContent(typeName: "Location", identifier: identifier, displayTitle: title, subtitle: address, properties: properties))
    }

    package init(latitude: Double? = nil, longitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A place from a Location item.
    package init?(_ entity: EntityContent) {
        guard entity.typeName == "Location" else { return nil }
        let properties = entity.properties
        latitude = properties["Latitude"]?.number
        longitude = properties["Longitude"]?.number
        altitude = properties["Altitude"]?.number
        name = properties["Name"]?.text ?? ""
        street = properties["Street"]?.text ?? ""
        city = properties["City"]?.text ?? ""
        state = properties["State"]?.text ?? ""
        postalCode = properties["ZIP Code"]?.text ?? ""
        country = properties["Country"]?.text ?? ""
        countryCode = properties["ISO Country Code"]?.text ?? ""
    }

    /// An OpenStreetMap link to the place: its coordinates, or a search for its address.
    package var mapsURL: URL? {
        if let latitude = latitude, let longitude = longitude {
            let lat = String(format: "%.6f", latitude)
            let lon = String(format: "%.6f", longitude)
            return URL(string: "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=17/\(lat)/\(lon)")
        }
        var components = URLComponents(string: "https://www.openstreetmap.org/search")
        components?.queryItems = [URLQueryItem(name: "query", value: address.isEmpty ? name : address)]
        return components?.url
    }
}
