import Foundation
import ShortcutFormat

/// Format speed: reading (decode + parse) and writing the largest corpus shortcut.
enum FormatSpeed {
    static let fileName = "15-launchcuts-helper.shortcut"

    /// The corpus next to the package, found from this file's place in it.
    static let corpusDirectory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()  // shortcuts-benchmarks
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()  // the package root
        .appendingPathComponent("../shared/corpus/shortcuts").standardizedFileURL

    struct Result {
        let bytes: Int
        let actions: Int
        let read: Timings
        let writeSameFormat: Timings
        let writeXML: Timings
    }

    static func measure(runs: Int, directory: URL? = nil) throws -> Result {
        let url = (directory ?? corpusDirectory).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BenchmarkError("can't read \(url.path); pass the corpus folder with --corpus <dir>")
        }
        let (workflow, format) = try ShortcutFile.read(data, path: url.path)
        let read = try Timings.measure(runs: runs) { _ = try ShortcutFile.read(data, path: url.path) }
        let writeSame = Timings.measure(runs: runs) { _ = ShortcutFile.write(workflow, format: format) }
        let writeXML = Timings.measure(runs: runs) { _ = ShortcutFile.write(workflow, format: .xml) }
        return Result(bytes: data.count, actions: workflow.actions.count, read: read, writeSameFormat: writeSame, writeXML: writeXML)
    }
}
