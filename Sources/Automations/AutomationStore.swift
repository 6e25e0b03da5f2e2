import Foundation
import ShortcutsContent
import ShortcutsLibrary

/// The automations of a library: `$SHORTCUTS_HOME/automations.json`, versioned, written atomically.
///
/// ```swift
/// let store = AutomationStore(home: library.home)
/// try store.update { $0.append(automation) }
/// ```
public struct AutomationStore: Sendable {
    /// The highest version of the file this code reads, and the one it writes.
    public static let currentVersion = 1

    public let path: String

    public init(home: String) { path = home + "/automations.json" }

    private struct File: Codable {
        var version: Int
        var automations: [Automation]
    }

    /// The automations, in the order they were added; none when the file doesn't exist.
    ///
    /// - Throws: ``AutomationError`` when the file is damaged or from a newer version.
    public func load() throws(AutomationError) -> [Automation] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw AutomationError("\(path) is damaged (\(error)); fix it, or move it away to start again")
        }
        guard file.version <= Self.currentVersion else {
            throw AutomationError(
                "\(path) is version \(file.version); this shortcuts reads versions up to \(Self.currentVersion), so update shortcuts")
        }
        return file.automations
    }

    /// Changes the automations and writes them back atomically.
    public func update<Result>(_ change: (inout [Automation]) throws(AutomationError) -> Result) throws(AutomationError) -> Result {
        var automations = try load()
        let result = try change(&automations)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(File(version: Self.currentVersion, automations: automations))
            try AtomicWrite.write(data + Data("\n".utf8), to: path)
        } catch let error as AtomicWrite.Failure {
            throw AutomationError(error.description)
        } catch {
            throw AutomationError("can't write \(path): \(error)")
        }
        return result
    }

    /// The automation with this name (ignoring case).
    public func automation(named name: String) throws(AutomationError) -> Automation {
        guard let automation = try load().first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            throw AutomationError("there is no automation named \"\(name)\"; `shortcuts automation list` lists them")
        }
        return automation
    }

    /// A name for the automation's units: its name in lowercase letters, digits and dashes,
    /// made unique among `taken`.
    public static func unitName(for name: String, taken: Set<String>) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        slug = String(slug.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(60))
        if slug.isEmpty { slug = "automation" }
        let base = "shortcuts-automation-" + slug
        var candidate = base
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        return candidate
    }
}

/// Why an automation couldn't be added, changed or run.
public struct AutomationError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
