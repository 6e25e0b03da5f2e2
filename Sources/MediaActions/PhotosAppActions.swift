import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

#if canImport(Glibc)
    import Glibc
#endif

/// The Photos app's own actions (`com.apple.mobileslideshow.*`, iOS 26's keys) on the photo
/// library as this project keeps it: the XDG Pictures folder, each album a folder in it.
///
/// ```text
/// Pictures/                 the library (Recents): every photo below it
/// Pictures/Trip/            an album; a photo in two albums is one file with two names (a hard link)
/// Pictures/Favorites/       the Favorites album
/// Pictures/.Hidden/…        hidden photos, each where it was below the library
/// Pictures/.Originals/      edited photos' originals ("IMG_1 (original).jpg"), each tied to
///                           its photo by a record named after the photo's file number
/// ```
///
/// A photo at the top of the library is in no album: adding it to one moves it there, and
/// taking it out of its only album moves it back up. A folder that is a link to another is no
/// album. Edits never lose the original: the first edit keeps it, each edit renders the photo
/// again from it (so a filter replaces the last filter, as in Photos), and edits that come back
/// to none put it back; a photo changed by anything else since its last edit starts again from
/// what it is. Edit Photo chooses the photo Set Exposure, Set Saturation and Set Warmth change
/// (kept in `$XDG_RUNTIME_DIR/shortcuts/photo-edit`); it shows nothing, as there is no editor
/// to show it in. Copy Edits keeps the edits beside it for Paste Edits.
enum PhotosAppActions {
    static let prefix = "com.apple.mobileslideshow."
    static let albumType = "Photo Album"
    static let favorites = "Favorites"
    static let hiddenFolder = ".Hidden"
    static let originalsFolder = ".Originals"

    static var all: [ActionDefinition] {
        [
            createAlbum, renameAlbum, deleteAlbums, addToAlbum, removeFromAlbum, saveToPhotos, deletePhotos, duplicatePhotos, favorite,
            hide, openAlbum, openPhoto, revealAlbums, revealPhotos, editPhoto, rotate, enhance, applyFilter, copyEdits, pasteEdits,
            setExposure, setSaturation, setWarmth,
        ].inApp("Photos")
    }

    /// The library's folder, its links resolved, so that paths below it compare as text.
    static func library(_ run: RunContext) -> String { FileAccess.resolvingLinks(MediaLibraryActions.pictures(run)) }

    // MARK: Albums

