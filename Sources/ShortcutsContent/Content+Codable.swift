import Foundation

/// Content's JSON form, used wherever content crosses a process boundary (app extensions, the
/// service, MCP). Each value is an object with a `type`:
///
/// ```json
/// {"type": "text", "text": "Hello"}
/// {"type": "number", "number": 42}
/// {"type": "list", "items": [{"type": "boolean", "boolean": true}]}
/// {"type": "dictionary", "entries": [{"key": "a", "value": {"type": "nothing"}}]}
/// {"type": "date", "date": "2026-11-30T12:00:00Z"}
/// {"type": "file", "name": "a.txt", "data": "aGk=", "path": "/tmp/a.txt", "typeIdentifier": "public.plain-text"}
/// {"type": "entity", "entityType": "TaskEntity", "id": "1", "title": "Buy milk", "properties": [...]}
/// ```
extension Content: Codable {
    private enum Keys: String, CodingKey {
        case type, text, number, boolean, date, url, items, entries, name, data, path, typeIdentifier
        case entityType, id, title, subtitle, properties
    }

    private struct Entry: Codable {
        var key: String
        var value: Content
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "nothing": self = .nothing
        case "text": self = .text(try container.decode(String.self, forKey: .text))
        case "number": self = .number(try container.decode(Double.self, forKey: .number))
        case "boolean": self = .boolean(try container.decode(Bool.self, forKey: .boolean))
        case "date":
            let text = try container.decode(String.self, forKey: .date)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: .date, in: container, debugDescription: "not an ISO 8601 date: \(text)")
            }
            self = .date(date)
        case "url":
            let text = try container.decode(String.self, forKey: .url)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorruptedError(forKey: .url, in: container, debugDescription: "not a URL: \(text)")
            }
            self = .url(url)
        case "list": self = .list(try container.decode([Content].self, forKey: .items))
        case "dictionary":
            let entries = try container.decode([Entry].self, forKey: .entries)
            self = .dictionary(ContentDictionary(entries.map { ($0.key, $0.value) }))
        case "file":
            let encoded = try container.decode(String.self, forKey: .data)
            guard let data = Data(base64Encoded: encoded) else {
                throw DecodingError.dataCorruptedError(forKey: .data, in: container, debugDescription: "file data is not base64")
            }
            self = .file(
                FileContent(
                    name: try container.decode(String.self, forKey: .name), data: data,
                    path: try container.decodeIfPresent(String.self, forKey: .path),
                    typeIdentifier: try container.decodeIfPresent(String.self, forKey: .typeIdentifier)))
        case "entity":
            let properties = try container.decodeIfPresent([Entry].self, forKey: .properties) ?? []
            self = .entity(
                EntityContent(
                    typeName: try container.decode(String.self, forKey: .entityType),
                    identifier: try container.decode(String.self, forKey: .id),
                    displayTitle: try container.decode(String.self, forKey: .title),
                    subtitle: try container.decodeIfPresent(String.self, forKey: .subtitle),
                    properties: ContentDictionary(properties.map { ($0.key, $0.value) })))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown content type \(type)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .nothing: try container.encode("nothing", forKey: .type)
        case .text(let text):
            try container.encode("text", forKey: .type)
            try container.encode(text, forKey: .text)
        case .number(let number):
            try container.encode("number", forKey: .type)
            try container.encode(number, forKey: .number)
        case .boolean(let value):
            try container.encode("boolean", forKey: .type)
            try container.encode(value, forKey: .boolean)
        case .date(let date):
            try container.encode("date", forKey: .type)
            try container.encode(ISO8601.string(from: date), forKey: .date)
        case .url(let url):
            try container.encode("url", forKey: .type)
            try container.encode(url.absoluteString, forKey: .url)
        case .list(let items):
            try container.encode("list", forKey: .type)
            try container.encode(items, forKey: .items)
        case .dictionary(let dictionary):
            try container.encode("dictionary", forKey: .type)
            try container.encode(dictionary.map { Entry(key: $0.0, value: $0.1) }, forKey: .entries)
        case .file(let file):
            try container.encode("file", forKey: .type)
            try container.encode(file.name, forKey: .name)
            try container.encode(file.data.base64EncodedString(), forKey: .data)
            try container.encodeIfPresent(file.path, forKey: .path)
            try container.encodeIfPresent(file.typeIdentifier, forKey: .typeIdentifier)
        case .entity(let entity):
            try container.encode("entity", forKey: .type)
            try container.encode(entity.typeName, forKey: .entityType)
            try container.encode(entity.identifier, forKey: .id)
            try container.encode(entity.displayTitle, forKey: .title)
            try container.encodeIfPresent(entity.subtitle, forKey: .subtitle)
            try container.encode(entity.properties.map { Entry(key: $0.0, value: $0.1) }, forKey: .properties)
        }
    }
}

/// ISO 8601 dates with an explicit offset, as the wire formats write them.
public enum ISO8601 {
    /// `2026-11-30T12:00:00Z`; fractional seconds are kept when present.
    public static func string(from date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions =
            date.timeIntervalSinceReferenceDate.rounded() == date.timeIntervalSinceReferenceDate
            ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Reads a date with time and offset, with or without fractional seconds, or a bare `YYYY-MM-DD`.
    public static func date(from text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
