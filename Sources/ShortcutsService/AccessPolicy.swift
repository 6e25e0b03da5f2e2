import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Who is calling: the process and user the kernel (or the bus) vouches for.
public struct ClientIdentity: Sendable, Equatable, CustomStringConvertible {
    public var processIdentifier: Int32
    public var userIdentifier: UInt32
    /// `/proc/<pid>/exe`, resolved; `nil` when the process is gone or unreadable.
    public var executable: String?

    public init(processIdentifier: Int32, userIdentifier: UInt32, executable: String?) {
        self.processIdentifier = processIdentifier
        self.userIdentifier = userIdentifier
        self.executable = executable
    }

    /// The identity of a process, reading its executable from `/proc`.
    public static func process(_ pid: Int32, user: UInt32) -> ClientIdentity {
        let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        return ClientIdentity(processIdentifier: pid, userIdentifier: user, executable: executable)
    }

    public var description: String { "\(executable ?? "an unknown program") (pid \(processIdentifier), uid \(userIdentifier))" }
}

/// Who may use the service, like the `com.apple.security.scripting-targets` entitlement: only
/// this user, and when an allow-list is set, only the programs on it. Every refusal is logged.
public struct AccessPolicy: Sendable {
    /// The user the service runs as.
    public var ownerUserIdentifier: UInt32
    /// Executable paths allowed to call; `nil` allows any program of the owner.
    public var allowedClients: [String]?
    let log: ServiceLog

    public init(ownerUserIdentifier: UInt32 = getuid(), allowedClients: [String]?, log: ServiceLog) {
        self.ownerUserIdentifier = ownerUserIdentifier
        self.allowedClients = allowedClients.map { $0.map(Self.resolved) }
        self.log = log
    }

    /// Refuses a caller that is another user or not on the allow-list.
    ///
    /// - Parameter doing: what the caller asked, for the log (`shortcuts.run`, `RunShortcut`).
    /// - Throws: ``ServiceError`` with ``ServiceError/Code/denied`` saying why.
    public func check(_ client: ClientIdentity, doing request: String) throws(ServiceError) {
        if let problem = refusal(of: client) {
            log.write("refused \(request) from \(client): \(problem)")
            throw ServiceError(.denied, "shortcutsd refused \(request): \(problem)")
        }
    }

    /// Why a caller is refused, or `nil` when it may call.
    public func refusal(of client: ClientIdentity) -> String? {
        if client.userIdentifier != ownerUserIdentifier {
            return "the caller runs as user \(client.userIdentifier), but this service belongs to user \(ownerUserIdentifier)"
        }
        guard let allowedClients else { return nil }
        guard let executable = client.executable else {
            return "can't tell which program pid \(client.processIdentifier) is, and only listed programs may call"
        }
        guard allowedClients.contains(executable) else {
            return "\(executable) is not in the allowed clients (allowedClients in service.json or SHORTCUTS_SERVICE_ALLOWED_CLIENTS)"
        }
        return nil
    }

    /// A listed path with symbolic links resolved, as `/proc/<pid>/exe` shows it.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}

/// The service's log: one line per event on standard error (the journal under systemd).
public struct ServiceLog: Sendable {
    let sink: @Sendable (String) -> Void

    public init(sink: @escaping @Sendable (String) -> Void = ServiceLog.standardError) {
        self.sink = sink
    }

    public func write(_ message: String) { sink(message) }

    /// Writes `shortcutsd: <message>` to standard error unbuffered.
    @Sendable public static func standardError(_ message: String) {
        try? FileHandle.standardError.write(contentsOf: Data("shortcutsd: \(message)\n".utf8))
    }
}
