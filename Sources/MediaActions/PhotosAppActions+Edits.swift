import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

#if canImport(Glibc)
    import Glibc
#endif

/// A photo's edits, kept beside its original in the library's `.Originals` folder: the photo
/// itself is always the original with these applied, in this order: quarter turns, auto
/// enhance, exposure, warmth and the filter's contrast and colour, saturation, the filter's
/// black and white.
struct PhotoEdits: Codable, Equatable {
    /// Quarter turns clockwise, 0 to 3.
    var quarterTurns = 0
    var enhanced = false
    /// Each from −1 to 1; 0 changes nothing.
    var exposure = 0.0
    var saturation = 0.0
    var warmth = 0.0
    /// A filter of ``Filter``, by its name.
    var filter: String?

    var isEmpty: Bool { self == PhotoEdits() }

    /// Photos' filters as adjustments: contrast, saturation and warmth added, and whether the
    /// result is black and white.
    struct Filter {
        var name: String
        var contrast = 0.0
        var saturation = 0.0
        var warmth = 0.0
        var mono = false
    }

    static let filters: [Filter] = [
        Filter(name: "vivid", contrast: 0.1, saturation: 0.35),
        Filter(name: "vividWarm", contrast: 0.1, saturation: 0.3, warmth: 0.25),
        Filter(name: "vividCool", contrast: 0.1, saturation: 0.3, warmth: -0.25),
        Filter(name: "dramatic", contrast: 0.3, saturation: -0.15),
        Filter(name: "dramaticWarm", contrast: 0.3, saturation: -0.1, warmth: 0.25),
        Filter(name: "dramaticCool", contrast: 0.3, saturation: -0.1, warmth: -0.25),
        Filter(name: "mono", mono: true),
        Filter(name: "silvertone", contrast: -0.1, warmth: 0.1, mono: true),
        Filter(name: "noir", contrast: 0.45, mono: true),
    ]

    /// The filter a name means (`Vivid Warm`, `vividWarm`, `vivid-warm`), `nil` for none
    /// (`none`, `original`, empty).
    static func filter(named text: String, parameter: String) throws -> Filter? {
        let key = text.lowercased().filter { $0.isLetter }
        if ["", "none", "original", "nofilter"].contains(key) { return nil }
        guard let found = filters.first(where: { $0.name.lowercased() == key }) else {
            throw ActionFailure(
                "“\(text.prefix(40))” is not one of Photos' filters: \(filters.map(\.name).joined(separator: ", ")) or none",
                parameter: parameter)
        }
        return found
    }

    /// What ties a photo to its edits, kept in `.Originals` under the photo's file number.
    struct Record: Codable {
        var edits: PhotoEdits
        /// The photo as last written here: one changed since by anything else has no edits (its
        /// picture now is its original).
        var size: UInt64
        var modified: Int64
        /// The original's name in `.Originals` ("IMG_1 (original).jpg").
        var original: String
    }

    static func originals(_ run: RunContext) -> String { PhotosAppActions.library(run) + "/" + PhotosAppActions.originalsFolder }

    static func recordPath(_ identity: FileIdentity, run: RunContext) -> String {
        originals(run) + "/\(identity.device)-\(identity.inode).edits.json"
    }

    /// A photo's record and its files, when its edits were the last thing to write it.
    static func stored(for path: String, run: RunContext) -> (record: String, original: String, edits: Record)? {
        guard let photo = FileStatus(path) else { return nil }
        let recordPath = recordPath(photo.identity, run: run)
        guard FileStatus(recordPath) != nil, let data = FileManager.default.contents(atPath: recordPath),
            let record = try? JSONDecoder().decode(Record.self, from: data), record.size == photo.size, record.modified == photo.modified,
            !record.original.contains("/"), FileStatus(originals(run) + "/" + record.original) != nil
        else { return nil }
        return (recordPath, originals(run) + "/" + record.original, record)
    }

    /// A photo's edits so far (none when it has never been edited here, or changed since).
    static func of(_ path: String, run: RunContext) -> PhotoEdits { stored(for: path, run: run)?.edits.edits ?? PhotoEdits() }

