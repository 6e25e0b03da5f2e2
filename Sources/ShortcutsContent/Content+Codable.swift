import Foundation
import PropertyList

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
///
/// The forms every message uses (`2026-11-30T12:00:00Z`, with milliseconds or an offset, and
/// `2026-11-30`) are written and read here directly; making an `ISO8601DateFormatter` costs
/// about 100 µs, more than a whole app action call. Anything else goes to the formatter. The
/// results are the formatter's to the millisecond (`ISO8601Tests` compares them).
public enum ISO8601 {
    /// `2026-11-30T12:00:00Z`; fractional seconds are kept when present (to the millisecond).
    public static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        let isWhole = seconds.rounded() == seconds
        // Halves round up, toward the future, as the formatter rounds them.
        if let text = CivilTime.text(millisecondsSince1970: (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down), fraction: !isWhole) {
            return text
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = isWhole ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Reads a date with time and offset, with or without fractional seconds, or a bare `YYYY-MM-DD`.
    public static func date(from text: String) -> Date? {
        if let milliseconds = CivilTime.millisecondsSince1970(parsing: text) {
            return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
        let formatter = ISO8601DateFormatter()
        // The formatter's full date alone would also take the start of "2030-01-02 09:00" and
        // drop the time, so a bare date must be nothing more (others go on to the date parser).
        let bareDate = text.utf8.count == 10
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
        ] + (bareDate ? [[.withFullDate]] : []) {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

/// Dates as year, month, day and time in UTC, on the proleptic Gregorian calendar, for the
/// years 1600 to 9999 (outside them the formatter decides).
enum CivilTime {
    /// The UTC text of a time given in milliseconds since 1970, or nil outside the years handled.
    static func text(millisecondsSince1970: Double, fraction: Bool) -> String? {
        guard millisecondsSince1970.isFinite, abs(millisecondsSince1970) < 1e15 else { return nil }
        let total = Int64(millisecondsSince1970)
        let (dayNumber, inDay) = total.floorDivided(by: 86_400_000)
        let (year, month, day) = CivilDate.date(days: dayNumber)
        guard (1600...9999).contains(year) else { return nil }
        var text = ""
        text.reserveCapacity(24)
        append(year, digits: 4, to: &text)
        text += "-"
        append(month, digits: 2, to: &text)
        text += "-"
        append(day, digits: 2, to: &text)
        text += "T"
        append(inDay / 3_600_000, digits: 2, to: &text)
        text += ":"
        append(inDay / 60_000 % 60, digits: 2, to: &text)
        text += ":"
        append(inDay / 1000 % 60, digits: 2, to: &text)
        if fraction {
            text += "."
            append(inDay % 1000, digits: 3, to: &text)
        }
        text += "Z"
        return text
    }

    /// Milliseconds since 1970 of `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`
    /// (the fraction cut to milliseconds, as the formatter does); nil for any other text.
    static func millisecondsSince1970(parsing text: String) -> Int64? {
        var text = text
        return text.withUTF8 { bytes -> Int64? in
            func number(_ start: Int, _ count: Int) -> Int64? {
                guard start + count <= bytes.count else { return nil }
                var value: Int64 = 0
                for index in start..<start + count {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int64(digit)
                }
                return value
            }
            guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                (1600...9999).contains(year), (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day)
            else { return nil }
            let days = CivilDate.days(year: year, month: month, day: day)
            if bytes.count == 10 { return days * 86_400_000 }
            guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2), hour < 24, minute < 60, second < 60
            else { return nil }
            var position = 19
            var milliseconds: Int64 = 0
            if bytes[position] == UInt8(ascii: ".") {
                position += 1
                var digits = 0
                while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 {
                    if digits < 3 { milliseconds = milliseconds * 10 + Int64(bytes[position] &- UInt8(ascii: "0")) }
                    digits += 1
                    position += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, 3) { milliseconds *= 10 }
            }
            guard position < bytes.count else { return nil }
            var offsetMinutes: Int64 = 0
            switch bytes[position] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                guard position + 1 == bytes.count else { return nil }
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard position + 6 == bytes.count, bytes[position + 3] == UInt8(ascii: ":"),
                    let hours = number(position + 1, 2), let minutes = number(position + 4, 2), hours < 24, minutes < 60
                else { return nil }
                offsetMinutes = (hours * 60 + minutes) * (bytes[position] == UInt8(ascii: "-") ? -1 : 1)
            default: return nil
            }
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
            return seconds * 1000 + milliseconds
        }
    }

    private static func append(_ value: Int64, digits: Int, to text: inout String) {
        let written = String(value)
        if written.count < digits { text += String(repeating: "0", count: digits - written.count) }
        text += written
    }
}

extension Int64 {
    /// The quotient rounded down and the remainder that goes with it (never negative).
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
