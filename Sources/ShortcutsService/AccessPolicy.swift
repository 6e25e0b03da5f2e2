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
    /// When the process started (`/proc/<pid>/stat`'s start time, in clock ticks since boot), so
    /// a later process that got the same pid is told apart.
    public var startTime: UInt64?
    /// A pidfd of the process, taken when it connected (socket clients on Linux 6.5 and later):
    /// while it says the process lives, the pid is that process's. Its owner closes it.
    public var processHandle: Int32?

    public init(processIdentifier: Int32, userIdentifier: UInt32, executable: String?, startTime: UInt64? = nil) {
        self.processIdentifier = processIdentifier
        self.userIdentifier = userIdentifier
        self.executable = executable
        self.startTime = startTime
    }

    /// Why this caller is no longer who it was when it connected — it ran another program
    /// (`exec`), or it ended and another process has its pid — or `nil` when it still is.
    public func change() -> String? {
        guard startTime != nil || executable != nil || processHandle != nil else { return nil }
        if let processHandle, Self.processIdentifier(of: processHandle) != processIdentifier {
            return "pid \(processIdentifier) is no longer the process that connected (it has ended)"
        }
        let now = Self.process(processIdentifier, user: userIdentifier)
        if now.startTime != startTime { return "pid \(processIdentifier) is no longer the process that connected" }
        if now.executable != executable {
            return
                "pid \(processIdentifier) runs \(now.executable ?? "an unknown program") now, not \(executable ?? "an unknown program") as when it connected"
        }
        return nil
    }

    /// The pid a pidfd names, from `/proc/self/fdinfo` (`Pid: -1` once the process has ended).
    static func processIdentifier(of handle: Int32) -> Int32? {
        guard let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(handle)", encoding: .utf8) else { return nil }
        for line in info.split(separator: "\n") where line.hasPrefix("Pid:") {
            return Int32(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// A process's start time from `/proc/<pid>/stat`: the 22nd field, counted after the
    /// command name's closing parenthesis (the name itself may hold spaces and parentheses).
    static func startTime(of pid: Int32) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name come state (field 3) … start time (field 22): index 19 here.
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// The identity of a process, reading its executable from `/proc`.
    public static func process(_ pid: Int32, user: UInt32) -> ClientIdentity {
        let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        return ClientIdentity(processIdentifier: pid, userIdentifier: user, executable: executable, startTime: startTime(of: pid))
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
        // The program is looked at again on each call: a listed program could connect and then run another.
        if let change = client.change() { return change }
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
