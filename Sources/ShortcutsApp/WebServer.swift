import CMicroHTTPDLoader
import Foundation

/// One HTTP request, read whole.
struct WebRequest {
    var method: String
    /// The path, without the query.
    var path: String
    var body: Data
    var bodyTooLarge: Bool
    fileprivate let handle: OpaquePointer

    func header(_ name: String) -> String? { shortcuts_web_header(handle, name).map { String(cString: $0) } }
    func query(_ name: String) -> String? { shortcuts_web_query(handle, name).map { String(cString: $0) } }
    func cookie(_ name: String) -> String? { shortcuts_web_cookie(handle, name).map { String(cString: $0) } }
}

/// An answer to a request: a whole body, or a stream of server-sent events.
enum WebResponse {
    case body(status: Int, headers: [(String, String)], Data)
    case stream(status: Int, headers: [(String, String)], EventStream)

    static func json(_ status: Int, _ text: String, headers: [(String, String)] = []) -> WebResponse {
        .body(status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, Data(text.utf8))
    }

    static func text(_ status: Int, _ text: String) -> WebResponse {
        .body(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], Data(text.utf8))
    }
}

/// A loopback HTTP server: libmicrohttpd (loaded on first use) with a thread per connection,
/// handing each whole request to `handler` on that thread.
///
/// Unchecked `Sendable`: the C server pointer is set in `start` and cleared in `stop`, both under `lock`.
final class WebServer: @unchecked Sendable {
    typealias Handler = @Sendable (WebRequest) -> WebResponse

    private let handler: Handler
    private let lock = NSLock()
    private var server: OpaquePointer?
    /// Bodies larger than this are refused with 413 (a shortcut of 1,500 actions is ~1 MB).
    static let bodyLimit = 32 << 20

    init(handler: @escaping Handler) { self.handler = handler }

    /// Starts listening on 127.0.0.1:`port` (0 picks one) and returns the port.
    func start(port: UInt16) throws(AppError) -> UInt16 {
        lock.lock()
        defer { lock.unlock() }
        if let server { return shortcuts_web_port(server) }
        var error = [CChar](repeating: 0, count: 512)
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard
            let started = shortcuts_web_start(
                port, 64, Self.bodyLimit,
                { context, request, method, url, body, length, tooLarge in
                    guard let context, let request, let method, let url else { return }
                    let server = Unmanaged<WebServer>.fromOpaque(context).takeUnretainedValue()
                    server.handle(
                        request, method: String(cString: method), url: String(cString: url), body: body, length: length,
                        tooLarge: tooLarge != 0)
                }, context, &error, error.count)
        else {
            throw AppError(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        server = started
        return shortcuts_web_port(started)
    }

    func stop() {
        lock.lock()
        let server = self.server
        self.server = nil
        lock.unlock()
        if let server { shortcuts_web_stop(server) }
    }

    private func handle(
        _ handle: OpaquePointer, method: String, url: String, body: UnsafeRawPointer?, length: Int, tooLarge: Bool
    ) {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let request = WebRequest(
            method: method, path: path, body: body.map { Data(bytes: $0, count: length) } ?? Data(), bodyTooLarge: tooLarge,
            handle: handle)
        switch handler(request) {
        case .body(let status, let headers, let data):
            withHeaders(headers) { pointers, count in
                _ = data.withUnsafeBytes { bytes in
                    shortcuts_web_respond(handle, UInt32(status), pointers, count, bytes.baseAddress, bytes.count)
                }
            }
        case .stream(let status, let headers, let stream):
            stream.watch(socket: shortcuts_web_socket(handle))
            let context = Unmanaged.passRetained(stream).toOpaque()
            withHeaders(headers) { pointers, count in
                _ = shortcuts_web_stream(
                    handle, UInt32(status), pointers, count,
                    { context, buffer, capacity in
                        guard let context, let buffer else { return -1 }
                        let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
                        return stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
                    },
                    { context in
                        guard let context else { return }
                        let stream = Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue()
                        stream.close()
                    }, context)
            }
        }
    }

    private func withHeaders(_ headers: [(String, String)], _ body: (UnsafePointer<UnsafePointer<CChar>?>, Int) -> Void) {
        let strings = headers.flatMap { [strdup($0.0), strdup($0.1)] }
        defer { strings.forEach { free($0) } }
        let pointers = strings.map { UnsafePointer($0) }
        pointers.withUnsafeBufferPointer { body($0.baseAddress!, headers.count) }
    }
}

/// A stream of server-sent events to one page: events are queued by the app and read by the
/// connection's thread, which waits for them; a comment goes out every 15 s so proxies and the
/// page see the connection is alive. While it waits it looks at the connection's socket every
/// quarter second, so a page that went away frees its connection (the server takes a bounded
/// number) at once rather than at the next keep-alive.
final class EventStream: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var isClosed = false
        /// The connection's socket, when the server said it.
        var socket: Int32 = -1
    }
    private let state = NSCondition()
    // `nonisolated(unsafe)`: read and written only while `state` is locked.
    nonisolated(unsafe) private var buffer = State()
    /// Called once when the stream ends (the page went away or the app closed it).
    let onClose: @Sendable () -> Void
    private static let keepAlive = 15.0
    /// How often a waiting stream looks whether its page went away.
    private static let hangUpCheck = 0.25

    init(onClose: @escaping @Sendable () -> Void = {}) { self.onClose = onClose }

    /// Queues an event: `event: name`, `id:` when given, and the data's lines.
    func send(_ name: String, data: String, id: Int? = nil) {
        var text = "event: \(name)\n"
        if let id { text += "id: \(id)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        text += "\n"
        state.lock()
        if !buffer.isClosed { buffer.pending += Array(text.utf8) }
        state.signal()
        state.unlock()
    }

    /// Ends the stream once what is queued has gone out.
    func finish() {
        state.lock()
        buffer.isClosed = true
        state.broadcast()
        state.unlock()
    }

    var isClosed: Bool {
        state.lock()
        defer { state.unlock() }
        return buffer.isClosed
    }

    /// Called by the server's thread: waits for events, and gives -1 at the end.
    fileprivate func read(into target: UnsafeMutableRawBufferPointer) -> Int {
        state.lock()
        defer { state.unlock() }
        let deadline = Date().addingTimeInterval(Self.keepAlive)
        while buffer.pending.isEmpty && !buffer.isClosed {
            if state.wait(until: min(deadline, Date().addingTimeInterval(Self.hangUpCheck))) { continue }
            if Self.hasHungUp(buffer.socket) { return -1 }
            if Date() >= deadline { break }
        }
        if buffer.pending.isEmpty {
            if buffer.isClosed { return -1 }
            let comment = Array(": alive\n\n".utf8)
            let count = min(comment.count, target.count)
            target.copyBytes(from: comment[0..<count])
            return count
        }
        let count = min(buffer.pending.count, target.count)
        target.copyBytes(from: buffer.pending[0..<count])
        buffer.pending.removeFirst(count)
        return count
    }

    /// Looks at the connection's socket from now on (set once, before the stream is read).
    fileprivate func watch(socket: Int32) {
        state.lock()
        buffer.socket = socket
        state.unlock()
    }

    /// Whether the other side of a connection has closed it: readable with nothing to read.
    private static func hasHungUp(_ socket: Int32) -> Bool {
        guard socket >= 0 else { return false }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    /// The connection ended.
    fileprivate func close() {
        state.lock()
        buffer.isClosed = true
        buffer.pending = []
        state.broadcast()
        state.unlock()
        onClose()
    }
}

/// Why the app couldn't do something, said to the person.
public struct AppError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
