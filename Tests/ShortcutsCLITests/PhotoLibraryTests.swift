import Foundation
import Testing

/// Get Latest Photos, Get Latest Videos and Find Photos through the built `shortcuts`, on a
/// Pictures folder made here: photos with EXIF dates, one without, a screenshot and a video.
@Suite(.serialized) struct PhotoLibraryTests {
    let runner: CommandRunner
    let pictures: String

    init() throws {
        let runner = try CommandRunner()
        self.runner = runner
        pictures = runner.directory.path + "/Pictures"
        runner.extraEnvironment["XDG_PICTURES_DIR"] = pictures
        runner.extraEnvironment["XDG_VIDEOS_DIR"] = runner.directory.path + "/Videos"
        let svg = try runner.write(
            Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="teal"/></svg>"#.utf8),
            to: "teal.svg")
        let convert = try runner.write(Data("@input image\nConvertImage ShortcutInput, format: \"JPEG\"\n".utf8), to: "jpeg.sct")
        let plain = runner.directory.path + "/plain.jpeg"
        #expect(try runner.run(["run", convert, "-i", svg, "-o", plain]).status == 0)
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: plain))
        func photo(taken: String) -> Data {
            var data = jpeg
            data.insert(
                contentsOf: EXIF.segment(
                    ifd0: [EXIF.text(0x010F, "Canon"), EXIF.text(0x0110, "EOS R")], exif: [EXIF.text(0x9003, taken)], gps: []),
                at: 2)
            return data
        }
        try Self.put(photo(taken: "2019:05:01 10:00:00"), at: pictures + "/old.jpeg", modified: Date())
        try Self.put(
            photo(taken: "2023:08:01 18:30:00"), at: pictures + "/Trips/beach.jpeg", modified: Date(timeIntervalSince1970: 1_000_000))
        try Self.put(jpeg, at: pictures + "/new.jpeg", modified: Date(timeIntervalSince1970: 1_704_067_200))
        try Self.put(jpeg, at: pictures + "/Screenshots/Screenshot 1.jpeg", modified: Date())
        try Self.put(Data("not really a film".utf8), at: runner.directory.path + "/Videos/clip.mp4", modified: Date())
        try Self.put(jpeg, at: pictures + "/.thumbnails/hidden.jpeg", modified: Date())
    }

    static func put(_ data: Data, at path: String, modified: Date) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    }

    /// The names of what a shortcut outputs, with the library readable.
    func names(_ source: String, allowing folders: [String]? = nil) throws -> [String] {
        let file = try runner.write(Data("\(source)\nGetDetailsOfFiles output, detail: \"Name\"\n".utf8), to: "photos.sct")
        let allowed = (folders ?? [pictures]).flatMap { ["--allow-reading", $0] }
        let result = try runner.run(["run", file] + allowed)
        #expect(result.status == 0, "\(source): \(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func latestPhotosAreTheNewestTakenOrChanged() throws {
        #expect(try names("output = GetLatestPhotos count: 1") == ["Screenshot 1"])
        #expect(try names("output = GetLatestPhotos count: 3") == ["Screenshot 1", "new", "beach"])
        #expect(try names("output = GetLatestPhotos count: 2, includeScreenshots: false") == ["new", "beach"])
        #expect(try names("output = GetLatestPhotos count: 10").count == 4, "the hidden folder is left out")
        let videos = [pictures, runner.directory.path + "/Videos"]
        #expect(try names("output = GetLatestVideos count: 5", allowing: videos) == ["clip"])
    }

    @Test func findPhotosMatchesTheirDetailsAndAlbums() throws {
        let inTrips = try names(
            #"output = FindPhotos filter: #conditions(all, [{Property: "Album", Operator: 4, Values: #record {String: "Trips"}, Removable: true}])"#
        )
        #expect(inTrips == ["beach"])
        let byCamera = try names(
            #"output = FindPhotos filter: #conditions(all, [{Property: "Camera Make", Operator: 4, Values: #record {String: "Canon"}, Removable: true}]), sortBy: "Date Taken", order: "Oldest First""#
        )
        #expect(byCamera == ["old", "beach"])
        let limited = try names(#"output = FindPhotos sortBy: "Name", order: "A to Z", limit: true, getItems: 2"#)
        #expect(limited == ["beach", "new"])
    }

    @Test func theLibraryNeedsPermission() throws {
        let file = try runner.write(Data("GetLatestPhotos count: 1\n".utf8), to: "ungranted.sct")
        let result = try runner.run(["run", file, "--no-interaction"])
        #expect(result.status != 0)
        #expect(
            result.error.contains("Pictures") && result.error.contains("getlastphoto") && result.error.contains("--allow-folder"),
            "\(result.error)")
    }

    @Test func theLastImportIsTheNewestBatchToArrive() throws {
        // The library's files arrived a moment ago; after a pause, an import of two photos (with
        // their camera's old modification times) and a video.
        usleep(1_500_000)
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: pictures + "/new.jpeg"))
        try Self.put(jpeg, at: pictures + "/2026/12/04/IMG_0001.jpeg", modified: Date(timeIntervalSince1970: 1_600_000_000))
        try Self.put(jpeg, at: pictures + "/2026/12/04/IMG_0002.jpeg", modified: Date(timeIntervalSince1970: 1_600_000_100))
        try Self.put(
            Data("a film".utf8), at: runner.directory.path + "/Videos/MVI_0003.mp4", modified: Date(timeIntervalSince1970: 1_600_000_200))
        runner.extraEnvironment["SHORTCUTS_IMPORT_GAP"] = "1"
        let imported = try names(
            "output = is.workflow.actions.getlatestphotoimport", allowing: [pictures, runner.directory.path + "/Videos"])
        #expect(imported == ["IMG_0001", "IMG_0002", "MVI_0003"], "\(imported)")
        // With the usual gap of ten minutes, everything here is one import.
        runner.extraEnvironment["SHORTCUTS_IMPORT_GAP"] = nil
        let all = try names("output = is.workflow.actions.getlatestphotoimport", allowing: [pictures, runner.directory.path + "/Videos"])
        #expect(all.count == 8, "\(all)")
    }
}
