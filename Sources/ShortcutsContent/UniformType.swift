/// Uniform type identifiers for the file types shortcuts pass around, from file name extensions.
///
/// Linux has no type database like macOS's; this table covers what `--output-type` and file
/// content need, and anything else is `public.data`.
public enum UniformType {
    static let byExtension: [String: String] = [
        "txt": "public.plain-text", "text": "public.plain-text", "md": "net.daringfireball.markdown",
        "json": "public.json", "xml": "public.xml", "html": "public.html", "htm": "public.html",
        "csv": "public.comma-separated-values-text", "rtf": "public.rtf", "pdf": "com.adobe.pdf",
        "png": "public.png", "jpg": "public.jpeg", "jpeg": "public.jpeg", "gif": "com.compuserve.gif",
        "heic": "public.heic", "webp": "org.webmproject.webp", "svg": "public.svg-image",
        "mp3": "public.mp3", "m4a": "com.apple.m4a-audio", "wav": "com.microsoft.waveform-audio",
        "mp4": "public.mpeg-4", "mov": "com.apple.quicktime-movie", "zip": "public.zip-archive",
        "sh": "public.shell-script", "py": "public.python-script", "swift": "public.swift-source",
        "plist": "com.apple.property-list", "shortcut": "com.apple.shortcut",
        "vcf": "public.vcard", "ics": "com.apple.ical.ics",
    ]

    /// The identifier for a file name's extension, or `public.data` when it is not known.
    public static func identifier(forFileName name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "public.data" }
        let ext = name[name.index(after: dot)...].lowercased()
        return byExtension[ext] ?? "public.data"
    }

    /// The usual extension for an identifier, e.g. `txt` for `public.plain-text`.
    public static func preferredExtension(for identifier: String) -> String? {
        switch identifier {
        case "public.plain-text", "public.text", "public.utf8-plain-text": return "txt"
        case "public.json": return "json"
        case "public.jpeg": return "jpg"
        default:
            return byExtension.filter { $0.value == identifier }.keys.sorted().first
        }
    }

    /// Whether files of this type hold text.
    public static func isText(_ identifier: String) -> Bool {
        identifier.hasPrefix("public.") && (identifier.contains("text") || identifier.contains("script"))
            || [
                "public.json", "public.xml", "public.html", "net.daringfireball.markdown",
                "public.swift-source", "public.comma-separated-values-text",
            ].contains(identifier)
    }
}
