import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Safari's own actions that don't need a browser's tabs (`com.apple.Safari.*` on macOS,
/// `com.apple.mobilesafari.*` on iOS, with the same keys): Open Link opens the URL in the
/// desktop's browser; Bookmark URL adds it to `$SHORTCUTS_HOME/Bookmarks.html`, in the bookmark
/// file format every browser imports. A browser's tabs and tab groups can't be driven from
/// outside it on Linux, so Create New Tab and Create Tab Group aren't here.
enum SafariAppActions {
    static var all: [ActionDefinition] {
        [("com.apple.mobilesafari.", true), ("com.apple.Safari.", false)].flatMap { prefix, _ in
            [openLink, bookmark].map { action in
                var definition = action
                definition.metadata.identifier = prefix + action.metadata.identifier
                definition.metadata.app = "Safari"
                return definition
            }
        }
    }

    static func link(_ parameters: CompiledParameters, run: RunContext, input: Content) throws -> URL {
        let text = (parameters["url"].isAbsent ? input : try run.content(parameters["url"])).text
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = TextScanner.url(text), let scheme = url.scheme?.lowercased(), ["http", "https", "file", "ftp"].contains(scheme)
        else {
            throw ActionFailure(text.isEmpty ? "no URL was given" : "“\(text.prefix(80))” is not a web address", parameter: "url")
        }
        return url
    }

    static let openLink = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "LoadURLInTab", title: "Open Link",
            description: "Opens the URL in the desktop's web browser (its own tab: a browser's tabs can't be chosen from outside it here).",
            parameters: [
                ParameterMetadata(key: "url", title: "URL", type: .url, isRequired: true),
                ParameterMetadata(key: "tab", title: "Tab", type: .content),
            ],
            inputParameter: "url", isReadOnly: false, keywords: ["browser", "web", "open url"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            try run.environment.openURL(try link(parameters, run: run, input: input))
            return input
        }
    }

    static func bookmarksFile(run: RunContext) -> String { ShortcutsHome.path(in: run.environment.variables) + "/Bookmarks.html" }

    /// Text for the bookmark file, with HTML's five characters escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    static let fileHead = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <TITLE>Bookmarks</TITLE>
        <H1>Bookmarks</H1>
        <DL><p>

        """
    static let fileTail = "</DL><p>\n"

    static let bookmark = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "BookmarkURLIntent", title: "Bookmark URL",
            description:
                "Adds the URL to $SHORTCUTS_HOME/Bookmarks.html, the bookmark file every browser imports (Firefox, Chromium, GNOME Web, Konqueror).",
            parameters: [
                ParameterMetadata(key: "url", title: "URL", type: .url, isRequired: true),
                ParameterMetadata(key: "name", title: "Name", type: .text),
            ],
            inputParameter: "url", outputType: "Bookmark", outputName: "Bookmark", isReadOnly: false, keywords: ["favorite", "save link"])
    ) { parameters in
        { input, run in
            let url = try link(parameters, run: run, input: input)
            let given = (try run.text(parameters["name"]) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let name = given.isEmpty ? (url.host ?? url.absoluteString) : given
            let path = bookmarksFile(run: run)
            var text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                text = fileHead + fileTail
            } else if text.range(of: "<!DOCTYPE NETSCAPE-Bookmark-file-1>", options: .caseInsensitive) == nil {
                throw ActionFailure(
                    "\(path) isn't a bookmark file (it has no NETSCAPE-Bookmark-file-1 doctype); move it away to start a new one")
            }
            guard let end = text.range(of: fileTail, options: .backwards) else {
                throw ActionFailure("\(path) doesn't end as a bookmark file does (</DL><p>); fix it or move it away")
            }
            let added = Int(run.environment.now().timeIntervalSince1970)
            let line = "    <DT><A HREF=\"\(escaped(url.absoluteString))\" ADD_DATE=\"\(added)\">\(escaped(name))</A>\n"
            text.replaceSubrange(end, with: line + fileTail)
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try StoreFiles.write(Data(text.utf8), to: path)
            return .entity(
                EntityContent(
                    typeName: "Bookmark", identifier: url.absoluteString, displayTitle: name,
                    properties: ["Name": .text(name), "URL": .url(url)]))
        }
    }
}
