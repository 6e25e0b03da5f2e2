import ActionTestSupport
import Foundation
import Markup
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

/// Rich text (HTML, read by libxml2), Markdown (cmark-gfm) and articles, on pages served over
/// real HTTP; Markdown's HTML is compared with what Debian's own `cmark-gfm` program makes.
@Suite(.serialized) struct RichTextActionsTests {
    typealias T = SystemTest

    /// A run that downloads, as a real one does.
    static var online: RunEnvironment {
        var environment = T.environment()
        environment.download = Builtins.download
        return environment
    }

    static let markdown = """
        # Release notes

        Version **2.1** adds _three_ things, see [the blog](https://example.com/blog):

        1. Faster start-up
        2. Rich `text`
        3. Tables

        > Quoted advice

        | Name | Size |
        |------|------|
        | a.txt | 1 KB |

        ~~old~~ and https://example.org autolinked.

        - [x] done
        """

    /// Debian's `cmark-gfm` program with the same extensions, on the same Markdown.
    static func cmarkProgram(_ markdown: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/cmark-gfm")
        process.arguments = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func markdownBecomesTheHTMLCmarkGFMMakes() throws {
        let richText = try T.run("getrichtextfrommarkdown", ["WFInput": T.text(Self.markdown)])
        let file = richText.file()
        #expect(file.typeIdentifier == "public.html" && file.name == "Rich Text.html")
        #expect(String(decoding: file.data, as: UTF8.self) == (try Self.cmarkProgram(Self.markdown)))
        // As text it is what a reader sees: list numbers and bullets between tabs, cells by tabs.
        #expect(
            richText.text
                == """
                Release notes
                Version 2.1 adds three things, see the blog:
                \t1.\tFaster start-up
                \t2.\tRich text
                \t3.\tTables
                Quoted advice
                Name\tSize
                a.txt\t1 KB
                old and https://example.org autolinked.
                \t•\tdone
                """)
    }

    @Test func markdownMadeFromRichTextReadsBackToTheSameHTML() throws {
        let richText = try T.run("getrichtextfrommarkdown", ["WFInput": T.text(Self.markdown)])
        let markdown = try T.run("getmarkdownfromrichtext", input: richText).text
        #expect(markdown.hasPrefix("# Release notes\n\nVersion **2.1** adds _three_ things, see [the blog](https://example.com/blog):"))
        #expect(markdown.contains("1. Faster start-up\n2. Rich `text`\n3. Tables"))
        #expect(markdown.contains("| Name | Size |\n| --- | --- |\n| a.txt | 1 KB |"))
        // What Markdown it writes, cmark-gfm reads as the same page (task lists aside: their
        // checkbox is an <input>, which rich text leaves out).
        let withoutTasks = Self.markdown.replacingOccurrences(of: "\n\n- [x] done", with: "")
        let first = try Markdown.html(from: withoutTasks)
        let again = try Markdown.html(from: try T.run("getmarkdownfromrichtext", input: Content.richText(first)).text)
        #expect(again == first)
        // Plain text stays as it is.
        #expect(try T.run("getmarkdownfromrichtext", input: .text("*not* rich")).text == "*not* rich")
    }

