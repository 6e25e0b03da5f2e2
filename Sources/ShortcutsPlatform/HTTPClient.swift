import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Synchronous HTTP for the web actions: one request, waited for with a timeout, the response
/// turned into file content.
package enum HTTPClient {
    /// How long a request may take before it fails.
    package static let timeout: TimeInterval = 60

    /// Sends a request and waits for the whole response.
    ///
    /// Any HTTP status counts as a response, as in Shortcuts (a 404 page is content); only a
    /// transport failure (no connection, timeout, bad TLS) throws, naming `parameter`.
    package static func send(_ request: HTTPRequest, parameter: String) throws -> (HTTPResponse?, Data) {
        do {
            let response = try HTTPTransport.send(request, timeout: timeout)
            return (response, response.body)
        } catch {
            throw ActionFailure("can't get \(request.url.absoluteString): \(error.message)", parameter: parameter, underlying: error)
        }
    }

    /// Downloads a URL as a file, as the content graph does when a URL is used for what it
    /// holds; like Get Contents of URL, an error status's page is content.
    package static func download(_ url: URL) throws -> FileContent {
        let (response, data) = try send(HTTPRequest(url: url), parameter: "WFInput")
        return file(from: response, data: data, url: url)
    }

    /// The response as a file: named from `Content-Disposition` or the URL, typed from `Content-Type`.
    package static func file(from response: HTTPResponse?, data: Data, url: URL) -> FileContent {
        let mimeType = response?.mimeType?.lowercased()
        let type = mimeType.map(typeIdentifier(forMIMEType:))
        var name = response.flatMap(dispositionFileName) ?? url.lastPathComponent
        if name.isEmpty || name == "/" { name = url.host ?? "Contents of URL" }
        if let type, type != "public.data", !name.contains(".") || UniformType.identifier(forFileName: name) == "public.data",
            let ext = UniformType.preferredExtension(for: type)
        {
            name += "." + ext
        }
        return FileContent(name: name, data: data, typeIdentifier: type ?? UniformType.identifier(forFileName: name))
    }

    /// The `filename` of a `Content-Disposition` header, if there is one.
    package static func dispositionFileName(_ response: HTTPResponse) -> String? {
        guard let header = response.header("Content-Disposition") else { return nil }
        for part in header.split(separator: ";") {
            let field = part.trimmingCharacters(in: .whitespaces)
            guard field.lowercased().hasPrefix("filename=") else { continue }
            let name = field.dropFirst("filename=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let safe = URL(fileURLWithPath: name).lastPathComponent
            return safe.isEmpty ? nil : safe
        }
        return nil
    }

    /// A uniform type identifier for a MIME type, e.g. `public.json` for `application/json`.
    package static func typeIdentifier(forMIMEType mimeType: String) -> String {
        UniformType.identifier(forMIMEType: mimeType)
    }
}
