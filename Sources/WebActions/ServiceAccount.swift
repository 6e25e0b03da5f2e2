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
    /// service said.
    @discardableResult
    func send(_ request: HTTPRequest) throws -> HTTPResponse {
        let response = try run.send(request, parameter: parameter)
        try check(response)
        return response
    }

    /// Fails on anything but a 2xx answer, with what the service said.
    func check(_ response: HTTPResponse) throws {
        guard !(200..<300).contains(response.status) else { return }
        let said = TextExcerpt.safe(String(decoding: response.body.prefix(300), as: UTF8.self), limit: 300)
        let hint = [401, 403].contains(response.status) ? " (check the \(title) credentials in shortcuts settings)" : ""
        throw ActionFailure("\(title) answered HTTP \(response.status)\(hint): \(said)", parameter: parameter)
    }

    /// Sends a request and reads its JSON answer.
    func json(_ request: HTTPRequest) throws -> Content {
        let response = try send(request)
        guard let content = JSONBridge.parse(String(decoding: response.body, as: UTF8.self)) else {
            throw ActionFailure("\(title) answered with something that isn't JSON", parameter: parameter)
        }
        return content
    }

    /// A request with a JSON body.
    static func jsonRequest(_ url: URL, method: String = "POST", _ body: ContentDictionary) -> HTTPRequest {
        var request = HTTPRequest(url: url, method: method)
        request.body = Data(JSONBridge.text(of: .dictionary(body)).utf8)
        request.setHeader("Content-Type", "application/json")
        return request
    }
}
