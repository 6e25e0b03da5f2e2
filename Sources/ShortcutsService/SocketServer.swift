import Foundation
import ShortcutsRPC
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The service on a Unix socket: JSON-RPC 2.0, one message per line, for machines without a
/// session bus and for the client library.
///
/// The socket's folder is private (0700) and the socket itself 0600; each connection's peer
/// credentials are checked, so only the same user (and, with an allow-list, only listed
/// programs) gets answers. Each request is handled on a thread of its own, so one connection
/// can run several shortcuts at once and cancel them; a connection that closes cancels its runs.
/// Unchecked `Sendable`: the listening descriptor is set in `start()` before the accept thread starts; `isStopped` is under `lock`.
public final class SocketServer: @unchecked Sendable {
    let service: EventsService
    let path: String
    private var listener: Int32 = -1
    private let lock = NSLock()
    private var isStopped = false
    /// Open connections, by client process, and all together.
    private let connections = Mutex<(byProcess: [Int32: Int], total: Int)>(([:], 0))

    public init(service: EventsService, path: String) {
        self.service = service
        self.path = path
    }

    /// Binds the socket and starts accepting connections on a thread of its own.
    ///
    /// - Throws: ``ServiceError`` when another service already answers on the path, or the
    ///   socket can't be made.
    public func start() throws(ServiceError) {
        signal(SIGPIPE, SIG_IGN)
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServiceError(.invalidArguments, "can't create \(directory): \(error.localizedDescription)")
        }
        // The lock, held for the process's life, keeps two services starting at once from
        // taking each other's socket; the connect catches one that holds it in another way.
        // O_NOFOLLOW: a link planted as the lock file must not make us create or lock another file.
        let lockDescriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lockDescriptor >= 0 else { throw UnixSocket.systemError("can't open the lock file \(path).lock") }
        let running = LocalSocket.connect(to: path)
        if let running { close(running) }
        guard flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0, running == nil else {
            close(lockDescriptor)
            throw ServiceError(.invalidArguments, "another shortcutsd already answers on \(path)")
        }
        unlink(path)
        // Output files of an earlier service's runs are nobody's now.
        try? FileManager.default.removeItem(atPath: service.configuration.outputDirectory)
        let descriptor = try UnixSocket.make()
        let bound = try UnixSocket.withAddress(path) { bind(descriptor, $0, $1) }
        guard bound == 0, chmod(path, 0o600) == 0, listen(descriptor, 128) == 0 else {
            let error = UnixSocket.systemError("can't listen on \(path)")
            close(descriptor)
            throw error
        }
        listener = descriptor
        let thread = Thread { [self] in acceptLoop(descriptor) }
        thread.name = "shortcutsd.socket.accept"
        thread.start()
    }

    /// Stops accepting and removes the socket file. Connections already open finish their work.
    public func stop() {
        let descriptor = lock.withLock { () -> Int32 in
            guard !isStopped else { return -1 }
            isStopped = true
            return listener
        }
        guard descriptor >= 0 else { return }
        unlink(path)
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private func acceptLoop(_ descriptor: Int32) {
        while true {
            let client = accept(descriptor, nil, nil)
            if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                // Out of descriptors or memory for now: connections that end free some.
                if [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno) {
                    service.log.write("can't take a connection now: \(String(cString: strerror(errno))); trying again")
                    usleep(100_000)
                    continue
                }
                if !lock.withLock({ isStopped }) { service.log.write("stopped accepting on \(path): \(String(cString: strerror(errno)))") }
                close(descriptor)
                return
            }
            guard let credentials = UnixSocket.peerCredentials(client) else {
                service.log.write("refused a connection whose credentials can't be read")
                close(client)
                continue
            }
            // Another user, or a client past its connections, gets the reason and costs no thread.
            if credentials.uid != service.policy.ownerUserIdentifier {
                let identity = ClientIdentity(processIdentifier: credentials.pid, userIdentifier: credentials.uid, executable: nil)
                refuse(
                    client,
                    "the caller runs as user \(credentials.uid), but this service belongs to user \(service.policy.ownerUserIdentifier)")
                service.log.write("refused a connection from \(identity): another user")
                continue
            }
            if let problem = admit(credentials.pid) {
                refuse(client, problem)
                service.log.write("refused a connection from pid \(credentials.pid): \(problem)")
                continue
            }
            var identity = ClientIdentity.process(credentials.pid, user: credentials.uid)
            identity.processHandle = UnixSocket.peerProcessHandle(client)
            let connection = SocketConnection(descriptor: client, client: identity, service: service)
            service.workers.submit { [self] in
                connection.serve()
                release(credentials.pid)
            }
        }
    }

    /// Counts a new connection from `pid`, or says why it is one too many.
    private func admit(_ pid: Int32) -> String? {
        let perClient = service.configuration.maximumConnectionsPerClient
        return connections.withLock { connections in
            if connections.byProcess[pid, default: 0] >= perClient {
                return "pid \(pid) has \(perClient) connections open, as many as one process may (SHORTCUTS_SERVICE_MAX_CONNECTIONS)"
            }
            if connections.total >= perClient * 2 {
                return "\(connections.total) connections are open, as many as the service takes (twice SHORTCUTS_SERVICE_MAX_CONNECTIONS)"
            }
            connections.byProcess[pid, default: 0] += 1
            connections.total += 1
            return nil
        }
    }

    private func release(_ pid: Int32) {
        connections.withLock { connections in
            connections.total -= 1
            let left = connections.byProcess[pid, default: 1] - 1
            connections.byProcess[pid] = left > 0 ? left : nil
        }
    }

    /// Sends a refusal without waiting for the client to read it, and closes the connection.
    private func refuse(_ descriptor: Int32, _ reason: String) {
        let response = JSONRPC.ErrorResponse(
            id: nil,
            error: JSONRPC.ErrorObject(code: EventsProtocol.ErrorCode.denied, message: "shortcutsd refused the connection: \(reason)"))
        if var data = try? JSONRPC.encode(response) {
            data.append(0x0A)
            _ = data.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        }
        close(descriptor)
    }
}
