import Foundation
import ShortcutsLibrary
import ShortcutsRPC

/// How the service runs: where its socket is, when it exits, and which programs may use it.
///
/// Settings come from `$SHORTCUTS_HOME/service.json`, and environment variables override them:
///
/// ```json
/// { "version" : 1, "allowedClients" : ["/usr/bin/python3.11"], "idleSeconds" : 300, "shutdownGraceSeconds" : 0 }
/// ```
///
/// | Variable | Meaning |
/// | --- | --- |
/// | `SHORTCUTS_SERVICE_SOCKET` | the socket path (default `$XDG_RUNTIME_DIR/shortcuts/events.sock`) |
/// | `SHORTCUTS_SERVICE_IDLE_SECONDS` | exit after this long with nothing to do (default 300; 0 never) |
/// | `SHORTCUTS_SERVICE_GRACE_SECONDS` | on SIGTERM, how long runs may finish before they are cancelled (default 0: cancelled at once) |
/// | `SHORTCUTS_SERVICE_ALLOWED_CLIENTS` | `:`-separated executable paths; when set, only they may call |
/// | `SHORTCUTS_SERVICE_NO_DBUS` | `1` serves only the socket |
/// | `SHORTCUTS_SERVICE_MAX_RUNS` | how many runs go at once (default twice the cores, at least 4); more wait |
/// | `SHORTCUTS_SERVICE_MAX_QUEUED` | how many runs may wait (default 512); past that a run gets `Busy` |
/// | `SHORTCUTS_SERVICE_MAX_CONNECTIONS` | socket connections open at once from one process (default 256) and from all (twice that) |
/// | `SHORTCUTS_SERVICE_CONNECTION_IDLE_SECONDS` | a connection that sends nothing and waits for no answer this long is closed (default 120; 0 never) |
/// | `SHORTCUTS_SERVICE_OUTPUT_SECONDS` | how long a run's output files stay after its client went away (default 600) |
/// | `SHORTCUTS_SERVICE_MAX_LINE_BYTES` | the longest request line (default 16 MiB); a longer one is skipped with an error |
/// | `SHORTCUTS_SERVICE_MAX_BUFFERED_BYTES` | what all connections together may hold of requests not yet read whole (default three of the longest line); a request that would go past it is skipped with an error |
public struct ServiceConfiguration: Sendable {
    public var library: ShortcutLibrary
    public var socketPath: String
    public var idleSeconds: Double
    public var shutdownGraceSeconds: Double
    /// Executable paths that may use the service; `nil` lets any program of the same user.
    public var allowedClients: [String]?
    public var servesDBus: Bool
    /// Where files output by runs given files are written, one folder per run.
    public var outputDirectory: String
    /// The environment runs and app extensions see.
    public var environment: [String: String]
    /// How many runs go at once; more wait in a queue of ``maximumQueuedRuns``.
    public var maximumRuns: Int
    public var maximumQueuedRuns: Int
    /// Socket connections one process may have open at once; all processes together may have twice as many.
    public var maximumConnectionsPerClient: Int
    /// Seconds after which a connection that sends nothing and waits for nothing is closed; 0 never.
    public var connectionIdleSeconds: Double
    /// The longest request line a connection may send.
    public var maximumLineBytes: Int
    /// What all connections together may hold of request lines not yet read whole.
    public var maximumBufferedBytes: Int
    /// Seconds a run's output folder stays after its client went away (socket closed, D-Bus caller gone).
    public var outputRetentionSeconds: Double

    /// The settings file, as `service.json` holds it.
    struct SettingsFile: Codable {
        static let currentVersion = 1
        var version: Int?
        var allowedClients: [String]?
        var idleSeconds: Double?
        var shutdownGraceSeconds: Double?
        var maximumRuns: Int?
        var maximumQueuedRuns: Int?
    }

    /// The configuration the environment and `service.json` give.
    ///
    /// - Throws: ``ServiceError`` when `service.json` is damaged or newer than this service.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ServiceError) {
        library = ShortcutLibrary(environment: environment)
        self.environment = environment
        let file = try Self.readSettings(library.home + "/service.json")
        socketPath = EventsProtocol.socketPath(in: environment)
        idleSeconds = environment["SHORTCUTS_SERVICE_IDLE_SECONDS"].flatMap(Double.init) ?? file.idleSeconds ?? 300
        shutdownGraceSeconds = environment["SHORTCUTS_SERVICE_GRACE_SECONDS"].flatMap(Double.init) ?? file.shutdownGraceSeconds ?? 0
        if let listed = environment["SHORTCUTS_SERVICE_ALLOWED_CLIENTS"] {
            allowedClients = listed.split(separator: ":").map(String.init)
        } else {
            allowedClients = file.allowedClients
        }
        servesDBus = !["1", "true", "yes"].contains(environment["SHORTCUTS_SERVICE_NO_DBUS"]?.lowercased() ?? "")
        outputDirectory = (socketPath as NSString).deletingLastPathComponent + "/outputs"
        maximumRuns = max(
            1,
            environment["SHORTCUTS_SERVICE_MAX_RUNS"].flatMap(Int.init) ?? file.maximumRuns
                ?? max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))
        maximumQueuedRuns = max(0, environment["SHORTCUTS_SERVICE_MAX_QUEUED"].flatMap(Int.init) ?? file.maximumQueuedRuns ?? 512)
        maximumConnectionsPerClient = max(1, environment["SHORTCUTS_SERVICE_MAX_CONNECTIONS"].flatMap(Int.init) ?? 256)
        connectionIdleSeconds = max(0, environment["SHORTCUTS_SERVICE_CONNECTION_IDLE_SECONDS"].flatMap(Double.init) ?? 120)
        maximumLineBytes = max(1024, environment["SHORTCUTS_SERVICE_MAX_LINE_BYTES"].flatMap(Int.init) ?? 16 << 20)
        maximumBufferedBytes = max(
            maximumLineBytes, environment["SHORTCUTS_SERVICE_MAX_BUFFERED_BYTES"].flatMap(Int.init) ?? 3 * maximumLineBytes)
        outputRetentionSeconds = max(0, environment["SHORTCUTS_SERVICE_OUTPUT_SECONDS"].flatMap(Double.init) ?? 600)
    }

    private static func readSettings(_ path: String) throws(ServiceError) -> SettingsFile {
        guard let data = FileManager.default.contents(atPath: path) else { return SettingsFile() }
        let file: SettingsFile
        do {
            file = try JSONDecoder().decode(SettingsFile.self, from: data)
        } catch {
            throw ServiceError(.invalidArguments, "\(path) is damaged (\(error)); fix it or delete it")
        }
        if let version = file.version, version > SettingsFile.currentVersion {
            throw ServiceError(
                .invalidArguments,
                "\(path) is version \(version); this shortcutsd reads versions up to \(SettingsFile.currentVersion), so update shortcuts")
        }
        return file
    }
}
