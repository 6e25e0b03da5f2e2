import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Connecting to a Unix stream socket by path, for the service's clients and running apps.
public enum LocalSocket {
    /// A connected descriptor (closed on exec), or `nil` when nothing listens at `path` or the
    /// path is longer than a socket address holds.
    public static func connect(to path: String) -> Int32? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        let connected = withAddress(path) { Glibc.connect(descriptor, $0, $1) } ?? -1
        if connected == 0 { return descriptor }
        close(descriptor)
        return nil
    }

    /// Runs `body` with the socket address of `path`; `nil` when the path doesn't fit in
    /// `sun_path` (see ``maximumPathLength``).
    public static func withAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count <= maximumPathLength else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// The longest path a socket address holds (107 bytes on Linux).
    public static var maximumPathLength: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }
}
