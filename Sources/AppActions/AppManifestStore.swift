import Foundation
import ShortcutsContent

/// Finds and reads the app manifests installed for this user and system-wide.
///
/// The user's `$SHORTCUTS_HOME/Apps` comes first, so an app the user ran wins over a system-wide
/// copy of the same bundle identifier. Then each `$XDG_DATA_DIRS` entry's `shortcuts/apps`
/// (default `/usr/local/share/shortcuts/apps` and `/usr/share/shortcuts/apps`). A manifest that is
/// broken, or written in a newer format than this reader knows, is skipped with a warning naming
/// the file.
public struct AppManifestStore: Sendable {
    /// The folders searched, in order of precedence.
    public var directories: [String]

    public init(directories: [String]) {
        self.directories = directories
    }

    /// The folders for a library home (`$SHORTCUTS_HOME`) and the environment's `XDG_DATA_DIRS`.
    public init(home: String, environment: [String: String]) {
        let dataDirectories = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        let system = dataDirectories.split(separator: ":").filter { $0.hasPrefix("/") }.map { String($0) + "/shortcuts/apps" }
        self.init(directories: [home + "/Apps"] + system)
    }

    /// What reading the folders found: each app once, and a warning for each file skipped.
    public struct Contents: Sendable {
        public var manifests: [AppManifest]
        public var warnings: [String]
    }

    /// Reads every `*.json` file in the folders, in name order within each folder.
    public func load() -> Contents {
        var manifests: [AppManifest] = []
        var seen: Set<String> = []
        var warnings: [String] = []
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() where name.hasSuffix(".json") {
                let path = directory + "/" + name
                switch Self.read(path) {
                case .success(let manifest):
                    if seen.insert(manifest.bundleIdentifier).inserted { manifests.append(manifest) }
                case .failure(let problem):
                    warnings.append("skipped the app manifest \(path): \(problem.text)")
                }
            }
        }
        return Contents(manifests: manifests, warnings: warnings)
    }

    private struct Problem: Error {
        var text: String
    }

    private struct VersionProbe: Decodable {
        var formatVersion: Int?
    }

    private static func read(_ path: String) -> Result<AppManifest, Problem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Problem(text: "it can't be read"))
        }
        let decoder = JSONDecoder()
        guard let probe = try? decoder.decode(VersionProbe.self, from: data) else {
            return .failure(Problem(text: "it is not a JSON object"))
        }
        guard let version = probe.formatVersion else {
            return .failure(Problem(text: "it has no formatVersion"))
        }
        guard version <= AppManifest.currentFormatVersion else {
            return .failure(
                Problem(
                    text:
                        "it is in manifest format version \(version), and this shortcuts reads versions up to \(AppManifest.currentFormatVersion); update shortcuts"
                ))
        }
        do {
            let manifest = try decoder.decode(AppManifest.self, from: data)
            for action in manifest.actions where !action.identifier.hasPrefix(manifest.bundleIdentifier + ".") {
                return .failure(
                    Problem(text: "its action \(action.identifier) doesn't start with the bundle identifier \(manifest.bundleIdentifier)"))
            }
            return .success(manifest)
        } catch {
            return .failure(Problem(text: "it is not a valid app manifest (\(describe(error)))"))
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().drop { $0 == "." }.description
    }
}
