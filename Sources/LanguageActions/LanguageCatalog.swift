import ActionSupport

/// Language: spelling, detecting and translating languages, speech, definitions.
package enum LanguageCatalog {
    package static let entries: [CatalogEntry] = (LanguageActions.all + WordNet.all + TranslateActions.all).listed(under: .documents)
}
