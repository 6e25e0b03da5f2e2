import ActionSupport
import CMediaLoaders
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Playlists as the files Linux music players share: extended M3U (`.m3u8`, UTF-8) in the
/// Music folder's `Playlists` folder, one song a line as a path relative to the playlist, with
/// its `#EXTINF` duration and title. Rhythmbox, Strawberry, Lollypop, VLC and MPD read them.
/// Create Playlist, Add to Playlist, Get Playlist, and Select Music over the music library.
enum PlaylistActions {
    static let all: [ActionDefinition] = [createPlaylist, addToPlaylist, getPlaylist, selectMusic]

    /// The folder playlists live in.
    static func folder(_ run: RunContext) -> String {
        UserFolders.path(of: .music, in: run.environment.variables) + "/Playlists"
    }

    /// A playlist's file, by its name; a name that would leave the folder is refused.
    static func file(named name: String, run: RunContext, parameter: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ActionFailure("a playlist needs a name", parameter: parameter) }
        guard !trimmed.contains("/"), trimmed != ".", trimmed != "..", !trimmed.contains("\0") else {
            throw ActionFailure("a playlist's name can't hold \"/\": \(trimmed.debugDescription)", parameter: parameter)
        }
        return folder(run) + "/" + trimmed + ".m3u8"
    }

    /// The playlists there are, by name, for messages.
    static func names(_ run: RunContext) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder(run))) ?? []
        return files.filter { $0.hasSuffix(".m3u8") || $0.hasSuffix(".m3u") }.map { ($0 as NSString).deletingPathExtension }.sorted()
    }

    /// A playlist's songs, in order: the paths of its entries (comments and directives skipped,
    /// relative paths and `file://` URLs resolved against its folder).
    static func entries(of text: String, in folder: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty, !entry.hasPrefix("#") else { return nil }
            if let url = URL(string: entry), url.isFileURL { return url.standardizedFileURL.path }
            if entry.contains("://") { return nil }
            return entry.hasPrefix("/") ? entry : URL(fileURLWithPath: folder + "/" + entry).standardizedFileURL.path
        }
    }

    /// The lines that add songs: each song's `#EXTINF` (seconds, "Artist - Title" from its tags,
    /// else its name) and its path, relative to the playlist's folder when it is under it.
    static func lines(for items: Content, folder: String, run: RunContext, parameter: String) throws -> String {
        var text = ""
        for item in items.items where !item.isNothing {
            let path: String
            if case .entity(let song) = item, song.typeName == "Song" {
                path = song.identifier
            } else if let found = LocalFiles.path(of: item, run: run), LocalFiles.exists(found) == (true, false) {
                path = found
            } else {
                throw ActionFailure(
                    "a playlist holds songs in files; \(item.quotedForError) is not a song on this computer (save it to the Music folder first)",
                    parameter: parameter)
            }
            try LocalFiles.check(path, .read, run: run, parameter: parameter)
            let details = MusicLibrary.read(path: path)
            let seconds = details.map { Int($0.seconds) } ?? -1
            let (title, artist) = tags(details)
            let shown = title.isEmpty ? songName(path) : (artist.isEmpty ? title : "\(artist) - \(title)")
            let relative = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : relativePath(path, from: folder)
            text += "#EXTINF:\(seconds),\(shown.replacingOccurrences(of: "\n", with: " "))\n\(relative)\n"
        }
        return text
    }

    /// A song's title and artist from its tags; empty when it has none.
    static func tags(_ details: stag_details?) -> (title: String, artist: String) {
        guard let details else { return ("", "") }
        return (MusicLibrary.value("Title", of: details)?.text ?? "", MusicLibrary.value("Artist", of: details)?.text ?? "")
    }

    /// A song file's name without its extension.
    static func songName(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

    /// A path relative to a folder (`../Album/song.mp3`), or the path itself when they share only the root.
    static func relativePath(_ path: String, from folder: String) -> String {
        let target = path.split(separator: "/"), base = folder.split(separator: "/")
        let shared = zip(target, base).prefix { $0 == $1 }.count
        guard shared > 0 else { return path }
        return (Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared).map(String.init)).joined(separator: "/")
    }

    static let createPlaylist = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.createplaylist", title: "Create Playlist",
            description:
                "Creates a playlist (an .m3u8 file in the Music folder's Playlists folder, which music players read) holding the songs given; an existing playlist of the name is not replaced.",
            parameters: [
                ParameterMetadata(key: "WFPlaylistName", title: "Playlist Name", type: .text, isRequired: true),
                ParameterMetadata(key: "WFPlaylistAuthor", title: "Author", type: .text),
                ParameterMetadata(key: "WFPlaylistDescription", title: "Description", type: .text),
                ParameterMetadata(key: "WFPlaylistItems", title: "Music", type: .content, isList: true),
            ],
            inputParameter: "WFPlaylistItems", outputType: "Playlist", outputName: "Playlist", isReadOnly: false,
            keywords: ["music", "songs", "m3u"])
    ) { parameters in
        let nameExpression = parameters["WFPlaylistName"]
        let authorExpression = parameters["WFPlaylistAuthor"]
        let descriptionExpression = parameters["WFPlaylistDescription"]
        return { input, run in
            let name = try run.text(nameExpression) ?? ""
            let path = try file(named: name, run: run, parameter: "WFPlaylistName")
            guard !LocalFiles.exists(path).exists else {
                throw ActionFailure(
                    "there is already a playlist named \(name.debugDescription) (\(path)); use Add to Playlist to add to it",
                    parameter: "WFPlaylistName")
            }
            try LocalFiles.createFolder(folder(run), run: run, parameter: "WFPlaylistName")
            var text = "#EXTM3U\n#PLAYLIST:\(name.replacingOccurrences(of: "\n", with: " "))\n"
            for (label, expression) in [("AUTHOR", authorExpression), ("DESCRIPTION", descriptionExpression)] {
                if let value = try run.text(expression), !value.isEmpty {
                    text += "#\(label):\(value.replacingOccurrences(of: "\n", with: " "))\n"
                }
            }
            text += try lines(for: input, folder: folder(run), run: run, parameter: "WFPlaylistItems")
            try LocalFiles.writeAtomically(Data(text.utf8), to: path, run: run, parameter: "WFPlaylistName")
            return .file(try LocalFiles.item(at: path, run: run, parameter: "WFPlaylistName"))
        }
    }

    /// The file of an existing playlist, or a failure listing the ones there are.
    static func existing(_ expression: ParameterExpression, run: RunContext) throws -> String {
        let name = try run.text(expression) ?? ""
        let path = try file(named: name, run: run, parameter: "WFPlaylistName")
        if LocalFiles.exists(path) == (true, false) { return path }
        let plain = (path as NSString).deletingPathExtension + ".m3u"
        if LocalFiles.exists(plain) == (true, false) { return plain }
        let known = names(run)
        throw ActionFailure(
            "there is no playlist named \(name.debugDescription) in \(folder(run))"
                + (known.isEmpty ? "" : "; there are \(known.map(\.debugDescription).joined(separator: ", "))"),
            parameter: "WFPlaylistName")
    }

    static let addToPlaylist = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.addtoplaylist", title: "Add to Playlist",
            description: "Adds the songs given to the end of the playlist.",
            parameters: [
                ParameterMetadata(key: "WFPlaylistName", title: "Playlist", type: .text, isRequired: true),
                ParameterMetadata(key: "WFInput", title: "Music", type: .content, isRequired: true, isList: true),
            ],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["music", "songs", "m3u"]),
        passesInputThrough: true
    ) { parameters in
        let nameExpression = parameters["WFPlaylistName"]
        return { input, run in
            let path = try existing(nameExpression, run: run)
            try LocalFiles.check(path, .write, run: run, parameter: "WFPlaylistName")
            var text = TextDecoding.text(of: try LocalFiles.item(at: path, run: run, parameter: "WFPlaylistName").data)
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            text += try lines(for: input, folder: (path as NSString).deletingLastPathComponent, run: run, parameter: "WFInput")
            try LocalFiles.writeAtomically(Data(text.utf8), to: path, run: run, parameter: "WFPlaylistName")
            return input
        }
    }

    static let getPlaylist = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.get.playlist", title: "Get Playlist",
            description: "Outputs every song of the playlist, in its order; songs whose files are gone are left out.",
            parameters: [ParameterMetadata(key: "WFPlaylistName", title: "Playlist", type: .text, isRequired: true)],
            outputType: "Media", outputName: "Playlist", keywords: ["music", "songs", "m3u"])
    ) { parameters in
        let nameExpression = parameters["WFPlaylistName"]
        return { _, run in
            let path = try existing(nameExpression, run: run)
            let text = TextDecoding.text(of: try LocalFiles.item(at: path, run: run, parameter: "WFPlaylistName").data)
            var songs: [Content] = []
            for entry in entries(of: text, in: (path as NSString).deletingLastPathComponent) where LocalFiles.exists(entry) == (true, false)
            {
                try run.checkCancelled()
                songs.append(.file(try LocalFiles.item(at: entry, run: run, parameter: "WFPlaylistName")))
            }
            return .list(songs)
        }
    }

    static let selectMusic = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.exportsong", title: "Select Music",
            description: "Asks for songs of the music library (the Music folder), newest first, by their titles and artists.",
            parameters: [
                ParameterMetadata(
                    key: "WFExportSongActionSelectMultiple", title: "Select Multiple Songs", type: .boolean, defaultValue: "false")
            ],
            outputType: "Media", outputName: "Music", keywords: ["music", "songs", "pick", "choose"])
    ) { parameters in
        let multipleExpression = parameters["WFExportSongActionSelectMultiple"]
        return { _, run in
            let multiple = try run.bool(multipleExpression) ?? false
            try LibraryLoading.load(stag_load)
            let songs = try MusicLibrary.songs(run).items.compactMap { item -> String? in
                guard case .entity(let song) = item else { return nil }
                return song.identifier
            }
            guard !songs.isEmpty else {
                throw ActionFailure("the music library (\(UserFolders.path(of: .music, in: run.environment.variables))) has no songs")
            }
            let labels = songs.map { path -> String in
                let (title, artist) = tags(MusicLibrary.read(path: path))
                return title.isEmpty ? songName(path) : artist.isEmpty ? title : "\(title) — \(artist)"
            }
            let chosen = try run.environment.prompter.choose(
                multiple ? "Select Music" : "Select a Song", options: labels, multiple: multiple)
            return Content(
                items: try chosen.map { .file(try LocalFiles.item(at: songs[$0], run: run, parameter: "WFExportSongActionSelectMultiple")) }
            )
        }
    }
}
