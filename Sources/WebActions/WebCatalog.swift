import ActionSupport

/// The web: URLs, web services, rich text and podcasts.
package enum WebCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { WebActions.all.listed(under: .web) },
        { SafariAppActions.all.listed(under: .web) },
        { WebServiceActions.all.listed(under: .web) },
        { BookmarkServices.all.listed(under: .web) },
        { DropboxActions.all.listed(under: .documents) },
        { TrelloActions.all.listed(under: .web) },
        { PublishingServices.all.listed(under: .web) },
        { RichTextActions.all.listed(under: .web) },
        { PodcastActions.all.listed(under: .media) },
        { PodcastsAppActions.all.listed(under: .media) },
    ]

    package static var entries: [CatalogEntry] { groups.entries }
}
