import Foundation
import Testing

/// The real files in `../shared/corpus` beside the package. Suites that read them report how
/// many they read; where the corpus is required (in CI: `CI` or `SHORTCUTS_REQUIRE_CORPUS=1` is
/// set) and a folder is empty or absent, that is a failure, not a silent skip.
public enum SharedCorpus {
    /// `../shared/corpus`.
    public static let root = BuiltProducts.packageRoot.appendingPathComponent("../shared/corpus", isDirectory: true)
        .standardizedFileURL

    /// Whether the corpus must be there.
    public static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["CI"] ?? "").isEmpty || environment["SHORTCUTS_REQUIRE_CORPUS"] == "1"
    }

    /// The files of a corpus folder (`shortcuts`, `signed`…) ending in `suffix`, sorted by name.
    public static func files(in folder: String, endingWith suffix: String = "") -> [URL] {
        let url = root.appendingPathComponent(folder, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
    }

    /// Reports how many files a suite read from `folder`, and fails when it read none where the
    /// corpus is required.
    public static func report(_ count: Int, from folder: String, suite: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if count == 0, !isRequired {
            print(
                "\(suite): SKIPPED, \(root.path)/\(folder) is absent or empty (the shared corpus is required only in CI, "
                    + "where CI or SHORTCUTS_REQUIRE_CORPUS=1 is set)")
            return
        }
        print("\(suite): read \(count) file\(count == 1 ? "" : "s") from \(root.path)/\(folder)")
        if count == 0, isRequired {
            Issue.record(
                "\(suite) read no files: \(root.path)/\(folder) is absent or empty, and the corpus is required here (CI)",
                sourceLocation: sourceLocation)
        }
    }
}
