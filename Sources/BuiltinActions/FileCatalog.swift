import ActionSupport
/// Files and folders, archives, disk images and printing.
enum FileCatalog {
    static let entries: [CatalogEntry] =
        (FileActions.all + ArchiveActions.all + DiskImageActions.all + PrintActions.all).listed(under: .documents)
}
