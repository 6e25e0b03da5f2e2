import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Get Contents of URL, Get Contents of Web Page and Open URLs.
enum WebActions {
    static let all: [ActionDefinition] = [downloadURL, webPageContents, openURL]

    /// `WFHTTPMethod`.
    enum Method: String, ParameterOption {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    /// `WFHTTPBodyType`.
    enum BodyType: String, ParameterOption {
        case json = "JSON", form = "Form", file = "File"
    }

    static let downloadURL = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.downloadurl", title: "Get Contents of URL",
            description:
                "Sends an HTTP request and outputs the response body as a file; a JSON response works as a dictionary. An error status such as 404 still outputs the body; only a failed connection is an error.",
            parameters: [
                ParameterMetadata(key: "WFURL", title: "URL", type: .url, isRequired: true),
                .option("WFHTTPMethod", title: "Method", default: Method.get),
                ParameterMetadata(key: "WFHTTPHeaders", title: "Headers", type: .dictionary),
                .option("WFHTTPBodyType", title: "Request Body", default: BodyType.json),
                ParameterMetadata(key: "WFJSONValues", title: "JSON", type: .dictionary),
                ParameterMetadata(key: "WFFormValues", title: "Form", type: .dictionary),
                ParameterMetadata(key: "WFRequestVariable", title: "File", type: .file),
            ],
            inputParameter: "WFURL", outputType: "File", outputName: "Contents of URL", isReadOnly: false,
            keywords: ["http", "api", "download", "curl", "request", "post"],
            summary: "Get contents of ${WFURL}")
    ) { parameters in
        let method = OptionParameter(parameters, "WFHTTPMethod", default: Method.get)
        let bodyType = OptionParameter(parameters, "WFHTTPBodyType", default: BodyType.json)
        let headers = parameters["WFHTTPHeaders"]
        let json = parameters["WFJSONValues"]
        let form = parameters["WFFormValues"]
        let file = parameters["WFRequestVariable"]
        return { input, run in
            guard let url = input.url, ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                throw ActionFailure(
                    "expected an http or https URL, got \(input.isNothing ? "nothing" : "\"\(input.text.prefix(80))\"")", parameter: "WFURL"
                )
            }
            var request = HTTPRequest(url: url)
            let method = try method.value(in: run)
            request.method = method.rawValue
            if method != .get {
                switch try bodyType.value(in: run) {
                case .json:
                    let values = try run.content(json)
                    if !values.isNothing {
                        request.body = Data(JSONBridge.text(of: values).utf8)
                        request.setHeader("Content-Type", "application/json")
                    }
                case .form:
                    let fields = try run.content(form).dictionary ?? ContentDictionary()
                    let (body, contentType) = formBody(fields)
                    request.body = body
                    request.setHeader("Content-Type", contentType)
                case .file:
                    let content = try run.content(file)
                    if !content.isNothing {
                        let upload = content.file()
                        request.body = upload.data
                        request.setHeader("Content-Type", mimeType(for: upload.typeIdentifier))
                    }
                }
            }
            for (name, value) in try run.content(headers).dictionary ?? ContentDictionary() {
                request.setHeader(name, value.text)
            }
            let response = try run.send(request, parameter: "WFURL")
            return .file(response.file(requested: url))
        }
    }

    /// A form body: URL-encoded text fields, or multipart when a field holds a file.
    static func formBody(_ fields: ContentDictionary) -> (Data, String) {
        let hasFile = fields.values.contains { if case .file = $0 { return true } else { return false } }
        guard hasFile else {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._*")
            let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
            let text = fields.map { encode($0.0) + "=" + encode($0.1.text) }.joined(separator: "&")
            return (Data(text.utf8), "application/x-www-form-urlencoded")
        }
        let boundary = "shortcuts-" + UUID().uuidString
        var body = Data()
        for (name, value) in fields {
            body += Data("--\(boundary)\r\n".utf8)
            if case .file(let file) = value {
                body += Data("Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(file.name)\"\r\n".utf8)
                body += Data("Content-Type: \(mimeType(for: file.typeIdentifier))\r\n\r\n".utf8)
                body += file.data
            } else {
                body += Data("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value.text)".utf8)
            }
            body += Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// A MIME type for a uniform type identifier, for uploads (text says its charset).
    static func mimeType(for type: String?) -> String {
        guard let type else { return "application/octet-stream" }
        let mime = UniformType.mimeType(for: type)
        return UniformType.isText(type) && mime.hasPrefix("text/") ? mime + "; charset=utf-8" : mime
    }

    static let webPageContents = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getwebpagecontents", title: "Get Contents of Web Page",
            description: "Downloads a web page and outputs its HTML.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Web Page", type: .url, isRequired: true)],
            inputParameter: "WFInput", outputType: "File", outputName: "Contents of Web Page", keywords: ["html", "scrape"])
    ) { _ in
        { input, run in
            guard let url = input.url else {
                throw ActionFailure(
                    "expected a URL, got \(input.isNothing ? "nothing" : "\"\(input.text.prefix(80))\"")", parameter: "WFInput")
            }
            let response = try run.send(HTTPRequest(url: url), parameter: "WFInput")
            var page = response.file(requested: url)
            if page.typeIdentifier == "public.data" || page.typeIdentifier == "public.plain-text" {
                page.typeIdentifier = FileContent.richTextType
            }
            return .file(page)
        }
    }

    static let openURL = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.openurl", title: "Open URLs",
            description: "Opens each input URL with the desktop's default handler (xdg-open).",
            parameters: [ParameterMetadata(key: "WFInput", title: "URL", type: .url, isRequired: true, isList: true)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["browser", "open", "link"],
            summary: "Open ${WFInput}"),
        passesInputThrough: true
    ) { _ in
        { input, run in
            for item in input.items {
                guard let url = item.url else {
                    throw ActionFailure("expected a URL, got \"\(item.text.prefix(80))\"", parameter: "WFInput")
                }
                try run.environment.openURL(url)
            }
            return input
        }
    }
}
