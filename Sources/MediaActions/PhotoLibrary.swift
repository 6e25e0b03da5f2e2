import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Reading the photo library, which is the XDG Pictures folder (albums are its folders; a photo
/// in two albums is one file with two names, listed once) and, for videos, the XDG Videos folder too: Get Latest Photos, Get Latest Videos and Find Photos. A
/// photo's date is when it was taken (EXIF), else when its file was last changed; details come
/// from each file's header, and only the photos kept are read whole. The folders need the
/// person's permission as any other (``FileAccess``), as Photos asks on Apple's.
enum PhotoLibrary {
    static let all: [ActionDefinition] = [latestPhotos, latestVideos, findPhotos, lastImportAction]

    /// The most files a library scan looks at.
    static let scanLimit = 100_000
    static let videoExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm", "avi", "3gp", "mts"]

    /// One file of the library.
    struct Item {
        var path: String
        var isVideo: Bool
        var modified: Date
        /// The folder it is in, below the Pictures folder: its album ("" for none).
        var album: String
    }

    /// The photos (and videos) of the library, newest change first.
    static func items(_ run: RunContext, parameter: String, videos: Bool) throws -> [Item] {
        let variables = run.environment.variables
        let pictures = UserFolders.path(of: .pictures, in: variables)
        var roots = [pictures]
        if videos {
            let folder = UserFolders.path(of: .videos, in: variables)
            if folder != pictures { roots.append(folder) }
        }
        var found: [Item] = []
        var seen: Set<FileIdentity> = []
        for root in roots {
            let files = try MediaFolder.files(
                in: root, extensions: ImageFiles.extensions.union(videoExtensions), limit: scanLimit - found.count,
                what: "the photo library", run: run, parameter: parameter)
            for file in files {
                // A photo in two albums is one file with two names: listed once.
                guard file.identity.map({ seen.insert($0).inserted }) ?? true else { continue }
                let album = root == pictures ? (file.relative as NSString).deletingLastPathComponent : ""
                let isVideo = videoExtensions.contains((file.path as NSString).pathExtension.lowercased())
                found.append(Item(path: file.path, isVideo: isVideo, modified: file.modified, album: album))
            }
        }
        return found.sorted { $0.modified > $1.modified }
    }

    /// A library file as an item whose bytes are read only when it is output: its path and album.
    static func light(_ item: Item) -> Content {
        let name = URL(fileURLWithPath: item.path).lastPathComponent
        return .entity(
            EntityContent(
                typeName: "Photo", identifier: item.path, displayTitle: name, subtitle: item.album,
                properties: ["Album": .text(item.album), "File Path": .text(item.path)]))
    }

    /// The item read whole, as an output.
    static func loaded(_ item: Content, _ run: RunContext, parameter: String) throws -> Content {
        guard case .entity(let entity) = item, entity.typeName == "Photo" else { return item }
        return .file(try LocalFiles.item(at: entity.identifier, run: run, parameter: parameter))
    }

    /// When a photo was taken, else when its file last changed.
    static func date(of item: Item) -> Date {
        (item.isVideo ? nil : ImageDetails(path: item.path)?.dateTaken) ?? item.modified
    }

    /// The count of a Get Latest action.
    static func count(_ expression: ParameterExpression, _ run: RunContext) throws -> Int {
        try run.wholeNumber(expression, parameter: "WFGetLatestPhotoCount", in: 1...scanLimit, default: 1, what: "the count")
    }

    static let latestPhotos = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getlastphoto", title: "Get Latest Photos",
            description:
                "Outputs your newest photos: the images in the Pictures folder and its albums, by when they were taken (else when their files changed), screenshots too unless turned off.",
            parameters: [
                ParameterMetadata(key: "WFGetLatestPhotoCount", title: "Count", type: .integer, defaultValue: "1", minimum: 1),
                ParameterMetadata(
                    key: "WFGetLatestPhotosActionIncludeScreenshots", title: "Include Screenshots", type: .boolean, defaultValue: "true"),
            ],
            outputType: "Image", outputName: "Latest Photos", keywords: ["camera roll", "recent", "last photo"])
    ) { parameters in
        let (count, screenshots) = (parameters["WFGetLatestPhotoCount"], parameters["WFGetLatestPhotosActionIncludeScreenshots"])
        return { _, run in
            let wanted = try Self.count(count, run)
            let withScreenshots = try run.bool(screenshots) ?? true
            var photos = try items(run, parameter: "WFGetLatestPhotoCount", videos: false).filter { !$0.isVideo }
            if !withScreenshots {
                photos.removeAll { item in
                    item.album.lowercased().hasPrefix("screenshots") || ImageDetails(path: item.path)?.isScreenshot == true
                }
            }
            let newest = photos.map { ($0, date(of: $0)) }.sorted { $0.1 > $1.1 }.prefix(wanted)
            return Content(items: try newest.map { try loaded(light($0.0), run, parameter: "WFGetLatestPhotoCount") })
        }
    }

    static let latestVideos = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getlastvideo", title: "Get Latest Videos",
            description: "Outputs your newest videos: those in the Pictures and Videos folders, by when their files last changed.",
            parameters: [ParameterMetadata(key: "WFGetLatestPhotoCount", title: "Count", type: .integer, defaultValue: "1", minimum: 1)],
            outputType: "Media", outputName: "Latest Videos", keywords: ["recent", "movie", "clip"])
    ) { parameters in
        let count = parameters["WFGetLatestPhotoCount"]
        return { _, run in
            let wanted = try Self.count(count, run)
            let videos = try items(run, parameter: "WFGetLatestPhotoCount", videos: true).filter(\.isVideo).prefix(wanted)
            return Content(items: try videos.map { try loaded(light($0), run, parameter: "WFGetLatestPhotoCount") })
        }
    }

    /// Find Photos' properties: an image's details, its album, and its file's, read from the
    /// file's header and attributes.
    static let properties = FileFilter.Properties(
        kind: "photos", names: ["Album"] + ImageDetails.allNames,
        value: { name, item in
            guard case .entity(let entity) = item, entity.typeName == "Photo" else { return .nothing }
            let path = entity.identifier
            let key = name.lowercased()
            if key == "album" { return entity.properties["Album"] ?? .nothing }
            let isVideo = videoExtensions.contains((path as NSString).pathExtension.lowercased())
            if key == "media type" { return .text(isVideo ? "Video" : "Image") }
            if ImageDetails.names.contains(where: { $0.lowercased() == key }) {
                return isVideo ? .nothing : ImageDetails(path: path)?.value(name) ?? .nothing
            }
            if key == "file size" { return MediaFolder.size(of: path) }
            let file = FileContent(name: URL(fileURLWithPath: path).lastPathComponent, data: Data(), path: path)
            return ImageDetailActions.value(name, of: .file(file))
        })

    static let findPhotos = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.photos", title: "Find Photos",
            description:
                "Searches the photo library (the Pictures folder, albums its folders) for the photos matching all (or any) of the conditions on their details — Album, Date Taken, Width, Camera Make, Is a Screenshot… — then sorts and limits them.",
            parameters: FileFilter.parameters(
                input: nil, sortBy: ["Date Taken", "Creation Date", "Name", "Width", "Height", "File Size", "Album", "Random"]),
            outputType: "Image", outputName: "Photos", keywords: ["search", "album", "camera roll", "where"]),
        properties: properties,
        source: { run in
            // Newest first, as Photos lists them, unless the action sorts otherwise.
            Content.list(try items(run, parameter: "WFContentItemFilter", videos: false).map(light))
        },
        load: { item, run in try loaded(item, run, parameter: "WFContentItemFilter") })
}