    static let page = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Ignored title</title>
        <style>p { color: red }</style><script>var hidden = "never shown";</script></head>
        <body><h1>Caf&eacute; &amp; Bar</h1>
        <p>First   line<br>second line</p>
        <ul><li>one</li><li>two<ol start="3"><li>nested</li></ol></li></ul>
        <pre>  kept
            spacing</pre>
        <p>Last <b>bold<i> and</i></b> done.
        <div>Unclosed div
        </body></html>
        """

    @Test func richTextIsWhatAReaderSeesAndItsHTMLComesBack() throws {
        let richText = try T.run("getrichtextfromhtml", ["WFHTML": T.text(Self.page)])
        #expect(
            richText.text
                == """
                Café & Bar
                First line
                second line
                \t•\tone
                \t•\ttwo
                \t\t3.\tnested
                  kept
                    spacing
                Last bold and done.
                Unclosed div
                """)
        // The whole document is the source as it was; the part inside <body> is libxml2's reading of it.
        let full = try T.run("gethtmlfromrichtext", ["WFMakeFullDocument": T.bool(true)], input: richText).text
        #expect(full == Self.page)
        let part = try T.run("gethtmlfromrichtext", input: richText).text
        #expect(part.hasPrefix("<h1>Café &amp; Bar</h1>\n<p>First   line<br>second line</p>"))
        #expect(!part.contains("<body") && !part.contains("never shown"))
        // Plain text made HTML is escaped; a whole document declares UTF-8.
        #expect(try T.run("gethtmlfromrichtext", input: .text("a < b & c")).text == "a &lt; b &amp; c")
        let wrapped = try T.run("gethtmlfromrichtext", ["WFMakeFullDocument": T.bool(true)], input: .text("x\ny")).text
        #expect(wrapped.contains("<meta charset=\"utf-8\">") && wrapped.contains("<body>\nx<br>\ny\n</body>"))
    }

    @Test func brokenAndHostileHTMLNeverCrashes() throws {
        // Nesting far past any real page: the deep part counts as its text.
        let deep = String(repeating: "<div>", count: 100_000) + "bottom" + String(repeating: "</div>", count: 100_000)
        #expect(try T.run("getrichtextfromhtml", ["WFHTML": T.text(deep)]).text == "bottom")
        let broken = "<p>a<b>b<i>c</p>d</b></i><<<>>> &bogus; &#xFFFFFF; <script>"
        #expect(try T.run("getrichtextfromhtml", ["WFHTML": T.text(broken)]).text.hasPrefix("a"))
        let garbage = FileContent(name: "x.html", data: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        _ = try T.run("getmarkdownfromrichtext", input: .file(garbage))
        #expect(try T.run("getrichtextfromhtml", ["WFHTML": T.text("")]).text == "")
    }

    static let article = """
        <html><head>
        <title>Moon base opens | The Daily Example</title>
        <meta property="og:title" content="Moon base opens">
        <meta property="og:image" content="/images/base.jpg">
        <meta name="description" content="The first base on the Moon opened on Monday.">
        <script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Moon base opens",
         "author": [{"@type": "Person", "name": "Ada Lovelace"}], "datePublished": "2026-11-30T09:15:00Z"}
        </script></head>
        <body>
        <nav class="menu"><a href="/">Home</a> <a href="/world">World</a> <a href="/science">Science</a></nav>
        <div id="page">
          <div class="sidebar"><h3>Most read</h3><ul><li><a href="/a">Celebrity news, gossip, and more gossip today</a></li>
            <li><a href="/b">Another story everyone clicked, and clicked again</a></li></ul></div>
          <article class="story">
            <p>The first permanent base on the Moon opened on Monday, after twelve years of building, testing and waiting.</p>
            <p>Its crew of six will live there for a year, grow food in sealed gardens, and study the craters nearby.</p>
            <p>Engineers said the hardest part was the dust, which clings to everything, scratches glass, and gets into seals.</p>
            <figure><img src="crater.jpg" alt="A crater"><figcaption>Shackleton crater</figcaption></figure>
          </article>
          <div class="comments"><p>Comment: first, and this comment is long enough to count as a paragraph, surely.</p></div>
        </div>
        <footer>Copyright, The Daily Example, all rights reserved, since forever.</footer>
        </body></html>
        """

    @Test func getArticleFindsTheStoryAndItsDetails() throws {
        let server = try LocalHTTPServer()
        try server.serve(Self.article, at: "news/moon.html")
        let article = try T.run("getarticle", ["WFWebPage": T.text(server.url("news/moon.html"))], environment: Self.online)
        func detail(_ name: String) throws -> Content {
            try T.run("properties.articles", ["WFContentItemPropertyName": T.text(name)], input: article)
        }
        #expect(article.typeName == "Article" && article.text == "Moon base opens")
        #expect(try detail("Title") == .text("Moon base opens"))
        #expect(try detail("Author") == .text("Ada Lovelace"))
        #expect(try detail("Published Date") == .date(ISO8601.date(from: "2026-11-30T09:15:00Z")!))
        #expect(try detail("Excerpt") == .text("The first base on the Moon opened on Monday."))
        #expect(try detail("Main Image URL") == .url(URL(string: server.url("images/base.jpg"))!))
        #expect(try detail("URL") == .url(URL(string: server.url("news/moon.html"))!))
        let body = try detail("Body")
        #expect(body.text.hasPrefix("The first permanent base on the Moon opened on Monday"))
        #expect(body.text.contains("gets into seals.\nShackleton crater"))
        for furniture in ["Home", "Most read", "Celebrity", "Comment:", "Copyright"] {
            #expect(!body.text.contains(furniture), "\(furniture) is not part of the article")
        }
        // The body's images point where the page's did.
        let source = try T.run("gethtmlfromrichtext", input: body).text
        #expect(source.contains("src=\"\(server.url("news/crater.jpg"))\""))
        let words = body.text.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).count
        #expect(try detail("Number of Words") == .number(Double(words)))
    }

    @Test func filterArticlesSortsAndKeepsByTheirDetails() throws {
        let server = try LocalHTTPServer()
        try server.serve(Self.article, at: "moon.html")
        let short = "<html><head><title>Short note</title></head><body><p>Only a few words here, nothing more to say.</p></body></html>"
        try server.serve(short, at: "short.html")
        let urls = T.action("list", ["WFItems": .array([T.text(server.url("moon.html")), T.text(server.url("short.html"))])], uuid: "L")
        let articles = T.action("getarticle", ["WFWebPage": T.output(of: "L")], uuid: "A")
        func filtered(_ parameters: [String: ParameterValue]) throws -> [String] {
            var all = parameters
            all["WFContentItemInputParameter"] = T.output(of: "A")
            return try T.run([urls, articles, T.action("filter.articles", all)], environment: Self.online).items.map(\.text)
        }
        #expect(
            try filtered(["WFContentItemSortProperty": T.text("Title"), "WFContentItemSortOrder": T.text("A to Z")]) == [
                "Moon base opens", "Short note",
            ])
        let long = PredicateTable(
            prefix: 1,
            templates: [
                [
                    "Property": T.text("Number of Words"), "Operator": .plain(.integer(2)), "Values": .record(["Number": T.number(20)]),
                    "Removable": T.bool(true),
                ]
            ])
        #expect(try filtered(["WFContentItemFilter": .predicateTable(long)]) == ["Moon base opens"])
        // Texts sort by their own text as their name, numbers in it as numbers (shortcuts sort
        // version numbers this way).
        let texts = T.action("list", ["WFItems": .array([T.text("1.2"), T.text("1.10"), T.text("1.3")])], uuid: "T")
        let sorted = T.action(
            "filter.articles",
            [
                "WFContentItemInputParameter": T.output(of: "T"), "WFContentItemSortProperty": T.text("Name"),
                "WFContentItemSortOrder": T.text("Z to A"),
            ])
        let names = try T.run([texts, sorted]).items.map(\.text)
        #expect(names == ["1.10", "1.3", "1.2"], "\(names)")
    }

    @Test func webPageDetailsComeFromThePage() throws {
        let server = try LocalHTTPServer()
        try server.serve(Self.article, at: "moon.html")
        func detail(_ name: String) throws -> Content {
            try T.run(
                "properties.safariwebpage", ["WFInput": T.text(server.url("moon.html")), "WFContentItemPropertyName": T.text(name)],
                environment: Self.online)
        }
        #expect(try detail("Name") == .text("Moon base opens | The Daily Example"))
        #expect(try detail("Page URL") == .url(URL(string: server.url("moon.html"))!))
        #expect(try detail("Page Contents").text.contains("Its crew of six will live there for a year"))
        #expect(try detail("Page Selection") == .nothing)
        let error = T.failure { try detail("Colour") }
        #expect(error?.parameter == "WFContentItemPropertyName")
        let notAPage = T.failure { try T.run("getarticle", ["WFWebPage": T.number(4)]) }
        #expect(
            notAPage?.parameter == "WFWebPage" && notAPage?.message.contains("as an Article") == true, "\(String(describing: notAPage))")
    }

    /// The colours of a PNG's pixels at points, read by Python (zlib and the PNG filters by hand).
    static func colours(of png: Data, at points: [(Int, Int)]) throws -> [String] {
        let script = """
            import sys, zlib, struct
            data = open(sys.argv[1], 'rb').read()
            width, height, depth, kind = struct.unpack('>IIBB', data[16:26])
            chunks, at = b'', 8
            while at < len(data):
                length, name = struct.unpack('>I4s', data[at:at + 8])
                if name == b'IDAT': chunks += data[at + 8:at + 8 + length]
                at += 12 + length
            raw, size = zlib.decompress(chunks), {2: 3, 6: 4}[kind]
            stride, rows, previous = width * size, [], bytearray(width * size)
            for y in range(height):
                kind_of_filter, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
                for x in range(stride):
                    a = line[x - size] if x >= size else 0
                    b, c = previous[x], previous[x - size] if x >= size else 0
                    if kind_of_filter == 1: line[x] = (line[x] + a) & 255
                    elif kind_of_filter == 2: line[x] = (line[x] + b) & 255
                    elif kind_of_filter == 3: line[x] = (line[x] + (a + b) // 2) & 255
                    elif kind_of_filter == 4:
                        p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(line); previous = line
            print(width, height)
            for point in sys.argv[2:]:
                x, y = map(int, point.split(','))
                print('%02x%02x%02x' % tuple(rows[y][x * size:x * size + 3]))
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, file.path] + points.map { "\($0.0),\($0.1)" }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
    }

    @Test func richTextIsDrawnWithItsScriptsOff() throws {
        // A script and an inline handler that would paint the page black: neither runs.
        let html = """
            <html><head><style>body { margin: 0; background: #ffffff } h1 { margin: 0; height: 80px; background: #ff0000 }</style>
            <script>document.body.style.background = "#000000"</script></head>
            <body onload="document.body.style.background = '#000000'"><h1>Title</h1><p>Text</p>
            <img src="x" onerror="document.body.style.background = '#000000'"></body></html>
            """
        let image = try T.run(
            "makeimagefromrichtext", ["WFWidth": T.number(300), "WFHeight": T.number(200)], input: Content.richText(html))
        let file = image.file()
        #expect(file.typeIdentifier == "public.png" && file.name == "Rich Text.png")
        let seen = try Self.colours(of: file.data, at: [(150, 40), (290, 190)])
        #expect(seen == ["300 200", "ff0000", "ffffff"], "\(seen)")
        // Markdown's rich text draws at the default size.
        let markdown = try T.run("getrichtextfrommarkdown", ["WFInput": T.text("# Hi")])
        let drawn = try T.run("makeimagefromrichtext", input: markdown)
        #expect(try Self.colours(of: drawn.file().data, at: []) == ["1024 768"])
        let tooWide = T.failure { try T.run("makeimagefromrichtext", ["WFWidth": T.number(1e9)], input: markdown) }
        #expect(tooWide?.parameter == "WFWidth")
    }

    @Test func aVariableGetsAsAnArticleThroughTheContentGraph() throws {
        let server = try LocalHTTPServer()
        try server.serve(Self.article, at: "moon.html")
        let graph = ContentGraph(download: Self.online.download) { path in throw ActionFailure("not read: \(path)") }
        // A URL, text holding one, and rich text all become the article.
        for item: Content in [.url(URL(string: server.url("moon.html"))!), .text("Read \(server.url("moon.html")) today")] {
            let article = try graph.convert(item, to: .article)
            #expect(article.typeName == "Article" && article.property("Author") == .text("Ada Lovelace"), "\(item)")
        }
        let page = try graph.convert(Content.richText(Self.article), to: .article)
        #expect(page.property("Title") == .text("Moon base opens"))
        #expect(try graph.coerce(.number(3), to: .article) == .nothing, "a Get as drops what is not a page")
    }

    @Test func aRunWithoutNetworkDrawsWithoutFetching() throws {
        let server = try LocalHTTPServer()
        try server.serve("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>", at: "picture.svg")
        let page = Content.richText("<p>Picture:</p><img src=\"\(server.url("picture.svg"))\">")
        _ = try T.run(
            "makeimagefromrichtext", ["WFWidth": T.number(100), "WFHeight": T.number(100)], input: page,
            environment: T.environment(http: nil))
        #expect(server.requests().isEmpty, "a run without network fetched \(server.requests().map(\.path))")
        _ = try T.run(
            "makeimagefromrichtext", ["WFWidth": T.number(100), "WFHeight": T.number(100)], input: page, environment: Self.online)
        #expect(server.requests().map(\.path) == ["/picture.svg"])
    }
}
