import Foundation
import ShortcutsTestSupport
import Testing

/// Get Details of Music and Find Music through the built `shortcuts` and TagLib, on WAV files
/// Python writes here with ID3v2.4 tags (title, artist, album, genre, year, track).
@Suite(.serialized) struct MusicLibraryTests {
    let runner: CommandRunner
    let music: String

    init() throws {
        let runner = try CommandRunner()
        self.runner = runner
        music = runner.directory.path + "/Music"
        runner.extraEnvironment["XDG_MUSIC_DIR"] = music
        let script = """
            import sys, struct, os
            def chunk(kind, body):
                return kind + struct.pack('<I', len(body)) + body + (b'\\0' if len(body) % 2 else b'')
            def syncsafe(n):
                return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])
            def id3(tags):
                # ID3v2.4: frames of UTF-8 text (encoding 3), sizes in 7-bit bytes.
                frames = b''.join(k.encode() + syncsafe(len(v.encode()) + 1) + b'\\0\\0' + b'\\x03' + v.encode() for k, v in tags.items())
                return b'ID3\\x04\\x00\\x00' + syncsafe(len(frames)) + frames
            def song(path, seconds, tags):
                rate = 8000
                fmt = struct.pack('<HHIIHH', 1, 1, rate, rate * 2, 2, 16)
                body = b'WAVE' + chunk(b'fmt ', fmt) + chunk(b'data', bytes(rate * 2 * seconds)) + chunk(b'id3 ', id3(tags))
                os.makedirs(os.path.dirname(path), exist_ok=True)
                open(path, 'wb').write(b'RIFF' + struct.pack('<I', len(body)) + body)
            root = sys.argv[1]
            song(root + '/Abbey Road/come-together.wav', 3, {'TIT2': 'Come Together', 'TPE1': 'The Beatles', 'TALB': 'Abbey Road', 'TCON': 'Rock', 'TDRC': '1969', 'TRCK': '1'})
            song(root + '/Abbey Road/something.wav', 2, {'TIT2': 'Something', 'TPE1': 'The Beatles', 'TALB': 'Abbey Road', 'TCON': 'Rock', 'TDRC': '1969', 'TRCK': '2'})
            song(root + '/kind-of-blue.wav', 4, {'TIT2': 'So What', 'TPE1': 'Miles Davis', 'TALB': 'Kind of Blue', 'TCON': 'Jazz', 'TDRC': '1959', 'TRCK': '1'})
            open(root + '/notes.txt', 'w').write('not music')
            """
        let made = try ProcessRun.run("/usr/bin/python3", ["-c", script, music])
        #expect(made.status == 0, "\(made.error)")
    }

    func output(_ source: String, _ arguments: [String] = []) throws -> String {
        let file = try runner.write(Data("\(source)\n".utf8), to: "music-\(UUID().uuidString).sct")
        let result = try runner.run(["run", file, "--allow-reading", music] + arguments)
        #expect(result.status == 0, "\(source): \(result.error)")
        return result.output.trimmingCharacters(in: .newlines)
    }

    @Test func aSongsDetailsAreItsTags() throws {
        let song = music + "/Abbey Road/come-together.wav"
        func detail(_ name: String) throws -> String {
            try output("@input file\nGetDetailsOfMusic ShortcutInput, detail: \"\(name)\"", ["-i", song])
        }
        #expect(try detail("Title") == "Come Together" && detail("Artist") == "The Beatles" && detail("Album") == "Abbey Road")
        #expect(try detail("Genre") == "Rock" && detail("Year") == "1969" && detail("Track Number") == "1")
        #expect(try detail("Duration") == "3" && detail("Name") == "come-together")
        let notes = try runner.write(Data("not music".utf8), to: "notes.mp3")
        let file = try runner.write(Data("@input file\nGetDetailsOfMusic ShortcutInput, detail: \"Title\"\n".utf8), to: "bad.sct")
        let refused = try runner.run(["run", file, "-i", notes])
        #expect(refused.status == 1 && refused.error.contains("notes.mp3 is not a music file TagLib reads"), "\(refused.error)")
    }

    @Test func findMusicMatchesTagsAndSorts() throws {
        let beatles = try output(
            #"songs = FindMusic filter: #conditions(all, [{Property: "Artist", Operator: 4, Values: #record {String: "The Beatles"}, Removable: true}]), sortBy: "Title", order: "A to Z"\#nGetDetailsOfMusic songs, detail: "Title""#
        )
        #expect(beatles == "Come Together\nSomething")
        let oldest = try output(
            #"songs = FindMusic sortBy: "Year", order: "Oldest First", limit: true, getItems: 1\#nGetDetailsOfMusic songs, detail: "Artist""#
        )
        #expect(oldest == "Miles Davis")
        #expect(try output("songs = FindMusic\nCount songs") == "3", "the text file is not a song")
    }

