import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The photo and music libraries as the desktop keeps them: folders. Photos is the XDG Pictures
/// folder and each album a folder in it; Music is the XDG Music folder. Save to Photos, Delete
/// Photos, Create Photo Album, Remove from Album, Get Latest Screenshots and Import Audio Files
/// into Music. A shortcut reaches them as any folder: with the person's permission
/// (``FileAccess``), and nothing already there is ever replaced.
enum MediaLibraryActions {
    static let all: [ActionDefinition] = [saveToPhotos, deletePhotos, createAlbum, removeFromAlbum, latestScreenshots, importAudio]

    static func pictures(_ run: RunContext) -> String { UserFolders.path(of: .pictures, in: run.environment.variables) }

    /// The folder of an album: the Pictures folder for none or Recents.
    static func album(_ name: String?, run: RunContext, parameter: String) throws -> String {
        let trimmed = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || ["recents", "recent", "camera roll", "all photos", "library"].contains(trimmed.lowercased()) {
            return pictures(run)
        }
        guard !trimmed.contains("/"), !trimmed.hasPrefix(".") else {
            throw ActionFailure("\"\(trimmed.prefix(60))\" is not an album name (no / and no leading dot)", parameter: parameter)
        }
        return pictures(run) + "/" + trimmed
    }

    /// The album a parameter names (text, or a record with a name).
    static func albumName(_ expression: ParameterExpression, run: RunContext) throws -> String? {
        let value = try run.content(expression)
        if value.isNothing { return nil }
        return (value.dictionary?["name"] ?? value.dictionary?["Name"] ?? value).text
    }

