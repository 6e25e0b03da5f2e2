import ActionSupport
/// Language: spelling, detecting and translating languages, speech, definitions.
enum LanguageCatalog {
    static let entries: [CatalogEntry] = (LanguageActions.all + WordNet.all + TranslateActions.all).listed(under: .documents)
}