    /// Gives a photo these edits: renders it again from its original (kept first, the first
    /// time), or, when there are none, puts the original back; every name the photo has in the
    /// library shows the result.
    func apply(to path: String, run: RunContext, parameter: String) throws {
        guard !PhotoLibrary.videoExtensions.contains((path as NSString).pathExtension.lowercased()) else {
            throw ActionFailure("\((path as NSString).lastPathComponent) is a video; these edits are for photos", parameter: parameter)
        }
        try LocalFiles.check(path, .write, doing: "edit", run: run, parameter: parameter)
        let stored = Self.stored(for: path, run: run)
        let original: String
        if let stored {
            original = stored.original
        } else {
            guard !isEmpty else { return }
            let folder = Self.originals(run)
            try LocalFiles.createFolder(folder, run: run, parameter: parameter)
            let name = (path as NSString).lastPathComponent
            let base = (name as NSString).deletingPathExtension, suffix = (name as NSString).pathExtension
            original = MediaLibraryActions.freePath(for: base + " (original)" + (suffix.isEmpty ? "" : "." + suffix), in: folder)
            do {
                try FileManager.default.copyItem(atPath: path, toPath: original)
            } catch {
                throw ActionFailure(
                    "can't keep the original of \(path): \(LocalFiles.describe(error))", parameter: parameter, underlying: error)
            }
        }
        guard let source = FileManager.default.contents(atPath: original) else {
            throw ActionFailure("can't read the original of \(path) at \(original)", parameter: parameter)
        }
        let rendered: Data
        if isEmpty {
            rendered = source
        } else {
            let file = FileContent(name: (path as NSString).lastPathComponent, data: source)
            rendered = try render(try VipsImage(file, parameter: parameter), parameter: parameter).file(like: file).data
        }
        try Self.write(rendered, to: [path] + PhotosAppActions.otherNames(of: path, run: run), parameter: parameter)
        if let stored { _ = unlink(stored.record) }
        if isEmpty {
            _ = unlink(original)
            return
        }
        guard let written = FileStatus(path) else { throw ActionFailure("\(path) is gone after it was written", parameter: parameter) }
        let record = Record(edits: self, size: written.size, modified: written.modified, original: (original as NSString).lastPathComponent)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try StoreFiles.write(try encoder.encode(record), to: Self.recordPath(written.identity, run: run))
    }

    /// The original with the edits applied.
    func render(_ image: VipsImage, parameter: String) throws -> VipsImage {
        var image = image
        if quarterTurns % 4 != 0 { image = try image.rotated(degrees: Double(quarterTurns % 4) * 90) }
        if enhanced { image = try image.enhanced() }
        let filter = try filter.flatMap { try Self.filter(named: $0, parameter: parameter) }
        let contrast = filter?.contrast ?? 0
        let warmth = max(-1, min(1, self.warmth + (filter?.warmth ?? 0)))
        let saturation = max(-1, min(1, self.saturation + (filter?.saturation ?? 0)))
        if exposure != 0 || contrast != 0 || warmth != 0 || saturation != 0 {
            // A unit of exposure is a photographic stop; contrast turns about mid-grey.
            let gain = pow(2, exposure) * (1 + contrast)
            image = try image.adjusted(
                gains: (gain * (1 + 0.2 * warmth), gain, gain * (1 - 0.2 * warmth)), offset: -128 * contrast * pow(2, exposure),
                saturation: saturation)
        }
        if filter?.mono == true { image = try image.greyscale() }
        return image
    }

    /// Writes an edited photo under each of its names: the first through a temporary file and
    /// a rename, so a reader sees the old picture or the new, never half; the others then
    /// renamed onto the same new file.
    static func write(_ data: Data, to names: [String], parameter: String) throws {
        guard let first = names.first else { return }
        do {
            try data.write(to: URL(fileURLWithPath: first), options: .atomic)
        } catch {
            throw ActionFailure("can't write \(first): \(LocalFiles.describe(error))", parameter: parameter, underlying: error)
        }
        for other in names.dropFirst() {
            let temporary = PhotosAppActions.folder(of: other) + "/.\((other as NSString).lastPathComponent).\(getpid()).edit"
            _ = unlink(temporary)
            guard link(first, temporary) == 0, rename(temporary, other) == 0 else {
                _ = unlink(temporary)
                throw ActionFailure("can't write \(other): \(String(cString: strerror(errno)))", parameter: parameter)
            }
        }
    }
}

