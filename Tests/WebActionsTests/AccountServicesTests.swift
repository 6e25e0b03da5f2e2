import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import WebActions

/// The account-bound web services' actions against a real HTTP server on 127.0.0.1 that
/// answers the requests each service documents (Dropbox's API v2, Trello's REST API, Todoist's
/// API v1, WordPress's REST API, Tumblr's API v2, Imgur's API 3, Giphy's search, Pinboard's v1,
/// Instapaper's Simple API) and refuses those without the right credentials; every request is
/// written down for the tests to read.
@Suite(.serialized) struct AccountServicesTests {
    typealias T = SystemTest

    /// The services' server: what each endpoint keeps, and each request as JSON in a log.
    final class Server {
        let directory: TemporaryDirectory
        let process = Process()
        let port: Int

        static let script = #"""
            import base64, json, os, sys, urllib.parse, http.server
            log_path = sys.argv[1]
            files, boards, lists, cards = {}, [], [], []
            def oauth_ok(handler, path, params, secrets, consumer, token):
                # RFC 5849's signature, computed here from what arrived, against the one sent.
                import hmac, hashlib
                auth = handler.headers.get("Authorization", "")
                if not auth.startswith("OAuth "): return False
                fields = dict((k.strip(), urllib.parse.unquote(v.strip().strip('"'))) for k, v in (x.split("=", 1) for x in auth[6:].split(",")))
                signature = fields.pop("oauth_signature", "")
                pairs = sorted((urllib.parse.quote(k, safe="~"), urllib.parse.quote(v, safe="~")) for k, v in list(fields.items()) + list(params.items()))
                base = "&".join([handler.command, urllib.parse.quote(f"http://{handler.headers['Host']}{path}", safe="~"), urllib.parse.quote("&".join(f"{k}={v}" for k, v in pairs), safe="~")])
                expected = base64.b64encode(hmac.new(secrets.encode(), base.encode(), hashlib.sha1).digest()).decode()
                return signature == expected and fields.get("oauth_consumer_key") == consumer and fields.get("oauth_token") == token
            def log(entry):
                with open(log_path, "a") as f: f.write(json.dumps(entry) + "\n")
            class Handler(http.server.BaseHTTPRequestHandler):
                def reply(self, status, body, headers={}):
                    data = body if isinstance(body, bytes) else json.dumps(body).encode()
                    self.send_response(status)
                    for k, v in headers.items(): self.send_header(k, v)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                def handle_any(self):
                    url = urllib.parse.urlparse(self.path)
                    query = dict(urllib.parse.parse_qsl(url.query))
                    body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                    auth = self.headers.get("Authorization", "")
                    log({"method": self.command, "path": url.path, "query": query, "auth": auth,
                         "arg": self.headers.get("Dropbox-API-Arg"), "type": self.headers.get("Content-Type"),
                         "body": body.decode("latin-1")})
                    p = url.path
                    if p.startswith("/v1/posts/"):
                        if query.get("auth_token") != "ada:ABC123": return self.reply(401, {"error": "bad token"})
                        if p == "/v1/posts/add": return self.reply(200, {"result_code": "done"})
                        posts = [{"href": "https://swift.org", "description": "Swift", "tags": "code"},
                                 {"href": "https://debian.org", "description": "Debian", "tags": "os"}]
                        return self.reply(200, {"posts": [x for x in posts if query.get("tag", x["tags"]) == x["tags"]]})
                    if p == "/api/add":
                        ok = auth == "Basic " + base64.b64encode(b"ada@example.org:pw").decode()
                        return self.reply(201 if ok else 403, b"201" if ok else b"403")
                    if p == "/oauth2/token":
                        form = dict(urllib.parse.parse_qsl(body.decode()))
                        ok = form == {"grant_type": "refresh_token", "refresh_token": "R1", "client_id": "AK", "client_secret": "AS"}
                        return self.reply(200 if ok else 400, {"access_token": "DBX", "expires_in": 14400} if ok else {"error": "invalid_grant"})
                    if p.startswith("/2/files/"):
                        if auth != "Bearer DBX": return self.reply(401, {"error_summary": "invalid_access_token/"})
                        arg = json.loads(self.headers.get("Dropbox-API-Arg"))
                        if p == "/2/files/upload":
                            path, mode = arg["path"], arg.get("mode")
                            if isinstance(mode, dict) and mode.get(".tag") == "update":
                                if path not in files or files[path][1] != mode.get("update"):
                                    return self.reply(409, {"error_summary": "path/conflict/file/"})
                            elif path in files and mode == "add" and arg.get("autorename"):
                                stem, dot, ext = path.rpartition(".")
                                path = f"{stem} (1).{ext}" if dot else path + " (1)"
                            rev = f"r{len(files) + 1}{len(body)}"
                            files[path] = (body, rev)
                            return self.reply(200, {"name": path.rsplit("/", 1)[1], "path_display": path, "rev": rev})
                        if arg["path"] not in files: return self.reply(409, {"error_summary": "path/not_found/"})
                        data, rev = files[arg["path"]]
                        result = json.dumps({"name": arg["path"].rsplit("/", 1)[1], "rev": rev}, ensure_ascii=True)
                        return self.reply(200, data, {"Dropbox-API-Result": result})
                    if p.startswith("/1/"):
                        if auth != 'OAuth oauth_consumer_key="TK", oauth_token="TT"' or "key" in query or "token" in query:
                            return self.reply(401, b"invalid key")
                        if p == "/1/boards/" and self.command == "POST":
                            board = {"id": f"b{len(boards)+1}", "name": query["name"], "desc": query.get("desc", ""), "url": "https://trello.com/b/x", "closed": False}
                            boards.append(board); return self.reply(200, board)
                        if p == "/1/members/me/boards": return self.reply(200, boards)
                        if p == "/1/lists" and self.command == "POST":
                            item = {"id": f"l{len(lists)+1}", "name": query["name"], "idBoard": query["idBoard"], "pos": query.get("pos")}
                            lists.append(item); return self.reply(200, item)
                        if p.endswith("/lists"): return self.reply(200, [x for x in lists if x["idBoard"] == p.split("/")[3]])
                        if p == "/1/cards" and self.command == "POST":
                            item = {"id": f"c{len(cards)+1}", "name": query["name"], "desc": query.get("desc", ""), "idList": query["idList"], "due": query.get("due"), "url": "https://trello.com/c/y"}
                            cards.append(item); return self.reply(200, item)
                        if p.endswith("/attachments"): return self.reply(200, {"id": "a1"})
                        if p.endswith("/cards"): return self.reply(200, [x for x in cards if x["idList"] == p.split("/")[3]])
                    if p.startswith("/api/v1/"):
                        if auth != "Bearer TODO": return self.reply(401, b"Unauthorized")
                        if p == "/api/v1/projects":
                            if query.get("cursor") == "c2": return self.reply(200, {"results": [{"id": "p9", "name": "Work"}], "next_cursor": None})
                            return self.reply(200, {"results": [{"id": "p1", "name": "Home"}], "next_cursor": "c2"})
                        if p == "/api/v1/tasks": return self.reply(200, dict(json.loads(body), id="t42"))
                        if p == "/api/v1/sync":
                            commands = json.loads(dict(urllib.parse.parse_qsl(body.decode()))["commands"])
                            status = {c["uuid"]: ("ok" if not c["args"]["due"]["date"].startswith("1999") else {"error": "Reminders are a paid feature"}) for c in commands}
                            return self.reply(200, {"sync_status": status})
                        if p == "/api/v1/uploads": return self.reply(200, {"file_name": "notes.txt", "file_url": "https://files/notes.txt"})
                        if p == "/api/v1/comments": return self.reply(200, {"id": "n1"})
                    if p.startswith("/wp-json/"):
                        if auth != "Basic " + base64.b64encode(b"ada:app pass").decode(): return self.reply(401, {"code": "rest_not_logged_in"})
                        if p.endswith("/media"): return self.reply(201, {"id": 7})
                        kind = "page_id" if p.endswith("/pages") else "p"
                        return self.reply(201, {"id": 10, "link": f"http://127.0.0.1/?{kind}=10"})
                    if p.startswith("/api/1/"):
                        form = dict(urllib.parse.parse_qsl(body.decode()))
                        if p == "/api/1/oauth/access_token":
                            ok = oauth_ok(self, p, form, "ICS&", "ICK", None) and form.get("x_auth_username") == "ada@example.org" and form.get("x_auth_password") == "pw"
                            return self.reply(200 if ok else 401, b"oauth_token=IT&oauth_token_secret=ITS" if ok else b"bad")
                        if not oauth_ok(self, p, form, "ICS&ITS", "ICK", "IT"): return self.reply(403, [{"type": "error", "message": "bad signature"}])
                        if p == "/api/1/folders/list": return self.reply(200, [{"type": "folder", "folder_id": 77, "title": "Recipes"}])
                        if form.get("folder_id") == "77": return self.reply(200, [{"type": "user"}, {"type": "bookmark", "url": "https://recipes.example/soup"}])
                        marks = [{"url": f"https://read.example/{i}"} for i in range(1, 4)]
                        return self.reply(200, {"user": {}, "bookmarks": marks[:int(form.get("limit", "25"))], "highlights": []})
                    if p.startswith("/v2/blog/"):
                        if auth.startswith("OAuth "):
                            if not oauth_ok(self, p, query, "CS&TS", "CK", "TOK"):
                                return self.reply(401, {"meta": {"status": 401, "msg": "bad signature"}})
                        elif auth != "Bearer TUM": return self.reply(401, {"meta": {"status": 401}})
                        return self.reply(201, {"meta": {"status": 201}, "response": {"id": "555"}})
                    if p.startswith("/3/"):
                        if auth not in ("Client-ID IMG", "Bearer IMT"): return self.reply(403, {"data": {"error": "bad"}})
                        if p == "/3/image": return self.reply(200, {"data": {"id": "abc", "link": "https://i.imgur.com/abc.png", "deletehash": "dh1"}})
                        if p == "/3/album": return self.reply(200, {"data": {"id": "alb"}})
                    if p == "/v1/gifs/search":
                        if query.get("api_key") != "GK": return self.reply(401, {"message": "bad key"})
                        port = self.server.server_address[1]
                        gifs = [{"id": f"g{i}", "title": f"Cat {i}", "images": {"original": {"url": f"http://127.0.0.1:{port}/gifs/g{i}.gif"}}} for i in range(1, 4)]
                        return self.reply(200, {"data": gifs[:int(query.get("limit", 25))]})
                    if p.startswith("/gifs/"): return self.reply(200, b"GIF89a-" + p.encode(), {"Content-Type": "image/gif"})
                    return self.reply(404, b"no such endpoint")
                do_GET = do_POST = handle_any
                def log_message(self, *args): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """#

        init() throws {
            directory = try TemporaryDirectory()
            let script = try directory.write(Self.script, to: "services.py")
            port = try PythonServer.start(process, script: script, arguments: [directory.path + "/requests.log"])
        }

        deinit {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        var base: String { "http://127.0.0.1:\(port)" }

        /// The requests so far: method, path, query, auth, body…
        func requests() -> [[String: Any]] {
            (directory.read("requests.log") ?? "").split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }

        func requests(to path: String) -> [[String: Any]] { requests().filter { ($0["path"] as? String) == path } }
    }

    let server: Server

    init() throws { server = try Server() }

    /// A run's environment with every service pointed at the server and the given settings.
    func environment(_ settings: [String: String]) -> RunEnvironment {
        var environment = T.environment()
        var values = settings
        for name in ["dropbox", "dropbox-content", "giphy", "imgur", "instapaper", "pinboard", "todoist", "trello", "tumblr", "wordpress"] {
            values[name] = values[name] ?? server.base
        }
        environment.services = ServiceSettings(values)
        return environment
    }

    func run(
        _ identifier: String, _ parameters: [String: ParameterValue] = [:], input: Content = .nothing, settings: [String: String] = [:]
    ) throws -> Content {
        try T.run(identifier, parameters, input: input, environment: environment(settings))
    }

    func failure(
        _ identifier: String, _ parameters: [String: ParameterValue] = [:], input: Content = .nothing, settings: [String: String] = [:]
    )
        -> RunError?
    {
        T.failure { try run(identifier, parameters, input: input, settings: settings) }
    }

    @Test func pinboardAndInstapaperSaveAndListBookmarks() throws {
        let pinboard = ["pinboard-token": "ada:ABC123"]
        _ = try run(
            "pinboard.add", ["WFPinTitle": T.text("Swift"), "WFPinTags": T.text("code, lang"), "WFPinUnread": T.bool(true)],
            input: .url(URL(string: "https://swift.org")!), settings: pinboard)
        let added = try #require(server.requests(to: "/v1/posts/add").first?["query"] as? [String: String])
        #expect(added["url"] == "https://swift.org" && added["description"] == "Swift" && added["tags"] == "code lang")
        #expect(added["toread"] == "yes" && added["shared"] == "yes" && added["format"] == "json")
        let links = try run("pinboard.get", ["WFPinTags": T.text("os"), "WFBookmarkCount": T.number(5)], settings: pinboard)
        #expect(links == .list([.url(URL(string: "https://debian.org")!)]))
        let badToken = failure("pinboard.get", settings: ["pinboard-token": "ada:WRONG"])
        #expect(badToken?.message.contains("Pinboard answered HTTP 401") == true && badToken?.message.contains("credentials") == true)
        let unset = failure("pinboard.get")
        #expect(unset?.message.contains("--service pinboard-token=") == true && unset?.parameter == "WFPinTags")
        _ = try run(
            "instapaper.add", input: .url(URL(string: "https://example.org/article")!),
            settings: ["instapaper-user": "ada@example.org", "instapaper-password": "pw"])
        // The bookmarks' list through the Full API: xAuth, then signed calls.
        let instapaper = [
            "instapaper-user": "ada@example.org", "instapaper-password": "pw", "instapaper-consumer-key": "ICK",
            "instapaper-consumer-secret": "ICS",
        ]
        let unread = try run("instapaper.get", ["WFBookmarkCount": T.number(2)], settings: instapaper)
        #expect(unread == .list([.url(URL(string: "https://read.example/1")!), .url(URL(string: "https://read.example/2")!)]))
        let recipes = try run("instapaper.get", ["WFInstapaperFolder": T.text("recipes")], settings: instapaper)
        #expect(recipes == .list([.url(URL(string: "https://recipes.example/soup")!)]))
        var wrongSecret = instapaper
        wrongSecret["instapaper-consumer-secret"] = "NOPE"
        #expect(failure("instapaper.get", settings: wrongSecret)?.message.contains("Instapaper answered HTTP 401") == true)
        let form = try #require(server.requests(to: "/api/add").first?["body"] as? String)
        #expect(form == "url=https%3A%2F%2Fexample.org%2Farticle", "the password goes in the header, not the body: \(form)")
        // A failure never shows a credential, even one the service wants in its URL.
        let unreachable = failure("pinboard.get", settings: ["pinboard": "http://127.0.0.1:9", "pinboard-token": "ada:ABC123"])
        #expect(unreachable != nil && unreachable?.message.contains("ABC123") == false, "\(String(describing: unreachable))")
    }

    @Test func dropboxUploadsDownloadsAndAppends() throws {
        let dropbox = ["dropbox-token": "DBX"]
        let file = Content.file(FileContent(name: "notes.txt", data: Data("first".utf8)))
        let saved = try run("dropbox.savefile", ["WFFileDestinationPath": T.text("/Docs/")], input: file, settings: dropbox)
        #expect(saved.property("Name") == .text("notes"))
        let upload = try #require(server.requests(to: "/2/files/upload").first)
        #expect(upload["auth"] as? String == "Bearer DBX" && upload["type"] as? String == "application/octet-stream")
        let arg = try #require(JSONBridge.parse(upload["arg"] as? String ?? ""))
        #expect(arg.property("path") == .text("/Docs/notes.txt") && arg.property("mode") == .text("add"))
        // Saved again without Replace: Dropbox renames it.
        let again = try run("dropbox.savefile", ["WFFileDestinationPath": T.text("/Docs/")], input: file, settings: dropbox)
        #expect(again.property("Name").text == "notes (1)")
        let got = try run("dropbox.open", ["WFGetFilePath": T.text("Docs/notes.txt")], settings: dropbox)
        #expect(got.text == "first")
        _ = try run("dropbox.appendfile", ["WFFilePath": T.text("/Docs/notes.txt")], input: .text("second"), settings: dropbox)
        #expect(try run("dropbox.open", ["WFGetFilePath": T.text("/Docs/notes.txt")], settings: dropbox).text == "first\nsecond")
        // A name past ASCII (an emoji is two UTF-16 units) reaches Dropbox as itself.
        let emoji = Content.file(FileContent(name: "x.txt", data: Data("smile".utf8)))
        _ = try run("dropbox.savefile", ["WFFileDestinationPath": T.text("/Docs/😀 café.txt")], input: emoji, settings: dropbox)
        let stored = try #require(server.requests(to: "/2/files/upload").last?["arg"] as? String)
        #expect(!stored.contains("😀") && stored.contains("\\ud83d\\ude00"), "\(stored)")
        #expect(try run("dropbox.open", ["WFGetFilePath": T.text("/Docs/😀 café.txt")], settings: dropbox).text == "smile")
        // A refresh token with the app's key and secret gets the access token.
        let refreshed = ["dropbox-refresh-token": "R1", "dropbox-app-key": "AK", "dropbox-app-secret": "AS"]
        #expect(try run("dropbox.open", ["WFGetFilePath": T.text("/Docs/notes.txt")], settings: refreshed).text == "first\nsecond")
        let missing = failure("dropbox.open", ["WFGetFilePath": T.text("/nope.txt")], settings: dropbox)
        #expect(missing?.message.contains("there is no file at /nope.txt") == true)
        #expect(
            try run("dropbox.open", ["WFGetFilePath": T.text("/nope.txt"), "WFFileErrorIfNotFound": T.bool(false)], settings: dropbox)
                .isNothing)
        let escape = failure("dropbox.open", ["WFGetFilePath": T.text("/a/../b")], settings: dropbox)
        #expect(escape?.parameter == "WFGetFilePath")
    }

    @Test func trelloBoardsListsCardsAndTheirDetails() throws {
        let trello = ["trello-key": "TK", "trello-token": "TT"]
        let board = try run(
            "trello.add.board", ["WFTrelloName": T.text("Home"), "WFTrelloDescription": T.text("chores")], settings: trello)
        #expect(board.property("Name") == .text("Home") && board.property("Description") == .text("chores"))
        _ = try run(
            "trello.add.list", ["WFTrelloName": T.text("To Do"), "WFTrelloBoard": T.text("home"), "WFTrelloPosition": T.text("Top")],
            settings: trello)
        let listQuery = try #require(server.requests(to: "/1/lists").first?["query"] as? [String: String])
        #expect(listQuery["idBoard"] == "b1" && listQuery["pos"] == "top")
        let card = try run(
            "trello.add.card",
            [
                "WFTrelloName": T.text("Water plants"), "WFTrelloBoard": T.text("Home"), "WFTrelloList": T.text("To Do"),
                "WFTrelloDueDate": T.date(T.now), "WFTrelloAttachments": T.text("a note"),
            ], settings: trello)
        #expect(card.property("Name") == .text("Water plants") && card.property("Due Date") == .date(T.now))
        #expect(server.requests(to: "/1/cards/c1/attachments").count == 1)
        let cards = try run(
            "trello.get", ["WFTrelloItemType": T.text("Cards"), "WFTrelloBoard": T.text("Home"), "WFTrelloList": T.text("To Do")],
            settings: trello)
        #expect(cards.items.map(\.text) == ["Water plants"])
        let url = try T.run(
            [
                action("trello.get", ["WFTrelloItemType": T.text("Boards")], uuid: "B"),
                action("properties.trello", ["WFInput": T.output(of: "B"), "WFContentItemPropertyName": T.text("URL")]),
            ], environment: environment(trello))
        #expect(url == .url(URL(string: "https://trello.com/b/x")!))
        let noBoard = failure("trello.add.list", ["WFTrelloName": T.text("x"), "WFTrelloBoard": T.text("Work")], settings: trello)
        #expect(noBoard?.message.contains("no Trello board named “Work”") == true && noBoard?.parameter == "WFTrelloBoard")
    }

    @Test func todoistWordPressTumblrImgurAndGiphy() throws {
        let task = try run(
            "todoist.add",
            [
                "WFTodoistContent": T.text("Pay rent"), "WFTodoistProject": T.text("work"), "WFTodoistPriority": T.text("1"),
                "WFTodoistDueDate": T.date(T.now), "WFTodoistReminder": T.date(T.now), "WFTodoistNotes": T.text("before the 5th"),
            ], settings: ["todoist-token": "TODO"])
        #expect(task == .url(URL(string: "https://app.todoist.com/app/task/t42")!))
        let created = try #require(JSONBridge.parse(server.requests(to: "/api/v1/tasks").first?["body"] as? String ?? ""))
        #expect(created.property("priority") == .number(4) && created.property("project_id") == .text("p9"))
        #expect(created.property("description") == .text("before the 5th"))
        #expect((server.requests(to: "/api/v1/sync").first?["body"] as? String)?.contains("reminder_add") == true)
        // A reminder the account may not have fails, naming it, though the task was added.
        let paid = failure(
            "todoist.add", ["WFTodoistContent": T.text("x"), "WFTodoistReminder": T.date(Date(timeIntervalSince1970: 915_148_800))],
            settings: ["todoist-token": "TODO"])
        #expect(paid?.parameter == "WFTodoistReminder" && paid?.message.contains("paid") == true, "\(String(describing: paid))")

        let post = try run(
            "wordpress.post", ["Title": T.text("Hello"), "Status": T.text("Draft"), "AllowComments": T.bool(false)],
            input: .text("First post"), settings: ["wordpress-user": "ada", "wordpress-password": "app pass"])
        #expect(post == .url(URL(string: "http://127.0.0.1/?p=10")!))
        let sent = try #require(JSONBridge.parse(server.requests(to: "/wp-json/wp/v2/posts").first?["body"] as? String ?? ""))
        #expect(sent.property("status") == .text("draft") && sent.property("comment_status") == .text("closed"))
        #expect(sent.property("title") == .text("Hello") && sent.property("content").text.contains("First post"))
        let wrongPassword = failure("wordpress.post", input: .text("x"), settings: ["wordpress-user": "ada", "wordpress-password": "nope"])
        #expect(wrongPassword?.message.contains("WordPress answered HTTP 401") == true)

        let tumblr = try run(
            "tumblr.post", ["WFBlogName": T.text("ada"), "WFPostType": T.text("Link"), "WFPostTags": T.text("swift")],
            input: .url(URL(string: "https://swift.org")!), settings: ["tumblr-token": "TUM"])
        #expect(tumblr == .url(URL(string: "https://ada.tumblr.com/post/555")!))
        // OAuth 1.0a, its HMAC-SHA1 signature checked by the server as RFC 5849 computes it.
        let signedSettings = [
            "tumblr-consumer-key": "CK", "tumblr-consumer-secret": "CS", "tumblr-token": "TOK", "tumblr-token-secret": "TS",
        ]
        _ = try run("tumblr.post", ["WFBlogName": T.text("ada")], input: .text("Signed"), settings: signedSettings)
        var wrong = signedSettings
        wrong["tumblr-token-secret"] = "WRONG"
        let refused = failure("tumblr.post", ["WFBlogName": T.text("ada")], input: .text("x"), settings: wrong)
        #expect(refused?.message.contains("Tumblr answered HTTP 401") == true)
        let blocks = try #require(JSONBridge.parse(server.requests(to: "/v2/blog/ada/posts").first?["body"] as? String ?? ""))
        #expect(blocks.property("content").items.first?.property("type") == .text("link") && blocks.property("tags") == .text("swift"))

        let png = Content.file(FileContent(name: "dot.png", data: Data([0x89, 0x50, 0x4E, 0x47])))
        let link = try run("imgur.upload", ["WFImgurDirectLink": T.bool(true)], input: png, settings: ["imgur-client-id": "IMG"])
        #expect(link == .url(URL(string: "https://i.imgur.com/abc.png")!))
        let album = try run("imgur.upload", ["WFImgurAlbum": T.bool(true)], input: png, settings: ["imgur-client-id": "IMG"])
        #expect(album == .url(URL(string: "https://imgur.com/a/alb")!))
        #expect((server.requests(to: "/3/album").first?["body"] as? String)?.contains("deletehashes%5B%5D=dh1") == true)

        let gifs = try run(
            "giphy", ["WFGiphyQuery": T.text("cat"), "WFGiphyShowPicker": T.bool(false), "WFGiphyLimit": T.number(2)],
            settings: ["giphy-key": "GK"])
        #expect(gifs.items.count == 2 && gifs.items.first?.property("Name") == .text("Cat 1"))
    }

    @Test func evernoteIsListedAsUnavailableWithItsReason() throws {
        #expect(PublishingServices.evernote.count == 5)
        for action in PublishingServices.evernote {
            #expect(!action.metadata.isAvailable && action.metadata.description.contains("Evernote no longer gives API keys"))
        }
        let error = failure("evernote.new", input: .text("note"))
        #expect(error?.message.contains("Evernote no longer gives API keys") == true, "\(String(describing: error))")
    }
}
