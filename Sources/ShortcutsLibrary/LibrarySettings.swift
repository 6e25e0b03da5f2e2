import Foundation

/// `settings.json`: the library's settings, such as whether shortcuts may run scripts.
///
/// ```json
/// {
///   "allowRunningScripts" : false,
///   "version" : 1
/// }
/// ```
public struct LibrarySettings: Codable, Equatable, Sendable {
    /// The highest version of this file this code reads and the one it writes.
    public static let currentVersion = 1

    public var version: Int
    /// "Allow Running Scripts": whether Run Shell Script and its kin may run. Off by default.
    public var allowRunningScripts: Bool

    public init(allowRunningScripts: Bool = false) {
        self.version = Self.currentVersion
        self.allowRunningScripts = allowRunningScripts
    }

    enum CodingKeys: String, CodingKey {
        case version, allowRunningScripts
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        allowRunningScripts = try container.decodeIfPresent(Bool.self, forKey: .allowRunningScripts) ?? false
    }

    /// Reads settings from a path; a missing file gives the defaults.
    ///
    /// - Throws: ``LibraryError`` when the file is damaged or from a newer version.
    public static func read(from path: String) throws(LibraryError) -> LibrarySettings {
        guard let data = FileManager.default.contents(atPath: path) else { return LibrarySettings() }
        let settings: LibrarySettings
        do {
            settings = try JSONDecoder().decode(LibrarySettings.self, from: data)
        } catch {
            throw LibraryError(.invalidIndex, "\(path) is damaged (\(error)); fix it or delete it to go back to the default settings")
        }
        guard settings.version <= currentVersion else {
            throw LibraryError(
                .invalidIndex,
                "\(path) is version \(settings.version); this shortcuts reads versions up to \(currentVersion), so update shortcuts")
        }
        return settings
    }

    /// Writes the settings atomically.
    public func write(to path: String) throws(LibraryError) {
        try AtomicFile.write(JSONFile.encode(self), to: path, replacing: true)
    }
}