extension PhotosAppActions {
    /// Where the photo being edited (Edit Photo's) and the copied edits (Copy Edits') are kept.
    static func statePath(_ name: String, run: RunContext) -> String {
        let runtime = run.environment.variables["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        return (runtime ?? UserFolders.cacheHome(in: run.environment.variables)) + "/shortcuts/" + name
    }

    static func saveState(_ data: Data, as name: String, run: RunContext) throws {
        let path = statePath(name, run: run)
        do {
            try FileManager.default.createDirectory(atPath: folder(of: path), withIntermediateDirectories: true)
        } catch {
            throw ActionFailure("can't make \(folder(of: path)): \(LocalFiles.describe(error))")
        }
        try StoreFiles.write(data, to: path)
    }

    /// Changes each photo's edits and renders it.
    static func edit(_ paths: [String], run: RunContext, parameter: String, _ change: (inout PhotoEdits) throws -> Void) throws {
        for path in paths {
            var edits = PhotoEdits.of(path, run: run)
            try change(&edits)
            try edits.apply(to: path, run: run, parameter: parameter)
        }
    }

    /// The photo Edit Photo chose, still in the library.
    static func photoBeingEdited(run: RunContext) throws -> String {
        let path = String(decoding: FileManager.default.contents(atPath: statePath("photo-edit", run: run)) ?? Data(), as: UTF8.self)
        guard !path.isEmpty else { throw ActionFailure("no photo is being edited; choose one with Edit Photo first") }
        guard FileStatus(path) != nil else { throw ActionFailure("the photo being edited, \(path), is no longer there") }
        // Still a photo of the library, not hidden.
        return try photoPaths(.text(path), parameter: "asset", run: run)[0]
    }

    static let editPhoto = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "EditAssetIntent", title: "Edit Photo",
            description:
                "Chooses the photo Set Exposure, Set Saturation and Set Warmth change. Nothing is shown: open it with Open Photo to see it.",
            parameters: [assetsParameter("asset", title: "Photo", list: false)], inputParameter: "asset", isReadOnly: false,
            keywords: ["adjust"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let paths = try photoPaths(try run.content(parameters, "asset", orInput: input), parameter: "asset", run: run)
            guard paths.count == 1 else { throw ActionFailure("give one photo to edit, not \(paths.count)", parameter: "asset") }
            try saveState(Data(paths[0].utf8), as: "photo-edit", run: run)
            return input
        }
    }

