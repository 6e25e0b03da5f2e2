import Foundation
import Markup
import ShortcutsEngine

/// A headless Chromium drawing a page into a PNG or a PDF, its scripts off (Make Image from
/// Rich Text, Print to PDF).
package enum HeadlessBrowser {
    /// The browsers that draw a page to an image without a display, best first.
    static let browsers = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"]

    /// A page made safe to draw: its scripts left out and forbidden (a policy the browser obeys
    /// for inline handlers too), so drawing rich text never runs what it carries. In a run
    /// without network (no ``RunEnvironment/http`` or ``RunEnvironment/download``) the policy also keeps the browser from
    /// fetching what the page links to: images and styles come only from the page and local files.
    static func inert(_ page: HTMLDocument, online: Bool) -> String {
        let reach = online ? "" : " default-src 'none'; img-src data: file:; style-src 'unsafe-inline' file:; font-src data: file:;"
        let policy =
            "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'; object-src 'none'; frame-src 'none';\(reach)\">"
        let drawn = page.html(of: HTMLDocument.document, keep: { page[$0].name != "script" })
        return "<!DOCTYPE html>\n" + policy + "\n" + drawn
    }

    /// What the browser makes of a page: an image of a window's size, or a PDF of its pages.
    package enum Drawing {
        case image(width: Int, height: Int)
        case pdf
    }

    /// The first headless browser on the run's PATH, or a failure naming the package.
    package static func find(_ run: RunContext) throws -> String {
        guard let browser = run.tool(browsers) else {
            throw ActionFailure("drawing rich text needs a headless browser: install chromium-headless-shell (or chromium)")
        }
        return browser.path
    }

    /// Draws a page with the browser, its scripts off, into a PNG or a PDF.
    package static func draw(_ page: HTMLDocument, as drawing: Drawing, browser: String, run: RunContext) throws -> Data {
        let folder = try run.scratchFolder("render")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/page.html"
        do {
            try FileManager.default.createDirectory(atPath: folder + "/profile", withIntermediateDirectories: true)
            let online = run.environment.download != nil || run.environment.http != nil
            try Data(inert(page, online: online).utf8).write(to: URL(fileURLWithPath: source), options: .atomic)
        } catch {
            throw ActionFailure("can't write the page to draw in \(folder): \(error.localizedDescription)")
        }
        var arguments = ["--headless", "--hide-scrollbars", "--disable-gpu", "--no-first-run", "--user-data-dir=\(folder)/profile"]
        let output: String
        switch drawing {
        case .image(let width, let height):
            output = folder + "/image.png"
            arguments += ["--window-size=\(width),\(height)", "--screenshot=\(output)"]
        case .pdf:
            output = folder + "/page.pdf"
            arguments += ["--no-pdf-header-footer", "--print-to-pdf=\(output)"]
        }
        arguments.append(URL(fileURLWithPath: source).absoluteString)
        // Chromium's sandbox refuses to start as root; there its scripts are off all the same.
        if geteuid() == 0 { arguments.insert("--no-sandbox", at: 0) }
        let outcome = try run.runProgram(
            browser, arguments: arguments, environment: run.environment.variables, timeout: 60)
        try outcome.throwIfCancelled()
        guard outcome.status == 0, let data = FileManager.default.contents(atPath: output) else {
            let said = outcome.errorText.split(separator: "\n").filter { !$0.contains(":WARNING:") && !$0.contains("dbus") }.prefix(3)
            throw ActionFailure(
                "\(URL(fileURLWithPath: browser).lastPathComponent) could not draw the page (status \(outcome.status)): \(said.joined(separator: " "))",
                parameter: "WFInput")
        }
        return data
    }
}
