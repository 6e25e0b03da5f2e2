/// Uniform type identifiers for the file types shortcuts pass around, with their file name
/// extensions and MIME types, in one table that file names, downloads, uploads, `--output-type`
/// and MCP's resources all read.
///
/// Linux has no type database like macOS's; this table covers the types shortcuts meet, and
/// anything else is `public.data` (`application/octet-stream`).
public enum UniformType {
    /// One type: its identifier, its extensions (the preferred first) and MIME types (the
    /// preferred first).
    struct Entry {
        var identifier: String
        var extensions: [String]
        var mimeTypes: [String]
    }

    static let table: [Entry] = [
        Entry(identifier: "public.plain-text", extensions: ["txt", "text"], mimeTypes: ["text/plain"]),
        Entry(identifier: "net.daringfireball.markdown", extensions: ["md", "markdown"], mimeTypes: ["text/markdown"]),
        Entry(identifier: "public.json", extensions: ["json"], mimeTypes: ["application/json", "text/json"]),
        Entry(identifier: "public.xml", extensions: ["xml"], mimeTypes: ["application/xml", "text/xml"]),
        Entry(identifier: "public.html", extensions: ["html", "htm"], mimeTypes: ["text/html"]),
        Entry(identifier: "public.comma-separated-values-text", extensions: ["csv"], mimeTypes: ["text/csv"]),
        Entry(identifier: "public.rtf", extensions: ["rtf"], mimeTypes: ["application/rtf", "text/rtf"]),
        Entry(identifier: "com.adobe.pdf", extensions: ["pdf"], mimeTypes: ["application/pdf"]),
        Entry(identifier: "public.png", extensions: ["png"], mimeTypes: ["image/png"]),
        Entry(identifier: "public.jpeg", extensions: ["jpg", "jpeg"], mimeTypes: ["image/jpeg"]),
        Entry(identifier: "com.compuserve.gif", extensions: ["gif"], mimeTypes: ["image/gif"]),
        Entry(identifier: "public.heic", extensions: ["heic"], mimeTypes: ["image/heic"]),
        Entry(identifier: "org.webmproject.webp", extensions: ["webp"], mimeTypes: ["image/webp"]),
        Entry(identifier: "public.svg-image", extensions: ["svg"], mimeTypes: ["image/svg+xml"]),
        Entry(identifier: "public.mp3", extensions: ["mp3"], mimeTypes: ["audio/mpeg"]),
        Entry(identifier: "com.apple.m4a-audio", extensions: ["m4a"], mimeTypes: ["audio/mp4"]),
        Entry(identifier: "com.microsoft.waveform-audio", extensions: ["wav"], mimeTypes: ["audio/wav", "audio/x-wav"]),
        Entry(identifier: "public.mpeg-4", extensions: ["mp4"], mimeTypes: ["video/mp4"]),
        Entry(identifier: "com.apple.quicktime-movie", extensions: ["mov"], mimeTypes: ["video/quicktime"]),
        Entry(identifier: "public.zip-archive", extensions: ["zip"], mimeTypes: ["application/zip"]),
        Entry(identifier: "public.iso-image", extensions: ["iso"], mimeTypes: ["application/x-iso9660-image"]),
        Entry(identifier: "public.shell-script", extensions: ["sh"], mimeTypes: ["application/x-sh"]),
        Entry(identifier: "public.python-script", extensions: ["py"], mimeTypes: ["text/x-python"]),
        Entry(identifier: "public.swift-source", extensions: ["swift"], mimeTypes: ["text/x-swift"]),
        Entry(identifier: "com.apple.property-list", extensions: ["plist"], mimeTypes: ["application/x-plist"]),
        Entry(identifier: "com.apple.shortcut", extensions: ["shortcut"], mimeTypes: ["application/x-shortcut"]),
        Entry(identifier: "public.vcard", extensions: ["vcf"], mimeTypes: ["text/vcard"]),
        Entry(identifier: "com.apple.ical.ics", extensions: ["ics"], mimeTypes: ["text/calendar"]),
    ]

