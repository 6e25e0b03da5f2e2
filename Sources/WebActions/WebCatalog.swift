import ActionSupport

/// The web: URLs, web services, rich text and podcasts.
package enum WebCatalog {
    package static let entries: [CatalogEntry] =
        (WebActions.all + WebServiceActions.all + RichTextActions.all).listed(under: .web)
        + PodcastActions.all.listed(under: .media)
}
