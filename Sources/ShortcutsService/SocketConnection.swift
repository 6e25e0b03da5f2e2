import Foundation
import ShortcutsRPC

#if canImport(Glibc)
    import Glibc
#endif

/// One client on the socket: reads its lines, answers each request on a thread of its own,
/// and when the client goes away cancels the runs it started.
///
/// The descriptor (and the client's pidfd) is closed only once the reader has stopped and every
/// request has answered, so a late answer never lands on a descriptor that has been reused.
/// Unchecked `Sendable`: its descriptor's lifetime is tied to the reader thread and the answers in flight, counted under `lock`.
final class SocketConnection: @unchecked Sendable {
    let descriptor: Int32
    let client: ClientIdentity
    let service: EventsService
    let channel: LineChannel
    private let lock = NSLock()
    private var inFlight = 0
    private var isReading = true
    /// Set when the connection became a registered app's; it is then the app registry's to close.
    private var isHandedOver = false

    init(descriptor: Int32, client: ClientIdentity, service: EventsService) {
        self.descriptor = descriptor
        self.client = client
        self.service = service
        channel = LineChannel(input: descriptor, output: descriptor)
        channel.maximumLineLength = service.configuration.maximumLineBytes
        channel.budget = service.lineBudget
    }

    /// Serves the connection until the client closes it, goes quiet with nothing to wait for, or
    /// the connection becomes a registered app's. Other users were refused before it was made.
    func serve() {
        let idle = service.configuration.connectionIdleSeconds
        while true {
            let line: Data
            do {
                line = try channel.readLine(timeout: idle > 0 ? idle : nil)
            } catch .timedOut {
                // Quiet while a run it asked for goes on is fine; quiet with nothing to wait for is a dead client.
                if lock.withLock({ inFlight > 0 }) { continue }
                service.log.write("closed a connection from \(client) that sent nothing for \(String(format: "%g", idle)) s")
                break
            } catch .lineTooLong(let limit) {
                respond(
                    JSONRPC.ErrorResponse(
                        id: nil,
                        error: JSONRPC.ErrorObject(
                            code: JSONRPC.ErrorObject.invalidRequestCode,
                            message: "the request was longer than \(limit) bytes (SHORTCUTS_SERVICE_MAX_LINE_BYTES) and was skipped")))
                continue
            } catch .overloaded(let limit) {
                service.log.write("skipped a request from \(client): the connections' unfinished requests held \(limit) bytes")
                respond(
                    JSONRPC.ErrorResponse(
                        id: nil,
                        error: JSONRPC.ErrorObject(
                            code: EventsProtocol.ErrorCode.busy,
                            message:
                                "the request was skipped: requests still arriving on all connections already held \(limit) bytes (SHORTCUTS_SERVICE_MAX_BUFFERED_BYTES); send it again"
                        )
                    ))
                continue
            } catch {
                break
            }
            guard let request = JSONRPC.IncomingRequest(scanning: line) else {
                respond(
                    JSONRPC.ErrorResponse(
                        id: nil,
                        error: JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.parseErrorCode, message: "the line is not a JSON-RPC request"))
                )
                continue
            }
            if request.method == EventsProtocol.Method.registerApp {
                if register(request) {
                    finishReading()
                    return
                }
                continue
            }
            lock.withLock { inFlight += 1 }
            service.workers.submit { [self] in
                service.answering {
                    let response = SocketDispatch(service: service, client: client, owner: ObjectIdentifier(self)).respond(to: request)
                    if let response { write(response) }
                }
                requestFinished()
            }
        }
        service.cancelRuns(of: ObjectIdentifier(self))
        finishReading()
    }

    /// Handles `apps.register`; returns whether the connection now belongs to the app registry.
    private func register(_ request: JSONRPC.IncomingRequest) -> Bool {
        let id = request.id
        do {
            let params = try request.params(EventsProtocol.RegisterParams.self)
            let app = try service.registerApp(params, client: client, channel: channel)
            lock.withLock { isHandedOver = true }
            respond(JSONRPC.Response(id: id, result: service.status()))
            service.liveApps.register(app, closing: descriptor)
            return true
        } catch {
            respond(SocketDispatch.errorResponse(id: id, error))
            return false
        }
    }

    private func respond<Message: Encodable>(_ message: Message) {
        if let data = try? JSONRPC.encode(message) { write(data) }
    }

    private func write(_ data: Data) {
        do {
            try channel.writeLine(data)
        } catch {
            // The client went away; its runs are cancelled when the reader sees the close.
        }
    }

    private func requestFinished() {
        let (isDone, ownsDescriptor) = lock.withLock { () -> (Bool, Bool) in
            inFlight -= 1
            return (inFlight == 0 && !isReading, !isHandedOver)
        }
        if isDone { close(ownsDescriptor: ownsDescriptor) }
    }

    private func finishReading() {
        let (isDone, ownsDescriptor) = lock.withLock { () -> (Bool, Bool) in
            isReading = false
            return (inFlight == 0, !isHandedOver)
        }
        if isDone { close(ownsDescriptor: ownsDescriptor) }
    }

    /// Closes the client's pidfd, and the socket unless a registered app's registry now has it.
    private func close(ownsDescriptor: Bool) {
        if let handle = client.processHandle { Glibc.close(handle) }
        if ownsDescriptor { Glibc.close(descriptor) }
    }
}
