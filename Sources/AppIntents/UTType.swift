import Foundation
import ShortcutsContent
import Synchronization

/// A uniform type: what kind of data a file holds, as Apple's `UniformTypeIdentifiers` module
/// names it (`public.png`), with the conformance Apple declares (a PNG is an image, an image is
/// data). Intent code that imports `UniformTypeIdentifiers` on Apple's systems drops that import
/// here: `import AppIntents` brings this type.
///
/// ```swift
/// @Parameter(title: "Scan", supportedContentTypes: [.pdf, .image]) var scan: IntentFile
/// UTType.png.conforms(to: .image)            // true
/// UTType(filenameExtension: "md")?.identifier // "net.daringfireball.markdown"
/// ```
///
/// The types known here are the ones `shortcuts` reads files as (`UniformType` in
/// `ShortcutsContent`) and their parents; an app's own types are declared with
/// `UTType(exportedAs:conformingTo:)` (or `importedAs:`), some data unless it names a parent.
public struct UTType: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The type's identifier, e.g. `public.png`.
    public let identifier: String

    /// The type with this identifier, when it is declared: one of the known types, or one an app
    /// declared with ``init(exportedAs:conformingTo:)``; nil otherwise, as Apple's.
    public init?(_ identifier: String) {
        guard Self.known[identifier] != nil || identifier == "public.item" || Self.declared.withLock({ $0[identifier] != nil })
        else { return nil }
        self.identifier = identifier
    }

    /// A type the app declares and owns (Apple reads its declaration from the app's Info.plist).
    public init(exportedAs identifier: String, conformingTo parent: UTType? = nil) {
        self.identifier = identifier
        Self.declared.withLock { declared in
            if let parent {
                declared[identifier] = [parent.identifier]
            } else if declared[identifier] == nil, Self.known[identifier] == nil {
                declared[identifier] = ["public.data"]
            }
        }
    }

    /// A type another app declares, which this app uses.
    public init(importedAs identifier: String, conformingTo parent: UTType? = nil) {
        self.init(exportedAs: identifier, conformingTo: parent)
    }

    /// The type of files with this extension (`png`, `md`); nil when none is known.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        let identifier = UniformType.identifier(forFileName: "file." + filenameExtension)
        guard identifier != "public.data", let type = UTType(identifier), type.conforms(to: supertype) else { return nil }
        self = type
    }

    /// The type of data with this MIME type (`image/png`); nil when none is known.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        let identifier = UniformType.identifier(forMIMEType: mimeType)
        guard identifier != "public.data", let type = UTType(identifier), type.conforms(to: supertype) else { return nil }
        self = type
    }

    private init(known identifier: String) { self.identifier = identifier }

    public var description: String { identifier }

    /// The usual file name extension, e.g. `png`.
    public var preferredFilenameExtension: String? { UniformType.preferredExtension(for: identifier) }

    /// The usual MIME type, e.g. `image/png`; nil for a type that has none.
    public var preferredMIMEType: String? {
        let mimeType = UniformType.mimeType(for: identifier)
        return mimeType == "application/octet-stream" && identifier != "public.data" ? nil : mimeType
    }

    /// The types this one directly and indirectly conforms to, itself left out.
    public var supertypes: Set<UTType> {
        var found: Set<String> = []
        var pending = Self.parents(of: identifier)
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += Self.parents(of: next)
        }
        return Set(found.map(UTType.init(known:)))
    }

    /// Whether this type is `type` or conforms to it (a PNG conforms to an image and to data).
    public func conforms(to type: UTType) -> Bool { self == type || supertypes.contains(type) }

    /// Whether `type` conforms to this one.
    public func isSupertype(of type: UTType) -> Bool { type.conforms(to: self) }

    /// Whether this one conforms to `type` and isn't it.
    public func isSubtype(of type: UTType) -> Bool { self != type && conforms(to: type) }

    public init(from decoder: any Decoder) throws {
        identifier = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }

    // MARK: The types

    public static let item = UTType(known: "public.item")
    public static let content = UTType(known: "public.content")
    public static let compositeContent = UTType(known: "public.composite-content")
    public static let data = UTType(known: "public.data")
    public static let text = UTType(known: "public.text")
    public static let plainText = UTType(known: "public.plain-text")
    public static let utf8PlainText = UTType(known: "public.utf8-plain-text")
    public static let json = UTType(known: "public.json")
    public static let xml = UTType(known: "public.xml")
    public static let html = UTType(known: "public.html")
    public static let commaSeparatedText = UTType(known: "public.comma-separated-values-text")
    public static let rtf = UTType(known: "public.rtf")
    public static let sourceCode = UTType(known: "public.source-code")
    public static let script = UTType(known: "public.script")
    public static let shellScript = UTType(known: "public.shell-script")
    public static let pythonScript = UTType(known: "public.python-script")
    public static let swiftSource = UTType(known: "public.swift-source")
    public static let propertyList = UTType(known: "com.apple.property-list")
    public static let vCard = UTType(known: "public.vcard")
    public static let image = UTType(known: "public.image")
    public static let png = UTType(known: "public.png")
    public static let jpeg = UTType(known: "public.jpeg")
    public static let gif = UTType(known: "com.compuserve.gif")
    public static let heic = UTType(known: "public.heic")
    public static let webP = UTType(known: "org.webmproject.webp")
    public static let svg = UTType(known: "public.svg-image")
    public static let tiff = UTType(known: "public.tiff")
    public static let bmp = UTType(known: "com.microsoft.bmp")
    public static let pdf = UTType(known: "com.adobe.pdf")
    public static let audiovisualContent = UTType(known: "public.audiovisual-content")
    public static let audio = UTType(known: "public.audio")
    public static let mp3 = UTType(known: "public.mp3")
    public static let mpeg4Audio = UTType(known: "com.apple.m4a-audio")
    public static let wav = UTType(known: "com.microsoft.waveform-audio")
    public static let movie = UTType(known: "public.movie")
    public static let video = UTType(known: "public.video")
    public static let mpeg4Movie = UTType(known: "public.mpeg-4")
    public static let quickTimeMovie = UTType(known: "com.apple.quicktime-movie")
    public static let archive = UTType(known: "public.archive")
    public static let zip = UTType(known: "public.zip-archive")
    public static let diskImage = UTType(known: "public.disk-image")
    public static let directory = UTType(known: "public.directory")
    public static let folder = UTType(known: "public.folder")
    public static let url = UTType(known: "public.url")
    public static let fileURL = UTType(known: "public.file-url")

    // MARK: Conformance

    /// Each known type's direct parents, as Apple declares them.
    private static let known: [String: [String]] = [
        "public.content": ["public.item"], "public.data": ["public.item"],
        "public.composite-content": ["public.content"],
        "public.text": ["public.data", "public.content"], "public.plain-text": ["public.text"],
        "public.utf8-plain-text": ["public.plain-text"], "public.json": ["public.text"], "public.xml": ["public.text"],
        "public.html": ["public.text"], "public.comma-separated-values-text": ["public.text"], "public.rtf": ["public.text"],
        "net.daringfireball.markdown": ["public.plain-text"], "public.source-code": ["public.plain-text"],
        "public.script": ["public.source-code"], "public.shell-script": ["public.script"],
        "public.python-script": ["public.script"], "public.swift-source": ["public.source-code"],
        "public.vcard": ["public.text"], "com.apple.ical.ics": ["public.text"],
        "com.apple.property-list": ["public.data"], "com.apple.shortcut": ["public.data"],
        "public.image": ["public.data", "public.content"], "public.png": ["public.image"], "public.jpeg": ["public.image"],
        "com.compuserve.gif": ["public.image"], "public.heic": ["public.image"], "org.webmproject.webp": ["public.image"],
        "public.svg-image": ["public.image"], "public.tiff": ["public.image"], "com.microsoft.bmp": ["public.image"],
        "com.adobe.pdf": ["public.data", "public.composite-content"],
        "public.audiovisual-content": ["public.data", "public.content"], "public.audio": ["public.audiovisual-content"],
        "public.mp3": ["public.audio"], "com.apple.m4a-audio": ["public.audio"], "com.microsoft.waveform-audio": ["public.audio"],
        "public.movie": ["public.audiovisual-content"], "public.video": ["public.movie"], "public.mpeg-4": ["public.movie"],
        "com.apple.quicktime-movie": ["public.movie"],
        "public.archive": ["public.data"], "public.zip-archive": ["public.archive"], "public.disk-image": ["public.archive"],
        "public.iso-image": ["public.disk-image"],
        "public.directory": ["public.item"], "public.folder": ["public.directory"],
        "public.url": ["public.data"], "public.file-url": ["public.url"],
    ]

    /// The parents apps declared with `UTType(exportedAs:conformingTo:)`.
    private static let declared = Mutex<[String: [String]]>([:])

    private static func parents(of identifier: String) -> [String] {
        if identifier == "public.item" { return [] }
        if let parents = known[identifier] ?? declared.withLock({ $0[identifier] }) { return parents }
        // A type nobody declared here is some data.
        return ["public.data"]
    }
}
