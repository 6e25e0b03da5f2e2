import ActionTestSupport
import CVipsLoader
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import MediaActions

/// The Photos app's own actions on a library in a temporary home (XDG Pictures), on images
/// drawn by libvips and decoded again to check their pixels.
@Suite(.serialized) struct PhotosAppActionsTests {
    typealias T = SystemTest
    let home: TemporaryDirectory
    let environment: RunEnvironment
    var pictures: String { home.path + "/Pictures" }

    init() throws {
        home = try TemporaryDirectory()
        environment = T.environment(variables: [
            "HOME": home.path, "XDG_PICTURES_DIR": home.path + "/Pictures", "XDG_DATA_HOME": home.path + "/data",
            "XDG_RUNTIME_DIR": home.path + "/runtime",
        ])
    }

    func run(_ name: String, _ parameters: ParameterDictionary = [:], input: Content = .nothing) throws -> Content {
        try T.run(
            [WorkflowAction(identifier: PhotosAppActions.prefix + name, parameters: parameters)], input: input, environment: environment)
    }

    func failure(_ name: String, _ parameters: ParameterDictionary = [:], input: Content = .nothing) -> RunError? {
        T.failure { try run(name, parameters, input: input) }
    }

    /// A PNG drawn from SVG shapes, `width` × `height`.
    func image(_ name: String, width: Int = 20, height: Int = 10, _ shapes: String) throws -> Content {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\">\(shapes)</svg>"
        let data = try VipsImage.svg(svg).flattened().encoded(as: .png)
        return .file(FileContent(name: name, data: data))
    }

