import CCurlLoader
import Foundation

/// An HTTP request as the web actions build it.
package struct HTTPRequest: Sendable {
    package var method = "GET"
    package var url: URL
    package var headers: [(name: String, value: String)] = []
    package var body: Data?

    package init(url: URL, method: String = "GET") {
        self.url = url
        self.method = method
    }

    /// Sets a header, replacing one of the same name (compared without case).
    package mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append((name, value))
    }

    /// The value of a header, if set.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The response to an ``HTTPRequest``: any status counts, as in Shortcuts.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: Data
    /// Where the final response came from, after redirects.
    package var url: URL?

    /// The value of a header (the last one of that name), if present.
    package func header(_ name: String) -> String? {
        headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The MIME type of `Content-Type` without parameters, lowercased.
    package var mimeType: String? {
        header("Content-Type").map { $0.split(separator: ";").first.map(String.init) ?? $0 }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
}

/// Sends requests with libcurl, loaded through `dlopen` on the first request.
///
/// Linking FoundationNetworking would load libcurl and some thirty libraries it needs at every
/// start of `shortcuts`, doubling the start-up time of runs that never use the network.
package enum HTTPTransport {
    /// Sends a request and waits for the whole response.
    /// - Throws: a message describing the transport failure (no connection, timeout, bad TLS).
    package static func send(_ request: HTTPRequest, timeout: TimeInterval) throws(HTTPTransportFailure) -> HTTPResponse {
        var lines = request.headers.map { "\($0.name): \($0.value)" }
        if request.body != nil, request.header("Expect") == nil { lines.append("Expect:") }
        var response = shortcuts_http_response()
        let code: Int32 = withCStrings(lines) { headers in
            let send = { (body: UnsafeRawPointer?, length: Int) in
                shortcuts_http_perform(
                    request.method, request.url.absoluteString, headers, lines.count, body, length,
                    Int(timeout * 1000), &response)
            }
            guard let body = request.body else { return send(nil, 0) }
            return body.withUnsafeBytes { bytes in
                // libcurl needs a non-null pointer to send an empty body.
                bytes.isEmpty ? send("", 0) : send(bytes.baseAddress, bytes.count)
            }
        }
        defer { shortcuts_http_response_free(&response) }
        if code != 0 {
            let message = withUnsafeBytes(of: response.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw HTTPTransportFailure(message: message)
        }
        let body = response.body.map { Data(bytes: $0, count: response.body_length) } ?? Data()
        let headerText = response.headers.map { String(decoding: Data(bytes: $0, count: response.headers_length), as: UTF8.self) } ?? ""
        let finalURL = response.effective_url.flatMap { URL(string: String(cString: $0)) }
        return HTTPResponse(status: response.status, headers: parseHeaders(headerText), body: body, url: finalURL)
    }

    /// Reads `Name: value` lines, skipping the status line.
    package static func parseHeaders(_ text: String) -> [(name: String, value: String)] {
        text.split(whereSeparator: \.isNewline).compactMap { line -> (name: String, value: String)? in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return (parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces))
        }
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

/// Why a request got no response.
package struct HTTPTransportFailure: Error, Sendable {
    package var message: String
}
