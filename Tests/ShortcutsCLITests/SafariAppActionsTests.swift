import Foundation
import ShortcutsTestSupport
import Testing

/// Safari's Open Link and Bookmark URL through the built `shortcuts`: the link goes to a
/// stand-in xdg-open, the bookmark into a bookmark file python3's HTML parser reads back.
@Suite(.serialized) struct SafariAppActionsTests {
    let runner: CommandRunner
    let opened: String

    init() throws {
        runner = try CommandRunner()
        opened = runner.directory.path + "/opened"
        let opener = try runner.write(Data("#!/bin/sh\necho \"$1\" >> \(opened)\n".utf8), to: "bin/xdg-open")
        chmod(opener, 0o755)
        runner.extraEnvironment["PATH"] = runner.directory.path + "/bin:/usr/bin:/bin"
    }

    func run(_ source: String) throws -> ProcessOutput {
        let file = try runner.write(Data("\(source)\n".utf8), to: "safari-\(UUID().uuidString).sct")
        return try runner.run(["run", file])
    }

    @Test func linksOpenInTheBrowserAndBookmarksGoToABookmarkFile() throws {
        let done = try run(
            """
            com.apple.mobilesafari.LoadURLInTab url: "https://example.com/a?b=1"
            OpenLink "https://swift.org"
            com.apple.Safari.BookmarkURLIntent url: "https://example.com/x?a=1&b=<2>", name: "Tom & Jerry's \\"page\\""
            saved = com.apple.mobilesafari.BookmarkURLIntent url: "https://swift.org/blog"
            Text "\\(saved.Name)"
            """)
        #expect(done.status == 0 && done.output == "swift.org\n", "\(done.output) \(done.error)")
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == "https://example.com/a?b=1\nhttps://swift.org\n")
        let read = try ProcessRun.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import html.parser, sys
                class Links(html.parser.HTMLParser):
                    def handle_starttag(self, tag, attributes):
                        if tag == 'a': self.href = dict(attributes)['href']
                    def handle_data(self, data):
                        if getattr(self, 'href', None): print(self.href, '|', data); self.href = None
                text = open(sys.argv[1]).read()
                assert text.startswith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')
                Links().feed(text)
                """,
                runner.home + "/Bookmarks.html",
            ])
        #expect(read.status == 0, "\(read.error)")
        #expect(
            read.output == "https://example.com/x?a=1&b=%3C2%3E | Tom & Jerry's \"page\"\nhttps://swift.org/blog | swift.org\n",
            "\(read.output)")
        let bad = try run(#"com.apple.Safari.LoadURLInTab url: "javascript:alert(1)""#)
        #expect(bad.status == 1 && bad.error.contains("parameter url: “javascript:alert(1)” is not a web address"), "\(bad.error)")
    }
}
