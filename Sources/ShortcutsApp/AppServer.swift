import Foundation
import ShortcutsLibrary
import ShortcutsRPC
import ShortcutsService
import Synchronization

/// The Shortcuts app's web server: the page's files and a JSON API over the service's library,
/// engine and runs, on 127.0.0.1 only.
///
/// Who may use it: the page's files load for anyone (they hold no data), but every API request
/// needs the secret made when the server starts. `shortcuts app` prints the address with the
/// secret in its query; the first visit swaps it for an `HttpOnly`, `SameSite=Strict` cookie.
/// A request naming another `Host` (DNS rebinding) is refused, and so is a request that changes
/// something, or opens a run's events, from another `Origin`. No CORS headers are sent.
///
/// ```swift
/// let app = AppServer(service: service)
/// let address = try app.open()   // http://127.0.0.1:PORT/?secret=…
/// ```
public final class AppServer: AppTransport {
    let service: EventsService
    let runs: AppRuns
    private let web = Mutex<WebServer?>(nil)
    private let port = Atomic<UInt16>(0)
    /// 32 random bytes, as hex; made once per server.
    let secret: String
    /// Who the service's registry says started the app's runs.
    static let client = ClientIdentity(processIdentifier: getpid(), userIdentifier: getuid(), executable: "shortcuts app")

    public init(service: EventsService) {
        self.service = service
        runs = AppRuns(service: service)
        var generator = SystemRandomNumberGenerator()
        secret = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// What `shortcutsd` passes to the service.
    public static let make: @Sendable (EventsService) -> any AppTransport = { AppServer(service: $0) }

    // MARK: AppTransport

    public func open() throws(ServiceError) -> String {
        let listening = try web.withLock { (web: inout WebServer?) throws(ServiceError) -> UInt16 in
            if web != nil { return port.load(ordering: .acquiring) }
            let server = WebServer { [weak self] request in
                guard let self else { return .text(503, "the app is stopping") }
                return self.respond(to: request)
            }
            let chosen = try Self.start(server, environment: service.configuration.environment, statePath: statePath)
            web = server
            port.store(chosen, ordering: .releasing)
            return chosen
        }
        service.log.write("serving the Shortcuts app on http://127.0.0.1:\(listening)/")
        return "http://127.0.0.1:\(listening)/?secret=\(secret)"
    }

    public var isInUse: Bool { runs.isWatched || pages.withLock { !$0.isEmpty } }

    /// The open pages' streams (`/api/events`): they keep the service up and hear of library changes.
    private let pages = Mutex<[EventStream]>([])

    func pageStream() -> EventStream {
        let stream = EventStream(onClose: { [weak self] in self?.pages.withLock { $0.removeAll { $0.isClosed } } })
        pages.withLock { $0.append(stream) }
        stream.send("hello", data: "{}")
        return stream
    }

    /// Tells every open page the library changed, so it lists it again.
    func libraryChanged() {
        for stream in pages.withLock({ $0 }) { stream.send("library", data: "{}") }
    }

    public func stop() {
        runs.closeAll()
        for stream in pages.withLock({ $0 }) { stream.finish() }
        web.withLock { web in
            web?.stop()
            web = nil
        }
    }

    /// Where the last port is remembered, beside the service's socket.
    private var statePath: String {
        (service.configuration.socketPath as NSString).deletingLastPathComponent + "/app.json"
    }

    /// Listens on `SHORTCUTS_APP_PORT`, else on the port used last time, else on a free one.
    private static func start(_ server: WebServer, environment: [String: String], statePath: String) throws(ServiceError) -> UInt16 {
        if let text = environment["SHORTCUTS_APP_PORT"], !text.isEmpty {
            guard let port = UInt16(text), port > 0 else {
                throw ServiceError(.invalidArguments, "SHORTCUTS_APP_PORT is \"\(text)\", which is not a port (1–65535)")
            }
            do {
                return try server.start(port: port)
            } catch {
                throw ServiceError(.actionFailed, "can't serve the app: \(error.description)")
            }
        }
        let remembered = (FileManager.default.contents(atPath: statePath)).flatMap { JSONValue(parsing: $0)?["port"]?.numberValue }
        if let remembered, let port = UInt16(exactly: remembered), port > 0, let started = try? server.start(port: port) {
            return started
        }
        let chosen: UInt16
        do {
            chosen = try server.start(port: 0)
        } catch {
            throw ServiceError(.actionFailed, "can't serve the app: \(error.description)")
        }
        // Remembering the port is a convenience: a failure to write it is not the app's.
        try? AtomicFile.write(JSONValue.object(["port": .number(Double(chosen))]).data, to: statePath, replacing: true)
        return chosen
    }

    // MARK: Requests

    /// Headers every answer carries: the page runs only its own files and fetches only from here.
    static let securityHeaders: [(String, String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
    ]

    var cookieName: String { "shortcuts_app_\(port.load(ordering: .acquiring))" }

    func respond(to request: WebRequest) -> WebResponse {
        service.noteActivity()
        let answer = route(request)
        switch answer {
        case .body(let status, let headers, let body):
            return .body(status: status, headers: headers + Self.securityHeaders, body)
        case .stream(let status, let headers, let stream):
            return .stream(status: status, headers: headers + Self.securityHeaders, stream)
        }
    }

    private func route(_ request: WebRequest) -> WebResponse {
        let port = self.port.load(ordering: .acquiring)
        guard let host = request.header("Host"), ["127.0.0.1:\(port)", "localhost:\(port)"].contains(host.lowercased()) else {
            return .text(403, "this server answers only to 127.0.0.1:\(port)")
        }
        if !request.path.hasPrefix("/api/") {
            if request.path == "/", let given = request.query("secret") {
                guard Self.same(given, secret) else { return .text(403, "that secret is not this app's; run shortcuts app again") }
                return .body(
                    status: 303,
                    headers: [
                        ("Location", "/"), ("Cache-Control", "no-store"),
                        ("Set-Cookie", "\(cookieName)=\(secret); Path=/; HttpOnly; SameSite=Strict"),
                    ], Data())
            }
            return StaticFiles.response(for: request.path, method: request.method)
        }
        guard let cookie = request.cookie(cookieName), Self.same(cookie, secret) else {
            return .json(403, #"{"error":"this request doesn't carry the app's secret; open the address shortcuts app prints"}"#)
        }
        let changes = request.method != "GET" && request.method != "HEAD"
        if changes || request.path.hasSuffix("/events") {
            let origin = request.header("Origin")
            let allowed = ["http://127.0.0.1:\(port)", "http://localhost:\(port)"]
            // A page's fetch always says where it comes from; an event stream may not.
            if let origin, !allowed.contains(origin.lowercased()) {
                return .json(403, #"{"error":"requests from other sites are refused"}"#)
            }
            if changes, origin == nil {
                return .json(403, #"{"error":"a request that changes something must come from the app's page (no Origin)"}"#)
            }
        }
        if request.bodyTooLarge { return .json(413, #"{"error":"the request is too large"}"#) }
        var api = AppAPI(server: self)
        return api.respond(to: request)
    }

    /// Compares secrets in time that doesn't depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
