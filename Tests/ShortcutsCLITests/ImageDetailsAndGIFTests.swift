import Foundation
import ShortcutsTestSupport
import Testing

/// Get Details of Images, Filter Images, an image variable's properties and the GIF actions
/// through the built `shortcuts`: on a JPEG given EXIF here (camera, orientation, date, GPS),
/// and on GIFs read back by a GIF parser in Python, independent of libvips.
@Suite(.serialized) struct ImageDetailsAndGIFTests {
    let runner: CommandRunner
    /// 40 × 20 images, one colour each, drawn as SVG.
    let red: String, green: String, blue: String

    init() throws {
        let runner = try CommandRunner()
        self.runner = runner
        func draw(_ colour: String) throws -> String {
            try runner.write(
                Data(
                    ##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#\##(colour)"/></svg>"##
                        .utf8), to: "\(colour).svg")
        }
        red = try draw("ff0000")
        green = try draw("00ff00")
        blue = try draw("0000ff")
    }

    func run(_ source: String, _ input: [String], output: String? = nil) throws -> CommandResult {
        let file = try runner.write(Data("@input image\n\(source)\n".utf8), to: "shortcut-\(UUID().uuidString).sct")
        return try runner.run(["run", file] + (output.map { ["-o", $0] } ?? []) + input.flatMap { ["-i", $0] })
    }

    /// The shortcut's output as text, after checking it succeeded.
    func text(_ source: String, _ input: String...) throws -> String {
        let result = try run(source, input)
        #expect(result.status == 0, "\(source): \(result.error)")
        return result.output.trimmingCharacters(in: .newlines)
    }

    /// A JPEG taken by a "Canon EOS 5D" on its side (orientation 6) on 4 July 2021 at 15:30,
    /// at 52° 31′ 12.34″ N, 13° 24′ W.
    func photo() throws -> String {
        let jpeg = runner.directory.path + "/plain.jpeg"
        let converted = try run("ConvertImage ShortcutInput, format: \"JPEG\"", [red], output: jpeg)
        #expect(converted.status == 0, "\(converted.error)")
        var data = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        let exif = EXIF.segment(
            ifd0: [
                EXIF.text(0x010F, "Canon"), EXIF.text(0x0110, "EOS 5D"), EXIF.short(0x0112, 6),
            ],
            exif: [EXIF.text(0x9003, "2021:07:04 15:30:00")],
            gps: [
                EXIF.text(0x0001, "N"), EXIF.rationals(0x0002, [(52, 1), (31, 1), (1234, 100)]), EXIF.text(0x0003, "W"),
                EXIF.rationals(0x0004, [(13, 1), (24, 1), (0, 1)]),
            ])
        data.insert(contentsOf: exif, at: 2)
        return try runner.write(data, to: "photo.jpeg")
    }

