import ActionSupport

/// Apple Intelligence: Use Model and the Writing Tools, over the person's model endpoints.
package enum IntelligenceCatalog {
    package static let entries: [CatalogEntry] = ([UseModel.definition] + WritingTools.all).listed(under: .intelligence)
}