    /// The albums: the library's folders, hidden ones left out.
    static func albums(_ run: RunContext) -> [String] {
        let root = library(run)
        return ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { name in
            !name.hasPrefix(".") && FileStatus.isFolder(root + "/" + name)
        }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    static func albumContent(_ name: String, run: RunContext) -> Content {
        let folder = library(run) + "/" + name
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.count
        return .entity(
            EntityContent(
                typeName: albumType, identifier: name, displayTitle: name, subtitle: "\(count) item\(count == 1 ? "" : "s")",
                properties: ["Name": .text(name), "Count": .number(Double(count)), "Folder": .text(folder)]))
    }

    /// The name of the album content gives: an album from an earlier action, or its name.
    ///
    /// - Throws: ``ActionFailure`` naming `parameter` when no such album exists (unless
    ///   `existing` is false) or the name can't be a folder's.
    static func albumName(_ given: Content, parameter: String, run: RunContext, existing: Bool = true) throws -> String {
        let text: String
        if case .entity(let entity) = given, entity.typeName == albumType {
            text = entity.identifier
        } else {
            text = (given.dictionary?["Name"] ?? given.dictionary?["name"] ?? given).text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !text.isEmpty else { throw ActionFailure("no album was given", parameter: parameter) }
        let folder = try MediaLibraryActions.album(text, run: run, parameter: parameter)
        guard folder != library(run) else {
            throw ActionFailure("“\(text.prefix(60))” is the whole library, not an album", parameter: parameter)
        }
        // The album's own folder: a link to a folder elsewhere is no album.
        if existing, !FileStatus.isFolder(library(run) + "/" + text) {
            throw ActionFailure("there is no album “\(text.prefix(60))” in \(library(run))", parameter: parameter)
        }
        return text
    }

    static func albumNames(_ given: Content, parameter: String, run: RunContext) throws -> [String] {
        let names = try given.items.map { try albumName($0, parameter: parameter, run: run) }
        guard !names.isEmpty else { throw ActionFailure("no album was given", parameter: parameter) }
        return names
    }

    // MARK: Photos

    /// The paths of photos content gives (photos of Find Photos, files, paths), each a regular
    /// file inside the library.
    static func photoPaths(_ given: Content, parameter: String, run: RunContext, hidden: Bool = false) throws -> [String] {
        let items = given.items.map { item -> Content in
            if case .entity(let entity) = item, entity.typeName == "Photo" { return .text(entity.identifier) }
            return item
        }
        guard !items.isEmpty else { throw ActionFailure("no photos were given", parameter: parameter) }
        // Resolved, so each is the library's folder, a slash and the photo's place below it.
        let paths = try MediaLibraryActions.photoPaths(Content(items: items), parameter: parameter, run: run).map(FileAccess.resolvingLinks)
        for path in paths {
            guard FileStatus(path) != nil else { throw ActionFailure("\(path) is not a photo file", parameter: parameter) }
            let relative = String(path.dropFirst(library(run).count + 1))
            if relative.hasPrefix(originalsFolder + "/") {
                throw ActionFailure("\(path) is an edited photo's original; use the photo itself", parameter: parameter)
            }
            if !hidden, relative.hasPrefix(hiddenFolder + "/") {
                throw ActionFailure("\(path) is hidden; unhide it first (Hide Photos with Unhide)", parameter: parameter)
            }
        }
        return paths
    }

    static func photoContent(_ path: String, run: RunContext) -> Content {
        let relative = String(path.dropFirst(library(run).count + 1))
        let album = (relative as NSString).deletingLastPathComponent
        let isVideo = PhotoLibrary.videoExtensions.contains((path as NSString).pathExtension.lowercased())
        return PhotoLibrary.light(PhotoLibrary.Item(path: path, isVideo: isVideo, modified: Date(), album: album))
    }

    /// The other names of a photo with more than one: its links elsewhere in the library.
    static func otherNames(of path: String, run: RunContext) throws -> [String] {
        guard let photo = FileStatus(path), photo.links > 1 else { return [] }
        let root = library(run)
        var found: [String] = []
        for folder in [""] + albums(run).map({ "/" + $0 }) + ["/" + hiddenFolder] {
            for name in (try? FileManager.default.subpathsOfDirectory(atPath: root + folder)) ?? [] {
                let candidate = root + folder + "/" + name
                guard candidate != path, folder != "" || !name.contains("/"), FileStatus(candidate)?.identity == photo.identity
                else { continue }
                found.append(candidate)
            }
        }
        return found
    }

    /// The album folder a photo is in, as a path ("" at the top of the library).
    static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }

    /// Puts a photo in an album: moved there from the top of the library, else given a second name there.
    static func place(_ path: String, inAlbum folder: String, run: RunContext, parameter: String) throws -> String {
        if let existing = try nameIn(folder, of: path, run: run) { return existing }
        let target = MediaLibraryActions.freePath(for: (path as NSString).lastPathComponent, in: folder)
        try LocalFiles.check(target, .write, run: run, parameter: parameter)
        if Self.folder(of: path) == library(run) {
            try LocalFiles.check(path, .write, doing: "move", run: run, parameter: parameter)
            try move(path, to: target, parameter: parameter)
        } else if link(path, target) != 0 {
            // Another file system, or one without hard links: a copy stands in.
            do {
                try FileManager.default.copyItem(atPath: path, toPath: target)
            } catch {
                throw ActionFailure(
                    "can't add \(path) to \(folder): \(LocalFiles.describe(error))", parameter: parameter, underlying: error)
            }
        }
        return target
    }

    /// The name a photo has in an album folder, if it is in it.
    static func nameIn(_ folder: String, of path: String, run: RunContext) throws -> String? {
        if self.folder(of: path) == folder { return path }
        return try otherNames(of: path, run: run).first { self.folder(of: $0) == folder }
    }

    /// Takes a photo out of an album: its name there removed when it has another, else moved to
    /// the top of the library. Returns whether it was in the album.
    @discardableResult
    static func takeOut(_ path: String, ofAlbum folder: String, run: RunContext, parameter: String) throws -> Bool {
        guard let name = try nameIn(folder, of: path, run: run) else { return false }
        try LocalFiles.check(name, .write, doing: "move", run: run, parameter: parameter)
        if !(try otherNames(of: name, run: run)).isEmpty {
            guard unlink(name) == 0 else {
                throw ActionFailure("can't take \(name) out of its album: \(String(cString: strerror(errno)))", parameter: parameter)
            }
        } else {
            let target = MediaLibraryActions.freePath(for: (name as NSString).lastPathComponent, in: library(run))
            try LocalFiles.check(target, .write, run: run, parameter: parameter)
            try move(name, to: target, parameter: parameter)
        }
        return true
    }

    static func move(_ path: String, to target: String, parameter: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder(of: target), withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: path, toPath: target)
        } catch {
            throw ActionFailure("can't move \(path) to \(target): \(LocalFiles.describe(error))", parameter: parameter, underlying: error)
        }
    }

    static func assetsParameter(_ key: String, title: String = "Photos", list: Bool = true) -> ParameterMetadata {
        ParameterMetadata(key: key, title: title, type: .content, isRequired: true, entityType: "Photo", isList: list)
    }

    static func albumParameter(_ key: String, title: String = "Album", list: Bool = false) -> ParameterMetadata {
        ParameterMetadata(key: key, title: title, type: .content, isRequired: true, entityType: albumType, isList: list)
    }

    static let openWhenRun = ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false")

    /// Opens what an action made when its Open When Run is on.
    static func openIfAsked(_ parameters: CompiledParameters, _ path: String, run: RunContext) throws {
        if try run.bool(parameters["OpenWhenRun"]) == true { try run.environment.openURL(URL(fileURLWithPath: path)) }
    }

    // MARK: Albums' actions

    static let createAlbum = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "CreateAlbumIntent", title: "Create Album",
            description: "Makes an album: a folder in your Pictures folder. An album of that name already there is used as it is.",
            parameters: [ParameterMetadata(key: "title", title: "Name", type: .text, isRequired: true), openWhenRun],
            inputParameter: "title", outputType: albumType, outputName: "Album", isReadOnly: false, keywords: ["folder", "new album"])
    ) { parameters in
        { input, run in
            let name = try albumName(try run.content(parameters, "title", orInput: input), parameter: "title", run: run, existing: false)
            let folder = library(run) + "/" + name
            try LocalFiles.createFolder(folder, run: run, parameter: "title")
            try openIfAsked(parameters, folder, run: run)
            return albumContent(name, run: run)
        }
    }

    static let renameAlbum = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "RenameAlbumIntent", title: "Rename Album",
            description: "Renames an album (its folder); a name another album has is refused.",
            parameters: [albumParameter("album"), ParameterMetadata(key: "title", title: "Name", type: .text, isRequired: true)],
            inputParameter: "album", outputType: albumType, outputName: "Album", isReadOnly: false, keywords: ["name"])
    ) { parameters in
        { input, run in
            let old = try albumName(try run.content(parameters, "album", orInput: input), parameter: "album", run: run)
            let new = try albumName(try run.content(parameters["title"]), parameter: "title", run: run, existing: false)
            let root = library(run)
            if new != old {
                guard !LocalFiles.exists(root + "/" + new).exists else {
                    throw ActionFailure("there is already an album “\(new)”", parameter: "title")
                }
                try LocalFiles.check(root + "/" + old, .write, doing: "rename", run: run, parameter: "album")
                try LocalFiles.check(root + "/" + new, .write, run: run, parameter: "title")
                try move(root + "/" + old, to: root + "/" + new, parameter: "album")
            }
            return albumContent(new, run: run)
        }
    }

    static let deleteAlbums = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "DeleteAlbumsIntent", title: "Delete Albums",
            description:
                "Deletes albums, keeping their photos in the library, as Photos does: a photo also in another album loses its name here, the others move to the top of the Pictures folder.",
            parameters: [albumParameter("entities", title: "Albums", list: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["remove album"])
    ) { parameters in
        { input, run in
            let root = library(run)
            for name in try albumNames(try run.content(parameters, "entities", orInput: input), parameter: "entities", run: run) {
                let folder = root + "/" + name
                try LocalFiles.check(folder, .write, doing: "delete", run: run, parameter: "entities")
                for entry in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                    let path = folder + "/" + entry
                    if !(try otherNames(of: path, run: run)).isEmpty {
                        guard unlink(path) == 0 else {
                            throw ActionFailure("can't remove \(path): \(String(cString: strerror(errno)))", parameter: "entities")
                        }
                    } else {
                        try move(path, to: MediaLibraryActions.freePath(for: entry, in: root), parameter: "entities")
                    }
                }
                do {
                    try FileManager.default.removeItem(atPath: folder)
                } catch {
                    throw ActionFailure(
                        "can't delete the album \(name): \(LocalFiles.describe(error))", parameter: "entities", underlying: error)
                }
            }
            return .nothing
        }
    }

    static let addToAlbum = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "AddAssetsToAlbumIntent", title: "Add Photos To Album",
            description:
                "Adds photos of the library to an album: one at the top of the Pictures folder moves into the album's folder; one already in another album is in both (a second name for the same file).",
            parameters: [assetsParameter("assets"), albumParameter("album")],
            inputParameter: "assets", isReadOnly: false, keywords: ["album", "organize"])
    ) { parameters in
        { input, run in
            let album = try albumName(try run.content(parameters["album"]), parameter: "album", run: run)
            for path in try photoPaths(try run.content(parameters, "assets", orInput: input), parameter: "assets", run: run) {
                _ = try place(path, inAlbum: library(run) + "/" + album, run: run, parameter: "assets")
            }
            return .nothing
        }
    }

    static let removeFromAlbum = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "RemoveAssetsFromAlbumIntent", title: "Remove Photos From Album",
            description:
                "Takes photos out of an album, keeping them in the library: a photo also elsewhere loses its name in the album, one only there moves to the top of the Pictures folder.",
            parameters: [albumParameter("album"), assetsParameter("assets")],
            inputParameter: "assets", isReadOnly: false, keywords: ["album"])
    ) { parameters in
        { input, run in
            let album = try albumName(try run.content(parameters["album"]), parameter: "album", run: run)
            for path in try photoPaths(try run.content(parameters, "assets", orInput: input), parameter: "assets", run: run) {
                guard try takeOut(path, ofAlbum: library(run) + "/" + album, run: run, parameter: "assets") else {
                    throw ActionFailure("\((path as NSString).lastPathComponent) is not in the album \(album)", parameter: "assets")
                }
            }
            return .nothing
        }
    }

    // MARK: Photos' actions

    static let saveToPhotos = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "CreateAssetsIntent", title: "Save to Photos",
            description: "Adds images and videos to the library (the top of the Pictures folder); a name already taken gets a number.",
            parameters: [
                ParameterMetadata(key: "files", title: "Photos", type: .file, isRequired: true, isList: true), openWhenRun,
            ],
            inputParameter: "files", outputType: "Photo", outputName: "Photos", isReadOnly: false, keywords: ["import", "save image"])
    ) { parameters in
        { input, run in
            let files = try MediaLibraryActions.media(try run.content(parameters, "files", orInput: input), parameter: "files", run: run)
            guard !files.isEmpty else { throw ActionFailure("there is nothing to save", parameter: "files") }
            let saved = try MediaLibraryActions.save(files, into: library(run), run: run, parameter: "files")
            let paths = saved.compactMap { item -> String? in if case .file(let file) = item { file.path } else { nil } }
            if let first = paths.first { try openIfAsked(parameters, first, run: run) }
            return Content(items: paths.map { photoContent($0, run: run) })
        }
    }

    static let deletePhotos = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "DeleteAssetsIntent", title: "Delete Photos",
            description:
                "Moves photos to the trash (from where they can be put back) and out of every album they are in, edited ones' originals with them.",
            parameters: [assetsParameter("entities")], inputParameter: "entities", isReadOnly: false, keywords: ["remove", "trash"])
    ) { parameters in
        { input, run in
            for path in try photoPaths(
                try run.content(parameters, "entities", orInput: input), parameter: "entities", run: run, hidden: true)
            {
                for other in try otherNames(of: path, run: run) {
                    try LocalFiles.check(other, .write, doing: "delete", run: run, parameter: "entities")
                    _ = unlink(other)
                }
                let kept = PhotoEdits.stored(for: path, run: run)
                try LocalFiles.moveToTrash(path, run: run, parameter: "entities")
                if let kept {
                    // The original goes to the trash too, by its own name, so nothing is lost.
                    try LocalFiles.moveToTrash(kept.original, run: run, parameter: "entities")
                    _ = unlink(kept.record)
                }
            }
            return .nothing
        }
    }

    static let duplicatePhotos = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "DuplicateAssetsIntent", title: "Duplicate Photos",
            description: "Copies photos beside themselves (“IMG_1 2.jpg”); the output is the copies.",
            parameters: [assetsParameter("assets"), openWhenRun],
            inputParameter: "assets", outputType: "Photo", outputName: "Duplicates", isReadOnly: false, keywords: ["copy"])
    ) { parameters in
        { input, run in
            var copies: [String] = []
            for path in try photoPaths(try run.content(parameters, "assets", orInput: input), parameter: "assets", run: run) {
                let target = MediaLibraryActions.freePath(for: (path as NSString).lastPathComponent, in: folder(of: path))
                try LocalFiles.check(target, .write, run: run, parameter: "assets")
                do {
                    try FileManager.default.copyItem(atPath: path, toPath: target)
                } catch {
                    throw ActionFailure("can't copy \(path): \(LocalFiles.describe(error))", parameter: "assets", underlying: error)
                }
                copies.append(target)
            }
            if let first = copies.first { try openIfAsked(parameters, first, run: run) }
            return Content(items: copies.map { photoContent($0, run: run) })
        }
    }

    /// favorite, unfavorite or toggle (any case, spaces ignored); `on` and `off` too.
    static func switchAction(_ text: String?, on: String, off: String, parameter: String) throws -> Bool? {
        let word = (text ?? on).lowercased().replacingOccurrences(of: " ", with: "")
        if [on, "add", "on", "true", "yes"].contains(word) { return true }
        if [off, "remove", "off", "false", "no"].contains(word) { return false }
        if word == "toggle" { return nil }
        throw ActionFailure("“\(word.prefix(40))” is not an action here; use \(on), \(off) or toggle", parameter: parameter)
    }

    static let favorite = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "FavoriteAssetsIntent", title: "Favorite Photos",
            description: "Favorites photos (puts them in the Favorites album), unfavorites them, or toggles each.",
            parameters: [
                assetsParameter("assets"),
                ParameterMetadata(
                    key: "action", title: "Action", type: .enumeration, options: ["favorite", "unfavorite", "toggle"],
                    defaultValue: "favorite"),
            ],
            inputParameter: "assets", isReadOnly: false, keywords: ["heart", "like", "star"])
    ) { parameters in
        { input, run in
            let wanted = try switchAction(try run.text(parameters["action"]), on: "favorite", off: "unfavorite", parameter: "action")
            let album = library(run) + "/" + favorites
            for path in try photoPaths(try run.content(parameters, "assets", orInput: input), parameter: "assets", run: run) {
                let isFavorite = try nameIn(album, of: path, run: run) != nil
                switch wanted ?? !isFavorite {
                case true where !isFavorite:
                    try LocalFiles.createFolder(album, run: run, parameter: "assets")
                    _ = try place(path, inAlbum: album, run: run, parameter: "assets")
                case false where isFavorite: try takeOut(path, ofAlbum: album, run: run, parameter: "assets")
                default: break
                }
            }
            return .nothing
        }
    }

    static let hide = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "HideAssetsIntent", title: "Hide Photos",
            description:
                "Hides photos (each of their names moves into the library's .Hidden folder, so the library and its albums no longer show them), unhides them back where they were, or toggles each.",
            parameters: [
                assetsParameter("assets"),
                ParameterMetadata(
                    key: "action", title: "Action", type: .enumeration, options: ["hide", "unhide", "toggle"], defaultValue: "hide"),
            ],
            inputParameter: "assets", isReadOnly: false, keywords: ["private", "conceal"])
    ) { parameters in
        { input, run in
            let wanted = try switchAction(try run.text(parameters["action"]), on: "hide", off: "unhide", parameter: "action")
            let root = library(run)
            let hidden = root + "/" + hiddenFolder
            for path in try photoPaths(try run.content(parameters, "assets", orInput: input), parameter: "assets", run: run, hidden: true) {
                let isHidden = path.hasPrefix(hidden + "/")
                let hiding = wanted ?? !isHidden
                guard hiding != isHidden else { continue }
                for name in [path] + (try otherNames(of: path, run: run)) where name.hasPrefix(hidden + "/") != hiding {
                    let relative = String(name.dropFirst((hiding ? root : hidden).count + 1))
                    let target = (hiding ? hidden : root) + "/" + relative
                    let free = MediaLibraryActions.freePath(for: (relative as NSString).lastPathComponent, in: folder(of: target))
                    try LocalFiles.check(name, .write, doing: "move", run: run, parameter: "assets")
                    try LocalFiles.check(free, .write, run: run, parameter: "assets")
                    try move(name, to: free, parameter: "assets")
                }
            }
            return .nothing
        }
    }

    // MARK: Showing them

    static let openAlbum = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "OpenAlbumIntent", title: "Open Album",
            description: "Opens an album's folder with the desktop's file manager.",
            parameters: [albumParameter("target")], inputParameter: "target", isReadOnly: false, keywords: ["show album"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let name = try albumName(try run.content(parameters, "target", orInput: input), parameter: "target", run: run)
            try run.environment.openURL(URL(fileURLWithPath: library(run) + "/" + name, isDirectory: true))
            return input
        }
    }

    static let openPhoto = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "OpenAssetIntent", title: "Open Photo",
            description: "Opens a photo with the desktop's image viewer.",
            parameters: [assetsParameter("target", title: "Photo", list: false)], inputParameter: "target", isReadOnly: false,
            keywords: ["show", "view"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let paths = try photoPaths(try run.content(parameters, "target", orInput: input), parameter: "target", run: run)
            guard paths.count == 1 else { throw ActionFailure("give one photo to open, not \(paths.count)", parameter: "target") }
            try run.environment.openURL(URL(fileURLWithPath: paths[0]))
            return input
        }
    }

    static let revealAlbums = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "RevealAlbumsIntent", title: "Reveal Albums",
            description: "Shows albums' folders selected in the desktop's file manager (org.freedesktop.FileManager1).",
            parameters: [albumParameter("albums", title: "Albums", list: true)], inputParameter: "albums", isReadOnly: false,
            keywords: ["show"]
        ).needing(.fileManager),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let manager = try ServiceClient(.fileManager, for: run)
            let names = try albumNames(try run.content(parameters, "albums", orInput: input), parameter: "albums", run: run)
            try manager.showInFileManager(names.map { URL(fileURLWithPath: library(run) + "/" + $0).absoluteString })
            return input
        }
    }

    static let revealPhotos = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "RevealAssetsIntent", title: "Reveal Photos",
            description: "Shows photos selected in the desktop's file manager (org.freedesktop.FileManager1).",
            parameters: [
                assetsParameter("assets"),
                ParameterMetadata(key: "pluralDestination", title: "Destination", type: .enumeration, options: ["library"]),
            ],
            inputParameter: "assets", isReadOnly: false, keywords: ["show"]
        ).needing(.fileManager),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let manager = try ServiceClient(.fileManager, for: run)
            let paths = try photoPaths(try run.content(parameters, "assets", orInput: input), parameter: "assets", run: run, hidden: true)
            try manager.showInFileManager(paths.map { URL(fileURLWithPath: $0).absoluteString })
            return input
        }
    }
}
