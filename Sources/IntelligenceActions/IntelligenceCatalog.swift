import ActionSupport

/// Apple Intelligence: Use Model and the Writing Tools (the app intents, and AppKit's on the
/// clipboard), over the person's model endpoints.
package enum IntelligenceCatalog {
    package static let entries: [CatalogEntry] = ([UseModel.definition] + WritingTools.all + AppKitWritingTools.all).listed(
        under: .intelligence)
}
