#if canImport(Glibc)
    import Glibc
#endif

/// The Shortcuts Events protocol, version 1: what `shortcutsd` answers on its Unix socket
/// (`$XDG_RUNTIME_DIR/shortcuts/events.sock`), JSON-RPC 2.0 with one message per line.
///
/// ```text
/// → {"jsonrpc":"2.0","id":1,"method":"shortcuts.run","params":{"shortcut":"Hello","input":"Ada"}}
/// ← {"jsonrpc":"2.0","id":1,"result":{"output":"Hello, Ada!","runID":"…"}}
/// ```
///
/// Failures are JSON-RPC errors with one of the ``ErrorCode`` codes; a failed run's `data` holds
/// a ``RunFailure`` as JSON, naming the action that failed. See docs/SERVICE.md.
public enum EventsProtocol {
    public static let version = 1

    /// Where the service listens: `SHORTCUTS_SERVICE_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/shortcuts/events.sock`, else a folder in /tmp named for the user
    /// (machines without a runtime directory).
    public static func socketPath(in environment: [String: String]) -> String {
        if let path = environment["SHORTCUTS_SERVICE_SOCKET"], !path.isEmpty { return path }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/shortcuts/events.sock" }
        return "/tmp/shortcuts-\(getuid())/events.sock"
    }

    /// Method names.
    public enum Method {
        public static let listShortcuts = "shortcuts.list"
        public static let listFolders = "folders.list"
        public static let run = "shortcuts.run"
        /// Adds a shortcut file or an iCloud link's shortcut to the library (``ImportParams``).
        public static let importShortcut = "shortcuts.import"
        public static let cancel = "runs.cancel"
        public static let listRuns = "runs.list"
        /// The run history: past runs, newest first (``HistoryParams``), and one run with its trace (``RunIDParams``).
        public static let listHistory = "history.list"
        public static let showRun = "history.show"
        /// A running app offers to perform its own intents (see docs/SERVICE.md).
        public static let registerApp = "apps.register"
        /// The service's version and process id.
        public static let status = "service.status"
        /// Starts serving the Shortcuts app, if it isn't yet, and gives its address.
        public static let openApp = "app.open"
    }

    /// The codes of the service's JSON-RPC errors, beside JSON-RPC's own.
    public enum ErrorCode {
        /// No shortcut has that name or identifier.
        public static let notFound = 1001
        /// The caller may not use the service (another user, or not on the allow-list).
        public static let denied = 1002
        /// The shortcut ran and failed; `data` says which action.
        public static let actionFailed = 1003
        /// The run was cancelled.
        public static let cancelled = 1004
        /// The service is shutting down and takes no new runs.
        public static let shuttingDown = 1005
        /// The shortcut can't be read or compiled.
        public static let invalidShortcut = 1006
        /// As many runs as the service allows are going and its queue is full; try again later.
        public static let busy = 1007
    }

    /// One shortcut, as `shortcuts.list` gives it.
    public struct ShortcutInfo: Codable, Sendable, Equatable {
        public var name: String
        public var identifier: String
        /// The folder, or `nil` at the top level.
        public var folder: String?
        /// The icon colour as RRGGBBAA, when the file has one.
        public var color: UInt32?
        /// How many actions it has (0 when its file can't be read).
        public var actionCount: Int
        /// Whether it uses Shortcut Input.
        public var acceptsInput: Bool

        public init(name: String, identifier: String, folder: String?, color: UInt32?, actionCount: Int, acceptsInput: Bool) {
            self.name = name
            self.identifier = identifier
            self.folder = folder
            self.color = color
            self.actionCount = actionCount
            self.acceptsInput = acceptsInput
        }
    }

    public struct ListResult: Codable, Sendable {
        public var shortcuts: [ShortcutInfo]
        public init(shortcuts: [ShortcutInfo]) { self.shortcuts = shortcuts }
    }

    /// One folder and how many shortcuts it holds.
    public struct FolderInfo: Codable, Sendable, Equatable {
        public var name: String
        public var shortcutCount: Int
        public init(name: String, shortcutCount: Int) {
            self.name = name
            self.shortcutCount = shortcutCount
        }
    }

    public struct FoldersResult: Codable, Sendable {
        public var folders: [FolderInfo]
        public init(folders: [FolderInfo]) { self.folders = folders }
    }

    /// Run a shortcut by name or identifier with text or files as input.
    public struct RunParams: Codable, Sendable {
        public var shortcut: String
        /// Text input.
        public var input: String?
        /// Files to give as input, instead of text; the output then comes as files too.
        public var inputPaths: [String]?
        /// An id the caller picks so it can cancel the run from elsewhere; the service makes one when absent.
        public var runID: String?
        /// How long the caller waits: the run is cancelled once this many seconds have passed,
        /// so a client that gives up leaves nothing running. (A D-Bus call's own timeout isn't
        /// sent to the service; `RunShortcutWithOptions` takes it as `timeout`.)
        public var timeoutSeconds: Double?

        public init(
            shortcut: String, input: String? = nil, inputPaths: [String]? = nil, runID: String? = nil, timeoutSeconds: Double? = nil
        ) {
            self.shortcut = shortcut
            self.input = input
            self.inputPaths = inputPaths
            self.runID = runID
            self.timeoutSeconds = timeoutSeconds
        }
    }

