import ActionSupport

/// The core actions: text, numbers, lists, dictionaries, dates, encodings, content and the
/// questions a run asks.
package enum CoreCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { NumberActions.all.listed(under: .scripting) },
        { ListActions.all.listed(under: .scripting) },
        { DictionaryActions.all.listed(under: .scripting) },
        { DateActions.all.listed(under: .scripting) },
        { InteractionActions.all.listed(under: .scripting) },
        { ScriptingActions.all.listed(under: .scripting) },
        { TextActions.all.listed(under: .documents) },
        { ContentActions.all.listed(under: .documents) },
        { EncodingActions.all.listed(under: .web) },
    ]

    package static var entries: [CatalogEntry] { groups.entries }
}
