import Foundation
import ShortcutsContent

/// Content in its JSON form (the one `Content+Codable.swift` documents), read and written by hand
/// for the extension protocol: the same text `JSONEncoder` writes and `JSONDecoder` reads, in a
/// fraction of the time. `WireFormatTests` holds the two to the same form.
extension Content: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            switch self {
            case .nothing: writer.member("type", "nothing")
            case .text(let text):
                writer.member("type", "text")
                writer.member("text", text)
            case .number(let number):
                writer.member("type", "number")
                writer.member("number", number)
            case .boolean(let value):
                writer.member("type", "boolean")
                writer.member("boolean", value)
            case .date(let date):
                writer.member("type", "date")
                writer.member("date", ISO8601.string(from: date))
            case .url(let url):
                writer.member("type", "url")
                writer.member("url", url.absoluteString)
            case .list(let items):
                if writer.writesEntityTables, let columns = Self.tableColumns(of: items) {
                    Self.writeTable(items, columns: columns, to: &writer)
                    return
                }
                writer.member("type", "list")
                writer.key("items")
                writer.array { writer in for item in items { item.write(to: &writer) } }
            case .dictionary(let dictionary):
                writer.member("type", "dictionary")
                writer.key("entries")
                Self.write(dictionary, to: &writer)
            case .file(let file):
                writer.member("type", "file")
                writer.member("name", file.name)
                writer.member("data", file.data.base64EncodedString())
                writer.member("path", ifPresent: file.path)
                writer.member("typeIdentifier", ifPresent: file.typeIdentifier)
            case .entity(let entity):
                writer.member("type", "entity")
                writer.member("entityType", entity.typeName)
                writer.member("id", entity.identifier)
                writer.member("title", entity.displayTitle)
                writer.member("subtitle", ifPresent: entity.subtitle)
                writer.key("properties")
                Self.write(entity.properties, to: &writer)
            }
        }
    }

    /// The property names a list's entities share, when the list can be written as a table: at
    /// least two entities, all of one type with the same properties in the same order.
    private static func tableColumns(of items: [Content]) -> [String]? {
        guard items.count >= 2, case .entity(let first) = items[0] else { return nil }
        let columns = first.properties.keys
        for item in items.dropFirst() {
            // An app's entities share one array of names, so this is mostly an identity check.
            guard case .entity(let entity) = item, entity.typeName == first.typeName, entity.properties.keys == columns else {
                return nil
            }
        }
        return columns
    }

    /// A list of entities as a table: the type and property names once, then a row per entity
    /// (identifier, title, subtitle, then its values). Text, numbers, Booleans and nothing are
    /// bare JSON values in a row; anything else is content in its object form.
    private static func writeTable(_ items: [Content], columns: [String], to writer: inout JSONWriter) {
        guard case .entity(let first) = items[0] else { return }
        writer.member("type", "entities")
        writer.member("entityType", first.typeName)
        writer.key("columns")
        writer.array { writer in for column in columns { writer.string(column) } }
        writer.key("rows")
        writer.array { writer in
            for item in items {
                guard case .entity(let entity) = item else { continue }
                writer.array { writer in
                    writer.string(entity.identifier)
                    writer.string(entity.displayTitle)
                    if let subtitle = entity.subtitle { writer.string(subtitle) } else { writer.null() }
                    for value in entity.properties.values {
                        switch value {
                        case .text(let text): writer.string(text)
                        case .number(let number) where number.isFinite: writer.number(number)
                        case .boolean(let boolean): writer.bool(boolean)
                        case .nothing: writer.null()
                        default: value.write(to: &writer)
                        }
                    }
                }
            }
        }
    }

    /// A dictionary as its entries, `[{"key": …, "value": …}]`, keeping their order.
    private static func write(_ dictionary: ContentDictionary, to writer: inout JSONWriter) {
        writer.array { writer in
            for (key, value) in dictionary {
                writer.object { writer in
                    writer.member("key", key)
                    writer.key("value")
                    value.write(to: &writer)
                }
            }
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var members = Members()
        try reader.readObject(keys: Members.keys) { reader, key throws(JSONReader.Failure) in try members.read(key, from: &reader) }
        self = try members.content(at: reader.position)
    }

    /// The members of one content object as they are read, in whatever order they come; which
    /// are needed depends on `type`, which may come last.
    private struct Members {
        var type: String?
        var text: String?, number: Double?, boolean: Bool?, date: String?, url: String?
        var items: [Content]?, entries: ContentDictionary?
        var name: String?, data: String?, path: String?, typeIdentifier: String?
        var entityType: String?, id: String?, title: String?, subtitle: String?, properties: ContentDictionary?
        var columns: [String]?, rows: [Row]?

        /// One entity of a table as it is read: the columns may come after the rows.
        struct Row {
            var identifier: String
            var title: String
            var subtitle: String?
            var values: [Content]
        }

        /// The members' names, in the order `read(_:from:)` numbers them.
        static let keys = JSONKeys([
            "type", "text", "number", "boolean", "date", "url", "items", "entries", "name", "data", "path", "typeIdentifier",
            "entityType", "id", "title", "subtitle", "properties", "columns", "rows",
        ])
        static let entryKeys = JSONKeys(["key", "value"])

        mutating func read(_ key: Int?, from reader: inout JSONReader) throws(JSONReader.Failure) {
            switch key {
            case 0: type = try reader.readString()
            case 1: text = try reader.readString()
            case 2: number = try reader.readNumber()
            case 3: boolean = try reader.readBool()
            case 4: date = try reader.readString()
            case 5: url = try reader.readString()
            case 6: items = try WireMember.readList(&reader)
            case 7: entries = try Self.readEntries(&reader)
            case 8: name = try reader.readString()
            case 9: data = try reader.readString()
            case 10: path = try reader.takeNull() ? nil : try reader.readString()
            case 11: typeIdentifier = try reader.takeNull() ? nil : try reader.readString()
            case 12: entityType = try reader.readString()
            case 13: id = try reader.readString()
            case 14: title = try reader.readString()
            case 15: subtitle = try reader.takeNull() ? nil : try reader.readString()
            case 16: properties = try reader.takeNull() ? nil : try Self.readEntries(&reader)
            case 17: columns = try WireMember.readStrings(&reader)
            case 18: rows = try Self.readRows(&reader, columns: columns?.count ?? 0)
            default: try reader.skipValue()
            }
        }

        /// A table's rows: identifier, title, subtitle (or null), then the values, each a bare
        /// JSON string, number, Boolean or null, or content in its object form.
        /// `columns`: how many there are, when they came first (as they are written), so each
        /// row's values are allocated once.
        static func readRows(_ reader: inout JSONReader, columns: Int) throws(JSONReader.Failure) -> [Row] {
            var rows: [Row] = []
            try reader.readArray { reader throws(JSONReader.Failure) in
                var row = Row(identifier: "", title: "", subtitle: nil, values: [])
                row.values.reserveCapacity(columns)
                var position = 0
                try reader.readArray { reader throws(JSONReader.Failure) in
                    switch position {
                    case 0: row.identifier = try reader.readString()
                    case 1: row.title = try reader.readString()
                    case 2: row.subtitle = try reader.takeNull() ? nil : try reader.readString()
                    default: row.values.append(try cell(&reader))
                    }
                    position += 1
                }
                guard position >= 3 else {
                    throw JSONReader.Failure(
                        message: "a row of entities needs an identifier, a title and a subtitle", offset: reader.position)
                }
                rows.append(row)
            }
            return rows
        }

        private static func cell(_ reader: inout JSONReader) throws(JSONReader.Failure) -> Content {
            switch reader.nextValueStart() {
            case UInt8(ascii: "\""): return .text(try reader.readString())
            case UInt8(ascii: "{"): return try Content(reading: &reader)
            case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean(try reader.readBool())
            case UInt8(ascii: "n"):
                try reader.readNull()
                return .nothing
            default: return .number(try reader.readNumber())
            }
        }

        /// A table's rows as entities, once its columns are known.
        private func entities(at offset: Int) throws(JSONReader.Failure) -> Content {
            guard let entityType, let columns, let rows else {
                throw JSONReader.Failure(message: "entities content needs 'entityType', 'columns' and 'rows'", offset: offset)
            }
            // Checked once: each entity's dictionary then shares the names.
            guard Set(columns).count == columns.count else {
                throw JSONReader.Failure(message: "entities content names a column twice", offset: offset)
            }
            var items: [Content] = []
            items.reserveCapacity(rows.count)
            for row in rows {
                guard row.values.count == columns.count else {
                    throw JSONReader.Failure(
                        message: "a row of \(entityType) has \(row.values.count) values for \(columns.count) columns", offset: offset)
                }
                items.append(
                    .entity(
                        EntityContent(
                            typeName: entityType, identifier: row.identifier, displayTitle: row.title, subtitle: row.subtitle,
                            properties: ContentDictionary(uniqueKeys: columns, values: row.values))))
            }
            return .list(items)
        }

        static func readEntries(_ reader: inout JSONReader) throws(JSONReader.Failure) -> ContentDictionary {
            var keys: [String] = []
            var values: [Content] = []
            try reader.readArray { reader throws(JSONReader.Failure) in
                var key: String?
                var value: Content?
                try reader.readObject(keys: entryKeys) { reader, member throws(JSONReader.Failure) in
                    switch member {
                    case 0: key = try reader.readString()
                    case 1: value = try Content(reading: &reader)
                    default: try reader.skipValue()
                    }
                }
                guard let key, let value else {
                    throw JSONReader.Failure(message: "a dictionary entry needs a key and a value", offset: reader.position)
                }
                keys.append(key)
                values.append(value)
            }
            return ContentDictionary(keys: keys, values: values)
        }

        func content(at offset: Int) throws(JSONReader.Failure) -> Content {
            // Not a generic helper: making a generic function's metadata on every value cost
            // more than reading it.
            func missing(_ key: String) -> JSONReader.Failure {
                JSONReader.Failure(message: "\(type ?? "content") content needs '\(key)'", offset: offset)
            }
            guard let type else { throw missing("type") }
            switch type {
            case "nothing": return .nothing
            case "text":
                guard let text else { throw missing("text") }
                return .text(text)
            case "number":
                guard let number else { throw missing("number") }
                return .number(number)
            case "boolean":
                guard let boolean else { throw missing("boolean") }
                return .boolean(boolean)
            case "date":
                guard let date else { throw missing("date") }
                guard let parsed = ISO8601.date(from: date) else {
                    throw JSONReader.Failure(message: "not an ISO 8601 date: \(date)", offset: offset)
                }
                return .date(parsed)
            case "url":
                guard let url else { throw missing("url") }
                guard let parsed = URL(string: url) else { throw JSONReader.Failure(message: "not a URL: \(url)", offset: offset) }
                return .url(parsed)
            case "list":
                guard let items else { throw missing("items") }
                return .list(items)
            case "dictionary":
                guard let entries else { throw missing("entries") }
                return .dictionary(entries)
            case "file":
                guard let data else { throw missing("data") }
                guard let name else { throw missing("name") }
                guard let bytes = Data(base64Encoded: data) else {
                    throw JSONReader.Failure(message: "file data is not base64", offset: offset)
                }
                return .file(FileContent(name: name, data: bytes, path: path, typeIdentifier: typeIdentifier))
            case "entities": return try entities(at: offset)
            case "entity":
                guard let entityType else { throw missing("entityType") }
                guard let id else { throw missing("id") }
                guard let title else { throw missing("title") }
                return .entity(
                    EntityContent(
                        typeName: entityType, identifier: id, displayTitle: title, subtitle: subtitle,
                        properties: properties ?? ContentDictionary()))
            default:
                throw JSONReader.Failure(message: "unknown content type \(type)", offset: offset)
            }
        }
    }
}
