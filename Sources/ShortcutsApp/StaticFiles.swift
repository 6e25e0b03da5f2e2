import Foundation

/// The page's own files (`Page/` in this module's resources): HTML, CSS and JavaScript modules,
/// no build step. They hold no data, so they are served without the secret.
enum StaticFiles {
    private static let types = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "ico": "image/x-icon",
    ]

    /// The folder the files are in: beside the executable once built (SwiftPM's resource bundle).
    static let folder: URL? = Bundle.module.url(forResource: "Page", withExtension: nil)

    static func response(for path: String, method: String) -> WebResponse {
        guard method == "GET" || method == "HEAD" else { return .text(405, "only GET here") }
        let name = path == "/" ? "index.html" : String(path.dropFirst())
        guard
            !name.isEmpty,
            name.utf8.allSatisfy({ $0 == 0x2E || $0 == 0x2D || $0 == 0x5F || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }),
            !name.hasPrefix("."), let type = types[(name as NSString).pathExtension]
        else { return .text(404, "no such page") }
        guard let folder else { return .text(500, "the app's page files are missing from this build") }
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
            return .text(404, "no such page")
        }
        return .body(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-cache")], data)
    }
}