    @Test func withoutTagLibTheErrorNamesThePackage() throws {
        runner.extraEnvironment["SHORTCUTS_LIBTAG_C"] = "libtag-hidden-for-the-test.so"
        let file = try runner.write(Data("songs = FindMusic\nCount songs\n".utf8), to: "hidden.sct")
        let result = try runner.run(["run", file, "--allow-reading", music])
        #expect(result.status == 1 && result.error.contains("TagLib is not installed (apt-get install libtagc0)"), "\(result.error)")
    }

    /// A playlist's lines as Python reads the file.
    func playlist(_ name: String) throws -> [String] {
        let read = try ProcessRun.run(
            "/usr/bin/python3",
            ["-c", "import sys; print(open(sys.argv[1], encoding='utf-8').read(), end='')", music + "/Playlists/\(name).m3u8"])
        #expect(read.status == 0, "\(read.error)")
        return read.output.split(separator: "\n").map(String.init)
    }

    @Test func playlistsAreM3UFilesThatKeepTheirOrder() throws {
        func run(_ source: String) throws -> CommandResult {
            let file = try runner.write(Data("\(source)\n".utf8), to: "playlist-\(UUID().uuidString).sct")
            return try runner.run(["run", file, "--allow-folder", music])
        }
        let made = try run(
            #"songs = FindMusic sortBy: "Duration", order: "Biggest First"\#nis.workflow.actions.createplaylist WFPlaylistName: "Evening", WFPlaylistAuthor: "Ada", WFPlaylistItems: songs"#
        )
        #expect(made.status == 0, "\(made.error)")
        #expect(
            try playlist("Evening") == [
                "#EXTM3U", "#PLAYLIST:Evening", "#AUTHOR:Ada", "#EXTINF:4,Miles Davis - So What", "../kind-of-blue.wav",
                "#EXTINF:3,The Beatles - Come Together", "../Abbey Road/come-together.wav", "#EXTINF:2,The Beatles - Something",
                "../Abbey Road/something.wav",
            ])
        // Get Playlist gives the songs back in the playlist's order, as files whose tags read.
        let titles = try run(
            #"songs = is.workflow.actions.get.playlist WFPlaylistName: "Evening"\#nGetDetailsOfMusic songs, detail: "Title""#)
        #expect(titles.output == "So What\nCome Together\nSomething\n", "\(titles.error)")
        // Add to Playlist appends (duplicates are allowed, as in a music app).
        let added = try run(
            #"songs = FindMusic sortBy: "Title", order: "A to Z", limit: true, getItems: 1\#nis.workflow.actions.addtoplaylist WFPlaylistName: "Evening", WFInput: songs"#
        )
        #expect(added.status == 0, "\(added.error)")
        #expect(try playlist("Evening").suffix(2) == ["#EXTINF:3,The Beatles - Come Together", "../Abbey Road/come-together.wav"])
        // An existing playlist is never replaced; unknown and unsafe names say why.
        let again = try run(#"is.workflow.actions.createplaylist WFPlaylistName: "Evening""#)
        #expect(again.status == 1 && again.error.contains("already a playlist named \"Evening\""), "\(again.error)")
        #expect(try playlist("Evening").count == 11)
        let unknown = try run(#"is.workflow.actions.get.playlist WFPlaylistName: "Morning""#)
        #expect(
            unknown.status == 1 && unknown.error.contains("WFPlaylistName") && unknown.error.contains("there are \"Evening\""),
            "\(unknown.error)")
        let escape = try run(#"is.workflow.actions.createplaylist WFPlaylistName: "../../evil""#)
        #expect(escape.status == 1 && escape.error.contains("can't hold \"/\""), "\(escape.error)")
        let notASong = try run(#"is.workflow.actions.createplaylist WFPlaylistName: "Words", WFPlaylistItems: "just text""#)
        #expect(notASong.status == 1 && notASong.error.contains("is not a song on this computer"), "\(notASong.error)")
        // Without a grant for the Music folder, nothing is written.
        let file = try runner.write(Data(#"is.workflow.actions.createplaylist WFPlaylistName: "Ungranted""#.utf8), to: "ungranted.sct")
        let refused = try runner.run(["run", file])
        #expect(refused.status == 1 && !FileManager.default.fileExists(atPath: music + "/Playlists/Ungranted.m3u8"), "\(refused.error)")
    }

    @Test func selectMusicOffersTheLibraryByTitleAndArtist() throws {
        let answers = try runner.write(Data("So What — Miles Davis\n".utf8), to: "answers.txt")
        let file = try runner.write(
            Data("song = is.workflow.actions.exportsong\nGetDetailsOfMusic song, detail: \"Album\"\n".utf8), to: "select.sct")
        let chosen = try runner.run(["run", file, "--answers", answers, "--allow-reading", music])
        #expect(chosen.status == 0 && chosen.output == "Kind of Blue\n", "\(chosen.output) \(chosen.error)")
    }
}