    @Test func detailsComeFromTheHeaderAndEXIF() throws {
        let photo = try photo()
        func detail(_ name: String) throws -> String {
            try text("GetDetailsOfImages ShortcutInput, detail: \"\(name)\"", photo)
        }
        #expect(try detail("Width") == "20" && detail("Height") == "40", "a photo on its side shows turned")
        #expect(try detail("Orientation") == "Right")
        #expect(try detail("Camera Make") == "Canon" && detail("Camera Model") == "EOS 5D")
        #expect(try detail("Media Type") == "Image" && detail("Name") == "photo" && detail("File Extension") == "jpeg")
        let taken = try text(
            "d = GetDetailsOfImages ShortcutInput, detail: \"Date Taken\"\nFormatDate d, dateFormat: \"ISO 8601\", includeISO8601Time: true",
            photo)
        #expect(taken.hasPrefix("2021-07-04T15:30:00"), "\(taken)")
        let place = try text("p = GetDetailsOfImages ShortcutInput, detail: \"Location\"\nText \"\\(p.Latitude) \\(p.Longitude)\"", photo)
        let coordinates = place.split(separator: " ").compactMap { Double($0) }
        #expect(coordinates.count == 2 && abs(coordinates[0] - 52.520094) < 1e-5 && abs(coordinates[1] + 13.4) < 1e-9, "\(place)")

        let metadata = try text("GetDetailsOfImages ShortcutInput, detail: \"Metadata Dictionary\"", photo)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(metadata.utf8)) as? [String: Any])
        #expect(dictionary["PixelWidth"] as? Int == 20 && dictionary["Orientation"] as? Int == 6)
        #expect((dictionary["{TIFF}"] as? [String: Any])?["Make"] as? String == "Canon")
        #expect((dictionary["{Exif}"] as? [String: Any])?["DateTimeOriginal"] as? String == "2021:07:04 15:30:00")
        let gps = try #require(dictionary["{GPS}"] as? [String: Any])
        #expect(gps["LatitudeRef"] as? String == "N" && abs((gps["Latitude"] as? Double ?? 0) - 52.520094) < 1e-5)
    }

    @Test func anImageVariableHasItsDetailsAsProperties() throws {
        let photo = try photo()
        #expect(
            try text(#"Text "\(ShortcutInput.Width)×\(ShortcutInput.Height) \(ShortcutInput.property("Camera Make"))""#, photo)
                == "20×40 Canon")
        #expect(try text(#"Text "\(ShortcutInput.Width)""#, red) == "40", "an image without EXIF")
    }

    @Test func filterImagesKeepsAndSortsByDetails() throws {
        let photo = try photo()
        let wide = try text(
            """
            kept = FilterImages ShortcutInput, filter: #conditions(all, [{Property: "Width", Operator: 2, Values: #record {Number: 30}, Removable: true}])
            Count kept
            """, photo, red, green)
        #expect(wide == "2", "the two 40-pixel images")
        let byCamera = try text(
            """
            kept = FilterImages ShortcutInput, filter: #conditions(all, [{Property: "Camera Make", Operator: 4, Values: #record {String: "Canon"}, Removable: true}])
            GetDetailsOfImages kept, detail: "Name"
            """, red, photo)
        #expect(byCamera == "photo")
        let sorted = try text(
            "s = FilterImages ShortcutInput, sortBy: \"Width\", order: \"Smallest First\"\nGetDetailsOfImages s, detail: \"Name\"", red,
            photo)
        #expect(sorted == "photo\nff0000")
    }

    @Test func aFileThatIsNoImageIsNamed() throws {
        let notes = try runner.write(Data("not a picture".utf8), to: "notes.jpeg")
        let result = try run("GetDetailsOfImages ShortcutInput, detail: \"Width\"", [notes])
        #expect(result.status != 0)
        #expect(
            result.error.contains("notes.jpeg") && result.error.contains("WFInput") && result.error.contains("properties.images"),
            "\(result.error)")
    }

    // MARK: GIFs

    /// The frames, delays (ms) and loop count of a GIF, read by Python from its blocks.
    func gif(_ path: String) throws -> (size: [Int], delays: [Int], loop: Int?) {
        let script = """
            import sys, struct
            data = open(sys.argv[1], 'rb').read()
            assert data[:6] in (b'GIF87a', b'GIF89a'), data[:6]
            width, height, flags = struct.unpack('<HHB', data[6:11])
            at = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
            delays, loop, frames, delay = [], None, 0, 0
            def skip(at):
                while data[at]: at += data[at] + 1
                return at + 1
            while data[at] != 0x3B:
                if data[at] == 0x21:
                    label = data[at + 1]
                    if label == 0xF9: delay = struct.unpack('<H', data[at + 4:at + 6])[0] * 10
                    if label == 0xFF and data[at + 3:at + 14] == b'NETSCAPE2.0': loop = struct.unpack('<H', data[at + 16:at + 18])[0]
                    at = skip(at + 2)
                elif data[at] == 0x2C:
                    local = data[at + 9]
                    at += 10 + (3 << ((local & 7) + 1) if local & 0x80 else 0)
                    at = skip(at + 1)
                    delays.append(delay)
                else:
                    raise SystemExit('unexpected block %x' % data[at])
            print(width, height, loop if loop is not None else -1)
            print(' '.join(map(str, delays)))
            """
        let file = try runner.write(Data(script.utf8), to: "gif.py")
        let result = try ProcessRun.run("/usr/bin/python3", [file, path])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0].split(separator: " ").compactMap { Int($0) }
        let loop = header.count == 3 && header[2] >= 0 ? header[2] : nil
        return (Array(header.prefix(2)), lines.count > 1 ? lines[1].split(separator: " ").compactMap { Int($0) } : [], loop)
    }

    @Test func makeGIFMakesAnAnimationOfTheImages() throws {
        let path = runner.directory.path + "/made.gif"
        let made = try run("MakeGIF ShortcutInput, secondsPerPhoto: 0.5", [red, green, blue], output: path)
        #expect(made.status == 0, "\(made.error)")
        let parsed = try gif(path)
        #expect(parsed.size == [40, 20] && parsed.delays == [500, 500, 500] && parsed.loop == 0, "\(parsed)")
        #expect(try text("GetDetailsOfImages ShortcutInput, detail: \"Duration\"", path) == "1.5")
        #expect(try text("GetDetailsOfImages ShortcutInput, detail: \"Frame Count\"", path) == "3")

        let twice = runner.directory.path + "/twice.gif"
        let counted = try run(
            "MakeGIF ShortcutInput, loopForever: false, loopCount: 2, autoSize: false, width: 20, height: 20", [red, blue], output: twice)
        #expect(counted.status == 0, "\(counted.error)")
        let small = try gif(twice)
        // Played twice: once, then repeated once, as the NETSCAPE extension counts.
        #expect(small.size == [20, 20] && small.delays == [200, 200] && small.loop == 1, "\(small)")
    }

    @Test func framesComeApartAndAFrameIsAdded() throws {
        let path = runner.directory.path + "/made.gif"
        #expect(try run("MakeGIF ShortcutInput", [red, green, blue], output: path).status == 0)
        #expect(try text("f = GetFramesFromImage ShortcutInput\nCount f", path) == "3")
        let second = runner.directory.path + "/second.png"
        let split = try run(
            "f = GetFramesFromImage ShortcutInput\nGetItemFromList f, get: \"Item At Index\", index: 2", [path], output: second)
        #expect(split.status == 0, "\(split.error)")
        #expect(try text("f = GetFramesFromImage ShortcutInput\nGetDetailsOfImages f, detail: \"Name\"", path) == "made 1\nmade 2\nmade 3")
        #expect(try text("Text \"\\(ShortcutInput.Width)\"", second) == "40")
        #expect(try runner.firstPixel(second) == [0, 255, 0, 255], "the second frame is the green one")

        let added = runner.directory.path + "/added.gif"
        let result = try run(
            """
            gif = GetItemFromList ShortcutInput, get: "Item At Index", index: 1
            image = GetItemFromList ShortcutInput, get: "Item At Index", index: 2
            frame = ResizeImage image, width: 10, height: 10
            AddFrameToGIF frame, gif: gif, delayTime: 1
            """, [path, blue], output: added)
        #expect(result.status == 0, "\(result.error)")
        let parsed = try gif(added)
        #expect(parsed.size == [40, 20] && parsed.delays == [200, 200, 200, 1000], "\(parsed)")
        let last = runner.directory.path + "/last.png"
        let lastFrame = try run("f = GetFramesFromImage ShortcutInput\nGetItemFromList f, get: \"Last Item\"", [added], output: last)
        #expect(lastFrame.status == 0, "\(lastFrame.error)")
        #expect(try runner.firstPixel(last) == [0, 0, 255, 255], "the square frame is scaled to cover the 40 × 20 frame")
    }

    @Test func aGIFOfTenThousandFramesIsRefused() throws {
        // 1 × 1 frames, each a Graphic Control Extension and one LZW-coded pixel.
        var data = Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255])
        let frame = Data([0x21, 0xF9, 4, 0, 10, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0])
        for _ in 0..<10_000 { data += frame }
        data.append(0x3B)
        let many = try runner.write(data, to: "many.gif")
        #expect(try gif(many).delays.count == 10_000, "the file is what it claims")
        let result = try run("f = GetFramesFromImage ShortcutInput\nCount f", [many])
        #expect(result.status != 0)
        #expect(result.error.contains("many.gif has more than 4096 frames"), "\(result.error)")
        #expect(result.error.contains("getframesfromimage") && result.error.contains("WFImage"), "\(result.error)")
    }
}

