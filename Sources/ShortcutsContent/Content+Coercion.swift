import Foundation

extension Content {
    /// The content as a number, or `nil` when it has none: text is parsed (allowing thousands
    /// separators and surrounding spaces), booleans are 1 and 0, a date is seconds since 1970.
    public var number: Double? {
        switch self {
        case .number(let number): return number
        case .boolean(let value): return value ? 1 : 0
        case .text(let string): return NumberParser.parse(string)
        case .date(let date): return date.timeIntervalSince1970
        case .list(let items): return items.first?.number
        case .file: return NumberParser.parse(text)
        case .entity(let entity):
            // A measurement's number is its amount.
            if let magnitude = entity.properties["Magnitude"], case .number(let number) = magnitude { return number }
            return NumberParser.parse(entity.displayTitle)
        case .nothing, .url, .dictionary: return nil
        }
    }

    /// The content as a Boolean: true, yes, 1 and non-zero numbers are true.
    public var boolean: Bool? {
        switch self {
        case .boolean(let value): return value
        case .number(let number): return number != 0
        case .text(let string):
            switch string.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            case "true", "yes", "1", "on": return true
            case "false", "no", "0", "off", "": return false
            default: return nil
            }
        case .list(let items): return items.first?.boolean
        default: return nil
        }
    }

    /// The content as a date: dates as they are, text parsed as a date, numbers as seconds since 1970.
    public var date: Date? {
        switch self {
        case .date(let date): return date
        case .text(let string): return DateParser.parse(string)
        case .number(let number): return Date(timeIntervalSince1970: number)
        case .list(let items): return items.first?.date
        default: return nil
        }
    }

    /// The content as a URL: URLs, text that is a URL (a bare domain gets `https://`), files' paths.
    public var url: URL? {
        switch self {
        case .url(let url): return url
        case .text(let string):
            let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, !trimmed.contains(" ") else { return nil }
            if let url = URL(string: trimmed), url.scheme != nil { return url }
            if trimmed.contains("."), let url = URL(string: "https://" + trimmed) { return url }
            return nil
        case .file(let file): return file.path.map { URL(fileURLWithPath: $0) }
        case .list(let items): return items.first?.url
        default: return nil
        }
    }

    /// The content as a dictionary: dictionaries as they are, text parsed as JSON, an entity's properties.
    public var dictionary: ContentDictionary? {
        switch self {
        case .dictionary(let dictionary): return dictionary
        case .text, .file:
            guard case .dictionary(let parsed)? = JSONBridge.parse(text) else { return nil }
            return parsed
        case .entity(let entity): return entity.properties
        case .list(let items): return items.first?.dictionary
        default: return nil
        }
    }

    /// The content as a file: files as they are, anything else as a text file named after `name`.
    public func file(named name: String = "Text") -> FileContent {
        if case .file(let file) = self { return file }
        let fileName = name.contains(".") ? name : name + ".txt"
        let text: String = {
            if case .dictionary = self { return JSONBridge.text(of: self) }
            return self.text
        }()
        return FileContent(name: fileName, data: Data(text.utf8))
    }

    /// Converts content to a content class, as a coercion aggrandizement or `--output-type` asks.
    ///
    /// Items that can't be converted are dropped, as Shortcuts does.
    public func coerced(to contentClass: ContentClass) -> Content {
        if case .list(let items) = self {
            return .list(items.map { $0.coerced(to: contentClass) }.filter { !$0.isNothing })
        }
        switch contentClass {
        case .text, .richText: return .text(text)
        case .number: return number.map(Content.number) ?? .nothing
        case .boolean: return boolean.map(Content.boolean) ?? .nothing
        case .date: return date.map(Content.date) ?? .nothing
        case .url, .safariWebPage: return url.map(Content.url) ?? .nothing
        case .dictionary: return dictionary.map(Content.dictionary) ?? .nothing
        case .file, .folder, .pdf, .image, .media: return .file(file())
        default: return self
        }
    }
}

/// Parses numbers the way people write them in text.
public enum NumberParser {
    /// Reads a number from text such as `42`, ` -3.5 `, `1e3`, or as the region writes numbers
    /// (`1,234.5` in English, `1.234,5` in German); `nil` if it is not one. The plain form with a
    /// point always reads, so numbers from services and files mean the same everywhere.
    public static func parse(_ text: String, locale: Locale = DateContext.locale.numbers) -> Double? {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        if let value = Double(trimmed) { return value }
        if trimmed.hasPrefix("+") { trimmed.removeFirst() }
        let decimal = locale.decimalSeparator ?? "."
        let grouping = locale.groupingSeparator ?? ","
        // Grouping marks: the region's, and the spaces some regions group with.
        let marks: Set<Character> = Set(grouping).union([" ", "\u{00A0}", "\u{202F}", "_", "'", "’"])
        if decimal == "." {
            trimmed.removeAll { $0 == "," || marks.contains($0) }
            return Double(trimmed)
        }
        trimmed.removeAll { marks.contains($0) }
        return Double(trimmed.replacingOccurrences(of: decimal, with: "."))
    }
}
