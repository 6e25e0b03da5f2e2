import ActionSupport

/// Files and folders, archives, disk images and printing.
package enum FileCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { FileActions.all.listed(under: .documents) },
        { FinderAppActions.all.listed(under: .documents) },
        { ArchiveActions.all.listed(under: .documents) },
        { DiskImageActions.all.listed(under: .documents) },
        { PrintActions.all.listed(under: .documents) },
    ]

    package static var entries: [CatalogEntry] { groups.entries }
}
