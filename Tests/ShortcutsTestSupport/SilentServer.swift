import Foundation

/// A TCP socket on 127.0.0.1 that listens and never accepts: connections complete (the kernel
/// queues them) and no byte is ever answered.
public final class SilentServer {
    public let port: Int
    private let socket: Int32

    public init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 8) == 0 else {
            close(fd)
            throw SilentServerUnavailable()
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until a client has connected (its connection waits in the kernel's queue), for at
    /// most `seconds`; false when none came.
    public func waitForConnection(seconds: Double) -> Bool {
        var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, Int32(seconds * 1000)) == 1
    }

    /// The listening socket, for a server that does accept (``HangingHTTPServer``).
    public var listeningSocket: Int32 { socket }

    deinit { close(socket) }
}

/// No socket could listen on 127.0.0.1.
public struct SilentServerUnavailable: Error {}
