import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Todoist, WordPress, Tumblr, Imgur and Giphy through their documented APIs, with the
/// person's credentials from the services settings; and Evernote's actions, which can't reach
/// an account any more.
enum PublishingServices {
    static let all: [ActionDefinition] = [todoist, wordpress, tumblr, imgur, giphy] + evernote

    /// The files of content (URLs downloaded), or a failure naming the parameter.
    static func files(_ content: Content, parameter: String, run: RunContext) throws -> [FileContent] {
        try content.items.flatMap { item in
            try run.convert(item, to: .file, parameter: parameter).items.map { converted in
                guard case .file(let file) = converted else {
                    throw ActionFailure("expected a file, got \(item.quotedForError)", parameter: parameter)
                }
                return file
            }
        }
    }

    /// A file's type: its own, else its name's.
    static func uniformType(of file: FileContent) -> String { file.typeIdentifier ?? UniformType.identifier(forFileName: file.name) }

    // MARK: Todoist

    static let todoist = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.todoist.add", title: "Add Todoist Item",
            description:
                "Adds a task to Todoist (its API v1, with the token in the settings): to a project by name, with a due date, a reminder, a priority (1 highest, as the app shows it), notes and files; the output is the task's link.",
            parameters: [
                ParameterMetadata(key: "WFTodoistContent", title: "Item", type: .text, isRequired: true),
                ParameterMetadata(key: "WFTodoistProject", title: "Project", type: .text),
                ParameterMetadata(key: "WFTodoistDueDate", title: "Due Date", type: .date),
                ParameterMetadata(key: "WFTodoistReminder", title: "Remind Me On", type: .date),
                ParameterMetadata(
                    key: "WFTodoistPriority", title: "Priority", type: .enumeration, options: ["1", "2", "3", "4"], defaultValue: "4"),
                ParameterMetadata(key: "WFTodoistNotes", title: "Notes", type: .text),
                ParameterMetadata(key: "WFTodoistFile", title: "Files", type: .file, isList: true),
            ],
            inputParameter: "WFTodoistContent", outputType: "URL", outputName: "Todoist Item", isReadOnly: false,
            keywords: ["task", "todo", "reminder"])
    ) { parameters in
        { input, run in
            let account = try ServiceAccount(
                "Todoist", setting: "todoist", credentials: ["todoist-token"],
                howTo: "copy your API token from Todoist's Settings → Integrations → Developer", parameter: "WFTodoistContent", run: run)
            let content = parameters["WFTodoistContent"].isAbsent ? input.text : try run.text(parameters["WFTodoistContent"]) ?? ""
            guard !content.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionFailure("no task is given", parameter: "WFTodoistContent")
            }
            func authorized(_ request: HTTPRequest) -> HTTPRequest {
                var request = request
                request.setHeader("Authorization", "Bearer " + account["todoist-token"])
                return request
            }
            var task: ContentDictionary = ["content": .text(content)]
            if let notes = try run.text(parameters["WFTodoistNotes"]), !notes.isEmpty { task["description"] = .text(notes) }
            if let due = try run.content(parameters["WFTodoistDueDate"]).date { task["due_datetime"] = .text(ISO8601.string(from: due)) }
            let priority = try run.text(parameters["WFTodoistPriority"]).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 4
            guard (1...4).contains(priority) else { throw ActionFailure("a priority is 1 (highest) to 4", parameter: "WFTodoistPriority") }
            // The app's P1 is the API's 4.
            task["priority"] = .number(Double(5 - priority))
            if let project = try run.text(parameters["WFTodoistProject"])?.trimmingCharacters(in: .whitespaces), !project.isEmpty,
                project.lowercased() != "inbox"
            {
                // Projects come a page at a time, each naming the cursor of the next.
                var projects: [Content] = []
                var cursor = ""
                repeat {
                    let query = [("limit", "200")] + (cursor.isEmpty ? [] : [("cursor", cursor)])
                    let page = try account.json(
                        authorized(HTTPRequest(url: try account.url("/api/v1/projects", query: query))), parameter: "WFTodoistProject")
                    projects += page.property("results").items
                    cursor = page.property("next_cursor").isNothing ? "" : page.property("next_cursor").text
                } while !cursor.isEmpty && projects.count < 10_000
                guard let found = projects.first(where: { $0.property("name").text.caseInsensitiveCompare(project) == .orderedSame }) else {
                    throw ActionFailure("you have no Todoist project named “\(project.prefix(60))”", parameter: "WFTodoistProject")
                }
                task["project_id"] = .text(found.property("id").text)
            }
            let created = try account.json(authorized(ServiceAccount.jsonRequest(try account.url("/api/v1/tasks"), task)))
            let id = created.property("id").text
            if let remind = try run.content(parameters["WFTodoistReminder"]).date {
                let uuid = UUID().uuidString.lowercased()
                let command: ContentDictionary = [
                    "type": .text("reminder_add"), "uuid": .text(uuid),
                    "temp_id": .text(UUID().uuidString.lowercased()),
                    "args": .dictionary([
                        "item_id": .text(id), "type": .text("absolute"), "due": .dictionary(["date": .text(ISO8601.string(from: remind))]),
                    ]),
                ]
                var request = HTTPRequest(url: try account.url("/api/v1/sync"), method: "POST")
                request.body = ServiceAccount.form([("commands", JSONBridge.text(of: .list([.dictionary(command)])))])
                request.setHeader("Content-Type", "application/x-www-form-urlencoded")
                // The sync API answers 200 whatever each command did; its own status says.
                let status = try account.json(authorized(request), parameter: "WFTodoistReminder").property("sync_status").property(uuid)
                guard status.text == "ok" else {
                    throw ActionFailure(
                        "Todoist added the task but not its reminder (reminders need a paid plan): \(JSONBridge.text(of: status).prefix(200))",
                        parameter: "WFTodoistReminder")
                }
            }
            for file in try files(try run.content(parameters["WFTodoistFile"]), parameter: "WFTodoistFile", run: run) {
                let (body, type) = WebActions.formBody(["file": .file(file)])
                var upload = HTTPRequest(url: try account.url("/api/v1/uploads"), method: "POST")
                upload.body = body
                upload.setHeader("Content-Type", type)
                let attachment = try account.json(authorized(upload), parameter: "WFTodoistFile")
                let comment = ServiceAccount.jsonRequest(
                    try account.url("/api/v1/comments"), ["task_id": .text(id), "content": .text(file.name), "attachment": attachment])
                try account.send(authorized(comment), parameter: "WFTodoistFile")
            }
            return .url(URL(string: "https://app.todoist.com/app/task/\(ServiceAccount.encoded(id))")!)
        }
    }

    // MARK: WordPress

    static let wordpress = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.wordpress.post", title: "Post to WordPress",
            description:
                "Publishes the input as a post or page on your WordPress site through its REST API (the site, a user and an application password in the settings); the output is its link.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Content", type: .content, isRequired: true),
                ParameterMetadata(key: "WFAccount", title: "Account", type: .text),
                ParameterMetadata(key: "Blog", title: "Blog", type: .text),
                ParameterMetadata(key: "Title", title: "Title", type: .text),
                ParameterMetadata(key: "Type", title: "Type", type: .enumeration, options: ["Post", "Page"], defaultValue: "Post"),
                ParameterMetadata(
                    key: "Format", title: "Format", type: .enumeration,
                    options: ["Standard", "Aside", "Gallery", "Link", "Image", "Quote", "Status", "Video", "Audio", "Chat"],
                    defaultValue: "Standard"),
                ParameterMetadata(
                    key: "Status", title: "Status", type: .enumeration, options: ["Published", "Draft", "Pending Review", "Private"],
                    defaultValue: "Published"),
                ParameterMetadata(key: "AllowComments", title: "Allow Comments", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "Slug", title: "Slug", type: .text),
                ParameterMetadata(key: "Excerpt", title: "Excerpt", type: .text),
                ParameterMetadata(key: "Date", title: "Publish Date", type: .date),
                ParameterMetadata(key: "Template", title: "Template", type: .text),
                ParameterMetadata(key: "ThumbnailImage", title: "Featured Image", type: .file),
                ParameterMetadata(key: "CustomFields", title: "Custom Fields", type: .dictionary),
            ],
            inputParameter: "WFInput", outputType: "URL", outputName: "Post URL", isReadOnly: false, keywords: ["blog", "publish"])
    ) { parameters in
        { input, run in
            let account = try ServiceAccount(
                "WordPress", setting: "wordpress", credentials: ["wordpress", "wordpress-user", "wordpress-password"],
                howTo: "give your site's address, your user name and an application password (Users → Profile → Application Passwords)",
                parameter: "WFInput", run: run)
            func authorized(_ request: HTTPRequest) -> HTTPRequest {
                var request = request
                let pair = Data((account["wordpress-user"] + ":" + account["wordpress-password"]).utf8).base64EncodedString()
                request.setHeader("Authorization", "Basic " + pair)
                return request
            }
            let given = parameters["WFInput"].isAbsent ? input : try run.content(parameters["WFInput"])
            let isPage = (try run.text(parameters["Type"]) ?? "Post").lowercased() == "page"
            let statuses = [
                "published": "publish", "publish": "publish", "draft": "draft", "pending review": "pending", "pending": "pending",
                "private": "private",
            ]
            let statusText = (try run.text(parameters["Status"]) ?? "Published").lowercased()
            guard let status = statuses[statusText] else {
                throw ActionFailure(
                    "“\(statusText.prefix(30))” is not a status: Published, Draft, Pending Review or Private", parameter: "Status")
            }
            var post: ContentDictionary = [
                "content": .text(RichTextSource.html(of: given).source), "status": .text(status),
                "comment_status": .text(try run.bool(parameters["AllowComments"]) ?? true ? "open" : "closed"),
            ]
            if let title = try run.text(parameters["Title"]), !title.isEmpty { post["title"] = .text(title) }
            if !isPage { post["format"] = .text((try run.text(parameters["Format"]) ?? "Standard").lowercased()) }
            if let slug = try run.text(parameters["Slug"]), !slug.isEmpty { post["slug"] = .text(slug) }
            if let excerpt = try run.text(parameters["Excerpt"]), !excerpt.isEmpty { post["excerpt"] = .text(excerpt) }
            if let template = try run.text(parameters["Template"]), !template.isEmpty { post["template"] = .text(template) }
            if let date = try run.content(parameters["Date"]).date { post["date_gmt"] = .text(ISO8601.string(from: date)) }
            if case .dictionary(let fields) = try run.content(parameters["CustomFields"]) { post["meta"] = .dictionary(fields) }
            if let image = try files(try run.content(parameters["ThumbnailImage"]), parameter: "ThumbnailImage", run: run).first {
                var upload = HTTPRequest(url: try account.url("/wp-json/wp/v2/media"), method: "POST")
                upload.body = image.data
                upload.setHeader(
                    "Content-Type", UniformType.mimeType(for: image.typeIdentifier ?? UniformType.identifier(forFileName: image.name)))
                upload.setHeader("Content-Disposition", "attachment; filename=\"\(image.name.replacingOccurrences(of: "\"", with: ""))\"")
                post["featured_media"] = try account.json(authorized(upload), parameter: "ThumbnailImage").property("id")
            }
            let endpoint = isPage ? "/wp-json/wp/v2/pages" : "/wp-json/wp/v2/posts"
            let created = try account.json(authorized(ServiceAccount.jsonRequest(try account.url(endpoint), post)))
            guard let link = URL(string: created.property("link").text), !created.property("link").text.isEmpty else {
                throw ActionFailure("WordPress gave no link for the new \(isPage ? "page" : "post")", parameter: "WFInput")
            }
            return .url(link)
        }
    }

    // MARK: Tumblr

    static let tumblr = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.tumblr.post", title: "Post to Tumblr",
            description:
                "Posts the input to one of your Tumblr blogs through its API v2 (the Neue Post Format, with an OAuth 2 token in the settings): text, a link, a quote, a chat or photos; the output is the post's link.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Content", type: .content, isRequired: true),
                ParameterMetadata(key: "WFComposeInApp", title: "Compose In Tumblr", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFBlogName", title: "Blog", type: .text, isRequired: true),
                ParameterMetadata(
                    key: "WFPostType", title: "Type", type: .enumeration, options: ["Text", "Photo", "Quote", "Link", "Chat"],
                    defaultValue: "Text"),
                ParameterMetadata(
                    key: "WFPostState", title: "Post Status", type: .enumeration, options: ["Published", "Draft", "Queued", "Private"],
                    defaultValue: "Published"),
                ParameterMetadata(key: "WFPostTitle", title: "Title", type: .text),
                ParameterMetadata(key: "WFPostSource", title: "Source", type: .text),
                ParameterMetadata(key: "WFPostCaption", title: "Caption", type: .text),
                ParameterMetadata(key: "WFPostTags", title: "Tags", type: .text),
                ParameterMetadata(key: "WFPostDescription", title: "Description", type: .text),
            ],
            inputParameter: "WFInput", outputType: "URL", outputName: "Post URL", isReadOnly: false, keywords: ["blog", "publish"])
    ) { parameters in
        { input, run in
            // OAuth 1.0a tokens last; OAuth 2 ones (tumblr-token alone) last 42 minutes.
            let oauth1 = !(run.environment.services["tumblr-token-secret"] ?? "").isEmpty
            let account = try ServiceAccount(
                "Tumblr", setting: "tumblr",
                credentials: oauth1
                    ? ["tumblr-consumer-key", "tumblr-consumer-secret", "tumblr-token", "tumblr-token-secret"] : ["tumblr-token"],
                howTo: "register an app at tumblr.com/oauth/apps and get an OAuth 1.0a token and secret for your account",
                parameter: "WFBlogName",
                run: run)
            guard let blog = try run.text(parameters["WFBlogName"])?.trimmingCharacters(in: .whitespaces), !blog.isEmpty else {
                throw ActionFailure("no blog is given", parameter: "WFBlogName")
            }
            let given = parameters["WFInput"].isAbsent ? input : try run.content(parameters["WFInput"])
            let type = (try run.text(parameters["WFPostType"]) ?? "Text").lowercased()
            let title = try run.text(parameters["WFPostTitle"]) ?? ""
            let caption = try run.text(parameters["WFPostCaption"]) ?? ""
            var blocks: [Content] = []
            var media: [FileContent] = []
            func text(_ string: String, subtype: String? = nil) -> Content {
                var block: ContentDictionary = ["type": .text("text"), "text": .text(string)]
                if let subtype { block["subtype"] = .text(subtype) }
                return .dictionary(block)
            }
            switch type {
            case "text":
                if !title.isEmpty { blocks.append(text(title, subtype: "heading1")) }
                blocks.append(text(given.text))
            case "quote":
                blocks.append(text(given.text, subtype: "quote"))
                if let source = try run.text(parameters["WFPostSource"]), !source.isEmpty { blocks.append(text("— " + source)) }
            case "chat":
                blocks += given.text.split(separator: "\n").map { text(String($0), subtype: "chat") }
            case "link":
                guard let url = try WebServiceActions.webURLs(given, parameter: "WFInput", run: run).first else { return .nothing }
                var link: ContentDictionary = ["type": .text("link"), "url": .text(url.absoluteString)]
                if !title.isEmpty { link["title"] = .text(title) }
                if let description = try run.text(parameters["WFPostDescription"]), !description.isEmpty {
                    link["description"] = .text(description)
                }
                blocks.append(.dictionary(link))
            case "photo":
                media = try files(given, parameter: "WFInput", run: run).filter { UniformType.conforms(uniformType(of: $0), to: .image) }
                guard !media.isEmpty else { throw ActionFailure("a photo post needs images", parameter: "WFInput") }
                blocks += media.indices.map { index in
                    .dictionary([
                        "type": .text("image"),
                        "media": .list([
                            .dictionary([
                                "type": .text(UniformType.mimeType(for: uniformType(of: media[index]))),
                                "identifier": .text("photo\(index)"),
                            ])
                        ]),
                    ])
                }
                if !caption.isEmpty { blocks.append(text(caption)) }
            default:
                throw ActionFailure(
                    "“\(type.prefix(20))” is not a post type here: Text, Photo, Quote, Link or Chat", parameter: "WFPostType")
            }
            let states = ["published": "published", "draft": "draft", "queued": "queue", "queue": "queue", "private": "private"]
            let stateText = (try run.text(parameters["WFPostState"]) ?? "Published").lowercased()
            guard let state = states[stateText] else {
                throw ActionFailure(
                    "“\(stateText.prefix(20))” is not a post status: Published, Draft, Queued or Private", parameter: "WFPostState")
            }
            var post: ContentDictionary = ["content": .list(blocks), "state": .text(state)]
            if let tags = try run.text(parameters["WFPostTags"]), !tags.isEmpty { post["tags"] = .text(tags) }
            if type != "quote", let source = try run.text(parameters["WFPostSource"]), !source.isEmpty {
                post["source_url"] = .text(source)
            }
            let url = try account.url("/v2/blog/\(ServiceAccount.encoded(blog))/posts")
            var request: HTTPRequest
            if media.isEmpty {
                request = ServiceAccount.jsonRequest(url, post)
            } else {
                // Photos go as parts of a multipart body beside the post's JSON, each named by its identifier.
                let boundary = "shortcuts-" + UUID().uuidString
                var body = Data(
                    "--\(boundary)\r\nContent-Type: application/json\r\nContent-Disposition: form-data; name=\"json\"\r\n\r\n".utf8)
                body += Data(JSONBridge.text(of: .dictionary(post)).utf8) + Data("\r\n".utf8)
                for (index, file) in media.enumerated() {
                    body += Data(
                        "--\(boundary)\r\nContent-Type: \(UniformType.mimeType(for: uniformType(of: file)))\r\nContent-Disposition: form-data; name=\"photo\(index)\"; filename=\"\(file.name.replacingOccurrences(of: "\"", with: ""))\"\r\n\r\n"
                            .utf8)
                    body += file.data + Data("\r\n".utf8)
                }
                body += Data("--\(boundary)--\r\n".utf8)
                request = HTTPRequest(url: url, method: "POST")
                request.body = body
                request.setHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")
            }
            if oauth1 {
                request = account.signed(
                    request, consumerKey: account["tumblr-consumer-key"], consumerSecret: account["tumblr-consumer-secret"],
                    token: account["tumblr-token"], tokenSecret: account["tumblr-token-secret"])
            } else {
                request.setHeader("Authorization", "Bearer " + account["tumblr-token"])
            }
            let id = try account.json(request, parameter: "WFInput").property("response").property("id").text
            let host = blog.contains(".") ? blog : blog + ".tumblr.com"
            return .url(URL(string: "https://\(host)/post/\(ServiceAccount.encoded(id))")!)
        }
    }

    // MARK: Imgur

    static let imgur = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.imgur.upload", title: "Upload to Imgur",
            description:
                "Uploads images to Imgur (its API 3: anonymously with the app's client ID, or to your account with a token), each with a title and description, into an album when asked; the output is their links.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Images", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "WFImgurAnonymous", title: "Upload Anonymously", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "WFImgurDirectLink", title: "Direct Link", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFImgurAlbum", title: "Create Album", type: .boolean, defaultValue: "false"),
                ParameterMetadata(
                    key: "WFImgurAlbumLayout", title: "Album Layout", type: .enumeration,
                    options: ["Blog", "Grid", "Horizontal", "Vertical"], defaultValue: "Blog"),
                ParameterMetadata(
                    key: "WFImgurAlbumPrivacy", title: "Album Privacy", type: .enumeration, options: ["Public", "Hidden", "Secret"],
                    defaultValue: "Public"),
                ParameterMetadata(key: "WFImgurTitle", title: "Title", type: .text),
                ParameterMetadata(key: "WFImgurDescription", title: "Description", type: .text),
            ],
            inputParameter: "WFInput", outputType: "URL", outputName: "Imgur URL", isReadOnly: false, keywords: ["image host", "share"])
    ) { parameters in
        { input, run in
            let anonymous = try run.bool(parameters["WFImgurAnonymous"]) ?? true
            let account = try ServiceAccount(
                "Imgur", setting: "imgur", credentials: anonymous ? ["imgur-client-id"] : ["imgur-token"],
                howTo: anonymous
                    ? "register an app at api.imgur.com/oauth2/addclient for its client ID"
                    : "get an OAuth 2 access token for your Imgur account",
                parameter: "WFInput", run: run)
            let authorization = anonymous ? "Client-ID " + account["imgur-client-id"] : "Bearer " + account["imgur-token"]
            let direct = try run.bool(parameters["WFImgurDirectLink"]) ?? false
            let title = try run.text(parameters["WFImgurTitle"]) ?? ""
            let description = try run.text(parameters["WFImgurDescription"]) ?? ""
            let images = try files(input, parameter: "WFInput", run: run)
            guard !images.isEmpty else { throw ActionFailure("there is nothing to upload", parameter: "WFInput") }
            var uploaded: [Content] = []
            for image in images {
                var fields: ContentDictionary = ["image": .file(image), "type": .text("file")]
                if !title.isEmpty { fields["title"] = .text(title) }
                if !description.isEmpty { fields["description"] = .text(description) }
                let (body, type) = WebActions.formBody(fields)
                var request = HTTPRequest(url: try account.url("/3/image"), method: "POST")
                request.body = body
                request.setHeader("Content-Type", type)
                request.setHeader("Authorization", authorization)
                uploaded.append(try account.json(request).property("data"))
            }
            guard try run.bool(parameters["WFImgurAlbum"]) == true else {
                return Content(
                    items: uploaded.compactMap { data in
                        URL(string: direct ? data.property("link").text : "https://imgur.com/" + data.property("id").text).map(Content.url)
                    })
            }
            var album: [(String, String)] = uploaded.map {
                (anonymous ? "deletehashes[]" : "ids[]", anonymous ? $0.property("deletehash").text : $0.property("id").text)
            }
            album += [
                ("title", title), ("description", description),
                ("privacy", (try run.text(parameters["WFImgurAlbumPrivacy"]) ?? "Public").lowercased()),
                ("layout", (try run.text(parameters["WFImgurAlbumLayout"]) ?? "Blog").lowercased()),
            ]
            var request = HTTPRequest(url: try account.url("/3/album"), method: "POST")
            request.body = ServiceAccount.form(album)
            request.setHeader("Content-Type", "application/x-www-form-urlencoded")
            request.setHeader("Authorization", authorization)
            let id = try account.json(request, parameter: "WFImgurAlbum").property("data").property("id").text
            return .url(URL(string: "https://imgur.com/a/" + ServiceAccount.encoded(id))!)
        }
    }

    // MARK: Giphy

    static let giphy = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.giphy", title: "Find Giphy GIFs",
            description:
                "Finds GIFs for the words given through Giphy's search API (with the app's API key in the settings) and downloads them; the picker asks which to keep.",
            parameters: [
                ParameterMetadata(key: "WFGiphyQuery", title: "Search", type: .text, isRequired: true),
                ParameterMetadata(key: "WFGiphyShowPicker", title: "Show GIF Picker", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "WFGiphyLimit", title: "Limit", type: .integer, defaultValue: "1", minimum: 1, maximum: 50),
                ParameterMetadata(key: "WFGiphySelectMultiple", title: "Select Multiple", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFGiphyQuery", outputType: "GIF", outputName: "Giphy GIFs", keywords: ["gif", "animation", "meme"])
    ) { parameters in
        { input, run in
            let account = try ServiceAccount(
                "Giphy", setting: "giphy", credentials: ["giphy-key"], howTo: "make an API key at developers.giphy.com",
                parameter: "WFGiphyQuery", run: run)
            let query = parameters["WFGiphyQuery"].isAbsent ? input.text : try run.text(parameters["WFGiphyQuery"]) ?? ""
            guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionFailure("no search is given", parameter: "WFGiphyQuery")
            }
            let picker = try run.bool(parameters["WFGiphyShowPicker"]) ?? true
            let limit = try run.wholeNumber(
                parameters["WFGiphyLimit"], parameter: "WFGiphyLimit", in: 1...50, default: 1, what: "the limit")
            let answer = try account.json(
                HTTPRequest(
                    url: try account.url(
                        "/v1/gifs/search", query: [("api_key", account["giphy-key"]), ("q", query), ("limit", String(picker ? 25 : limit))])
                ))
            var found = answer.property("data").items
            if picker, !found.isEmpty {
                let multiple = try run.bool(parameters["WFGiphySelectMultiple"]) ?? false
                let chosen = try run.environment.prompter.choose(
                    "Choose a GIF",
                    options: found.map { $0.property("title").text.isEmpty ? $0.property("id").text : $0.property("title").text },
                    multiple: multiple)
                found = chosen.filter { found.indices.contains($0) }.map { found[$0] }
            } else {
                found = Array(found.prefix(limit))
            }
            return Content(
                items: try found.compactMap { gif in
                    guard let url = URL(string: gif.property("images").property("original").property("url").text) else { return nil }
                    var file = try run.download(url, parameter: "WFGiphyQuery")
                    file.name =
                        (gif.property("title").text.isEmpty ? gif.property("id").text : gif.property("title").text)
                        .replacingOccurrences(of: "/", with: "-") + ".gif"
                    return .file(file)
                })
        }
    }

    // MARK: Evernote

    /// Evernote's actions: listed, with their keys, and unavailable.
    static let evernote: [ActionDefinition] = [
        ("evernote.append", "Append to Evernote", ["WFInput", "WFEvernoteNotesTitleSearch", "WFEvernoteWriteMode"]),
        ("evernote.delete", "Delete Notes", ["WFInput"]),
        ("evernote.get", "Get Notes", ["WFEvernoteNotesTitleSearch", "WFEvernoteNotesCount"]),
        ("evernote.getlink", "Get Note Link", ["WFInput", "WFEvernoteShareInAppLink"]),
        ("evernote.new", "Create New Note", ["WFEvernoteNoteTitle", "WFInput"]),
    ].map { name, title, keys in
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "is.workflow.actions." + name, title: title,
                description: "Not available: " + evernoteReason + ". Notes' own actions keep notes here.",
                parameters: keys.map { ParameterMetadata(key: $0, title: $0, type: .content) }, isReadOnly: false, isAvailable: false,
                keywords: ["evernote"])
        ) { _ in { _, _ in throw ActionFailure(evernoteReason) } }
    }

    static let evernoteReason =
        "Evernote no longer gives API keys to new applications, so nothing outside Evernote's own apps can reach an account"
}
