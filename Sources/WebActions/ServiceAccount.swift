import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// An account-bound web service (Dropbox, Trello, Todoist, Pinboard…) as an action reaches it:
/// its base URL and the person's credentials, both from the services settings
/// (`shortcuts settings --service NAME=VALUE`, kept in `settings.json`, readable by its owner
/// alone), every request through the run's HTTP, so the run's grants, limits and cancellation
/// hold.
struct ServiceAccount {
    /// The service's name as people know it ("Dropbox").
    let title: String
    /// The base URL's setting ("dropbox").
    let setting: String
    /// The action's parameter that errors name.
    let parameter: String
    let run: RunContext
    /// The credentials, by setting name.
    let credentials: [String: String]

    /// The service with its credentials, or an error saying which setting to make and where
    /// the value comes from.
    ///
    /// - Parameters:
    ///   - credentials: the settings that must be set (`dropbox-token`).
    ///   - howTo: where the person gets them ("make an access token in the Dropbox App Console").
    init(_ title: String, setting: String, credentials names: [String], howTo: String, parameter: String, run: RunContext) throws {
        self.title = title
        self.setting = setting
        self.parameter = parameter
        self.run = run
        var found: [String: String] = [:]
        for name in names {
            guard let value = run.environment.services[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
                throw ActionFailure(
                    "no \(title) account is set: \(howTo), then run shortcuts settings "
                        + names.map { "--service \($0)=…" }.joined(separator: " "), parameter: parameter)
            }
            found[name] = value
        }
        credentials = found
    }

    subscript(_ name: String) -> String { credentials[name] ?? "" }

