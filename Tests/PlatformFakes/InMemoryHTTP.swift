import Foundation
import ShortcutsEngine
import Synchronization

/// An HTTP transport that answers from a table, in memory, and records every request: a web
/// action's test runs in-process, with no network.
///
/// ```swift
/// let http = InMemoryHTTP()
/// http.serve("https://example.com/a.json", body: #"{"a": 1}"#, headers: ["Content-Type": "application/json"])
/// var environment = RunEnvironment()
/// environment.http = http
/// ```
public final class InMemoryHTTP: HTTPTransport {
    private let state = Mutex<
        (responses: [String: HTTPResponse], handlers: [String: @Sendable (HTTPRequest) -> HTTPResponse], requests: [HTTPRequest])
    >(([:], [:], []))

    public init() {}

    /// Answers `url` (compared as written, query included) with a response.
    public func serve(_ url: String, status: Int = 200, body: String = "", headers: [String: String] = [:]) {
        serve(url, status: status, data: Data(body.utf8), headers: headers)
    }

    /// Answers `url` with bytes.
    public func serve(_ url: String, status: Int = 200, data: Data, headers: [String: String] = [:]) {
        let response = HTTPResponse(
            status: status, headers: headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, body: data, url: URL(string: url))
        state.withLock { $0.responses[url] = response }
    }

    /// Answers `url` with what `handler` makes of each request (a server that looks at the body).
    public func handle(_ url: String, _ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        state.withLock { $0.handlers[url] = handler }
    }

    /// The requests sent so far, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    public func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int, cancellation: Cancellation?) throws(HTTPFailure)
        -> HTTPResponse
    {
        let (stored, handler) = state.withLock { state in
            state.requests.append(request)
            return (state.responses[request.url.absoluteString], state.handlers[request.url.absoluteString])
        }
        let response = stored ?? handler?(request)
        if cancellation?.isCancelled == true { throw HTTPFailure("the request was stopped", reason: .cancelled) }
        guard var response else {
            throw HTTPFailure("Failed to connect to \(request.url.host ?? "the server"): nothing is served there", reason: .transport)
        }
        if limit > 0, response.body.count > limit {
            throw HTTPFailure("the response is longer than \(limit) bytes", reason: .tooLarge)
        }
        if request.method == "HEAD" { response.body = Data() }
        // A request that streams is told the body in small pieces, as a server sends them.
        if let receive = request.receive {
            var offset = 0
            while offset < response.body.count {
                let end = min(offset + 7, response.body.count)
                receive(response.body.subdata(in: offset..<end))
                offset = end
            }
        }
        return response
    }
}
