import Foundation
import Markup
import PropertyList
import ShortcutsContent

/// Shortcuts' content graph: how content of one class becomes another when an action or a
/// variable's *Get as* asks for it. Every conversion a run makes goes through here: the
/// aggrandizements (``RunContext``) and the actions' inputs (``RunContext/convert(_:to:parameter:)``).
///
/// The conversions follow Apple's content item classes:
///
/// | from | to |
/// |---|---|
/// | URL (`http`, `https`) | file, rich text, dictionary, image, PDF, media: *downloaded* (Get Contents of URL's rules); text: the URL |
/// | URL (`file`) | the file it names, as far as the run may read it |
/// | text | URL (the links it holds), number and date (as the region writes them), dictionary (JSON, a property list, or `key=value&…`), email addresses, phone numbers, a text file |
/// | file | text (by its encoding), dictionary (`.json`, `.plist`, or text that is one), image/PDF/media when it is one, URL (`file://`) |
/// | dictionary | text (JSON), a JSON file |
/// | number, date, Boolean | text, and each other where Apple allows |
/// | list | each item converted |
///
/// A conversion that can't happen is a ``ContentConversionError`` naming the class the item had
/// and the class it needed; an aggrandizement drops such items, as Shortcuts does.
public struct ContentGraph: Sendable {
    /// Downloads an `http` or `https` URL as a file: the live one follows redirects and names and
    /// types the file from the response, as Get Contents of URL does.
    public typealias Download = @Sendable (URL) throws -> FileContent
    /// Reads the file at a path, once the run may.
    public typealias ReadFile = @Sendable (String) throws -> FileContent

    /// A document's pages as images (a PDF's), where the run can draw them; nil: it can't.
    public typealias PageImages = @Sendable (FileContent) throws -> [FileContent]

    let download: Download?
    let readFile: ReadFile
    let pageImages: PageImages?

    public init(download: Download?, pageImages: PageImages? = nil, readFile: @escaping ReadFile) {
        self.download = download
        self.pageImages = pageImages
        self.readFile = readFile
    }

    /// Converts every item of `content` to `target`.
    ///
    /// - Throws: ``ContentConversionError`` for the first item that can't be converted, or when a
    ///   download or a read fails.
    public func convert(_ content: Content, to target: ContentClass) throws(ContentConversionError) -> Content {
        if case .list(let items) = content {
            var converted: [Content] = []
            for item in items { converted += try convertItem(item, to: target) }
            return .list(converted)
        }
        return Content(items: try convertItem(content, to: target))
    }

    /// Converts what can be converted and drops the rest, as a *Get as* aggrandizement does. A
    /// failed download or read still throws: that is not a question of classes.
    public func coerce(_ content: Content, to target: ContentClass) throws(ContentConversionError) -> Content {
        var converted: [Content] = []
        for item in content.items {
            do throws(ContentConversionError) {
                converted += try convertItem(item, to: target)
            } catch  where error.isRefusal {
                continue
            }
        }
        if case .list = content { return .list(converted) }
        return Content(items: converted)
    }

    // MARK: One item

    func convertItem(_ item: Content, to target: ContentClass) throws(ContentConversionError) -> [Content] {
        if case .nothing = item { return [] }
        if case .url(let url) = item, let fetched = try fetched(url, for: target) {
            return try convertItem(.file(fetched), to: target)
        }
        switch target {
        case .text:
            return [.text(item.text)]
        case .richText:
            if case .file(let file) = item, UniformType.conforms(file.typeIdentifier ?? "", to: .text) { return [item] }
            return [.text(item.text)]
        case .number:
            return [.number(try required(item.number, item, target))]
        case .boolean:
            return [.boolean(try required(item.boolean, item, target))]
        case .date:
            return [.date(try required(item.date, item, target))]
        case .url, .safariWebPage:
            return try urls(of: item, target)
        case .dictionary:
            return try dictionaries(of: item)
        case .file:
            return [.file(item.file())]
        case .image:
            // A PDF needed as an image is its pages, each an image, as on Apple's.
            if case .file(let document) = item, let pageImages, UniformType.conforms(Self.type(of: document), to: .pdf) {
                do {
                    return try pageImages(document).map(Content.file)
                } catch {
                    throw .failed("can't draw the pages of \(document.name) as images: \(Self.reason(error))", underlying: error)
                }
            }
            return [.file(try file(of: item, target))]
        case .folder, .pdf, .media:
            return [.file(try file(of: item, target))]
        case .emailAddress:
            let found = TextScanner.emailAddresses(in: addressText(item, scheme: "mailto:"))
            guard !found.isEmpty else { throw .refused(had: item, needed: target) }
            return found.map(Content.text)
        case .phoneNumber:
            let found = TextScanner.phoneNumbers(in: addressText(item, scheme: "tel:"))
            guard !found.isEmpty else { throw .refused(had: item, needed: target) }
            return found.map(Content.text)
        case .location, .mapsLink:
            // A place is its address here; geocoding is the location actions' job.
            switch item {
            case .text, .entity, .dictionary: return [item]
            default: throw .refused(had: item, needed: target)
            }
        case .article:
            if case .text = item { return try urls(of: item, .url).map { url throws(ContentConversionError) in try article(of: url) } }
            return [try article(of: item)]
        case .contact, .appStoreApp, .iTunesProduct:
            return [item]
        }
    }