    private static let byIdentifier = Dictionary(uniqueKeysWithValues: table.map { ($0.identifier, $0) })
    private static let byExtension = index(\.extensions)
    private static let byMIMEType = index(\.mimeTypes)

    /// Identifiers by each of their extensions or MIME types; the first entry wins a clash.
    private static func index(_ names: KeyPath<Entry, [String]>) -> [String: String] {
        Dictionary(table.flatMap { entry in entry[keyPath: names].map { ($0, entry.identifier) } }, uniquingKeysWith: { first, _ in first })
    }
    /// Other names of plain text.
    private static let textAliases: Set<String> = ["public.text", "public.utf8-plain-text"]

    /// Every identifier in the table, plus `public.text`, `public.utf8-plain-text` and
    /// `public.data`, in the table's order.
    public static var knownIdentifiers: [String] {
        table.map(\.identifier) + textAliases.sorted() + ["public.data"]
    }

    /// Every extension in the table, in the table's order.
    public static var knownExtensions: [String] { table.flatMap(\.extensions) }

    /// The identifier for a file name's extension, or `public.data` when it is not known.
    public static func identifier(forFileName name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "public.data" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "public.data"
    }

    /// The identifier for a MIME type (parameters such as `; charset=utf-8` ignored): a known
    /// type, `public.json` for `…+json`, `public.plain-text` for other `text/…`, else `public.data`.
    public static func identifier(forMIMEType mimeType: String) -> String {
        let bare = mimeType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if let identifier = byMIMEType[bare] { return identifier }
        if bare.hasSuffix("+json") { return "public.json" }
        if bare.hasPrefix("text/") { return "public.plain-text" }
        return "public.data"
    }

    /// The usual extension for an identifier, e.g. `txt` for `public.plain-text`.
    public static func preferredExtension(for identifier: String) -> String? {
        byIdentifier[textAliases.contains(identifier) ? "public.plain-text" : identifier]?.extensions.first
    }

    /// The MIME type for an identifier: the table's, `text/plain` for other text, else
    /// `application/octet-stream`.
    public static func mimeType(for identifier: String) -> String {
        if let known = byIdentifier[textAliases.contains(identifier) ? "public.plain-text" : identifier]?.mimeTypes.first {
            return known
        }
        return isText(identifier) ? "text/plain" : "application/octet-stream"
    }

    /// Whether files of this type hold text.
    public static func isText(_ identifier: String) -> Bool {
        identifier.hasPrefix("public.") && (identifier.contains("text") || identifier.contains("script"))
            || [
                "public.json", "public.xml", "public.html", "net.daringfireball.markdown",
                "public.swift-source", "public.comma-separated-values-text", "public.vcard", "com.apple.ical.ics",
            ].contains(identifier)
    }

    /// The broad kinds of file the content graph tells apart (Apple's `public.image`,
    /// `com.adobe.pdf`, `public.audio`, `public.movie`, `public.folder`, `public.text`).
    public enum Family: String, Sendable {
        case image = "public.image", pdf = "com.adobe.pdf", audio = "public.audio", movie = "public.movie"
        case folder = "public.folder", text = "public.text"
    }

    private static let families: [String: Family] = [
        "public.png": .image, "public.jpeg": .image, "com.compuserve.gif": .image, "public.heic": .image,
        "org.webmproject.webp": .image, "public.svg-image": .image, "public.tiff": .image, "com.microsoft.bmp": .image,
        "public.image": .image, "com.adobe.pdf": .pdf, "public.mp3": .audio, "com.apple.m4a-audio": .audio,
        "com.microsoft.waveform-audio": .audio, "public.audio": .audio, "public.mpeg-4": .movie,
        "com.apple.quicktime-movie": .movie, "public.movie": .movie, "public.folder": .folder,
    ]

    /// Whether a type is of a family: `public.png` is an image, `public.json` is text.
    public static func conforms(_ identifier: String, to family: Family) -> Bool {
        if family == .text { return isText(identifier) }
        return families[identifier] == family || identifier == family.rawValue
    }
}
