import ActionSupport
import CVipsLoader
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// An image file's details, as Get Details of Images, Filter Images and a variable's property
/// read them: its size as shown, its EXIF orientation, when and with what camera it was taken and
/// where, and all its metadata. Read from the file's header through libvips (which reads EXIF
/// with libexif); the pixels are not decoded.
struct ImageDetails {
    /// The details by Apple's names, in the order Get Details of Images lists them; the file's
    /// own details follow.
    static let names = [
        "Width", "Height", "Date Taken", "Media Type", "Orientation", "Camera Make", "Camera Model", "Metadata Dictionary",
        "Location", "Duration", "Is a Screenshot", "Frame Count",
    ]
    static let allNames = names + FileDetails.Property.allCases.map(\.rawValue).filter { !names.contains($0) }

    /// The width and height as shown: a photo taken on its side says so in EXIF, and shows turned.
    var width: Int
    var height: Int
    /// EXIF's orientation, 1 (as stored) to 8.
    var orientation: Int
    /// The metadata fields, by libvips's names (`exif-ifd0-Make`), values as text.
    var fields: [String: String]
    /// Each frame's delay in milliseconds (animations).
    var delays: [Int]
    var frameCount: Int
    var name: String

    /// Reads the details of an image file.
    ///
    /// - Throws: ``ActionFailure`` naming the file when it is not an image libvips reads.
    init(_ file: FileContent, parameter: String? = "WFInput") throws(ActionFailure) {
        try VipsImage.load()
        // The header is read in place: the bytes outlive the image, released before they go.
        let read: ImageDetails? = file.data.withUnsafeBytes { bytes in
            var opened: UnsafeMutableRawPointer?
            guard svips_open_header(bytes.baseAddress, bytes.count, &opened) == 0, let opened else { return nil }
            return ImageDetails(VipsImage(taking: opened), name: file.name)
        }
        guard let read else {
            throw ActionFailure("\(file.name) is not an image this can read (\(VipsImage.lastError()))", parameter: parameter)
        }
        self = read
    }

    /// The details of an image file on disk, from its header alone; `nil` when it is no image.
    init?(path: String) {
        guard (try? VipsImage.load()) != nil else { return nil }
        var opened: UnsafeMutableRawPointer?
        guard svips_open_file(path, &opened) == 0, let opened else {
            _ = VipsImage.lastError()
            return nil
        }
        self.init(VipsImage(taking: opened), name: URL(fileURLWithPath: path).lastPathComponent)
    }

    private init(_ image: VipsImage, name: String) {
        orientation = image.integer("orientation") ?? 1
        frameCount = max(image.integer("n-pages") ?? 1, 1)
        let frameHeight = image.integer("page-height") ?? image.height
        let turned = (5...8).contains(orientation)
        width = turned ? frameHeight : image.width
        height = turned ? image.width : frameHeight
        var fields: [String: String] = [:]
        if let names = svips_field_names(image.pointer) {
            defer { svips_free_names(names) }
            var index = 0
            while let field = names[index] {
                let key = String(cString: field)
                if key.hasPrefix("exif-ifd"), let value = image.text(key) { fields[key] = value }
                index += 1
            }
        }
        self.fields = fields
        var delays = [Int32](repeating: 0, count: min(frameCount, 100_000))
        let count = svips_int_array_field(image.pointer, "delay", &delays, Int32(delays.count))
        self.delays = count > 0 ? delays.prefix(Int(count)).map(Int.init) : []
        self.name = name
    }

    /// A detail by name (any case), or `nil` when it is not one of an image's own (a file's
    /// details are the file's).
    func value(_ detail: String) -> Content? {
        switch detail.lowercased() {
        case "width": .number(Double(width))
        case "height": .number(Double(height))
        case "orientation": .text(Self.orientationNames[orientation] ?? "Up")
        case "camera make": exif("ifd0-Make").map(Content.text) ?? .nothing
        case "camera model": exif("ifd0-Model").map(Content.text) ?? .nothing
        case "date taken": dateTaken.map(Content.date) ?? .nothing
        case "media type": .text("Image")
        case "location": location ?? .nothing
        case "duration": delays.isEmpty ? .nothing : .number(Double(delays.reduce(0, +)) / 1000)
        case "frame count": .number(Double(frameCount))
        case "is a screenshot": .boolean(isScreenshot)
        case "metadata dictionary": .dictionary(metadata)
        default: nil
        }
    }

    /// How many times an animation plays (0: forever), or `nil` when it doesn't say.
    static func loop(of file: FileContent) -> Int? {
        guard (try? VipsImage.load()) != nil else { return nil }
        return file.data.withUnsafeBytes { bytes in
            var opened: UnsafeMutableRawPointer?
            guard svips_open_header(bytes.baseAddress, bytes.count, &opened) == 0, let opened else { return nil }
            return VipsImage(taking: opened).integer("loop")
        }
    }