    /// A free path for `name` in `folder`: the name itself, else `base 2.ext`, `base 3.ext`…
    static func freePath(for name: String, in folder: String) -> String {
        let url = URL(fileURLWithPath: name)
        let base = url.deletingPathExtension().lastPathComponent
        let ext = url.pathExtension
        var candidate = folder + "/" + name
        var counter = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = folder + "/" + base + " \(counter)" + (ext.isEmpty ? "" : "." + ext)
            counter += 1
        }
        return candidate
    }

    /// The image and video files of content, downloading URLs; anything else fails naming it.
    static func media(_ input: Content, parameter: String, run: RunContext) throws -> [FileContent] {
        try run.convert(input, to: .file, parameter: parameter).items.map { item in
            guard case .file(let file) = item else {
                throw ActionFailure("expected a photo or video, got \(item.quotedForError)", parameter: parameter)
            }
            let type = file.typeIdentifier ?? UniformType.identifier(forFileName: file.name)
            guard UniformType.conforms(type, to: .image) || UniformType.conforms(type, to: .movie) else {
                throw ActionFailure("can't use File (\(type)) \"\(file.name)\" as a photo or video", parameter: parameter)
            }
            return file
        }
    }

    static func save(_ files: [FileContent], into folder: String, run: RunContext, parameter: String) throws -> [Content] {
        try LocalFiles.createFolder(folder, run: run, parameter: parameter)
        return try files.map { file in
            var saved = file
            let path = freePath(for: file.name, in: folder)
            try LocalFiles.check(path, .write, run: run, parameter: parameter)
            try LocalFiles.writeAtomically(file.data, to: path, run: run, parameter: parameter)
            saved.path = path
            saved.name = URL(fileURLWithPath: path).lastPathComponent
            return .file(saved)
        }
    }

    static let saveToPhotos = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.savetocameraroll", title: "Save to Photos",
            description:
                "Saves photos and videos (image URLs are downloaded) to your Pictures folder, or to an album: a folder in it. A name already taken gets a number.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Photos", type: .content, isRequired: true, isList: true),
                ParameterMetadata(key: "WFCameraRollSelectedGroup", title: "Album", type: .text, defaultValue: "Recents"),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Saved Photos", isReadOnly: false,
            keywords: ["camera roll", "photos", "pictures", "save image"])
    ) { parameters in
        let group = parameters["WFCameraRollSelectedGroup"]
        return { input, run in
            guard !input.isNothing else { throw ActionFailure("there is nothing to save", parameter: "WFInput") }
            let folder = try album(try albumName(group, run: run), run: run, parameter: "WFCameraRollSelectedGroup")
            return Content(items: try save(try media(input, parameter: "WFInput", run: run), into: folder, run: run, parameter: "WFInput"))
        }
    }

    /// The photos on disk content names, each inside the Pictures folder.
    static func photoPaths(_ content: Content, parameter: String, run: RunContext) throws -> [String] {
        let root = pictures(run)
        return try content.items.map { item in
            guard let path = LocalFiles.path(of: item, run: run), LocalFiles.exists(path).exists else {
                throw ActionFailure("expected a photo in your Pictures folder, got \(item.quotedForError)", parameter: parameter)
            }
            guard FileAccess.isInside(FileAccess.resolvingLinks(path), FileAccess.resolvingLinks(root)) else {
                throw ActionFailure(
                    "\(path) is not in your Pictures folder (\(root)); use Delete Files for other files", parameter: parameter)
            }
            return path
        }
    }

    static let deletePhotos = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.deletephotos", title: "Delete Photos",
            description: "Moves photos of your Pictures folder to the trash, from where they can be restored.",
            parameters: [ParameterMetadata(key: "photos", title: "Photos", type: .content, isRequired: true, isList: true)],
            inputParameter: "photos", isReadOnly: false, keywords: ["remove", "trash"])
    ) { _ in
        { input, run in
            for path in try photoPaths(input, parameter: "photos", run: run) { _ = try LocalFiles.moveToTrash(path, run: run) }
            return .nothing
        }
    }

    static let createAlbum = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.photos.createalbum", title: "Create Photo Album",
            description: "Makes an album (a folder in your Pictures folder) and saves the input's photos into it.",
            parameters: [
                ParameterMetadata(key: "AlbumName", title: "Name", type: .text, isRequired: true),
                ParameterMetadata(key: "WFInput", title: "Photos", type: .content, isList: true),
            ],
            outputType: "File", outputName: "Album", isReadOnly: false, keywords: ["folder", "photos"])
    ) { parameters in
        let name = parameters["AlbumName"]
        let photos = parameters["WFInput"]
        return { input, run in
            guard let text = try run.text(name), !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionFailure("no album name is given", parameter: "AlbumName")
            }
            let folder = try album(text, run: run, parameter: "AlbumName")
            guard folder != pictures(run) else {
                throw ActionFailure("\"\(text)\" is the whole library, not an album", parameter: "AlbumName")
            }
            try LocalFiles.createFolder(folder, run: run, parameter: "AlbumName")
            let given = photos.isAbsent ? input : try run.content(photos)
            if !given.isNothing {
                _ = try save(try media(given, parameter: "WFInput", run: run), into: folder, run: run, parameter: "WFInput")
            }
            return .file(try LocalFiles.item(at: folder, parameter: "AlbumName"))
        }
    }

    static let removeFromAlbum = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.removefromalbum", title: "Remove from Album",
            description:
                "Takes photos out of an album: each moves from the album's folder to the Pictures folder, so it stays in your library.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Photos", type: .content, isRequired: true, isList: true),
                ParameterMetadata(key: "WFRemoveAlbumSelectedGroup", title: "Album", type: .text, isRequired: true),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Photos", isReadOnly: false, keywords: ["album"])
    ) { parameters in
        let group = parameters["WFRemoveAlbumSelectedGroup"]
        return { input, run in
            let folder = try album(try albumName(group, run: run), run: run, parameter: "WFRemoveAlbumSelectedGroup")
            guard folder != pictures(run) else { throw ActionFailure("no album is given", parameter: "WFRemoveAlbumSelectedGroup") }
            var moved: [Content] = []
            for path in try photoPaths(input, parameter: "WFInput", run: run) {
                let name = URL(fileURLWithPath: path).lastPathComponent
                guard
                    URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
                        == URL(fileURLWithPath: folder).standardizedFileURL.path
                else {
                    throw ActionFailure(
                        "\(name) is not in the album \(URL(fileURLWithPath: folder).lastPathComponent)", parameter: "WFInput")
                }
                let target = freePath(for: name, in: pictures(run))
                try LocalFiles.check(path, .write, doing: "move", run: run, parameter: "WFInput")
                try LocalFiles.check(target, .write, run: run, parameter: "WFInput")
                do {
                    try FileManager.default.moveItem(atPath: path, toPath: target)
                } catch {
                    throw ActionFailure("can't move \(path): \(LocalFiles.describe(error))", parameter: "WFInput", underlying: error)
                }
                moved.append(.file(try LocalFiles.item(at: target, parameter: "WFInput")))
            }
            return Content(items: moved)
        }
    }

    static let latestScreenshots = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getlastscreenshot", title: "Get Latest Screenshots",
            description:
                "Outputs your newest screenshots: the images in Pictures/Screenshots (where GNOME and KDE save them) and those named Screenshot… in Pictures, newest first.",
            parameters: [ParameterMetadata(key: "WFGetLatestPhotoCount", title: "Count", type: .integer, defaultValue: "1", minimum: 1)],
            outputType: "Image", outputName: "Latest Screenshots", keywords: ["screen capture", "print screen"])
    ) { parameters in
        let count = parameters["WFGetLatestPhotoCount"]
        return { _, run in
            let wanted = Int(try run.number(count, parameter: "WFGetLatestPhotoCount") ?? 1)
            guard wanted >= 1 else {
                throw ActionFailure("expected a count of 1 or more, got \(wanted)", parameter: "WFGetLatestPhotoCount")
            }
            let root = pictures(run)
            var candidates: [(path: String, date: Date)] = []
            for (folder, onlyNamed) in [(root + "/Screenshots", false), (root, true)] {
                guard LocalFiles.exists(folder).isFolder else { continue }
                try LocalFiles.check(folder, .list, run: run, parameter: "WFGetLatestPhotoCount")
                for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                    guard !onlyNamed || name.lowercased().hasPrefix("screenshot"),
                        UniformType.conforms(UniformType.identifier(forFileName: name), to: .image)
                    else { continue }
                    let path = folder + "/" + name
                    let date = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
                    candidates.append((path, date))
                }
            }
            let newest = candidates.sorted { $0.date > $1.date }.prefix(wanted)
            return Content(items: try newest.map { .file(try LocalFiles.item(at: $0.path, run: run, parameter: "WFGetLatestPhotoCount")) })
        }
    }

    static let importAudio = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.importaudiofiles", title: "Import Audio Files into Music",
            description:
                "Copies audio files into your Music folder, where music players find them, re-encoded to AAC (.m4a, with ffmpeg) when asked; a name already taken gets a number.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Audio Files", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "WFImportAudioFilesReencode", title: "Re-encode", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Imported Audio", isReadOnly: false, keywords: ["music", "songs"])
    ) { parameters in
        let reencodeExpression = parameters["WFImportAudioFilesReencode"]
        return { input, run in
            var files = try run.convert(input, to: .file, parameter: "WFInput").items.map { item -> FileContent in
                guard case .file(let file) = item, UniformType.conforms(file.typeIdentifier ?? "", to: .audio) else {
                    throw ActionFailure("expected an audio file, got \(item.quotedForError)", parameter: "WFInput")
                }
                return file
            }
            if try run.bool(reencodeExpression) == true { files = try reencoded(files, run: run) }
            return Content(
                items: try save(files, into: UserFolders.path(of: .music, in: run.environment.variables), run: run, parameter: "WFInput"))
        }
    }

    /// Audio files re-encoded to AAC in M4A, as a music app imports them (tags kept).
    static func reencoded(_ files: [FileContent], run: RunContext) throws -> [FileContent] {
        let tools = try MediaEncodingActions.tools(run)
        let folder = try run.scratchFolder("media")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try files.enumerated().map { offset, file in
            let (path, _) = try MediaEncodingActions.inputPath(.file(file), folder: folder, run: run, parameter: "WFInput")
            let arguments = ["-i", path, "-vn", "-map_metadata", "0", "-c:a", "aac", "-b:a", "256k"]
            let encoded = try MediaEncodingActions.encode(
                arguments, output: "out-\(offset).m4a", name: file.baseName, folder: folder, tools: tools, run: run, parameter: "WFInput")
            guard case .file(let result) = encoded else { return file }
            return FileContent(name: result.name, data: result.data, typeIdentifier: "com.apple.m4a-audio")
        }
    }
}
