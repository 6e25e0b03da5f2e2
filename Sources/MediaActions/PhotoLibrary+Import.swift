import Foundation
import ShortcutsContent
import ShortcutsEngine

extension PhotoLibrary {
    /// How far apart, in seconds, two files' arrivals are when they came in different imports,
    /// unless `SHORTCUTS_IMPORT_GAP` says otherwise.
    static let importGap: TimeInterval = 600

    /// When a file arrived in the library: its inode's change time, which copying it in sets
    /// (importers keep the camera's modification time, so that one says when it was taken).
    static func arrival(of path: String) -> TimeInterval? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return TimeInterval(status.st_ctim.tv_sec) + TimeInterval(status.st_ctim.tv_nsec) / 1e9
    }

    /// The files of the newest import, in the order they came: the newest arrival and those that
    /// came before it with no pause longer than `gap` between one and the next.
    static func lastImport(_ items: [Item], gap: TimeInterval) -> [Item] {
        let arrived = items.compactMap { item in arrival(of: item.path).map { (item, $0) } }.sorted { $0.1 > $1.1 }
        guard var previous = arrived.first?.1 else { return [] }
        var batch: [Item] = []
        for (item, time) in arrived {
            guard previous - time <= gap else { break }
            batch.append(item)
            previous = time
        }
        return batch.reversed()
    }

    static let lastImportAction = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getlatestphotoimport", title: "Get Last Import",
            description:
                "Outputs the photos and videos of the newest import into the Pictures (and Videos) folder: those that arrived last, with no pause of more than 10 minutes between them.",
            parameters: [], outputType: "Image", outputName: "Last Import", keywords: ["camera", "import", "recent", "sd card"])
    ) { _ in
        { _, run in
            let gap = run.environment.variables["SHORTCUTS_IMPORT_GAP"].flatMap(Double.init).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
            let batch = lastImport(try items(run, parameter: "WFInput", videos: true), gap: gap ?? importGap)
            return Content(items: try batch.map { try loaded(light($0), run, parameter: "WFInput") })
        }
    }
}