    /// A URL below the service's base (`base` names another base setting, as Dropbox's content host).
    func url(_ path: String, query: [(String, String)] = [], base: String? = nil) throws -> URL {
        guard var url = run.environment.services.url(base ?? setting, path: path) else {
            throw ActionFailure(
                "the \(base ?? setting) service has no URL; set one with shortcuts settings --service \(base ?? setting)=URL",
                parameter: parameter)
        }
        if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.percentEncodedQueryItems =
                (components.percentEncodedQueryItems ?? [])
                + query.map { URLQueryItem(name: Self.encoded($0.0), value: Self.encoded($0.1)) }
            url = components.url ?? url
        }
        return url
    }

    /// A query or form value percent-encoded (everything but unreserved characters).
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }

    /// `application/x-www-form-urlencoded` of fields.
    static func form(_ fields: [(String, String)]) -> Data {
        Data(fields.map { encoded($0.0) + "=" + encoded($0.1) }.joined(separator: "&").utf8)
    }

    /// Sends a request and gives the response, failing on anything but 2xx with what the
    /// service said; a failure names `parameter` (else the account's), and never carries a
    /// credential: a URL in it is cut to its host and path, a credential's value blotted out.
    @discardableResult
    func send(_ request: HTTPRequest, parameter: String? = nil, allowing statuses: Set<Int> = []) throws -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try run.send(request, parameter: parameter ?? self.parameter)
        } catch let failure as ActionFailure {
            throw ActionFailure(redacted(failure.message, url: request.url), parameter: failure.parameter, code: failure.code)
        }
        if !statuses.contains(response.status) { try check(response, parameter: parameter) }
        return response
    }

    /// A message with the request's URL cut to scheme, host and path, and every credential gone.
    func redacted(_ message: String, url: URL) -> String {
        var text = message
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.fragment = nil
        text = text.replacingOccurrences(of: url.absoluteString, with: components?.url?.absoluteString ?? "(the service)")
        for value in credentials.values where value.count >= 4 {
            text = text.replacingOccurrences(of: value, with: "…").replacingOccurrences(of: Self.encoded(value), with: "…")
        }
        return text
    }

    /// Fails on anything but a 2xx answer, with what the service said.
    func check(_ response: HTTPResponse, parameter: String? = nil, allowing statuses: Set<Int> = []) throws {
        guard !(200..<300).contains(response.status), !statuses.contains(response.status) else { return }
        let said = TextExcerpt.safe(String(decoding: response.body.prefix(300), as: UTF8.self), limit: 300)
        let hint = [401, 403].contains(response.status) ? " (check the \(title) credentials in shortcuts settings)" : ""
        let message = "\(title) answered HTTP \(response.status)\(hint): \(said)"
        throw ActionFailure(redacted(message, url: response.url ?? URL(fileURLWithPath: "/")), parameter: parameter ?? self.parameter)
    }

    /// Sends a request and reads its JSON answer.
    func json(_ request: HTTPRequest, parameter: String? = nil) throws -> Content {
        let response = try send(request, parameter: parameter)
        guard let content = JSONBridge.parse(String(decoding: response.body, as: UTF8.self)) else {
            throw ActionFailure("\(title) answered with something that isn't JSON", parameter: parameter ?? self.parameter)
        }
        return content
    }

    /// Signs a request with OAuth 1.0a (HMAC-SHA1, RFC 5849): the consumer's and the token's
    /// keys and secrets; query and form-encoded body parameters are signed, a JSON or multipart
    /// body is not, as the protocol says.
    func signed(_ request: HTTPRequest, consumerKey: String, consumerSecret: String, token: String, tokenSecret: String) -> HTTPRequest {
        var request = request
        var oauth = [
            ("oauth_consumer_key", consumerKey), ("oauth_nonce", UUID().uuidString.replacingOccurrences(of: "-", with: "")),
            ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", String(Int(run.environment.now().timeIntervalSince1970))),
            ("oauth_version", "1.0"),
        ]
        // A request for a token has none yet.
        if !token.isEmpty { oauth.append(("oauth_token", token)) }
        var parameters = oauth
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        for item in components?.percentEncodedQueryItems ?? [] {
            parameters.append((item.name.removingPercentEncoding ?? item.name, item.value?.removingPercentEncoding ?? ""))
        }
        if request.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true, let body = request.body {
            for (name, value) in Self.formPairs(String(decoding: body, as: UTF8.self)) { parameters.append((name, value)) }
        }
        // The base URL as RFC 5849 wants it: scheme and host lowercased, a default port left out, no query.
        var base = URLComponents()
        base.scheme = components?.scheme?.lowercased()
        base.host = components?.host?.lowercased()
        if let port = components?.port, !(base.scheme == "https" && port == 443) && !(base.scheme == "http" && port == 80) {
            base.port = port
        }
        base.percentEncodedPath = components?.percentEncodedPath ?? ""
        let normalized = parameters.map { (Self.encoded($0.0), Self.encoded($0.1)) }.sorted { $0 < $1 }.map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
        let text = [request.method.uppercased(), Self.encoded(base.url?.absoluteString ?? ""), Self.encoded(normalized)].joined(
            separator: "&")
        let key = Self.encoded(consumerSecret) + "&" + Self.encoded(tokenSecret)
        let signature = Data(Digest.hmacSHA1(key: Array(key.utf8), Array(text.utf8))).base64EncodedString()
        oauth.append(("oauth_signature", signature))
        request.setHeader(
            "Authorization", "OAuth " + oauth.map { "\(Self.encoded($0.0))=\"\(Self.encoded($0.1))\"" }.joined(separator: ", "))
        return request
    }

    /// The name-value pairs of form-encoded text (`a=1&b=two+words`), decoded; pairs without a name are skipped.
    static func formPairs(_ text: String) -> [(String, String)] {
        text.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            guard let name = parts.first, !name.isEmpty else { return nil }
            return (name, parts.count > 1 ? parts[1] : "")
        }
    }

    /// A request with a JSON body.
    static func jsonRequest(_ url: URL, method: String = "POST", _ body: ContentDictionary) -> HTTPRequest {
        var request = HTTPRequest(url: url, method: method)
        request.body = Data(JSONBridge.text(of: .dictionary(body)).utf8)
        request.setHeader("Content-Type", "application/json")
        return request
    }
}
