import ShortcutsContent

// The extension protocol's messages read and write themselves (``JSONReadable``,
// ``JSONWritable``) in the form `Codable` gives them, so a call costs no reflection. Members
// that `Codable` leaves out when `nil` are left out here too; missing optional members read
// as their defaults.

extension ExtensionProtocol.InitializeParams: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("protocolVersion", Double(protocolVersion))
            if let entityTables { writer.member("entityTables", entityTables) }
            if let choiceOutcomes { writer.member("choiceOutcomes", choiceOutcomes) }
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var version = ExtensionProtocol.version
        var entityTables: Bool?
        var choiceOutcomes: Bool?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "protocolVersion": version = try reader.readInt()
            case "entityTables": entityTables = try reader.takeNull() ? nil : try reader.readBool()
            case "choiceOutcomes": choiceOutcomes = try reader.takeNull() ? nil : try reader.readBool()
            default: try reader.skipValue()
            }
        }
        self.init(protocolVersion: version, entityTables: entityTables, choiceOutcomes: choiceOutcomes)
    }
}

extension ExtensionProtocol.InitializeResult: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("protocolVersion", Double(protocolVersion))
            writer.member("bundleIdentifier", bundleIdentifier)
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var version: Int?
        var bundleIdentifier: String?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "protocolVersion": version = try reader.readInt()
            case "bundleIdentifier": bundleIdentifier = try reader.readString()
            default: try reader.skipValue()
            }
        }
        self.init(
            protocolVersion: try WireMember.required(version, "protocolVersion", in: "initialize's result", reader),
            bundleIdentifier: try WireMember.required(bundleIdentifier, "bundleIdentifier", in: "initialize's result", reader))
    }
}

extension ExtensionProtocol.PerformParams: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("intent", intent)
            writer.key("parameters")
            WireMember.write(parameters, to: &writer)
            writer.member("confirmed", confirmed)
            writer.key("confirmedParameters")
            writer.array { writer in for name in confirmedParameters { writer.string(name) } }
            writer.member("isInteractive", isInteractive)
            if let choices {
                writer.key("choices")
                writer.array { writer in for choice in choices { writer.number(Double(choice)) } }
            }
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var intent: String?
        var parameters: [String: Content] = [:]
        var confirmed = false
        var confirmedParameters: [String] = []
        var isInteractive = false
        var choices: [Int]?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "intent": intent = try reader.readString()
            case "parameters": parameters = try WireMember.readContents(&reader)
            case "confirmed": confirmed = try reader.readBool()
            case "confirmedParameters": confirmedParameters = try WireMember.readStrings(&reader)
            case "isInteractive": isInteractive = try reader.readBool()
            case "choices":
                if try reader.takeNull() { return }
                var read: [Int] = []
                try reader.readArray { reader throws(JSONReader.Failure) in read.append(try reader.readInt()) }
                choices = read
            default: try reader.skipValue()
            }
        }
        self.init(
            intent: try WireMember.required(intent, "intent", in: "intent.perform's params", reader), parameters: parameters,
            confirmed: confirmed, confirmedParameters: confirmedParameters, isInteractive: isInteractive, choices: choices)
    }
}

extension ExtensionProtocol.PerformResult: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("outcome", outcome.rawValue)
            writer.member("parameter", ifPresent: parameter)
            writer.member("dialog", ifPresent: dialog)
            if let options {
                writer.key("options")
                writer.array { writer in for option in options { option.write(to: &writer) } }
            }
            if let value {
                writer.key("value")
                value.write(to: &writer)
            }
            writer.member("message", ifPresent: message)
            if let opensApp { writer.member("opensApp", opensApp) }
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var outcome: String?
        var result = ExtensionProtocol.PerformResult(outcome: .failure)
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            if try reader.takeNull() { return }
            switch key {
            case "outcome": outcome = try reader.readString()
            case "parameter": result.parameter = try reader.readString()
            case "dialog": result.dialog = try reader.readString()
            case "options": result.options = try WireMember.readOptions(&reader)
            case "value": result.value = try Content(reading: &reader)
            case "message": result.message = try reader.readString()
            case "opensApp": result.opensApp = try reader.readBool()
            default: try reader.skipValue()
            }
        }
        let name = try WireMember.required(outcome, "outcome", in: "intent.perform's result", reader)
        guard let known = ExtensionProtocol.Outcome(rawValue: name) else {
            throw JSONReader.Failure(message: "unknown outcome '\(name)'", offset: reader.position)
        }
        result.outcome = known
        self = result
    }
}

extension ExtensionProtocol.Option: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("value")
            value.write(to: &writer)
            writer.member("title", title)
            writer.member("subtitle", ifPresent: subtitle)
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var value: Content?
        var title: String?
        var subtitle: String?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "value": value = try Content(reading: &reader)
            case "title": title = try reader.readString()
            case "subtitle": subtitle = try reader.takeNull() ? nil : try reader.readString()
            default: try reader.skipValue()
            }
        }
        self.init(
            value: try WireMember.required(value, "value", in: "an option", reader),
            title: try WireMember.required(title, "title", in: "an option", reader), subtitle: subtitle)
    }
}

extension ExtensionProtocol.ContinueParams: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("intent", intent)
            writer.key("parameters")
            WireMember.write(parameters, to: &writer)
            writer.key("result")
            result.write(to: &writer)
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var intent: String?
        var parameters: [String: Content] = [:]
        var result: ExtensionProtocol.PerformResult?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "intent": intent = try reader.readString()
            case "parameters": parameters = try WireMember.readContents(&reader)
            case "result": result = try ExtensionProtocol.PerformResult(reading: &reader)
            default: try reader.skipValue()
            }
        }
        self.init(
            intent: try WireMember.required(intent, "intent", in: "intent.continue's params", reader), parameters: parameters,
            result: try WireMember.required(result, "result", in: "intent.continue's params", reader))
    }
}

