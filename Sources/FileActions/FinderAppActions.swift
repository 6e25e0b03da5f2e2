import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Finder's own actions that change files (`com.apple.finder.*`, macOS 26's parameter
/// keys), under the same file access as Shortcuts' file actions: Compress, Copy, Move,
/// Duplicate, Rename, Trash, Create Folder and Get Location. (Those that show things in the
/// file manager are in DeviceActions, ``FinderDesktopActions``.)
enum FinderAppActions {
    static let app = "Finder"

    static var all: [ActionDefinition] {
        [compress, copyItems, moveItems, duplicate, rename, trash, createFolder, getLocation].inApp(app) + filesApp
    }

    /// The iOS Files app's actions: the Finder's under `com.apple.DocumentsApp.` (their keys are
    /// the same), and its own.
    static var filesApp: [ActionDefinition] {
        var newFolder = files(createFolder, title: "New Folder")
        newFolder.metadata.parameters.insert(
            ParameterMetadata(key: "bounceOnCollision", title: "Bounce on file collision", type: .boolean, defaultValue: "false"), at: 2)
        return [
            files(compress), files(moveItems), files(duplicate), files(rename), files(trash, title: "Delete Items"), newFolder,
            files(folderContents), files(getFiles), files(saveToFiles), files(favoriteFolders), files(quickLook),
        ]
    }

    /// An action as the Files app's: its identifier's last part under `com.apple.DocumentsApp.`.
    static func files(_ action: ActionDefinition, title: String? = nil) -> ActionDefinition {
        var definition = action
        let name = action.metadata.identifier.split(separator: ".").last.map(String.init) ?? action.metadata.identifier
        definition.metadata.identifier = "com.apple.DocumentsApp." + name
        if let title { definition.metadata.title = title }
        definition.metadata.app = "Files"
        return definition
    }

