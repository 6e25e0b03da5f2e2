import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The few Unix-socket calls the service and its client need: bind or connect a path, and
/// the peer's credentials.
enum UnixSocket {
    /// `struct ucred`, which Swift can't see because Glibc's module lacks `_GNU_SOURCE`.
    struct PeerCredentials {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }

    /// A stream socket, closed on exec.
    static func make() throws(ServiceError) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw systemError("can't create a socket") }
        return descriptor
    }

    /// Runs `body` with the address of `path`.
    static func withAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) throws(ServiceError) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw ServiceError(.invalidArguments, "the socket path \(path) is longer than \(capacity - 1) bytes; set SHORTCUTS_SERVICE_SOCKET to a shorter one")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Connects to the socket at `path`; returns the descriptor or `nil` when nothing listens there.
    static func connect(to path: String) -> Int32? {
        guard let descriptor = try? make() else { return nil }
        let connected = (try? withAddress(path) { Glibc.connect(descriptor, $0, $1) }) ?? -1
        if connected == 0 { return descriptor }
        close(descriptor)
        return nil
    }

    /// The peer's process, user and group.
    static func peerCredentials(_ descriptor: Int32) -> PeerCredentials? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials
    }

    static func systemError(_ what: String) -> ServiceError {
        ServiceError(.invalidArguments, "\(what): \(String(cString: strerror(errno)))")
    }
}
