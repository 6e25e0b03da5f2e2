import ActionSupport

/// Places, maps, the current location and the weather.
package enum LocationCatalog {
    package static let entries: [CatalogEntry] = (LocationActions.all + WeatherActions.all + CurrentLocation.all).listed(under: .location)
}
