import ActionSupport

/// The core actions: text, numbers, lists, dictionaries, dates, encodings, content and the
/// questions a run asks.
package enum CoreCatalog {
    package static let entries: [CatalogEntry] =
        (NumberActions.all + ListActions.all + DictionaryActions.all + DateActions.all + InteractionActions.all + ScriptingActions.all)
        .listed(under: .scripting)
        + (TextActions.all + ContentActions.all).listed(under: .documents)
        + EncodingActions.all.listed(under: .web)
}
