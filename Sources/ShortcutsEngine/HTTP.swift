import Foundation
import ShortcutsContent

/// An HTTP request as an action builds it and the run's ``HTTPTransport`` sends it.
public struct HTTPRequest: Sendable {
    public var method = "GET"
    public var url: URL
    public var headers: [(name: String, value: String)] = []
    public var body: Data?
    /// Told each piece of the response's body as it arrives (a streamed answer), before the
    /// whole response is returned; `nil` for requests that only want the whole.
    public var receive: (@Sendable (Data) -> Void)?

    public init(url: URL, method: String = "GET") {
        self.url = url
        self.method = method
    }

    /// Sets a header, replacing one of the same name (compared without case).
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append((name, value))
    }

    /// The value of a header, if set.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The response to an ``HTTPRequest``: any status counts, as in Shortcuts (a 404 page is content).
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Where the final response came from, after redirects.
    public var url: URL?

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(), url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The value of a header (the last one of that name), if present.
    public func header(_ name: String) -> String? {
        headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The MIME type of `Content-Type` without parameters, lowercased.
    public var mimeType: String? {
        header("Content-Type").map { $0.split(separator: ";").first.map(String.init) ?? $0 }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The response as a file: named from `Content-Disposition` or the URL asked for, typed from
    /// `Content-Type`.
    public func file(requested url: URL) -> FileContent {
        let type = mimeType.map(UniformType.identifier(forMIMEType:))
        var name = dispositionFileName ?? url.lastPathComponent
        if name.isEmpty || name == "/" { name = url.host ?? "Contents of URL" }
        if let type, type != "public.data", !name.contains(".") || UniformType.identifier(forFileName: name) == "public.data",
            let ext = UniformType.preferredExtension(for: type)
        {
            name += "." + ext
        }
        return FileContent(name: name, data: body, typeIdentifier: type ?? UniformType.identifier(forFileName: name))
    }

    /// The `filename` of a `Content-Disposition` header (its last path component), if there is one.
    public var dispositionFileName: String? {
        guard let header = header("Content-Disposition") else { return nil }
        for part in header.split(separator: ";") {
            let field = part.trimmingCharacters(in: .whitespaces)
            guard field.lowercased().hasPrefix("filename=") else { continue }
            let name = field.dropFirst("filename=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let safe = URL(fileURLWithPath: name).lastPathComponent
            return safe.isEmpty ? nil : safe
        }
        return nil
    }
}

/// Why a request got no response: no connection, a timeout, bad TLS, a body past the limit, or
/// the run was stopped.
public struct HTTPFailure: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable { case transport, tooLarge, cancelled }
    public var reason: Reason
    public var message: String
    public var description: String { message }

    public init(_ message: String, reason: Reason = .transport) {
        self.message = message
        self.reason = reason
    }
}

/// Sends a run's HTTP requests: libcurl in every front end (`ShortcutsPlatform`'s
/// `CurlTransport`), a scripted one in tests. Actions reach it through
/// ``RunContext/send(_:parameter:)``, never directly.
public protocol HTTPTransport: Sendable {
    /// Sends a request, following redirects, and waits for the whole response (any status).
    /// - Parameters:
    ///   - timeout: seconds the whole exchange may take.
    ///   - limit: the most bytes of body to receive (0: no limit); a longer body is a failure
    ///     with ``HTTPFailure/Reason/tooLarge``.
    ///   - cancellation: looked at while waiting; a cancelled run's request stops with
    ///     ``HTTPFailure/Reason/cancelled``.
    func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int, cancellation: Cancellation?) throws(HTTPFailure)
        -> HTTPResponse
}

extension RunContext {
    /// How long a request of an action may take.
    public static let httpTimeout: TimeInterval = 60

    /// Sends a request through the run's ``RunEnvironment/http``, bounded by the run's value
    /// limit and stopped with the run. Any HTTP status is a response; a run without a network,
    /// a transport failure or a body past the limit throws naming `parameter`. `timeout` is how
    /// long the whole exchange may take (a model's long answer takes longer than a page).
    public func send(_ request: HTTPRequest, parameter: String?, timeout: TimeInterval = httpTimeout) throws -> HTTPResponse {
        guard let http = environment.http else {
            throw ActionFailure(
                "can't get \(request.url.absoluteString): this run has no network (its environment gives no HTTP transport)",
                parameter: parameter)
        }
        do throws(HTTPFailure) {
            return try http.send(request, timeout: timeout, limit: limits.valueBytes, cancellation: cancellation)
        } catch {
            switch error.reason {
            case .cancelled: throw ActionFailure("the run was stopped", code: .cancelled)
            case .tooLarge:
                throw ActionFailure(
                    "can't get \(request.url.absoluteString): \(error.message) (the run's limit for one value is \(limits.valueBytes) bytes, limits.valueBytes)",
                    parameter: parameter, underlying: error)
            case .transport:
                throw ActionFailure("can't get \(request.url.absoluteString): \(error.message)", parameter: parameter, underlying: error)
            }
        }
    }

    /// Downloads a URL as a file, as the content graph does when a URL is used for what it
    /// holds; like Get Contents of URL, an error status's page is content.
    public func download(_ url: URL, parameter: String?) throws -> FileContent {
        try send(HTTPRequest(url: url), parameter: parameter).file(requested: url)
    }
}
