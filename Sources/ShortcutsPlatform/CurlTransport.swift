import CCurlLoader
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Sends requests with libcurl, loaded through `dlopen` on the first request.
///
/// Linking FoundationNetworking would load libcurl and some thirty libraries it needs at every
/// start of `shortcuts`, doubling the start-up time of runs that never use the network.
public struct CurlTransport: HTTPTransport {
    public init() {}

    /// Sends a request and waits for the whole response, asking `cancellation` at least once a
    /// second while it waits.
    /// - Throws: the transport failure (no connection, timeout, bad TLS), a body past `limit`,
    ///   or the run stopped.
    public func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int, cancellation: Cancellation?) throws(HTTPFailure)
        -> HTTPResponse
    {
        var lines = request.headers.map { "\($0.name): \($0.value)" }
        if request.body != nil, request.header("Expect") == nil { lines.append("Expect:") }
        var response = shortcuts_http_response()
        let stop: shortcuts_http_should_stop? =
            cancellation == nil
            ? nil : { context in Unmanaged<Cancellation>.fromOpaque(context!).takeUnretainedValue().isCancelled ? 1 : 0 }
        let context = cancellation.map { Unmanaged.passUnretained($0).toOpaque() }
        let receiver = request.receive.map(Receiver.init)
        let onData: shortcuts_http_on_data? =
            receiver == nil
            ? nil
            : { bytes, length, context in
                guard let bytes, length > 0 else { return }
                Unmanaged<Receiver>.fromOpaque(context!).takeUnretainedValue().receive(Data(bytes: bytes, count: length))
            }
        let dataContext = receiver.map { Unmanaged.passUnretained($0).toOpaque() }
        let code: Int32 = Self.withCStrings(lines) { headers in
            let send = { (body: UnsafeRawPointer?, length: Int) in
                withExtendedLifetime((cancellation, receiver)) {
                    shortcuts_http_perform(
                        request.method, request.url.absoluteString, headers, lines.count, body, length,
                        Int(timeout * 1000), max(limit, 0), stop, context, onData, dataContext, &response)
                }
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
            throw HTTPFailure(message, reason: code == 3 ? .cancelled : code == 2 ? .tooLarge : .transport)
        }
        let body = response.body.map { Data(bytes: $0, count: response.body_length) } ?? Data()
        let headerText = response.headers.map { String(decoding: Data(bytes: $0, count: response.headers_length), as: UTF8.self) } ?? ""
        let finalURL = response.effective_url.flatMap { URL(string: String(cString: $0)) }
        return HTTPResponse(status: response.status, headers: Self.parseHeaders(headerText), body: body, url: finalURL)
    }

    /// Holds a request's ``HTTPRequest/receive`` for libcurl's callback, which takes a pointer.
    private final class Receiver: Sendable {
        let receive: @Sendable (Data) -> Void
        init(_ receive: @escaping @Sendable (Data) -> Void) { self.receive = receive }
    }

    /// Reads `Name: value` lines, skipping the status line.
    static func parseHeaders(_ text: String) -> [(name: String, value: String)] {
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

    /// Downloads a URL as a file (no limit, not stopped), for front ends that fetch files.
    public func download(_ url: URL, timeout: TimeInterval = 60) throws(HTTPFailure) -> FileContent {
        try send(HTTPRequest(url: url), timeout: timeout, limit: 0, cancellation: nil).file(requested: url)
    }
}