    /// A file (path) or an iCloud link to add to the library, as `shortcuts import` takes it.
    public struct ImportParams: Codable, Sendable {
        public var source: String
        public var name: String?
        public var folder: String?
        /// Replace a shortcut of the same name.
        public var replace: Bool?
        /// Import a file signed by someone Apple doesn't vouch for.
        public var allowUnverified: Bool?
        /// Read a signed file whose signature doesn't match.
        public var ignoreSignature: Bool?

        public init(
            source: String, name: String? = nil, folder: String? = nil, replace: Bool? = nil, allowUnverified: Bool? = nil,
            ignoreSignature: Bool? = nil
        ) {
            self.source = source
            self.name = name
            self.folder = folder
            self.replace = replace
            self.allowUnverified = allowUnverified
            self.ignoreSignature = ignoreSignature
        }
    }

    public struct ImportResult: Codable, Sendable {
        public var name: String
        public var identifier: String
        /// Who signed the file, as `shortcuts import` says it; absent for an unsigned file.
        public var signer: String?

        public init(name: String, identifier: String, signer: String?) {
            self.name = name
            self.identifier = identifier
            self.signer = signer
        }
    }

    public struct RunResult: Codable, Sendable {
        /// The output as text.
        public var output: String
        /// The output written as files, when the run was given `inputPaths`.
        public var outputPaths: [String]?
        public var runID: String

        public init(output: String, outputPaths: [String]? = nil, runID: String) {
            self.output = output
            self.outputPaths = outputPaths
            self.runID = runID
        }
    }

    /// Cancel one run by id, or every run of a shortcut by its name or identifier.
    public struct CancelParams: Codable, Sendable {
        public var runID: String?
        public var shortcut: String?
        public init(runID: String? = nil, shortcut: String? = nil) {
            self.runID = runID
            self.shortcut = shortcut
        }
    }

    public struct CancelResult: Codable, Sendable {
        /// How many runs were asked to stop.
        public var cancelled: Int
        public init(cancelled: Int) { self.cancelled = cancelled }
    }

    /// Which past runs to list: a shortcut's (name or identifier), those that ended so
    /// (`succeeded`, `failed`, `cancelled`, `running`), those since a time (ISO 8601, `today`,
    /// `2h`…), at most `limit` (default 50), newest first.
    public struct HistoryParams: Codable, Sendable {
        public var shortcut: String?
        public var status: String?
        public var since: String?
        public var limit: Int?
        public init(shortcut: String? = nil, status: String? = nil, since: String? = nil, limit: Int? = nil) {
            self.shortcut = shortcut
            self.status = status
            self.since = since
            self.limit = limit
        }
    }

    /// One past run, by its id or an unambiguous start of it.
    public struct RunIDParams: Codable, Sendable {
        public var runID: String
        public init(runID: String) { self.runID = runID }
    }

    /// A run in progress.
    public struct RunInfo: Codable, Sendable, Equatable {
        public var runID: String
        public var shortcut: String
        /// The process id of the client that started it.
        public var clientProcess: Int32
        public init(runID: String, shortcut: String, clientProcess: Int32) {
            self.runID = runID
            self.shortcut = shortcut
            self.clientProcess = clientProcess
        }
    }

    public struct RunsResult: Codable, Sendable {
        public var runs: [RunInfo]
        public init(runs: [RunInfo]) { self.runs = runs }
    }

    /// What `data` holds when a run failed: where, as ``ShortcutsEngine``'s `RunError` says.
    public struct RunFailure: Codable, Sendable, Equatable {
        /// The engine's error code (`actionFailed`, `scriptsNotAllowed`…).
        public var code: String
        public var message: String
        /// The failing action's position, counting from 1.
        public var actionIndex: Int?
        public var actionIdentifier: String?
        public var actionTitle: String?
        public var parameter: String?

        public init(
            code: String, message: String, actionIndex: Int? = nil, actionIdentifier: String? = nil,
            actionTitle: String? = nil, parameter: String? = nil
        ) {
            self.code = code
            self.message = message
            self.actionIndex = actionIndex
            self.actionIdentifier = actionIdentifier
            self.actionTitle = actionTitle
            self.parameter = parameter
        }
    }

    /// A running app offers its intents; after the answer the connection carries the extension
    /// protocol with the service as host.
    public struct RegisterParams: Codable, Sendable {
        public var bundleIdentifier: String
        public var protocolVersion: Int
        public init(bundleIdentifier: String, protocolVersion: Int = ExtensionProtocol.version) {
            self.bundleIdentifier = bundleIdentifier
            self.protocolVersion = protocolVersion
        }
    }

    public struct StatusResult: Codable, Sendable {
        public var version: Int
        public var processIdentifier: Int32
        public var runningRuns: Int
        public var registeredApps: [String]
        public init(version: Int, processIdentifier: Int32, runningRuns: Int, registeredApps: [String]) {
            self.version = version
            self.processIdentifier = processIdentifier
            self.runningRuns = runningRuns
            self.registeredApps = registeredApps
        }
    }

    /// What `app.open` gives: the page's address, with the secret that lets a browser in.
    public struct AppResult: Codable, Sendable {
        public var address: String
        public init(address: String) { self.address = address }
    }
}