    /// An item as an article, as Safari Reader finds it (``Readability``): a web page's URL
    /// downloaded, or rich text (an HTML file) read; an article stays as it is.
    private func article(of item: Content) throws(ContentConversionError) -> Content {
        switch item {
        case .entity(let entity) where entity.typeName == "Article":
            return item
        case .url(let url):
            guard let page = try fetched(url, for: .file) else { throw .refused(had: item, needed: .article) }
            return try article(of: page, url: url)
        case .file(let file) where file.isRichText:
            return try article(of: file, url: file.path.map { URL(fileURLWithPath: $0) })
        default:
            throw .refused(had: item, needed: .article)
        }
    }

    private func article(of page: FileContent, url: URL?) throws(ContentConversionError) -> Content {
        do throws(MarkupError) {
            return Content.article(from: try HTMLDocument.parse(page.data), url: url)
        } catch {
            throw .failed("can't read \(url?.absoluteString ?? page.name) as a web page: \(error.description)", underlying: error)
        }
    }

    /// What a URL is for a class that needs its contents: the downloaded (or read) file; `nil`
    /// when the class takes the URL itself.
    private func fetched(_ url: URL, for target: ContentClass) throws(ContentConversionError) -> FileContent? {
        switch target {
        case .file, .richText, .dictionary, .image, .pdf, .media, .folder: break
        default: return nil
        }
        switch url.scheme?.lowercased() {
        case "http", "https":
            guard let download else {
                throw .failed("can't download \(url.absoluteString) to use it as \(target.article): this run has no network")
            }
            do {
                return try download(url)
            } catch {
                throw .failed("can't download \(url.absoluteString): \(Self.reason(error))", underlying: error)
            }
        case "file":
            do {
                return try readFile(url.path)
            } catch {
                throw .failed(Self.reason(error), underlying: error)
            }
        default:
            return nil
        }
    }

    private func required<T>(_ value: T?, _ item: Content, _ target: ContentClass) throws(ContentConversionError) -> T {
        guard let value else { throw .refused(had: item, needed: target) }
        return value
    }

