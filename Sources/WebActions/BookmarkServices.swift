import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Pinboard's and Instapaper's actions, through their documented APIs: Pinboard's v1 API with
/// the person's API token (`user:HEX`, from pinboard.in/settings/password); Instapaper's Simple
/// API with the person's user name and password, and its Full API (OAuth 1.0a with xAuth, an
/// application's consumer key and secret from Instapaper) for the bookmarks' list.
enum BookmarkServices {
    static let all: [ActionDefinition] = [pinboardAdd, pinboardGet, instapaperAdd, instapaperGet]

    static func pinboard(_ run: RunContext, parameter: String) throws -> ServiceAccount {
        try ServiceAccount(
            "Pinboard", setting: "pinboard", credentials: ["pinboard-token"],
            howTo: "copy your API token (user:HEX) from pinboard.in/settings/password", parameter: parameter, run: run)
    }

    /// Pinboard's yes and no.
    static func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

    static let pinboardAdd = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.pinboard.add", title: "Add to Pinboard",
            description: "Saves URLs as bookmarks in your Pinboard account (its v1 API, with the token in the settings).",
            parameters: [
                ParameterMetadata(key: "WFPinboardURL", title: "URL", type: .url, isRequired: true, isList: true),
                ParameterMetadata(key: "WFPinTitle", title: "Title", type: .text),
                ParameterMetadata(key: "WFPinDescription", title: "Description", type: .text),
                ParameterMetadata(key: "WFPinTags", title: "Tags", type: .text),
                ParameterMetadata(key: "WFPinPublic", title: "Public", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "WFPinUnread", title: "Unread", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFPinboardURL", outputType: "URL", outputName: "Bookmarks", isReadOnly: false,
            keywords: ["bookmark", "save link"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let account = try pinboard(run, parameter: "WFPinboardURL")
            let given = parameters["WFPinboardURL"].isAbsent ? input : try run.content(parameters["WFPinboardURL"])
            let title = try run.text(parameters["WFPinTitle"]) ?? ""
            let tags = (try run.text(parameters["WFPinTags"]) ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).joined(
                separator: " ")
            for url in try WebServiceActions.webURLs(given, parameter: "WFPinboardURL", run: run) {
                let query = [
                    // Pinboard's title is at most 255 characters.
                    ("url", url.absoluteString), ("description", String((title.isEmpty ? url.absoluteString : title).prefix(255))),
                    ("extended", try run.text(parameters["WFPinDescription"]) ?? ""), ("tags", tags),
                    ("shared", yesNo(try run.bool(parameters["WFPinPublic"]) ?? true)),
                    ("toread", yesNo(try run.bool(parameters["WFPinUnread"]) ?? false)), ("auth_token", account["pinboard-token"]),
                    ("format", "json"),
                ]
                let answer = try account.json(HTTPRequest(url: try account.url("/v1/posts/add", query: query)))
                let code = answer.property("result_code").text
                guard code == "done" else {
                    throw ActionFailure("Pinboard refused \(url.absoluteString): \(code)", parameter: "WFPinboardURL")
                }
            }
            return input
        }
    }

    static let pinboardGet = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.pinboard.get", title: "Get Pinboard Bookmarks",
            description: "Gives your newest Pinboard bookmarks' URLs, those with the tags given (up to three) when there are tags.",
            parameters: [
                ParameterMetadata(key: "WFPinTags", title: "Tags", type: .text),
                ParameterMetadata(key: "WFBookmarkCount", title: "Count", type: .integer, defaultValue: "15", minimum: 1, maximum: 100),
            ],
            outputType: "URL", outputName: "Bookmarks", keywords: ["bookmarks", "links", "read later"])
    ) { parameters in
        { _, run in
            let account = try pinboard(run, parameter: "WFPinTags")
            let count = try run.wholeNumber(
                parameters["WFBookmarkCount"], parameter: "WFBookmarkCount", in: 1...100, default: 15, what: "the count")
            let tags = (try run.text(parameters["WFPinTags"]) ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).prefix(3)
            var query = [("count", String(count)), ("auth_token", account["pinboard-token"]), ("format", "json")]
            if !tags.isEmpty { query.append(("tag", tags.joined(separator: " "))) }
            let answer = try account.json(HTTPRequest(url: try account.url("/v1/posts/recent", query: query)))
            guard case .list(let posts) = answer.property("posts") else {
                throw ActionFailure("Pinboard's answer has no posts", parameter: "WFPinTags")
            }
            return .list(posts.compactMap { URL(string: $0.property("href").text).map(Content.url) })
        }
    }

    static let instapaperAdd = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.instapaper.add", title: "Add to Instapaper",
            description:
                "Saves URLs to your Instapaper account (its Simple API, with instapaper-user and instapaper-password in the settings).",
            parameters: [
                ParameterMetadata(key: "WFInputURL", title: "URL", type: .url, isRequired: true, isList: true),
                ParameterMetadata(key: "WFInstapaperFolder", title: "Folder", type: .text),
            ],
            inputParameter: "WFInputURL", outputType: "URL", outputName: "URLs", isReadOnly: false, keywords: ["read later", "save"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let account = try ServiceAccount(
                "Instapaper", setting: "instapaper", credentials: ["instapaper-user", "instapaper-password"],
                howTo: "give your Instapaper email address and password", parameter: "WFInputURL", run: run)
            if let folder = try run.text(parameters["WFInstapaperFolder"]), !folder.isEmpty, folder.lowercased() != "unread" {
                throw ActionFailure(
                    "Instapaper's Simple API saves to Unread only; its folders need its OAuth API, which isn't here",
                    parameter: "WFInstapaperFolder")
            }
            let given = parameters["WFInputURL"].isAbsent ? input : try run.content(parameters["WFInputURL"])
            for url in try WebServiceActions.webURLs(given, parameter: "WFInputURL", run: run) {
                // Basic authentication, as Instapaper's Simple API asks, rather than the password in the body.
                var request = HTTPRequest(url: try account.url("/api/add"), method: "POST")
                let pair = Data((account["instapaper-user"] + ":" + account["instapaper-password"]).utf8).base64EncodedString()
                request.setHeader("Authorization", "Basic " + pair)
                request.body = ServiceAccount.form([("url", url.absoluteString)])
                request.setHeader("Content-Type", "application/x-www-form-urlencoded")
                try account.send(request)
            }
            return input
        }
    }

    static let instapaperGet = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.instapaper.get", title: "Get Instapaper Bookmarks",
            description:
                "Gives the URLs of your Instapaper bookmarks in a folder (Unread, Starred, Archive, or one of yours), newest first, through its Full API: an application's consumer key and secret (instapaper-consumer-key, instapaper-consumer-secret) with your email address and password.",
            parameters: [
                ParameterMetadata(key: "WFInstapaperFolder", title: "Folder", type: .text, defaultValue: "Unread"),
                ParameterMetadata(key: "WFBookmarkCount", title: "Count", type: .integer, defaultValue: "25", minimum: 1, maximum: 500),
            ],
            outputType: "URL", outputName: "Bookmarks", keywords: ["read later", "articles"])
    ) { parameters in
        { _, run in
            let account = try ServiceAccount(
                "Instapaper", setting: "instapaper",
                credentials: ["instapaper-user", "instapaper-password", "instapaper-consumer-key", "instapaper-consumer-secret"],
                howTo:
                    "ask Instapaper for an application's consumer key and secret (instapaper.com/main/request_oauth_consumer_token), and give your email address and password",
                parameter: "WFInstapaperFolder", run: run)
            let count = try run.wholeNumber(
                parameters["WFBookmarkCount"], parameter: "WFBookmarkCount", in: 1...500, default: 25, what: "the count")
            let (key, secret) = (account["instapaper-consumer-key"], account["instapaper-consumer-secret"])
            func post(_ path: String, _ fields: [(String, String)], token: String = "", tokenSecret: String = "") throws -> HTTPResponse {
                var request = HTTPRequest(url: try account.url(path), method: "POST")
                request.body = ServiceAccount.form(fields)
                request.setHeader("Content-Type", "application/x-www-form-urlencoded")
                return try account.send(
                    account.signed(request, consumerKey: key, consumerSecret: secret, token: token, tokenSecret: tokenSecret))
            }
            // xAuth: the email address and password give this application a token of its own.
            let answer = try post(
                "/api/1/oauth/access_token",
                [
                    ("x_auth_username", account["instapaper-user"]), ("x_auth_password", account["instapaper-password"]),
                    ("x_auth_mode", "client_auth"),
                ])
            let pairs = Dictionary(
                ServiceAccount.formPairs(String(decoding: answer.body, as: UTF8.self)), uniquingKeysWith: { first, _ in first })
            guard let token = pairs["oauth_token"], let tokenSecret = pairs["oauth_token_secret"] else {
                throw ActionFailure("Instapaper gave no access token for these credentials", parameter: "WFInstapaperFolder")
            }
            // Unread, Starred and Archive by those names; a folder of yours by its title.
            let folder = (try run.text(parameters["WFInstapaperFolder"]) ?? "Unread").trimmingCharacters(in: .whitespaces)
            var folderID = folder.isEmpty ? "unread" : folder.lowercased()
            if !["unread", "starred", "archive"].contains(folderID) {
                let folders = JSONBridge.parse(
                    String(decoding: try post("/api/1/folders/list", [], token: token, tokenSecret: tokenSecret).body, as: UTF8.self))
                guard let found = folders?.items.first(where: { $0.property("title").text.caseInsensitiveCompare(folder) == .orderedSame })
                else {
                    throw ActionFailure("you have no Instapaper folder named “\(folder.prefix(60))”", parameter: "WFInstapaperFolder")
                }
                folderID = found.property("folder_id").text
            }
            let listed = try post(
                "/api/1/bookmarks/list", [("folder_id", folderID), ("limit", String(count))], token: token, tokenSecret: tokenSecret)
            guard let list = JSONBridge.parse(String(decoding: listed.body, as: UTF8.self)) else {
                throw ActionFailure("Instapaper answered with something that isn't JSON", parameter: "WFInstapaperFolder")
            }
            // The list is an object with its bookmarks, or (version 1.0) a list of typed items.
            let items: [Content]
            if case .dictionary = list {
                items = list.property("bookmarks").items
            } else {
                items = list.items.filter { $0.property("type").text == "bookmark" }
            }
            return .list(items.compactMap { URL(string: $0.property("url").text).map(Content.url) })
        }
    }
}