    /// A property of an image file, for a variable's aggrandizement; `nil` for anything else.
    static func property(_ name: String, of item: Content) -> Content? {
        guard case .file(let file) = item, names.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }),
            ImageFiles.isImage(file), let details = try? ImageDetails(file)
        else { return nil }
        return details.value(name)
    }

    // MARK: EXIF

    /// UIImage's names for EXIF's orientations, as Shortcuts shows them.
    static let orientationNames = [
        1: "Up", 2: "Up Mirrored", 3: "Down", 4: "Down Mirrored", 5: "Left Mirrored", 6: "Right", 7: "Right Mirrored", 8: "Left",
    ]

    /// An EXIF value as written, without libexif's description after it:
    /// `Canon (Canon, ASCII, 6 components, 6 bytes)` is `Canon`.
    func exif(_ tag: String) -> String? {
        guard let text = fields["exif-" + tag] else { return nil }
        return Self.plain(text)
    }

    static func plain(_ text: String) -> String? {
        var value = Substring(text)
        if let open = text.range(of: " (", options: .backwards), text.hasSuffix(")"),
            text[open.upperBound...].contains(" components")
        {
            value = text[..<open.lowerBound]
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// DateTimeOriginal (or DateTime), in its OffsetTime's zone when it has one, else the run's.
    var dateTaken: Date? {
        guard let text = exif("ifd2-DateTimeOriginal") ?? exif("ifd0-DateTime") else { return nil }
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard parts.count == 6 else { return nil }
        var calendar = DateContext.calendar
        if let offset = exif("ifd2-OffsetTimeOriginal"), let zone = Self.zone(offset) { calendar.timeZone = zone }
        return calendar.date(
            from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5]))
    }

    /// `+09:00` as a time zone.
    static func zone(_ offset: String) -> TimeZone? {
        let sign: Int = offset.hasPrefix("-") ? -1 : 1
        let parts = offset.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, offset.first == "+" || offset.first == "-" else { return nil }
        return TimeZone(secondsFromGMT: sign * (parts[0] * 3600 + parts[1] * 60))
    }

    /// GPS degrees, minutes and seconds (`52/1 31/1 1234/100`) in decimal degrees, negative
    /// south and west.
    func coordinate(_ tag: String, negativeWhen reference: String) -> Double? {
        guard let text = exif("ifd3-" + tag) else { return nil }
        let rationals = text.split(separator: " ").map { part -> Double? in
            let fraction = part.split(separator: "/").compactMap { Double($0) }
            guard fraction.count == 2, fraction[1] != 0 else { return fraction.count == 1 ? fraction[0] : nil }
            return fraction[0] / fraction[1]
        }
        guard !rationals.isEmpty, rationals.allSatisfy({ $0 != nil }) else { return nil }
        let values = rationals.compactMap { $0 } + [0, 0]
        let degrees = values[0] + values[1] / 60 + values[2] / 3600
        return exif("ifd3-\(tag)Ref")?.uppercased().hasPrefix(reference) == true ? -degrees : degrees
    }

    var location: Content? {
        guard let latitude = coordinate("GPSLatitude", negativeWhen: "S"),
            let longitude = coordinate("GPSLongitude", negativeWhen: "W"),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        var place = Place(latitude: latitude, longitude: longitude)
        if let altitude = exif("ifd3-GPSAltitude").flatMap(Self.number) {
            place.altitude =
                exif("ifd3-GPSAltitudeRef").map { Self.plain($0) == "1" || $0.hasPrefix("Below") } == true ? -altitude : altitude
        }
        return place.content
    }

    /// A number as EXIF writes one: `72`, `28/10`.
    static func number(_ text: String) -> Double? {
        if let value = Double(text) { return value }
        let fraction = text.split(separator: "/").compactMap { Double($0) }
        guard fraction.count == 2, fraction[1] != 0 else { return nil }
        return fraction[0] / fraction[1]
    }

    /// A screenshot says so: macOS writes "Screenshot" as its EXIF user comment, and GNOME, KDE
    /// and macOS name the file so.
    var isScreenshot: Bool {
        if exif("ifd2-UserComment")?.localizedCaseInsensitiveContains("screenshot") == true { return true }
        let lowered = name.lowercased()
        return lowered.hasPrefix("screenshot") || lowered.hasPrefix("screen shot") || lowered.hasPrefix("bildschirmfoto")
    }

    /// The metadata as Apple's image properties lay it out: the pixel size and orientation at
    /// the top, then `{TIFF}` (the camera), `{Exif}` (the exposure) and `{GPS}` (the place, in
    /// decimal degrees).
    var metadata: ContentDictionary {
        var dictionary: ContentDictionary = [
            "PixelWidth": .number(Double(width)), "PixelHeight": .number(Double(height)),
            "Orientation": .number(Double(orientation)),
        ]
        let groups = [("ifd0-", "{TIFF}"), ("ifd2-", "{Exif}"), ("ifd3-GPS", "{GPS}")]
        for (prefix, group) in groups {
            var values: [(String, Content)] = []
            for key in fields.keys.sorted() where key.hasPrefix("exif-" + prefix) {
                let tag = String(key.dropFirst(("exif-" + prefix).count))
                guard !tag.isEmpty, let text = exif(String(key.dropFirst(5))) else { continue }
                values.append((tag, Self.number(text).map(Content.number) ?? .text(text)))
            }
            if group == "{GPS}", let latitude = coordinate("GPSLatitude", negativeWhen: "S"),
                let longitude = coordinate("GPSLongitude", negativeWhen: "W")
            {
                values = values.filter { $0.0 != "Latitude" && $0.0 != "Longitude" }
                values += [("Latitude", .number(abs(latitude))), ("Longitude", .number(abs(longitude)))]
            }
            if !values.isEmpty { dictionary[group] = .dictionary(ContentDictionary(values)) }
        }
        return dictionary
    }
}