    /// Red on the left half, blue on the right.
    func halves(_ name: String = "halves.png") throws -> Content {
        try image(name, ##"<rect width="10" height="10" fill="#ff0000"/><rect x="10" width="10" height="10" fill="#0000ff"/>"##)
    }

    func grey(_ name: String, _ value: Int) throws -> Content {
        try image(name, "<rect width=\"20\" height=\"10\" fill=\"rgb(\(value),\(value),\(value))\"/>")
    }

    /// The size and a pixel (its colour bands) of an image file.
    func decoded(_ path: String) throws -> (size: [Int], pixel: (Int, Int) -> [Int]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var decoded: UnsafeMutableRawPointer?
        let result = data.withUnsafeBytes { svips_decode($0.baseAddress, $0.count, 1, &decoded) }
        let image = try #require(result == 0 ? decoded : nil, "\(path) doesn't decode")
        return (
            [Int(svips_width(image)), Int(svips_height(image))],
            { x, y in
                var values = [Double](repeating: 0, count: 4)
                let count = svips_pixel(image, Int32(x), Int32(y), &values, 4)
                return values.prefix(min(3, Int(max(count, 0)))).map { Int($0.rounded()) }
            }
        )
    }

    func saved(_ content: Content) throws -> String {
        let photos = try run("CreateAssetsIntent", input: content)
        return try #require(photos.items.first.map { $0.property("File Path").text })
    }

    func inode(_ path: String) -> UInt64? { FileStatus(path)?.identity.inode }
    func data(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }
    /// What the library's `.Originals` folder holds.
    func originals() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: pictures + "/.Originals")) ?? []).sorted() }
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func albumsHoldPhotosThatStayInTheLibrary() throws {
        let cat = try saved(try halves("cat.png"))
        #expect(cat == pictures + "/cat.png")
        let album = try run("CreateAlbumIntent", ["title": T.text("Trip")])
        #expect(album.property("Name") == .text("Trip") && exists(pictures + "/Trip"))
        // From the top of the library into an album: moved there.
        _ = try run("AddAssetsToAlbumIntent", ["album": T.text("Trip")], input: .text(cat))
        #expect(!exists(cat) && exists(pictures + "/Trip/cat.png"))
        // Into a second album: one file, two names, and the library lists it once.
        _ = try run("CreateAlbumIntent", ["title": T.text("Beach")])
        _ = try run("AddAssetsToAlbumIntent", ["album": T.text("Beach")], input: .text(pictures + "/Trip/cat.png"))
        #expect(inode(pictures + "/Beach/cat.png") == inode(pictures + "/Trip/cat.png"))
        let latest = try T.run("getlastphoto", ["WFGetLatestPhotoCount": T.number(10)], environment: environment)
        #expect(latest.items.count == 1)
        // Out of one album it stays in the other; out of its last it goes back to the top.
        _ = try run("RemoveAssetsFromAlbumIntent", ["album": T.text("Beach")], input: .text(pictures + "/Trip/cat.png"))
        #expect(!exists(pictures + "/Beach/cat.png") && exists(pictures + "/Trip/cat.png"))
        let notThere = failure("RemoveAssetsFromAlbumIntent", ["album": T.text("Beach")], input: .text(pictures + "/Trip/cat.png"))
        #expect(notThere?.message.contains("is not in the album Beach") == true && notThere?.parameter == "assets")
        // Renamed, never onto another album; deleted, its photos kept.
        let renamed = try run("RenameAlbumIntent", ["album": T.text("Trip"), "title": T.text("Holiday")])
        #expect(renamed.property("Name") == .text("Holiday") && exists(pictures + "/Holiday/cat.png"))
        let taken = failure("RenameAlbumIntent", ["album": T.text("Holiday"), "title": T.text("Beach")])
        #expect(taken?.message.contains("already an album “Beach”") == true && taken?.parameter == "title")
        _ = try run("DeleteAlbumsIntent", ["entities": T.text("Holiday")])
        #expect(!exists(pictures + "/Holiday") && exists(pictures + "/cat.png"))
        let missing = failure("DeleteAlbumsIntent", ["entities": T.text("Nowhere")])
        #expect(missing?.message.contains("there is no album “Nowhere”") == true && missing?.parameter == "entities")
        let escape = failure("CreateAlbumIntent", ["title": T.text("../out")])
        #expect(escape?.parameter == "title" && !exists(home.path + "/out"))
    }

    @Test func favoritesHiddenDuplicatesAndDeleting() throws {
        let cat = try saved(try halves("cat.png"))
        _ = try run("CreateAlbumIntent", ["title": T.text("Pets")])
        _ = try run("AddAssetsToAlbumIntent", ["album": T.text("Pets")], input: .text(cat))
        let inPets = pictures + "/Pets/cat.png"
        _ = try run("FavoriteAssetsIntent", ["action": T.text("favorite")], input: .text(inPets))
        #expect(inode(pictures + "/Favorites/cat.png") == inode(inPets))
        _ = try run("FavoriteAssetsIntent", ["action": T.text("toggle")], input: .text(inPets))
        #expect(!exists(pictures + "/Favorites/cat.png") && exists(inPets))
        let badAction = failure("FavoriteAssetsIntent", ["action": T.text("adore")], input: .text(inPets))
        #expect(badAction?.parameter == "action")
        // Hidden: every name of it leaves the library's view, and comes back where it was.
        _ = try run("FavoriteAssetsIntent", input: .text(inPets))
        _ = try run("HideAssetsIntent", ["action": T.text("hide")], input: .text(inPets))
        #expect(!exists(inPets) && exists(pictures + "/.Hidden/Pets/cat.png") && exists(pictures + "/.Hidden/Favorites/cat.png"))
        let latest = try T.run("getlastphoto", ["WFGetLatestPhotoCount": T.number(10)], environment: environment)
        #expect(latest.items.isEmpty)
        let hiddenUse = failure("DuplicateAssetsIntent", input: .text(pictures + "/.Hidden/Pets/cat.png"))
        #expect(hiddenUse?.message.contains("is hidden") == true)
        _ = try run("HideAssetsIntent", ["action": T.text("unhide")], input: .text(pictures + "/.Hidden/Pets/cat.png"))
        #expect(exists(inPets) && exists(pictures + "/Favorites/cat.png") && !exists(pictures + "/.Hidden/Pets/cat.png"))
        // Duplicated beside itself; deleted to the trash with all its names.
        let copies = try run("DuplicateAssetsIntent", input: .text(inPets))
        #expect(copies.items.first?.property("File Path") == .text(pictures + "/Pets/cat 2.png"))
        _ = try run("DeleteAssetsIntent", input: .text(inPets))
        #expect(!exists(inPets) && !exists(pictures + "/Favorites/cat.png") && exists(home.path + "/data/Trash/files/cat.png"))
        let outside = try home.write("x", to: "elsewhere.png")
        let refused = failure("DeleteAssetsIntent", input: .text(outside))
        #expect(refused?.parameter == "entities" && exists(outside))
    }

    @Test func editsRenderFromTheOriginalAndComeBackToIt() throws {
        let path = try saved(try halves("halves.png"))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        _ = try run("RotateIntent", ["clockwise": T.bool(true)], input: .text(path))
        let picture = try decoded(path)
        #expect(picture.size == [10, 20])
        // Turned clockwise, the left (red) half is on top.
        #expect(picture.pixel(5, 2) == [255, 0, 0] && picture.pixel(5, 17) == [0, 0, 255])
        #expect(originals().count == 2 && originals().contains("halves (original).png"), "\(originals())")
        #expect(try data(pictures + "/.Originals/halves (original).png") == original)
        _ = try run("RotateIntent", ["clockwise": T.bool(false)], input: .text(path))
        #expect(try data(path) == original && originals().isEmpty)
        // A filter replaces the last; none takes it off.
        _ = try run("ApplyFilterIntent", ["effect": T.text("Noir")], input: .text(path))
        let noir = try decoded(path).pixel(2, 5)
        #expect(noir.count == 1 || Set(noir).count == 1, "noir leaves grey: \(noir)")
        // Vivid replaces Noir: the colours are back.
        _ = try run("ApplyFilterIntent", ["effect": T.text("Vivid Warm")], input: .text(path))
        let vivid = try decoded(path).pixel(2, 5)
        #expect(vivid.count == 3 && vivid[0] > 200 && vivid[2] < 60, "\(vivid)")
        let unknown = failure("ApplyFilterIntent", ["effect": T.text("sepia")], input: .text(path))
        #expect(unknown?.parameter == "effect" && unknown?.message.contains("not one of Photos' filters") == true)
        // Copied edits pasted onto another photo give it the same picture.
        let other = try saved(try halves("other.png"))
        _ = try run("CopyEditsIntent", input: .text(path))
        _ = try run("PasteEditsIntent", input: .text(other))
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == (try Data(contentsOf: URL(fileURLWithPath: path))))
        _ = try run("ApplyFilterIntent", ["effect": T.text("none")], input: .text(path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        let nothingToCopy = failure("CopyEditsIntent", input: .text(path))
        #expect(nothingToCopy?.message.contains("has no edits to copy") == true)
    }

    @Test func exposureSaturationWarmthAndEnhanceChangeThePixels() throws {
        let noPhoto = failure("SetExposureIntent", ["value": T.number(0.5)])
        #expect(noPhoto?.message.contains("no photo is being edited") == true)
        let mid = try saved(try grey("mid.png", 100))
        _ = try run("EditAssetIntent", input: .text(mid))
        _ = try run("SetExposureIntent", ["value": T.number(1)])
        #expect(try decoded(mid).pixel(3, 3) == [200, 200, 200])
        _ = try run("SetWarmthIntent", ["value": T.number(0.5)])
        let warm = try decoded(mid).pixel(3, 3)
        #expect(warm[0] > warm[1] && warm[1] > warm[2], "\(warm)")
        let outOfRange = failure("SetSaturationIntent", ["value": T.number(2)])
        #expect(outOfRange?.parameter == "value" && outOfRange?.message.contains("from −1 to 1") == true)
        _ = try run("SetExposureIntent", ["value": T.number(0)])
        _ = try run("SetWarmthIntent", ["value": T.number(0)])
        #expect(try decoded(mid).pixel(3, 3) == [100, 100, 100] && originals().isEmpty)
        // Saturation −1 leaves red grey.
        let red = try saved(try image("red.png", "<rect width=\"20\" height=\"10\" fill=\"#c03030\"/>"))
        _ = try run("EditAssetIntent", input: .text(red))
        _ = try run("SetSaturationIntent", ["value": T.number(-1)])
        let greyed = try decoded(red).pixel(3, 3)
        #expect(greyed.max()! - greyed.min()! <= 3, "\(greyed)")
        // Enhance stretches a dull picture's levels to black and white.
        let dull = try saved(
            try image(
                "dull.png",
                "<rect width=\"10\" height=\"10\" fill=\"rgb(100,100,100)\"/><rect x=\"10\" width=\"10\" height=\"10\" fill=\"rgb(150,150,150)\"/>"
            ))
        _ = try run("EnhanceIntent", ["enabled": T.bool(true)], input: .text(dull))
        let stretched = try decoded(dull)
        #expect(stretched.pixel(2, 2)[0] < 20 && stretched.pixel(15, 2)[0] > 235, "\(stretched.pixel(2, 2)) \(stretched.pixel(15, 2))")
        _ = try run("EnhanceIntent", ["enabled": T.bool(false)], input: .text(dull))
        #expect(try decoded(dull).pixel(2, 2) == [100, 100, 100])
    }

    @Test func anEditedPhotoKeepsItsOriginalWhereverItGoes() throws {
        let path = try saved(try halves("trip.png"))
        let original = try data(path)
        _ = try run("RotateIntent", input: .text(path))
        // Moved into an album and given a second name there, then edited again: both names change.
        _ = try run("CreateAlbumIntent", ["title": T.text("Trip")])
        _ = try run("AddAssetsToAlbumIntent", ["album": T.text("Trip")], input: .text(path))
        _ = try run("CreateAlbumIntent", ["title": T.text("Best")])
        _ = try run("AddAssetsToAlbumIntent", ["album": T.text("Best")], input: .text(pictures + "/Trip/trip.png"))
        _ = try run("ApplyFilterIntent", ["effect": T.text("mono")], input: .text(pictures + "/Best/trip.png"))
        #expect(inode(pictures + "/Trip/trip.png") == inode(pictures + "/Best/trip.png"))
        #expect(try decoded(pictures + "/Trip/trip.png").size == [10, 20])
        // Undone through either name, the original comes back byte for byte.
        _ = try run("ApplyFilterIntent", ["effect": T.text("none")], input: .text(pictures + "/Trip/trip.png"))
        _ = try run("RotateIntent", ["clockwise": T.bool(false)], input: .text(pictures + "/Trip/trip.png"))
        #expect(try data(pictures + "/Best/trip.png") == original && originals().isEmpty)
        // A photo changed by something else since its edit starts again from what it is, and
        // the original kept before stays kept.
        _ = try run("RotateIntent", input: .text(pictures + "/Trip/trip.png"))
        let square = try image("square.png", width: 16, height: 16, "<rect width=\"16\" height=\"16\" fill=\"#00ff00\"/>")
        guard case .file(let replacement) = square else { return }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: pictures + "/Trip/trip.png"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: replacement.data)
        try handle.close()
        _ = try run("RotateIntent", ["clockwise": T.bool(false)], input: .text(pictures + "/Trip/trip.png"))
        #expect(try decoded(pictures + "/Trip/trip.png").pixel(3, 3) == [0, 255, 0])
        #expect(originals().contains("trip (original).png") && originals().contains("trip (original) 2.png"), "\(originals())")
        // Deleted, the photo and its original both go to the trash.
        _ = try run("DeleteAssetsIntent", input: .text(pictures + "/Trip/trip.png"))
        let trash = ((try? FileManager.default.contentsOfDirectory(atPath: home.path + "/data/Trash/files")) ?? []).sorted()
        #expect(trash.contains("trip.png") && trash.contains("trip (original) 2.png"), "\(trash)")
        #expect(!exists(pictures + "/Best/trip.png"))
    }

    @Test func aLinkToAFolderIsNoAlbum() throws {
        let elsewhere = home.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: pictures + "/Linked", withDestinationPath: elsewhere)
        let cat = try saved(try halves("cat.png"))
        let refused = failure("AddAssetsToAlbumIntent", ["album": T.text("Linked")], input: .text(cat))
        #expect(refused?.parameter == "album" && refused?.message.contains("there is no album “Linked”") == true)
        let deleting = failure("DeleteAlbumsIntent", ["entities": T.text("Linked")])
        #expect(deleting?.parameter == "entities" && exists(elsewhere))
    }
}
