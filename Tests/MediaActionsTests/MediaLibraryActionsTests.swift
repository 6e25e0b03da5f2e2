import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

/// The photo and music libraries as folders (XDG Pictures and Music), in a temporary home.
@Suite(.serialized) struct MediaLibraryActionsTests {
    typealias T = SystemTest
    let home: TemporaryDirectory
    let environment: RunEnvironment

    init() throws {
        home = try TemporaryDirectory()
        environment = T.environment(variables: [
            "HOME": home.path, "XDG_PICTURES_DIR": home.path + "/Pictures", "XDG_MUSIC_DIR": home.path + "/Music",
            "XDG_DATA_HOME": home.path + "/data",
        ])
    }

    static let png = Content.file(FileContent(name: "cat.png", data: Data([0x89, 0x50, 0x4E, 0x47])))

    @Test func saveToPhotosNeverReplacesAndFilesAlbums() throws {
        let first = try T.run("savetocameraroll", input: Self.png, environment: environment)
        let second = try T.run("savetocameraroll", input: Self.png, environment: environment)
        #expect(first.property("File Path") == .text(home.path + "/Pictures/cat.png"))
        #expect(second.property("File Path") == .text(home.path + "/Pictures/cat 2.png"))
        let inAlbum = try T.run(
            "savetocameraroll", ["WFCameraRollSelectedGroup": T.text("Trips")], input: Self.png, environment: environment)
        #expect(inAlbum.property("File Path") == .text(home.path + "/Pictures/Trips/cat.png"))
        let notPhoto = T.failure { try T.run("savetocameraroll", input: .text("words"), environment: environment) }
        #expect(notPhoto?.parameter == "WFInput" && notPhoto?.message.contains("photo or video") == true)
        #expect(
            T.failure {
                try T.run("savetocameraroll", ["WFCameraRollSelectedGroup": T.text("../x")], input: Self.png, environment: environment)
            }?.parameter == "WFCameraRollSelectedGroup")
    }

    @Test func albumsAreMadeAndPhotosLeaveThemForTheLibrary() throws {
        let album = try T.run("photos.createalbum", ["AlbumName": T.text("Pets")], input: Self.png, environment: environment)
        #expect(album.property("File Path") == .text(home.path + "/Pictures/Pets"))
        #expect(FileManager.default.fileExists(atPath: home.path + "/Pictures/Pets/cat.png"))
        let removed = try T.run(
            "removefromalbum", ["WFRemoveAlbumSelectedGroup": T.text("Pets")], input: .text(home.path + "/Pictures/Pets/cat.png"),
            environment: environment)
        #expect(removed.property("File Path") == .text(home.path + "/Pictures/cat.png"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/Pictures/Pets/cat.png"))
        let elsewhere = T.failure {
            try T.run(
                "removefromalbum", ["WFRemoveAlbumSelectedGroup": T.text("Pets")], input: .text(home.path + "/Pictures/cat.png"),
                environment: environment)
        }
        #expect(elsewhere?.message.contains("is not in the album Pets") == true)
    }

    @Test func deletePhotosGoesToTheTrashAndOnlyFromPictures() throws {
        _ = try T.run("savetocameraroll", input: Self.png, environment: environment)
        _ = try T.run("deletephotos", input: .text(home.path + "/Pictures/cat.png"), environment: environment)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/Pictures/cat.png"))
        #expect(FileManager.default.fileExists(atPath: home.path + "/data/Trash/files/cat.png"))
        let outside = try home.write("x", to: "notes.txt")
        let refused = T.failure { try T.run("deletephotos", input: .text(outside), environment: environment) }
        #expect(refused?.parameter == "photos" && FileManager.default.fileExists(atPath: outside))
    }

    @Test func latestScreenshotsAreTheNewestFirst() throws {
        let old = try home.write("a", to: "Pictures/Screenshots/Screenshot from 2026-01-01.png")
        try home.write("b", to: "Pictures/Screenshot-2.png")
        try home.write("c", to: "Pictures/holiday.png")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: old)
        let one = try T.run("getlastscreenshot", environment: environment)
        #expect(one.property("Name") == .text("Screenshot-2"))
        let both = try T.run("getlastscreenshot", ["WFGetLatestPhotoCount": T.number(5)], environment: environment)
        #expect(both.items.count == 2)
    }

    @Test func audioFilesAreImportedIntoMusic() throws {
        let song = Content.file(FileContent(name: "song.mp3", data: Data([1, 2])))
        let imported = try T.run("importaudiofiles", input: song, environment: environment)
        #expect(imported.property("File Path") == .text(home.path + "/Music/song.mp3"))
        #expect(T.failure { try T.run("importaudiofiles", input: Self.png, environment: environment) }?.parameter == "WFInput")
    }

    @Test func reEncodedAudioIsAACAsFFprobeReadsIt() throws {
        let wave = home.path + "/tone.wav"
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        made.arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", wave]
        try made.run()
        made.waitUntilExit()
        let song = Content.file(FileContent(name: "tone.wav", data: try Data(contentsOf: URL(fileURLWithPath: wave))))
        let imported = try T.run("importaudiofiles", ["WFImportAudioFilesReencode": T.bool(true)], input: song, environment: environment)
        #expect(imported.property("File Path") == .text(home.path + "/Music/tone.m4a"))
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", home.path + "/Music/tone.m4a"]
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        let codec = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        #expect(codec == "aac\n", "\(codec)")
    }
}
