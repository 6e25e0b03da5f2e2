#if canImport(Glibc)
    import Glibc
#endif

/// The names in a folder with their kinds, as `readdir` gives them: listing a folder of a
/// thousand shortcuts costs a few `getdents` calls and no `stat` per file (the kind is looked up
/// with `lstat` only on file systems that don't report it).
struct FolderListing {
    enum Kind { case file, folder, link, other }

    struct Item {
        var name: String
        var kind: Kind
    }

    /// The folder's items, `.` and `..` left out; empty when it can't be read.
    static func items(in folder: String) -> [Item] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var items: [Item] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            items.append(Item(name: name, kind: kind(Int32(entry.pointee.d_type), of: folder + "/" + name)))
        }
        return items
    }

    private static func kind(_ type: Int32, of path: String) -> Kind {
        switch type {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            default: return .other
            }
        default: return .other
        }
    }
}
