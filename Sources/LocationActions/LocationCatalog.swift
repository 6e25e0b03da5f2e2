import ActionSupport

/// Places, maps, the current location and the weather.
package enum LocationCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { LocationActions.all.listed(under: .location) },
        { WeatherActions.all.listed(under: .location) },
        { WeatherAppActions.all.listed(under: .location) },
        { CurrentLocation.all.listed(under: .location) },
    ]

    package static var entries: [CatalogEntry] { groups.entries }
}
