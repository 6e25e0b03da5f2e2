import Foundation
import ShortcutsRPC

#if canImport(Glibc)
    import Glibc
#endif

/// The few Unix-socket calls the service needs beside ``LocalSocket``: a listening socket, a
/// path's address, and the peer's credentials.
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
        guard let result = LocalSocket.withAddress(path, body) else {
            throw ServiceError(
                .invalidArguments,
                "the socket path \(path) is longer than \(LocalSocket.maximumPathLength) bytes; set SHORTCUTS_SERVICE_SOCKET to a shorter one"
            )
        }
        return result
    }

    /// The peer's process, user and group.
    static func peerCredentials(_ descriptor: Int32) -> PeerCredentials? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials
    }

    /// `SO_PEERPIDFD` (Linux 6.5): a pidfd of the process that connected, taken by the kernel
    /// at connect time, so it names that process and no later one with the same pid.
    static let peerPidfdOption: Int32 = 77

    /// A pidfd of the peer, or `nil` when the kernel doesn't give one. The caller closes it.
    static func peerProcessHandle(_ descriptor: Int32) -> Int32? {
        var handle: Int32 = -1
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, peerPidfdOption, &handle, &length) == 0, handle >= 0 else { return nil }
        _ = fcntl(handle, F_SETFD, FD_CLOEXEC)
        return handle
    }

    static func systemError(_ what: String) -> ServiceError {
        ServiceError(.invalidArguments, "\(what): \(String(cString: strerror(errno)))")
    }
}