/// Which files are images.
enum ImageFiles {
    static let extensions: Set<String> = [
        "jpg", "jpeg", "png", "gif", "heic", "heif", "webp", "tif", "tiff", "bmp", "avif", "svg",
    ]

    static let types: Set<String> = [
        "public.jpeg", "public.png", "public.heic", "public.heif", "public.tiff", "com.compuserve.gif", "org.webmproject.webp",
        "public.image", "com.microsoft.bmp", "public.svg-image", "public.avif",
    ]

    /// Whether a file is an image, by its type or else its name.
    static func isImage(_ file: FileContent) -> Bool {
        if let type = file.typeIdentifier, types.contains(type) { return true }
        return extensions.contains(file.fileExtension.lowercased())
    }
}

/// Get Details of Images and Filter Images.
enum ImageDetailActions {
    static let all: [ActionDefinition] = [details, filter]

    /// A detail of an item: an image's own, or its file's.
    static func value(_ name: String, of item: Content) -> Content {
        ImageDetails.property(name, of: item) ?? FileDetails.detail(named: name, of: item)
    }

    static let details = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.properties.images", title: "Get Details of Images",
            description:
                "Gets a detail of each input image: its width and height as shown, orientation, when and with what camera it was taken, where (EXIF GPS), its metadata, or a file detail.",
            parameters: [
                ImageActions.inputParameter(),
                ParameterMetadata(
                    key: "WFContentItemPropertyName", title: "Detail", type: .enumeration, options: ImageDetails.allNames,
                    defaultValue: "Width"),
            ],
            inputParameter: "WFInput", outputType: "Content", outputName: "Details of Images",
            keywords: ["exif", "metadata", "camera", "width", "height", "orientation", "gps"])
    ) { parameters in
        let detail = parameters["WFContentItemPropertyName"]
        return { input, run in
            let name = try run.text(detail) ?? "Width"
            guard let known = ImageDetails.allNames.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw ActionFailure(
                    "\"\(name.prefix(40))\" is not a detail of an image; it has \(ImageDetails.allNames.joined(separator: ", "))",
                    parameter: "WFContentItemPropertyName")
            }
            var values: [Content] = []
            for file in try ImageActions.images(input, run) {
                if ImageDetails.names.contains(known) {
                    values.append(try ImageDetails(file).value(known) ?? .nothing)
                } else {
                    values.append(value(known, of: .file(file)))
                }
            }
            return Content(items: values)
        }
    }

    static let filter = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.images", title: "Filter Images",
            description:
                "Keeps the input images that match all (or any) of the conditions on their details (Width, Height, Date Taken, Orientation, Camera Make…, or a file detail), then sorts and limits them.",
            parameters: FileFilter.parameters(
                input: ParameterMetadata(key: "WFInput", title: "Images", type: .file, isRequired: true, isList: true),
                sortBy: ["Width", "Height", "Date Taken", "Name", "File Size", "Creation Date", "Last Modified Date", "Random"]),
            inputParameter: "WFInput", outputType: "Image", outputName: "Images", keywords: ["find", "where", "sort", "exif"]),
        properties: FileFilter.Properties(kind: "images", names: ImageDetails.allNames, value: { name, item in value(name, of: item) }))
}