    static let folderContents = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "GetContentOfFolderIntent", title: "Get Contents of Folder",
            description: "Gives the files and folders in a folder (not those in its folders), hidden ones left out.",
            parameters: [ParameterMetadata(key: "folder", title: "Folder", type: .file, isRequired: true)],
            inputParameter: "folder", outputType: "File", outputName: "Contents", keywords: ["list", "ls"])
    ) { parameters in
        { input, run in
            let path = try folder(
                parameters["folder"].isAbsent ? input : try run.content(parameters["folder"]), parameter: "folder", run: run)
            try LocalFiles.check(path, .list, run: run, parameter: "folder")
            // Each entry is read as the run may read it: a link planted in the folder reaches no further.
            return .list(
                try FileActions.listing(path, recursive: false).map { .file(try LocalFiles.item(at: $0, run: run, parameter: "folder")) })
        }
    }

    static let getFiles = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "GetFilesIntent", title: "Get Files", description: "Passes the files and folders on as output.",
            parameters: [ParameterMetadata(key: "files", title: "Files", type: .file, isRequired: true, isList: true)],
            inputParameter: "files", outputType: "File", outputName: "Files", keywords: ["file", "pick"])
    ) { parameters in
        { input, run in
            let given = parameters["files"].isAbsent ? input : try run.content(parameters["files"])
            return Content(
                items: try items(given, .read, doing: "read", parameter: "files", run: run).map {
                    .file(try LocalFiles.item(at: $0, parameter: "files"))
                })
        }
    }

    static let saveToFiles = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "SaveToFilesIntent", title: "Save To Files",
            description:
                "Saves files (from earlier actions, or text as a text file) into a folder; a name already there gets a number, nothing is replaced.",
            parameters: [
                ParameterMetadata(key: "files", title: "Items", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "folder", title: "Folder", type: .file, isRequired: true), openWhenRun,
            ],
            inputParameter: "files", outputType: "File", outputName: "Saved Items", isReadOnly: false, keywords: ["save", "write"])
    ) { parameters in
        { input, run in
            let target = try folder(try run.content(parameters["folder"]), parameter: "folder", run: run)
            let given = parameters["files"].isAbsent ? input : try run.content(parameters["files"])
            let contents = try run.convert(given, to: .file, parameter: "files").items
            guard !contents.isEmpty else { throw ActionFailure("there is nothing to save", parameter: "files") }
            var saved: [String] = []
            for item in contents {
                guard case .file(let file) = item else { continue }
                if file.typeIdentifier == LocalFiles.folderType {
                    throw ActionFailure("\(file.name) is a folder; Copy and Move Items copies folders", parameter: "files")
                }
                let path =
                    target + "/" + freeName(file.name.isEmpty ? "File" : file.name.replacingOccurrences(of: "/", with: "-"), in: target)
                try LocalFiles.check(path, .write, doing: "save a file to", run: run, parameter: "folder")
                try LocalFiles.writeAtomically(file.data, to: path, run: run, parameter: "folder")
                saved.append(path)
            }
            try open(saved, if: parameters, run: run)
            return Content(items: try saved.map { .file(try LocalFiles.item(at: $0, parameter: "folder")) })
        }
    }

    /// The GTK bookmarks file, which GNOME Files, the file choosers and other file managers show as favorites.
    static func bookmarksFile(run: RunContext) -> String { UserFolders.configHome(in: run.environment.variables) + "/gtk-3.0/bookmarks" }

    static let favoriteFolders = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "FavoriteFoldersIntent", title: "Favorite Folder",
            description:
                "Adds folders to the favorites the file manager and file choosers show (the GTK bookmarks file, $XDG_CONFIG_HOME/gtk-3.0/bookmarks), or removes them.",
            parameters: [
                ParameterMetadata(
                    key: "operation", title: "Operation", type: .enumeration, options: ["favorite", "unfavorite"], defaultValue: "favorite"),
                ParameterMetadata(key: "entities", title: "Folders", type: .file, isRequired: true, isList: true),
            ],
            inputParameter: "entities", isReadOnly: false, keywords: ["bookmark", "sidebar", "favorites"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let operation = (try run.text(parameters["operation"]) ?? "favorite").lowercased()
            let adding = ["favorite", "add", "favourite"].contains(operation)
            guard adding || ["unfavorite", "remove", "unfavourite"].contains(operation) else {
                throw ActionFailure("“\(operation.prefix(40))” is not an operation; use favorite or unfavorite", parameter: "operation")
            }
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let uris = try items(given, .read, doing: "favorite", parameter: "entities", run: run).map { path in
                guard LocalFiles.exists(path).isFolder else { throw ActionFailure("\(path) is not a folder", parameter: "entities") }
                return URL(fileURLWithPath: path, isDirectory: true).absoluteString.replacingOccurrences(
                    of: "/$", with: "", options: .regularExpression)
            }
            let path = bookmarksFile(run: run)
            var lines = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self).split(separator: "\n").map(
                String.init)
            func uri(_ line: String) -> String { String(line.split(separator: " ", maxSplits: 1).first ?? "") }
            if adding {
                lines += uris.filter { wanted in !lines.contains { uri($0) == wanted } }
            } else {
                lines.removeAll { uris.contains(uri($0)) }
            }
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try StoreFiles.write(Data(lines.map { $0 + "\n" }.joined().utf8), to: path)
            return input
        }
    }

    static let quickLook = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "QuickLookFileIntent", title: "Quick Look Item",
            description: "Shows the file in the desktop's viewer for its type (xdg-open).",
            parameters: [ParameterMetadata(key: "fileEntity", title: "Item", type: .file, isRequired: true), openWhenRun],
            inputParameter: "fileEntity", isReadOnly: false, keywords: ["preview", "view"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = parameters["fileEntity"].isAbsent ? input : try run.content(parameters["fileEntity"])
            for path in try items(given, .read, doing: "show", parameter: "fileEntity", run: run) {
                try run.environment.openURL(URL(fileURLWithPath: path))
            }
            return input
        }
    }

    static let openWhenRun = ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false")

    /// The paths of the files and folders a parameter names, each existing, the run allowed to `use` it.
    static func items(
        _ given: Content, _ use: FileAccess.Use, doing: String, parameter: String, run: RunContext
    ) throws -> [String] {
        let paths = try given.items.map { item in
            guard let path = LocalFiles.path(of: item, run: run) else {
                throw ActionFailure("expected a file or folder, got \(item.quotedForError)", parameter: parameter)
            }
            guard LocalFiles.exists(path).exists else { throw ActionFailure("there is no file at \(path)", parameter: parameter) }
            try LocalFiles.check(path, use, doing: doing, run: run, parameter: parameter)
            return path
        }
        guard !paths.isEmpty else { throw ActionFailure("no file or folder was given", parameter: parameter) }
        return paths
    }

    /// The folder a parameter names, which must exist.
    static func folder(_ given: Content, parameter: String, run: RunContext) throws -> String {
        guard let path = LocalFiles.path(of: given, run: run), !given.isNothing else {
            throw ActionFailure("no folder was given", parameter: parameter)
        }
        guard LocalFiles.exists(path).isFolder else { throw ActionFailure("\(path) is not a folder", parameter: parameter) }
        return path
    }

    /// `name`, else `name 2`, `name 3`… in `folder`: the first no file has.
    static func freeName(_ name: String, in folder: String, copy: Bool = false) -> String {
        guard copy else { return StoreFiles.freeName(name, in: folder) }
        // The Finder's copies: "report copy.pdf", then "report copy 2.pdf".
        let url = URL(fileURLWithPath: name)
        let ext = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        let base = ext.isEmpty ? name : url.deletingPathExtension().lastPathComponent
        return StoreFiles.freeName(base + " copy" + ext, in: folder)
    }

    static func open(_ paths: [String], if parameters: CompiledParameters, run: RunContext) throws {
        guard try run.bool(parameters["OpenWhenRun"]) == true else { return }
        for path in paths { try run.environment.openURL(URL(fileURLWithPath: path)) }
    }

    /// Copies or moves items into a folder; an item of the same name there is replaced (it goes
    /// to the trash) only when `overwriteConflicts` is on.
    static func transfer(
        _ parameters: CompiledParameters, sources: String, destination: String, moving: Bool, input: Content, run: RunContext
    ) throws -> Content {
        let given = parameters[sources].isAbsent ? input : try run.content(parameters[sources])
        let paths = try items(given, moving ? .write : .read, doing: moving ? "move" : "copy", parameter: sources, run: run)
        let target = try folder(try run.content(parameters[destination]), parameter: destination, run: run)
        let overwrite = try run.bool(parameters["overwriteConflicts"]) ?? false
        var done: [Content] = []
        for path in paths {
            let placed = target + "/" + URL(fileURLWithPath: path).lastPathComponent
            guard placed != path else {
                done.append(.file(try LocalFiles.item(at: path, parameter: sources)))
                continue
            }
            try LocalFiles.check(placed, .write, doing: moving ? "move a file to" : "copy a file to", run: run, parameter: destination)
            if LocalFiles.exists(placed).exists {
                guard URL(fileURLWithPath: placed).resolvingSymlinksInPath() != URL(fileURLWithPath: path).resolvingSymlinksInPath() else {
                    throw ActionFailure("\(placed) is \(path) itself", parameter: destination)
                }
                guard overwrite else {
                    throw ActionFailure(
                        "\(placed) already exists; it is replaced only when Overwrite at Destination is on", parameter: "overwriteConflicts"
                    )
                }
                try LocalFiles.moveToTrash(placed, run: run)
            }
            do {
                if moving {
                    try FileManager.default.moveItem(atPath: path, toPath: placed)
                    run.environment.fileAccess.allowRenamed(path, to: placed)
                } else {
                    try FileManager.default.copyItem(atPath: path, toPath: placed)
                }
            } catch {
                throw ActionFailure(
                    "can't \(moving ? "move" : "copy") \(path): \(LocalFiles.describe(error))", parameter: sources, underlying: error)
            }
            done.append(.file(try LocalFiles.item(at: placed, parameter: destination)))
        }
        try open(done.compactMap { LocalFiles.path(of: $0, run: run) }, if: parameters, run: run)
        return Content(items: done)
    }

    static let copyItems = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.CopyItemsIntent", title: "Copy and Move Items",
            description:
                "Copies files and folders into a folder; one of the same name there is replaced (to the trash) only when Overwrite at Destination is on.",
            parameters: [
                ParameterMetadata(key: "sources", title: "Items", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "destination", title: "Folder", type: .file, isRequired: true),
                ParameterMetadata(key: "overwriteConflicts", title: "Overwrite at Destination", type: .boolean, defaultValue: "false"),
                openWhenRun,
            ],
            inputParameter: "sources", outputType: "File", outputName: "Copied Items", isReadOnly: false, keywords: ["cp", "duplicate"])
    ) { parameters in
        { input, run in try transfer(parameters, sources: "sources", destination: "destination", moving: false, input: input, run: run) }
    }

    static let moveItems = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.MoveItemsIntent", title: "Move Items to Folder",
            description:
                "Moves files and folders into a folder; one of the same name there is replaced (to the trash) only when Overwrite at Destination is on.",
            parameters: [
                ParameterMetadata(key: "entities", title: "Items", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "destinationFolder", title: "Folder", type: .file, isRequired: true),
                ParameterMetadata(key: "overwriteConflicts", title: "Overwrite at Destination", type: .boolean, defaultValue: "false"),
                openWhenRun,
            ],
            inputParameter: "entities", outputType: "File", outputName: "Moved Items", isReadOnly: false, keywords: ["mv", "relocate"])
    ) { parameters in
        { input, run in
            try transfer(parameters, sources: "entities", destination: "destinationFolder", moving: true, input: input, run: run)
        }
    }

    static let duplicate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.DuplicateItemsIntent", title: "Duplicate Items",
            description: "Copies files and folders beside themselves, as the Finder names copies: “report copy.pdf”, “report copy 2.pdf”.",
            parameters: [ParameterMetadata(key: "sources", title: "Items", type: .file, isRequired: true, isList: true), openWhenRun],
            inputParameter: "sources", outputType: "File", outputName: "Duplicates", isReadOnly: false, keywords: ["copy", "clone"])
    ) { parameters in
        { input, run in
            let given = parameters["sources"].isAbsent ? input : try run.content(parameters["sources"])
            var made: [Content] = []
            for path in try items(given, .read, doing: "duplicate", parameter: "sources", run: run) {
                let url = URL(fileURLWithPath: path)
                let folder = url.deletingLastPathComponent().path
                let copy = folder + "/" + freeName(url.lastPathComponent, in: folder, copy: true)
                try LocalFiles.check(copy, .write, doing: "duplicate a file to", run: run, parameter: "sources")
                do {
                    try FileManager.default.copyItem(atPath: path, toPath: copy)
                } catch {
                    throw ActionFailure("can't duplicate \(path): \(LocalFiles.describe(error))", parameter: "sources", underlying: error)
                }
                made.append(.file(try LocalFiles.item(at: copy, parameter: "sources")))
            }
            try open(made.compactMap { LocalFiles.path(of: $0, run: run) }, if: parameters, run: run)
            return Content(items: made)
        }
    }

    static let rename = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.RenameItemIntent", title: "Rename Item",
            description:
                "Renames a file or folder. Without Overwrite Extensions a file keeps its extension; an item of the new name is never replaced.",
            parameters: [
                ParameterMetadata(key: "target", title: "Item", type: .file, isRequired: true),
                ParameterMetadata(key: "newName", title: "Name", type: .text, isRequired: true),
                ParameterMetadata(key: "overwriteExtension", title: "Overwrite Extensions", type: .boolean, defaultValue: "false"),
                openWhenRun,
            ],
            inputParameter: "target", outputType: "File", outputName: "Renamed Item", isReadOnly: false, keywords: ["mv", "name"])
    ) { parameters in
        { input, run in
            let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
            guard let path = try items(given, .write, doing: "rename", parameter: "target", run: run).first else {
                throw ActionFailure("no item was given", parameter: "target")
            }
            guard var name = try run.text(parameters["newName"])?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
                throw ActionFailure("no new name is given", parameter: "newName")
            }
            guard !name.contains("/"), name != ".", name != ".." else {
                throw ActionFailure("“\(name.prefix(60))” can't be a file name", parameter: "newName")
            }
            let url = URL(fileURLWithPath: path)
            if try run.bool(parameters["overwriteExtension"]) != true, !url.pathExtension.isEmpty, !LocalFiles.exists(path).isFolder {
                // Keep the extension: a new name without it, or with another, gets the old one back.
                if URL(fileURLWithPath: name).pathExtension.lowercased() != url.pathExtension.lowercased() {
                    name += "." + url.pathExtension
                }
            }
            let target = url.deletingLastPathComponent().appendingPathComponent(name).path
            guard target != path else { return .file(try LocalFiles.item(at: path, parameter: "target")) }
            guard !LocalFiles.exists(target).exists else {
                throw ActionFailure("can't rename to \(name): \(target) already exists", parameter: "newName")
            }
            try LocalFiles.check(target, .write, doing: "rename a file to", run: run, parameter: "newName")
            do {
                try FileManager.default.moveItem(atPath: path, toPath: target)
            } catch {
                throw ActionFailure("can't rename \(path): \(LocalFiles.describe(error))", parameter: "target", underlying: error)
            }
            run.environment.fileAccess.allowRenamed(path, to: target)
            try open([target], if: parameters, run: run)
            return .file(try LocalFiles.item(at: target, parameter: "target"))
        }
    }

    static let trash = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.TrashItemsIntent", title: "Trash Items",
            description:
                "Moves files and folders to the trash ($XDG_DATA_HOME/Trash), from where the file manager puts them back; the output is them there.",
            parameters: [ParameterMetadata(key: "entities", title: "Items", type: .file, isRequired: true, isList: true), openWhenRun],
            inputParameter: "entities", outputType: "File", outputName: "Trashed Items", isReadOnly: false, keywords: ["delete", "rm"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            var trashed: [Content] = []
            for path in try items(given, .write, doing: "delete", parameter: "entities", run: run) {
                let placed = try LocalFiles.moveToTrash(path, run: run)
                trashed.append(.file(try LocalFiles.item(at: placed, parameter: "entities")))
            }
            return Content(items: trashed)
        }
    }

    static let createFolder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.CreateFolderIntent", title: "Create Folder",
            description: "Makes a folder in a parent folder (the Desktop when none is given); a name already there is refused.",
            parameters: [
                ParameterMetadata(key: "fileName", title: "Name", type: .text, isRequired: true),
                ParameterMetadata(key: "target", title: "Parent Folder", type: .file), openWhenRun,
            ],
            inputParameter: "fileName", outputType: "File", outputName: "Folder", isReadOnly: false, keywords: ["mkdir", "new folder"])
    ) { parameters in
        { input, run in
            let name = (try run.text(parameters["fileName"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                throw ActionFailure(
                    name.isEmpty ? "the folder needs a name" : "“\(name.prefix(60))” can't be a folder name", parameter: "fileName")
            }
            let given = try run.content(parameters["target"])
            let parent =
                given.isNothing
                ? UserFolders.path(of: .desktop, in: run.environment.variables) : try folder(given, parameter: "target", run: run)
            // The Files app's "bounce on collision": a name already there gets a number.
            let path = parent + "/" + (try run.bool(parameters["bounceOnCollision"]) == true ? freeName(name, in: parent) : name)
            guard !LocalFiles.exists(path).exists else { throw ActionFailure("\(path) already exists", parameter: "fileName") }
            try LocalFiles.createFolder(path, run: run, parameter: "target")
            try open([path], if: parameters, run: run)
            return .file(try LocalFiles.item(at: path, parameter: "target"))
        }
    }

    /// Where each of Get Location's places is on Linux; `nil` for those with no counterpart.
    static func location(_ name: String, run: RunContext) -> String? {
        let variables = run.environment.variables
        let home = UserFolders.homeFolder(in: variables)
        switch name.lowercased() {
        case "home": return home
        case "desktop": return UserFolders.path(of: .desktop, in: variables)
        case "documents": return UserFolders.path(of: .documents, in: variables)
        case "downloads": return UserFolders.path(of: .downloads, in: variables)
        case "music": return UserFolders.path(of: .music, in: variables)
        case "pictures": return UserFolders.path(of: .pictures, in: variables)
        case "movies", "videos": return UserFolders.path(of: .videos, in: variables)
        case "computer": return "/"
        case "applications": return UserFolders.dataHome(in: variables) + "/applications"
        case "library": return UserFolders.dataHome(in: variables)
        case "trash": return UserFolders.dataHome(in: variables) + "/Trash/files"
        default: return nil
        }
    }

    /// The files under a folder, its folders' too, without following links to folders (a link
    /// loop would never end); at most 100,000.
    static func walk(_ folder: String, run: RunContext) throws -> [String] {
        var found: [String] = []
        var pending = [folder]
        while let next = pending.popLast() {
            try run.checkCancelled()
            for path in try FileActions.listing(next, recursive: false) {
                let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
                if LocalFiles.exists(path).isFolder {
                    if !isLink { pending.append(path) }
                } else {
                    found.append(path)
                }
                guard found.count <= 100_000 else { throw ActionFailure("\(folder) holds more than 100,000 files", parameter: "sources") }
            }
        }
        return found.sorted()
    }

    static let places = [
        "home", "desktop", "documents", "downloads", "music", "pictures", "movies", "computer", "applications", "library", "trash",
    ]

    static let getLocation = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.GetLocationIntent", title: "Get Location",
            description:
                "Gives a well-known folder: the XDG user folders (Desktop, Documents, Downloads…), home, the computer (/), applications ($XDG_DATA_HOME/applications), library ($XDG_DATA_HOME) and the trash. AirDrop, iCloud Drive, Network and Recents have no folder here.",
            parameters: [ParameterMetadata(key: "location", title: "Location", type: .enumeration, isRequired: true, options: places)],
            outputType: "File", outputName: "Location", keywords: ["folder", "where", "path"])
    ) { parameters in
        { _, run in
            let name = (try run.text(parameters["location"]) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard let path = location(name, run: run) else {
                throw ActionFailure(
                    "“\(name.prefix(40))” has no folder on Linux; the locations are \(places.joined(separator: ", "))",
                    parameter: "location")
            }
            guard LocalFiles.exists(path).isFolder else { throw ActionFailure("there is no folder at \(path)", parameter: "location") }
            return .file(try LocalFiles.item(at: path, parameter: "location"))
        }
    }

    static let compress = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.CompressItemsIntent", title: "Compress Items",
            description:
                "Makes a .zip of files and folders (folders with everything in them), as the Finder names it: “name.zip” for one item, “Archive.zip” for several, beside the first item or in Move Archive To. Apple Archive has no Linux implementation.",
            parameters: [
                ParameterMetadata(key: "sources", title: "Items", type: .file, isRequired: true, isList: true),
                ParameterMetadata(
                    key: "format", title: "Format", type: .enumeration, options: ["zip", "appleArchive"], defaultValue: "zip"),
                ParameterMetadata(key: "destination", title: "Move Archive To", type: .file), openWhenRun,
            ],
            inputParameter: "sources", outputType: "File", outputName: "Archive", isReadOnly: false, keywords: ["zip", "archive"])
    ) { parameters in
        { input, run in
            let format = (try run.text(parameters["format"]) ?? "zip").lowercased()
            guard format == "zip" || format.isEmpty else {
                throw ActionFailure(
                    "“\(format.prefix(40))” archives can't be made on Linux (Apple Archive is Apple's own); use zip", parameter: "format")
            }
            let given = parameters["sources"].isAbsent ? input : try run.content(parameters["sources"])
            let paths = try items(given, .read, doing: "compress", parameter: "sources", run: run)
            var entries: [ArchiveActions.Entry] = []
            var total = 0
            for path in paths {
                let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
                let base = parent == "/" ? "" : parent
                let members = LocalFiles.exists(path).isFolder ? try walk(path, run: run) : [path]
                for member in members where !LocalFiles.exists(member).isFolder {
                    try run.checkCancelled()
                    // A link inside a folder is read only where the shortcut may read what it points at.
                    try LocalFiles.check(URL(fileURLWithPath: member).resolvingSymlinksInPath().path, .read, run: run, parameter: "sources")
                    guard let data = FileManager.default.contents(atPath: member) else {
                        throw ActionFailure("can't read \(member)", parameter: "sources")
                    }
                    total += data.count
                    let limit = run.environment.limits.valueBytes
                    guard limit == 0 || total <= limit else {
                        throw ActionFailure(
                            "the items hold more than the run's \(limit >> 20) MB for one value (SHORTCUTS_MAX_VALUE_BYTES)",
                            parameter: "sources")
                    }
                    let modified = (try? FileManager.default.attributesOfItem(atPath: member))?[.modificationDate] as? Date ?? Date()
                    entries.append(ArchiveActions.Entry(name: String(member.dropFirst(base.count + 1)), data: data, modified: modified))
                }
            }
            let archive = try ArchiveActions.written(entries, format: "zip", what: "a zip archive", formatParameter: "format")
            let destination = try run.content(parameters["destination"])
            let folder =
                destination.isNothing
                ? URL(fileURLWithPath: paths[0]).deletingLastPathComponent().path
                : try folder(destination, parameter: "destination", run: run)
            let name = freeName((paths.count == 1 ? URL(fileURLWithPath: paths[0]).lastPathComponent : "Archive") + ".zip", in: folder)
            let placed = folder + "/" + name
            try LocalFiles.check(placed, .write, doing: "write the archive to", run: run, parameter: "destination")
            try LocalFiles.writeAtomically(archive, to: placed, run: run, parameter: "destination")
            try open([placed], if: parameters, run: run)
            return .file(try LocalFiles.item(at: placed, parameter: "destination"))
        }
    }
}