    private func urls(of item: Content, _ target: ContentClass) throws(ContentConversionError) -> [Content] {
        switch item {
        case .url: return [item]
        case .file(let file):
            if let path = file.path { return [.url(URL(fileURLWithPath: path))] }
        case .text(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.contains(where: \.isWhitespace), trimmed.contains(":"), let url = URL(string: trimmed), url.scheme != nil {
                return [.url(url)]
            }
            let links = TextScanner.links(in: text)
            if !links.isEmpty { return links.map(Content.url) }
        default: break
        }
        throw .refused(had: item, needed: target)
    }

    private func dictionaries(of item: Content) throws(ContentConversionError) -> [Content] {
        switch item {
        case .dictionary: return [item]
        case .entity(let entity): return [.dictionary(entity.properties)]
        case .text(let text):
            if let parsed = Self.dictionary(fromText: text) { return parsed }
        case .file(let file):
            if let type = file.typeIdentifier, type == "com.apple.property-list" || file.data.starts(with: Array("bplist".utf8)),
                let parsed = Self.dictionary(fromPropertyList: file.data)
            {
                return parsed
            }
            if let text = TextDecoding.textIfText(of: file.data), let parsed = Self.dictionary(fromText: text) { return parsed }
        default: break
        }
        switch item {
        case .text, .file:
            throw .refused(had: item, needed: .dictionary, because: "it is not JSON, a property list or key=value pairs")
        default:
            throw .refused(had: item, needed: .dictionary)
        }
    }

    /// A dictionary (or a list of them) from text: JSON, an XML property list, or a query string
    /// (`a=1&b=two`, values percent-decoded) as Apple reads one.
    static func dictionary(fromText text: String) -> [Content]? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let parsed = JSONBridge.parse(trimmed) {
            switch parsed {
            case .dictionary: return [parsed]
            case .list(let items) where !items.isEmpty && items.allSatisfy({ if case .dictionary = $0 { true } else { false } }):
                return items
            default: break
            }
        }
        if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<plist"), let parsed = dictionary(fromPropertyList: Data(trimmed.utf8)) {
            return parsed
        }
        return queryDictionary(trimmed).map { [.dictionary($0)] }
    }

    /// `key=value` pairs joined by `&` (a leading `?` allowed); `nil` unless every pair has a key.
    static func queryDictionary(_ text: String) -> ContentDictionary? {
        var body = Substring(text)
        if body.hasPrefix("?") { body = body.dropFirst() }
        guard body.contains("="), !body.contains(where: \.isNewline) else { return nil }
        var dictionary = ContentDictionary()
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            guard let key = parts.first.map(decode), !key.isEmpty, !key.contains(where: \.isWhitespace) else { return nil }
            dictionary[key] = .text(parts.count == 2 ? decode(parts[1]) : "")
        }
        return dictionary.isEmpty ? nil : dictionary
    }

    static func dictionary(fromPropertyList data: Data) -> [Content]? {
        guard let (value, _) = try? PropertyList.decode(data) else { return nil }
        switch content(of: value) {
        case .dictionary(let dictionary): return [.dictionary(dictionary)]
        case .list(let items) where items.allSatisfy({ if case .dictionary = $0 { true } else { false } }): return items
        default: return nil
        }
    }

    /// A property list value as content: dictionaries keep their order, data becomes a file.
    static func content(of value: PropertyListValue) -> Content {
        switch value {
        case .string(let string): return .text(string)
        case .integer(let number): return .number(Double(number))
        case .real(let number): return .number(number)
        case .boolean(let flag): return .boolean(flag)
        case .date(let date): return .date(date)
        case .data(let data): return .file(FileContent(name: "Data", data: data))
        case .array(let items): return .list(items.map(content(of:)))
        case .dictionary(let dictionary):
            var result = ContentDictionary()
            for (key, item) in dictionary { result[key] = content(of: item) }
            return .dictionary(result)
        case .uid(let uid): return .number(Double(uid))
        }
    }

    private func file(of item: Content, _ target: ContentClass) throws(ContentConversionError) -> FileContent {
        guard case .file(let file) = item else { throw .refused(had: item, needed: target) }
        let type = Self.type(of: file)
        let family: UniformType.Family =
            switch target {
            case .image: .image
            case .pdf: .pdf
            case .folder: .folder
            default: .audio
            }
        let fits =
            target == .media
            ? UniformType.conforms(type, to: .audio) || UniformType.conforms(type, to: .movie)
            : UniformType.conforms(type, to: family)
        guard fits else { throw .refused(had: item, needed: target) }
        return file
    }

    /// A file's type: the one it carries, else its name's.
    static func type(of file: FileContent) -> String { file.typeIdentifier ?? UniformType.identifier(forFileName: file.name) }

    /// The text an email address or phone number is looked for in: a `mailto:` or `tel:` URL's
    /// address, or the item's text.
    private func addressText(_ item: Content, scheme: String) -> String {
        if case .url(let url) = item, url.absoluteString.lowercased().hasPrefix(scheme) {
            return String(url.absoluteString.dropFirst(scheme.count)).removingPercentEncoding ?? url.absoluteString
        }
        return item.text
    }

    static func reason(_ error: any Error) -> String {
        if let failure = error as? ActionFailure { return failure.message }
        return "\(error)"
    }
}

/// Why content could not become the class an action or *Get as* needed.
public struct ContentConversionError: Error, Sendable, CustomStringConvertible {
    /// The class name of what the item was (`Number`, `File (public.png)`…), for a refusal.
    public var had: String?
    /// The class it needed, for a refusal.
    public var needed: ContentClass?
    public var message: String
    public var underlying: (any Error & Sendable)?

    /// Whether the classes don't convert (rather than a download or read failing).
    public var isRefusal: Bool { needed != nil }

    static func refused(had item: Content, needed: ContentClass, because reason: String? = nil) -> ContentConversionError {
        let had: String =
            switch item {
            case .file(let file): "File" + (file.typeIdentifier.map { " (\($0))" } ?? "")
            default: item.typeName
            }
        // A file is shown by its name, not its contents.
        let shown: String =
            if case .file(let file) = item { TextExcerpt.safe(file.name, limit: 60) } else {
                TextExcerpt.safe(String(item.text.prefix(60)), limit: 60)
            }
        return ContentConversionError(
            had: had, needed: needed, message: "can't use \(had) \"\(shown)\" as \(needed.article)" + (reason.map { ": " + $0 } ?? ""),
            underlying: nil)
    }

    static func failed(_ message: String, underlying: (any Error)? = nil) -> ContentConversionError {
        ContentConversionError(had: nil, needed: nil, message: message, underlying: underlying)
    }

    public var description: String { message }
}

extension ContentConversionError {
    /// The action failure this conversion is: the code of what failed under it (a file the run
    /// may not read is ``RunError/Code/notPermitted``), naming `parameter`.
    public func failure(parameter: String?) -> ActionFailure {
        ActionFailure(message, parameter: parameter, code: (underlying as? ActionFailure)?.code ?? .actionFailed, underlying: self)
    }
}

extension ContentClass {
    /// The class with its article, as a message names it: "a Dictionary", "an Image".
    public var article: String {
        let name: String =
            switch self {
            case .image: "Image"
            case .pdf: "PDF"
            case .media: "Media"
            case .folder: "Folder"
            case .richText: "Rich Text"
            case .phoneNumber: "Phone Number"
            default: displayName
            }
        return ("AEIOU".contains(name.first ?? "x") ? "an " : "a ") + name
    }
}