    /// Set Exposure, Set Saturation and Set Warmth: a value from −1 to 1 for the photo being edited.
    static func setter(_ name: String, title: String, what: String, _ keyPath: WritableKeyPath<PhotoEdits, Double> & Sendable)
        -> ActionDefinition
    {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: prefix + "Set\(name)Intent", title: title,
                description:
                    "Sets the \(what) of the photo being edited (Edit Photo's), from −1 to 1; 0 is the original's. The photo is rendered again from its original.",
                parameters: [
                    ParameterMetadata(key: "value", title: "Value", type: .number, isRequired: true, minimum: -1, maximum: 1),
                    ParameterMetadata(key: "ShowWhenRun", title: "Show When Run", type: .boolean, defaultValue: "false"),
                ],
                inputParameter: "value", isReadOnly: false, keywords: [what, "adjust"])
        ) { parameters in
            { _, run in
                guard let value = try run.number(parameters["value"]), value.isFinite else {
                    throw ActionFailure("no \(what) was given", parameter: "value")
                }
                guard (-1...1).contains(value) else {
                    throw ActionFailure("the \(what) is \(value); it goes from −1 to 1", parameter: "value")
                }
                let path = try photoBeingEdited(run: run)
                try edit([path], run: run, parameter: "value") { $0[keyPath: keyPath] = value }
                return photoContent(path, run: run)
            }
        }
    }

    static let setExposure = setter("Exposure", title: "Set Exposure", what: "exposure", \.exposure)
    static let setSaturation = setter("Saturation", title: "Set Saturation", what: "saturation", \.saturation)
    static let setWarmth = setter("Warmth", title: "Set Warmth", what: "warmth", \.warmth)

    static let rotate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "RotateIntent", title: "Rotate",
            description: "Turns photos a quarter turn, clockwise or not, keeping their originals.",
            parameters: [
                assetsParameter("assets"), ParameterMetadata(key: "clockwise", title: "Clockwise", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "assets", isReadOnly: false, keywords: ["turn", "orientation"])
    ) { parameters in
        { input, run in
            let clockwise = try run.bool(parameters["clockwise"]) ?? true
            let paths = try photoPaths(try run.content(parameters, "assets", orInput: input), parameter: "assets", run: run)
            try edit(paths, run: run, parameter: "assets") { $0.quarterTurns = ($0.quarterTurns + (clockwise ? 1 : 3)) % 4 }
            return .nothing
        }
    }

    static let enhance = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "EnhanceIntent", title: "Auto Enhance",
            description:
                "Turns auto enhancement of photos on (levels stretched, colours a little stronger) or off, keeping their originals.",
            parameters: [
                assetsParameter("assets"), ParameterMetadata(key: "enabled", title: "Enabled", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "assets", isReadOnly: false, keywords: ["improve", "magic wand"])
    ) { parameters in
        { input, run in
            let enabled = try run.bool(parameters["enabled"]) ?? true
            let paths = try photoPaths(try run.content(parameters, "assets", orInput: input), parameter: "assets", run: run)
            try edit(paths, run: run, parameter: "assets") { $0.enhanced = enabled }
            return .nothing
        }
    }

    static let applyFilter = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "ApplyFilterIntent", title: "Apply Filter",
            description:
                "Gives a photo one of Photos' filters (Vivid, Vivid Warm, Vivid Cool, Dramatic, Dramatic Warm, Dramatic Cool, Mono, Silvertone, Noir), replacing its last one; None takes it off.",
            parameters: [
                assetsParameter("asset", title: "Photo", list: false),
                ParameterMetadata(
                    key: "effect", title: "Filter", type: .enumeration, isRequired: true, options: ["none"] + PhotoEdits.filters.map(\.name)
                ),
            ],
            inputParameter: "asset", isReadOnly: false, keywords: ["effect", "black and white", "style"])
    ) { parameters in
        { input, run in
            let name = try run.text(parameters["effect"]) ?? ""
            let filter = try PhotoEdits.filter(named: name, parameter: "effect")
            let paths = try photoPaths(try run.content(parameters, "asset", orInput: input), parameter: "asset", run: run)
            try edit(paths, run: run, parameter: "asset") { $0.filter = filter?.name }
            return .nothing
        }
    }

    static let copyEdits = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "CopyEditsIntent", title: "Copy Edits",
            description: "Copies a photo's edits (its turns, enhancement, adjustments and filter) for Paste Edits.",
            parameters: [assetsParameter("asset", title: "Photo", list: false)], inputParameter: "asset", isReadOnly: false,
            keywords: ["adjustments"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let paths = try photoPaths(try run.content(parameters, "asset", orInput: input), parameter: "asset", run: run)
            guard paths.count == 1 else { throw ActionFailure("give one photo to copy edits from, not \(paths.count)", parameter: "asset") }
            let edits = PhotoEdits.of(paths[0], run: run)
            guard !edits.isEmpty else {
                throw ActionFailure("\((paths[0] as NSString).lastPathComponent) has no edits to copy", parameter: "asset")
            }
            try saveState(try JSONEncoder().encode(edits), as: "photo-edits-copied.json", run: run)
            return input
        }
    }

    static let pasteEdits = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "PasteEditsIntent", title: "Paste Edits",
            description: "Gives photos the edits Copy Edits copied, in place of their own; their originals are kept.",
            parameters: [assetsParameter("assets")], inputParameter: "assets", isReadOnly: false, keywords: ["adjustments", "batch"])
    ) { parameters in
        { input, run in
            guard let data = FileManager.default.contents(atPath: statePath("photo-edits-copied.json", run: run)),
                let copied = try? JSONDecoder().decode(PhotoEdits.self, from: data)
            else { throw ActionFailure("no edits have been copied; copy a photo's with Copy Edits first") }
            let paths = try photoPaths(try run.content(parameters, "assets", orInput: input), parameter: "assets", run: run)
            try edit(paths, run: run, parameter: "assets") { $0 = copied }
            return .nothing
        }
    }
}
