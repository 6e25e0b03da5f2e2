import ActionSupport
import CMediaLoaders
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Songs' details through TagLib, and the music library as the XDG Music folder: Get Details of
/// Music and Find Music. A song's details are its file's tags (title, artist, album, genre,
/// year, track) and audio properties (duration); Find Music reads tags only and each song it
/// keeps whole, behind the folder permission.
enum MusicLibrary {
    static let all: [ActionDefinition] = [details, find]

    static let extensions: Set<String> = ["mp3", "m4a", "aac", "flac", "ogg", "oga", "opus", "wav", "wma", "aiff", "aif", "ape", "wv"]
    /// The details of a song by Apple's names, then the file's.
    static let names = ["Title", "Artist", "Album", "Genre", "Year", "Track Number", "Duration", "Comments", "Media Type"]
    static let allNames = names + FileDetails.Property.allCases.map(\.rawValue)

    /// The most files a library scan looks at.
    static let scanLimit = 100_000

    /// A song's details from its file on disk; `nil` when TagLib can't read it.
    static func read(path: String) -> stag_details? {
        var details = stag_details()
        // A file TagLib opens but finds no sound in is no song.
        return stag_read(path, &details) == 0 && details.sample_rate > 0 ? details : nil
    }

    /// The details of a song given as content: its file, or its bytes written to a private
    /// temporary file first (TagLib reads files).
    static func read(_ file: FileContent) -> stag_details? {
        if let path = file.path, readable(path, matches: file) {
            return read(path: path)
        }
        let temporary = NSTemporaryDirectory() + "shortcuts-song-\(UUID().uuidString).\(file.fileExtension)"
        guard FileManager.default.createFile(atPath: temporary, contents: file.data, attributes: [.posixPermissions: 0o600]) else {
            return nil
        }
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        return read(path: temporary)
    }

    /// Whether the file on disk is still the one given (same size), so it is read in place.
    private static func readable(_ path: String, matches file: FileContent) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) == file.data.count
    }

    /// One detail of a song's tags, or `nil` when it is not one of a song's own.
    static func value(_ name: String, of details: stag_details) -> Content? {
        func text<T>(_ field: T) -> Content {
            let string = withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return string.isEmpty ? .nothing : .text(string)
        }
        switch name.lowercased() {
        case "title": return text(details.title)
        case "artist": return text(details.artist)
        case "album": return text(details.album)
        case "genre": return text(details.genre)
        case "comments", "comment": return text(details.comment)
        case "year": return details.year > 0 ? .number(Double(details.year)) : .nothing
        case "track number", "track": return details.track > 0 ? .number(Double(details.track)) : .nothing
        case "duration": return .number(Double(details.seconds))
        case "media type": return .text("Music")
        default: return nil
        }
    }

    /// A detail of an item: a song's, else its file's.
    static func value(_ name: String, of item: Content, details: () -> stag_details?) -> Content {
        if names.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            guard let read = details() else { return .nothing }
            return value(name, of: read) ?? .nothing
        }
        return FileDetails.detail(named: name, of: item)
    }

    static let details = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.properties.music", title: "Get Details of Music",
            description:
                "Gets a detail of each song: its title, artist, album, genre, year, track number, duration or comments from its tags, or a file detail.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Music", type: .file, isRequired: true, isList: true),
                ParameterMetadata(
                    key: "WFContentItemPropertyName", title: "Detail", type: .enumeration, options: allNames, defaultValue: "Artist"),
            ],
            inputParameter: "WFInput", outputType: "Content", outputName: "Details of Music", keywords: ["song", "tags", "id3", "artist"])
    ) { parameters in
        let detail = parameters["WFContentItemPropertyName"]
        return { input, run in
            try LibraryLoading.load(stag_load)
            let name = try run.text(detail) ?? "Artist"
            guard let known = allNames.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw ActionFailure(
                    "\"\(name.prefix(40))\" is not a detail of music; it has \(allNames.joined(separator: ", "))",
                    parameter: "WFContentItemPropertyName")
            }
            var values: [Content] = []
            for item in try run.convert(input, to: .media, parameter: "WFInput").items {
                guard case .file(let file) = item else {
                    throw ActionFailure("expected a song, got \(item.quotedForError)", parameter: "WFInput")
                }
                let read = read(file)
                if names.contains(known), read == nil {
                    throw ActionFailure("\(file.name) is not a music file TagLib reads", parameter: "WFInput")
                }
                values.append(value(known, of: item) { read })
            }
            return Content(items: values)
        }
    }

    /// The songs of the library as items read only when output: path, and tags read on demand.
    static func songs(_ run: RunContext) throws -> Content {
        let root = UserFolders.path(of: .music, in: run.environment.variables)
        let found = try MediaFolder.files(
            in: root, extensions: extensions, limit: scanLimit, what: "the music library", run: run, parameter: "WFContentItemFilter"
        ).map { ($0.path, $0.modified) }
        return .list(
            found.sorted { $0.1 > $1.1 }.map { path, _ in
                .entity(
                    EntityContent(typeName: "Song", identifier: path, displayTitle: (path as NSString).lastPathComponent, properties: [:]))
            })
    }

    static let find = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.music", title: "Find Music",
            description:
                "Searches the music library (the Music folder) for the songs matching all (or any) of the conditions on their tags — Artist, Album, Genre, Year… — or file details, then sorts and limits them.",
            parameters: FileFilter.parameters(input: nil, sortBy: ["Title", "Artist", "Album", "Year", "Duration", "Name", "Random"]),
            outputType: "Media", outputName: "Music", keywords: ["songs", "search", "library", "artist"]),
        properties: FileFilter.Properties(
            kind: "music", names: allNames,
            value: { name, item in
                guard case .entity(let song) = item, song.typeName == "Song" else { return .nothing }
                let file = FileContent(name: (song.identifier as NSString).lastPathComponent, data: Data(), path: song.identifier)
                if name.caseInsensitiveCompare("File Size") == .orderedSame { return MediaFolder.size(of: song.identifier) }
                return value(name, of: .file(file)) { read(path: song.identifier) }
            }),
        source: { run in
            try LibraryLoading.load(stag_load)
            return try songs(run)
        },
        load: { item, run in
            guard case .entity(let song) = item, song.typeName == "Song" else { return item }
            return .file(try LocalFiles.item(at: song.identifier, run: run, parameter: "WFContentItemFilter"))
        })
}
