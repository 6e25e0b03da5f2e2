import ActionSupport

/// Language: spelling, detecting and translating languages, speech, definitions.
package enum LanguageCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { LanguageActions.all.listed(under: .documents) },
        { WordNet.all.listed(under: .documents) },
        { TranslateActions.all.listed(under: .documents) },
    ]

    package static var entries: [CatalogEntry] { groups.entries }
}
