import ActionSupport
import CVipsLoader
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// An image decoded by libvips, which it reads lazily and in pieces; released when it goes.
///
/// ```swift
/// let image = try VipsImage(file, parameter: "WFInput")
/// let smaller = try image.resized(toWidth: 640)
/// let file = try smaller.file(named: "Photo", like: file)
/// ```
final class VipsImage {
    let pointer: UnsafeMutableRawPointer

    /// The most pixels an image that is decoded whole may have (Resize Image, which shrinks
    /// while it reads, takes any): past it the image is refused rather than risk the memory.
    static let pixelLimit = 300_000_000

    private init(_ pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    /// Takes over an image a libvips call made.
    convenience init(taking pointer: UnsafeMutableRawPointer) {
        self.init(pointer)
    }

    deinit { svips_release(pointer) }

    /// Loads libvips, or fails naming the package to install.
    static func load() throws(ActionFailure) {
        try LibraryLoading.load(svips_load)
    }

    /// What libvips said about its last failure.
    static func lastError() -> String {
        guard let text = svips_error() else { return "libvips failed" }
        defer { free(text) }
        return String(cString: text)
    }

    /// Runs one operation that makes an image.
    private static func make(_ what: String, parameter: String?, _ body: (UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32)
        throws(ActionFailure) -> VipsImage
    {
        var out: UnsafeMutableRawPointer?
        guard body(&out) == 0, let out else { throw ActionFailure("can't \(what): \(lastError())", parameter: parameter) }
        return VipsImage(out)
    }

    /// Decodes an image file (its EXIF orientation applied).
    ///
    /// - Throws: ``ActionFailure`` naming the file and the parameter when it isn't an image
    ///   libvips reads, or is past ``pixelLimit``.
    convenience init(_ file: FileContent, parameter: String, pages: Int32 = 1) throws(ActionFailure) {
        try Self.load()
        var decoded: UnsafeMutableRawPointer?
        let result = file.data.withUnsafeBytes { svips_decode($0.baseAddress, $0.count, pages, &decoded) }
        guard result == 0, let decoded else {
            throw ActionFailure("\(file.name) is not an image this can read (\(Self.lastError()))", parameter: parameter)
        }
        self.init(decoded)
        guard width * height <= Self.pixelLimit else {
            throw ActionFailure(
                "\(file.name) is \(width) × \(height) pixels, more than the \(Self.pixelLimit / 1_000_000) megapixels this decodes whole",
                parameter: parameter)
        }
    }

    /// Decodes and shrinks (or enlarges) in one pass, never holding the whole original.
    static func thumbnail(_ file: FileContent, width: Int, height: Int, force: Bool, parameter: String) throws(ActionFailure) -> VipsImage {
        try load()
        return try make("resize \(file.name)", parameter: parameter) { out in
            file.data.withUnsafeBytes {
                svips_thumbnail($0.baseAddress, $0.count, Int32(clamping: width), Int32(clamping: height), force ? 1 : 0, out)
            }
        }
    }

    /// An image drawn from SVG (masks).
    static func svg(_ text: String) throws(ActionFailure) -> VipsImage {
        try load()
        let bytes = Array(text.utf8)
        return try make("draw the mask", parameter: nil) { out in svips_svg(bytes, bytes.count, out) }
    }

    var width: Int { Int(svips_width(pointer)) }
    var height: Int { Int(svips_height(pointer)) }
    var hasAlpha: Bool { svips_has_alpha(pointer) != 0 }
    /// Pixels per millimetre (1 when the file doesn't say).
    var resolution: Double { svips_xres(pointer) }
    func integer(_ field: String) -> Int? {
        let value = svips_int_field(pointer, field, Int32.min)
        return value == Int32.min ? nil : Int(value)
    }
    func text(_ field: String) -> String? {
        guard let value = svips_text_field(pointer, field) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }

    func resized(horizontal: Double, vertical: Double) throws(ActionFailure) -> VipsImage {
        try Self.make("resize", parameter: nil) { svips_resize(pointer, horizontal, vertical, $0) }
    }

    func cropped(left: Int, top: Int, width: Int, height: Int) throws(ActionFailure) -> VipsImage {
        try Self.make("crop", parameter: nil) {
            svips_crop(pointer, Int32(clamping: left), Int32(clamping: top), Int32(clamping: width), Int32(clamping: height), $0)
        }
    }

    func rotated(degrees: Double) throws(ActionFailure) -> VipsImage {
        try Self.make("rotate", parameter: nil) { svips_rotate(pointer, degrees, $0) }
    }

    func flipped(vertically: Bool) throws(ActionFailure) -> VipsImage {
        try Self.make("flip", parameter: nil) { svips_flip(pointer, vertically ? 1 : 0, $0) }
    }

    func overlaid(with overlay: VipsImage, x: Int, y: Int) throws(ActionFailure) -> VipsImage {
        try Self.make("overlay the image", parameter: nil) {
            svips_composite(pointer, overlay.pointer, Int32(clamping: x), Int32(clamping: y), $0)
        }
    }

    /// Over white, without alpha.
    func flattened() throws(ActionFailure) -> VipsImage {
        try Self.make("flatten", parameter: nil) { svips_flatten(pointer, 255, 255, 255, $0) }
    }

    /// In greyscale, over white.
    func greyscale() throws(ActionFailure) -> VipsImage {
        try Self.make("make the image greyscale", parameter: nil) { svips_greyscale(pointer, $0) }
    }

    func masked(by mask: VipsImage) throws(ActionFailure) -> VipsImage {
        try Self.make("mask", parameter: nil) { svips_mask(pointer, mask.pointer, $0) }
    }

    func faded(to opacity: Double) throws(ActionFailure) -> VipsImage {
        try Self.make("change the opacity", parameter: nil) { svips_opacity(pointer, opacity, $0) }
    }

    /// Images side by side, one under another, or in a grid `across` wide.
    static func joined(_ images: [VipsImage], vertically: Bool, spacing: Int, across: Int) throws(ActionFailure) -> VipsImage {
        var pointers: [UnsafeMutableRawPointer?] = images.map(\.pointer)
        return try make("combine the images", parameter: nil) { out in
            svips_join(&pointers, Int32(pointers.count), vertically ? 1 : 0, Int32(clamping: spacing), Int32(clamping: across), out)
        }
    }

    /// A copy marked as an animation of frames `pageHeight` high (the image is them one under
    /// another), each shown its delay in milliseconds, played `loop` times (0: forever).
    func animated(pageHeight: Int, delays: [Int], loop: Int) throws(ActionFailure) -> VipsImage {
        let milliseconds = delays.map { Int32(clamping: $0) }
        return try Self.make("make the animation", parameter: nil) {
            svips_animation(pointer, Int32(clamping: pageHeight), milliseconds, Int32(milliseconds.count), Int32(clamping: loop), $0)
        }
    }

    /// Scaled to cover `width` × `height` (keeping its aspect ratio) and cropped to it in the
    /// middle: how frames of another shape fill an animation's size.
    func covering(width: Int, height: Int) throws(ActionFailure) -> VipsImage {
        guard self.width != width || self.height != height else { return self }
        let scale = max(Double(width) / Double(self.width), Double(height) / Double(self.height))
        let scaled = try resized(horizontal: scale, vertical: scale)
        let (wide, high) = (min(width, scaled.width), min(height, scaled.height))
        return try scaled.cropped(left: (scaled.width - wide) / 2, top: (scaled.height - high) / 2, width: wide, height: high)
    }

    /// A transparent image.
    static func blank(width: Int, height: Int) throws(ActionFailure) -> VipsImage {
        try load()
        let pixels = [UInt8](repeating: 0, count: width * height * 4)
        return try make("make a canvas", parameter: nil) { svips_from_pixels(pixels, Int32(width), Int32(height), 4, $0) }
    }

    /// Text rendered from Pango markup, in sRGB with alpha.
    static func text(markup: String, font: String, width: Int, dpi: Int, alignment: Int32) throws(ActionFailure) -> VipsImage {
        try load()
        return try make("draw the text", parameter: nil) {
            svips_text(markup, font, Int32(clamping: width), Int32(clamping: dpi), alignment, $0)
        }
    }

    /// Colours adjusted: red, green and blue each times its gain plus `offset`, then the colours'
    /// chroma times 1 + `saturation` (see `svips_adjust`).
    func adjusted(gains: (red: Double, green: Double, blue: Double), offset: Double, saturation: Double) throws(ActionFailure)
        -> VipsImage
    {
        let values = [gains.red, gains.green, gains.blue]
        return try Self.make("adjust the colours", parameter: nil) { out in svips_adjust(pointer, values, offset, saturation, out) }
    }

    /// Levels stretched so that the `clip` percent darkest and brightest become black and white.
    func autoLevelled(clip: Double) throws(ActionFailure) -> VipsImage {
        try Self.make("enhance", parameter: nil) { svips_autolevel(pointer, clip, $0) }
    }

    /// Auto enhancement, as Photos and Preview do it here: levels stretched (the darkest and
    /// brightest half percent made black and white), then colours a little stronger.
    func enhanced() throws(ActionFailure) -> VipsImage {
        try autoLevelled(clip: 0.5).adjusted(gains: (1, 1, 1), offset: 0, saturation: 0.1)
    }

    /// The pixels in greyscale, one byte each, transparency flattened onto white.
    func greyPixels() throws(ActionFailure) -> [UInt8] {
        var pixels: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard svips_grey_pixels(pointer, &pixels, &length) == 0, let pixels else {
            throw ActionFailure("can't read the image's pixels: \(Self.lastError())")
        }
        defer { free(pixels) }
        return Array(UnsafeBufferPointer(start: pixels, count: length))
    }

    /// Encodes the image.
    func encoded(as format: ImageFormat) throws(ActionFailure) -> Data {
        var data: UnsafeMutableRawPointer?
        var length = 0
        guard svips_encode(pointer, format.suffix, &data, &length) == 0, let data else {
            throw ActionFailure("can't write the image as \(format.name): \(Self.lastError())")
        }
        defer { free(data) }
        return Data(bytes: data, count: length)
    }

    /// The image as a file named after `original`, in its format where that format holds the
    /// image (a JPEG that gained transparency becomes a PNG).
    func file(like original: FileContent, format: ImageFormat? = nil) throws(ActionFailure) -> FileContent {
        var chosen = format ?? ImageFormat(typeIdentifier: original.typeIdentifier, name: original.name)
        if hasAlpha, !chosen.holdsTransparency { chosen = .png }
        let data = try encoded(as: chosen)
        return FileContent(name: original.baseName + "." + chosen.fileExtension, data: data, typeIdentifier: chosen.typeIdentifier)
    }
}

/// The image formats written here, with libvips's save options.
enum ImageFormat: Equatable {
    case jpeg(quality: Int, strip: Bool)
    case png, heif, webp, tiff, gif

    init(typeIdentifier: String?, name: String) {
        let lowered = name.lowercased()
        switch typeIdentifier {
        case "public.jpeg": self = .jpeg(quality: 90, strip: false)
        case "public.heic", "public.heif": self = .heif
        case "org.webmproject.webp": self = .webp
        case "public.tiff": self = .tiff
        case "com.compuserve.gif": self = .gif
        case "public.png": self = .png
        default:
            let suffix = (lowered as NSString).pathExtension
            switch suffix {
            case "jpg", "jpeg": self = .jpeg(quality: 90, strip: false)
            case "heic", "heif": self = .heif
            case "webp": self = .webp
            case "tif", "tiff": self = .tiff
            case "gif": self = .gif
            default: self = .png
            }
        }
    }

    var suffix: String {
        switch self {
        case .jpeg(let quality, let strip): ".jpg[Q=\(quality)\(strip ? ",strip" : "")]"
        case .png: ".png"
        case .heif: ".heic"
        case .webp: ".webp"
        case .tiff: ".tif"
        case .gif: ".gif"
        }
    }

    var fileExtension: String {
        switch self {
        case .jpeg: "jpeg"
        case .png: "png"
        case .heif: "heic"
        case .webp: "webp"
        case .tiff: "tiff"
        case .gif: "gif"
        }
    }

    var typeIdentifier: String {
        switch self {
        case .jpeg: "public.jpeg"
        case .png: "public.png"
        case .heif: "public.heic"
        case .webp: "org.webmproject.webp"
        case .tiff: "public.tiff"
        case .gif: "com.compuserve.gif"
        }
    }

    var name: String { fileExtension.uppercased() }

    var holdsTransparency: Bool { if case .jpeg = self { false } else { true } }
}
