import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC

/// Turns what a shortcut, the command line or the person gave into the value an app parameter
/// takes: dates from ISO 8601 or words ("tomorrow 9:00"), numbers, Booleans, enumeration cases by
/// identifier or title, entities by identifier or by the app's text search.
struct ParameterValues {
    let action: AppIntentAction
    let prompter: any Prompter
    let now: Date
    /// What the run may read: text naming a file is read only where the shortcut may read.
    let fileAccess: FileAccess

    /// The value for `parameter`; a list parameter gets a list.
    ///
    /// - Throws: ``ActionFailure`` naming the parameter and saying what was expected.
    func value(_ content: Content, for parameter: ParameterMetadata) throws -> Content {
        if parameter.isList { return .list(try content.items.map { try single($0, for: parameter) }) }
        return try single(content, for: parameter)
    }

    private func single(_ content: Content, for parameter: ParameterMetadata) throws -> Content {
        func expected(_ what: String) -> ActionFailure {
            ActionFailure("expected \(what), got \"\(content.text.prefix(80))\"", parameter: parameter.key)
        }
        switch parameter.type {
        case .text:
            if case .text = content { return content }
            return .text(content.text)
        case .number, .duration:
            guard let number = content.number else { throw expected("a number") }
            return .number(number)
        case .integer:
            guard let number = content.number, number == number.rounded() else { throw expected("a whole number") }
            return .number(number)
        case .boolean:
            // Content reads empty text as false; a person who typed nothing meant nothing.
            guard !content.text.trimmingCharacters(in: .whitespaces).isEmpty, let value = content.boolean else {
                throw expected("yes or no (true/false)")
            }
            return .boolean(value)
        case .date:
            if case .date = content { return content }
            let text = content.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let date = ISO8601.date(from: text) ?? DateParser.parse(text, now: now) else {
                throw expected("a date (ISO 8601 such as 2026-12-01T09:00:00Z, or words such as tomorrow)")
            }
            return .date(date)
        case .url:
            guard let url = content.url else { throw expected("a URL") }
            return .url(url)
        case .file:
            if case .file = content { return content }
            let path = content.text
            try fileAccess.check(path, .read, parameter: parameter.key)
            guard let data = FileManager.default.contents(atPath: path) else { throw expected("a file (no file at that path)") }
            return .file(FileContent(name: (path as NSString).lastPathComponent, data: data, path: path))
        case .enumeration:
            return .text(try enumerationCase(content.text, for: parameter))
        case .entity:
            if case .entity = content { return content }
            return try entity(content.text, for: parameter)
        default:
            return content
        }
    }

    // MARK: Enumerations

    /// The titles of an enumeration parameter's cases, in the order of its options.
    func caseTitles(for parameter: ParameterMetadata) -> [String] {
        let cases =
            action.manifest.enums.first { type in
                Set(type.cases.map(\.identifier)) == Set(parameter.options)
            }?.cases ?? []
        return parameter.options.map { option in cases.first { $0.identifier == option }?.title ?? option }
    }

    /// The case identifier text names: an identifier, or a title, ignoring case.
    private func enumerationCase(_ text: String, for parameter: ParameterMetadata) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if parameter.options.isEmpty || parameter.options.contains(trimmed) { return trimmed }
        let titles = caseTitles(for: parameter)
        for (option, title) in zip(parameter.options, titles)
        where option.caseInsensitiveCompare(trimmed) == .orderedSame || title.caseInsensitiveCompare(trimmed) == .orderedSame {
            return option
        }
        throw ActionFailure(
            "expected one of \(parameter.options.joined(separator: ", ")), got \"\(trimmed.prefix(80))\"", parameter: parameter.key)
    }

    // MARK: Entities

    /// The entity whose identifier is `text`, else the one the app's text search finds (asking
    /// the person to choose when it finds several).
    private func entity(_ text: String, for parameter: ParameterMetadata) throws -> Content {
        let manifest = action.manifest
        let typeName = parameter.entityType ?? ""
        let type = manifest.entities.first { $0.name == typeName }
        let shown = type?.displayName ?? typeName
        let byIdentifier = try action.call {
            try action.host.queryEntities(manifest, ExtensionProtocol.QueryParams(entityType: typeName, identifiers: [text]))
        }
        if let found = byIdentifier.first { return found }
        guard type?.supportsStringQuery ?? true else {
            throw ActionFailure("\(manifest.name) has no \(shown) with the identifier \"\(text)\"", parameter: parameter.key)
        }
        let matches = try action.call {
            try action.host.queryEntities(manifest, ExtensionProtocol.QueryParams(entityType: typeName, matching: text))
        }
        switch matches.count {
        case 0:
            throw ActionFailure("\(manifest.name) has no \(shown) matching \"\(text)\"", parameter: parameter.key)
        case 1:
            return matches[0]
        default:
            let titles = matches.map { match -> String in
                if case .entity(let entity) = match { return entity.displayTitle }
                return match.text
            }
            let chosen = try naming(parameter.key) {
                try prompter.choose(Self.whichQuestion(shown, parameter.title), options: titles, multiple: false)
            }
            guard let index = chosen.first, matches.indices.contains(index) else {
                throw ActionFailure("no \(shown) was chosen", parameter: parameter.key, code: .cancelled)
            }
            return matches[index]
        }
    }
}

extension ParameterValues {
    /// "Which task?", or "Which task for parent?" when the parameter isn't named for its type.
    static func whichQuestion(_ type: String, _ parameter: String) -> String {
        type.caseInsensitiveCompare(parameter) == .orderedSame
            ? "Which \(type.lowercased())?" : "Which \(type.lowercased()) for \(parameter.lowercased())?"
    }
}

/// Runs `body`, naming `parameter` in a failure that names none (a prompt that couldn't be asked).
func naming<Result>(_ parameter: String?, _ body: () throws -> Result) throws -> Result {
    do {
        return try body()
    } catch var failure as ActionFailure {
        if failure.parameter == nil { failure.parameter = parameter }
        throw failure
    }
}
