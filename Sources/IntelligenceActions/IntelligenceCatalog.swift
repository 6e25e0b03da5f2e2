import ActionSupport

/// Apple Intelligence: Use Model and the Writing Tools (the app intents, and AppKit's on the
/// clipboard), over the person's model endpoints.
package enum IntelligenceCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { ([UseModel.definition] + WritingTools.all + AppKitWritingTools.all).listed(under: .intelligence) }
    ]

    package static var entries: [CatalogEntry] { groups.entries }
}