/// EXIF written by hand: a big-endian TIFF structure of IFD0 with pointers to the Exif and GPS
/// IFDs, in an APP1 segment to put after a JPEG's start-of-image marker.
enum EXIF {
    struct Entry {
        var tag: UInt16, type: UInt16, count: UInt32, value: [UInt8]
    }

    static func text(_ tag: UInt16, _ value: String) -> Entry {
        Entry(tag: tag, type: 2, count: UInt32(value.utf8.count + 1), value: Array(value.utf8) + [0])
    }
    static func short(_ tag: UInt16, _ value: UInt16) -> Entry { Entry(tag: tag, type: 3, count: 1, value: bytes(value)) }
    static func long(_ tag: UInt16, _ value: UInt32) -> Entry { Entry(tag: tag, type: 4, count: 1, value: bytes(value)) }
    static func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
        Entry(tag: tag, type: 5, count: UInt32(values.count), value: values.flatMap { bytes($0.0) + bytes($0.1) })
    }

    static func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    /// One IFD at `offset` in the TIFF data: its entries sorted by tag, values longer than four
    /// bytes after it.
    static func ifd(_ entries: [Entry], at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var head = bytes(UInt16(sorted.count))
        var values: [UInt8] = []
        let valuesStart = offset + 2 + sorted.count * 12 + 4
        for entry in sorted {
            head += bytes(entry.tag) + bytes(entry.type) + bytes(entry.count)
            if entry.value.count <= 4 {
                head += entry.value + Array(repeating: 0, count: 4 - entry.value.count)
            } else {
                head += bytes(UInt32(valuesStart + values.count))
                values += entry.value
                if values.count % 2 == 1 { values.append(0) }
            }
        }
        return head + bytes(UInt32(0)) + values
    }

    static func segment(ifd0: [Entry], exif: [Entry], gps: [Entry]) -> Data {
        func first(_ exifOffset: Int, _ gpsOffset: Int) -> [UInt8] {
            ifd(ifd0 + [long(0x8769, UInt32(exifOffset)), long(0x8825, UInt32(gpsOffset))], at: 8)
        }
        let exifOffset = 8 + first(0, 0).count
        let exifIFD = ifd(exif, at: exifOffset)
        let gpsOffset = exifOffset + exifIFD.count
        let tiff =
            Array("MM".utf8) + bytes(UInt16(42)) + bytes(UInt32(8)) + first(exifOffset, gpsOffset) + exifIFD + ifd(gps, at: gpsOffset)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return Data([0xFF, 0xE1] + bytes(UInt16(payload.count + 2)) + payload)
    }
}