extension ExtensionProtocol.QueryParams: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("entityType", entityType)
            if let identifiers {
                writer.key("identifiers")
                writer.array { writer in for identifier in identifiers { writer.string(identifier) } }
            }
            writer.member("matching", ifPresent: matching)
            if let suggested { writer.member("suggested", suggested) }
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var entityType: String?
        var query = ExtensionProtocol.QueryParams(entityType: "")
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            if try reader.takeNull() { return }
            switch key {
            case "entityType": entityType = try reader.readString()
            case "identifiers": query.identifiers = try WireMember.readStrings(&reader)
            case "matching": query.matching = try reader.readString()
            case "suggested": query.suggested = try reader.readBool()
            default: try reader.skipValue()
            }
        }
        query.entityType = try WireMember.required(entityType, "entityType", in: "entities.query's params", reader)
        self = query
    }
}

extension ExtensionProtocol.QueryResult: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("entities")
            writer.array { writer in for entity in entities { entity.write(to: &writer) } }
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var entities: [Content]?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            if key == "entities" { entities = try WireMember.readList(&reader) } else { try reader.skipValue() }
        }
        self.init(entities: try WireMember.required(entities, "entities", in: "entities.query's result", reader))
    }
}

extension ExtensionProtocol.OptionsParams: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("intent", intent)
            writer.member("parameter", parameter)
            writer.member("searchTerm", ifPresent: searchTerm)
            if let parameters {
                writer.key("parameters")
                WireMember.write(parameters, to: &writer)
            }
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var intent: String?
        var parameter: String?
        var searchTerm: String?
        var parameters: [String: Content]?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "intent": intent = try reader.readString()
            case "parameter": parameter = try reader.readString()
            case "searchTerm": searchTerm = try reader.takeNull() ? nil : try reader.readString()
            case "parameters": parameters = try reader.takeNull() ? nil : try WireMember.readContents(&reader)
            default: try reader.skipValue()
            }
        }
        self.init(
            intent: try WireMember.required(intent, "intent", in: "options.list's params", reader),
            parameter: try WireMember.required(parameter, "parameter", in: "options.list's params", reader), searchTerm: searchTerm,
            parameters: parameters)
    }
}

extension ExtensionProtocol.OptionsResult: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("options")
            writer.array { writer in for option in options { option.write(to: &writer) } }
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var options: [ExtensionProtocol.Option]?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            if key == "options" { options = try WireMember.readOptions(&reader) } else { try reader.skipValue() }
        }
        self.init(options: try WireMember.required(options, "options", in: "options.list's result", reader))
    }
}

extension JSONRPC.Empty: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) { writer.object { _ in } }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        try reader.skipValue()
        self.init()
    }
}

/// Reading and writing the members several messages share.
enum WireMember {
    static func required<Value>(_ value: Value?, _ key: String, in message: String, _ reader: JSONReader) throws(JSONReader.Failure)
        -> Value
    {
        guard let value else { throw JSONReader.Failure(message: "\(message) needs '\(key)'", offset: reader.position) }
        return value
    }

    /// Parameters by name, in the order of their names, so the same call is the same text.
    static func write(_ contents: [String: Content], to writer: inout JSONWriter) {
        writer.object { writer in
            for name in contents.keys.sorted() {
                writer.key(name)
                contents[name]?.write(to: &writer)
            }
        }
    }

    static func readContents(_ reader: inout JSONReader) throws(JSONReader.Failure) -> [String: Content] {
        var contents: [String: Content] = [:]
        try reader.readObject { reader, key throws(JSONReader.Failure) in contents[key] = try Content(reading: &reader) }
        return contents
    }

    static func readList(_ reader: inout JSONReader) throws(JSONReader.Failure) -> [Content] {
        var items: [Content] = []
        try reader.readArray { reader throws(JSONReader.Failure) in items.append(try Content(reading: &reader)) }
        return items
    }

    static func readStrings(_ reader: inout JSONReader) throws(JSONReader.Failure) -> [String] {
        var strings: [String] = []
        try reader.readArray { reader throws(JSONReader.Failure) in strings.append(try reader.readString()) }
        return strings
    }

    static func readOptions(_ reader: inout JSONReader) throws(JSONReader.Failure) -> [ExtensionProtocol.Option] {
        var options: [ExtensionProtocol.Option] = []
        try reader.readArray { reader throws(JSONReader.Failure) in options.append(try ExtensionProtocol.Option(reading: &reader)) }
        return options
    }
}

/// A result written with lists of entities as tables, for a host that said in `initialize` that
/// it reads them (``ExtensionProtocol/InitializeParams/entityTables``).
public struct EntityTablesResult<Result: JSONWritable & Encodable & Sendable>: JSONWritable, Encodable, Sendable {
    public let result: Result

    public init(_ result: Result) { self.result = result }

    public func write(to writer: inout JSONWriter) {
        let before = writer.writesEntityTables
        writer.writesEntityTables = true
        result.write(to: &writer)
        writer.writesEntityTables = before
    }

    /// `Codable`'s form has no tables: the result as it is.
    public func encode(to encoder: any Encoder) throws { try result.encode(to: encoder) }
}
