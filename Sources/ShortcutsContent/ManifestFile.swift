import Foundation

/// Where manifests go and how they are written.
public enum ManifestFile {
    /// The absolute path of the running executable.
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// `$SHORTCUTS_HOME/Apps`.
    public static func appsDirectory(environment: [String: String]) -> URL {
        URL(fileURLWithPath: ShortcutsHome.path(in: environment)).appendingPathComponent("Apps")
    }

    /// The manifest as pretty JSON with sorted keys.
    public static func encode(_ manifest: AppManifest) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(manifest)
    }

    /// Writes the manifest to `<apps directory>/<bundle id>.json` atomically (a temporary file,
    /// then a rename), so `shortcuts` never reads half a file. Returns where it went.
    @discardableResult
    public static func write(_ manifest: AppManifest, environment: [String: String]) throws -> URL {
        let directory = appsDirectory(environment: environment)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let destination = directory.appendingPathComponent("\(manifest.bundleIdentifier).json")
        try encode(manifest).write(to: destination, options: .atomic)
        return destination
    }
}
