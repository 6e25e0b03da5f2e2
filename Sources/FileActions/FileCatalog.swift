import ActionSupport

/// Files and folders, archives, disk images and printing.
package enum FileCatalog {
    package static let entries: [CatalogEntry] =
        (FileActions.all + ArchiveActions.all + DiskImageActions.all + PrintActions.all).listed(under: .documents)
}
