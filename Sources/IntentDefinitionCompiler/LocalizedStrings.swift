import Foundation

/// Localised titles from the `.strings` table beside a definition, keyed by the file's 6-character IDs.
///
/// For `Base.lproj/Intents.intentdefinition` the table is `en.lproj/Intents.strings` next to
/// `Base.lproj` (or `Base.lproj/Intents.strings`); for a file outside an `.lproj`, the same names
/// under its own folder. Where there is no table, the base titles stay.
public struct LocalizedStrings: Sendable, Equatable {
    public var entries: [String: String]

    public init(entries: [String: String] = [:]) {
        self.entries = entries
    }

    /// The table for the definition at `url`, in `language`, or an empty table.
    public static func beside(_ url: URL, language: String = "en") -> LocalizedStrings {
        let base = url.deletingPathExtension().lastPathComponent + ".strings"
        let folder = url.deletingLastPathComponent()
        let root = folder.pathExtension == "lproj" ? folder.deletingLastPathComponent() : folder
        let candidates = [
            root.appendingPathComponent("\(language).lproj/\(base)"),
            root.appendingPathComponent("Base.lproj/\(base)"),
        ]
        for candidate in candidates {
            if let data = try? Data(contentsOf: candidate), let table = parse(data) { return table }
        }
        return LocalizedStrings()
    }

    /// Reads `"key" = "value";` lines (UTF-8 or UTF-16), skipping comments; nil when unreadable.
    public static func parse(_ data: Data) -> LocalizedStrings? {
        let text: String
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(data: data, encoding: .utf16) else { return nil }
            text = decoded
        } else {
            guard let decoded = String(data: data, encoding: .utf8) else { return nil }
            text = decoded
        }
        var entries: [String: String] = [:]
        var scanner = StringsScanner(Array(text.unicodeScalars))
        while let key = scanner.nextQuoted() {
            guard scanner.skip("="), let value = scanner.nextQuoted() else { break }
            entries[key] = value
            _ = scanner.skip(";")
        }
        return LocalizedStrings(entries: entries)
    }

    /// The localised text for a title, or the title itself.
    func resolve(_ text: IntentDefinition.Text) -> IntentDefinition.Text {
        guard let key = text.key, let localized = entries[key] else { return text }
        return IntentDefinition.Text(localized, key: key)
    }
}

/// Walks `.strings` text: quoted strings with escapes, between comments and whitespace.
private struct StringsScanner {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        skipTrivia()
        guard position < scalars.count, scalars[position] == character else { return false }
        position += 1
        return true
    }

    mutating func nextQuoted() -> String? {
        guard skip("\"") else { return nil }
        var result = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            if scalar == "\"" { return String(result) }
            if scalar == "\\", position < scalars.count {
                let escaped = scalars[position]
                position += 1
                result.append(escaped == "n" ? "\n" : escaped == "t" ? "\t" : escaped)
            } else {
                result.append(scalar)
            }
        }
        return nil
    }

    private mutating func skipTrivia() {
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                position += 1
            } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "*" {
                position += 2
                while position + 1 < scalars.count, !(scalars[position] == "*" && scalars[position + 1] == "/") { position += 1 }
                position += 2
            } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "/" {
                while position < scalars.count, scalars[position] != "\n" { position += 1 }
            } else {
                return
            }
        }
    }
}
