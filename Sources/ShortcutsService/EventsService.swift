import AppActions
import Foundation
import RunHistory
import ShortcutFormat
import ShortcutsContent
import ShortcutsDesktop
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRPC
import ShortcutsRun
import Synchronization

/// The one core behind both transports: lists the library, runs shortcuts in parallel (each on
/// the caller's thread, with its own ``Cancellation``), cancels them, and drains on shutdown.
///
/// ```swift
/// let service = try EventsService(configuration: ServiceConfiguration())
/// let result = try service.run(EventsProtocol.RunParams(shortcut: "Hello", input: "Ada"), client: me)
/// ```
public final class EventsService: Sendable {
    public let configuration: ServiceConfiguration
    public let policy: AccessPolicy
    public let log: ServiceLog
    let registry: RunRegistry
    /// The threads that serve connections and answer requests.
    let workers: WorkerPool
    /// The engine, the installed apps' actions and the live environment of every run.
    public let setup: RunSetup
    /// The installed apps' actions; running apps that register are reached through its host.
    public var apps: AppActionSource { setup.apps }
    public let liveApps: LiveApps
    private let programs = ProgramCache()
    private let isShuttingDown = Atomic(false)
    /// The output folders of each client's runs, removed a while after the client goes away.
    private let outputFolders = Mutex<[ObjectIdentifier: [String]]>([:])

    /// Makes the app's web server the first time a client asks (`app.open`), or `nil` when this
    /// service has none.
    private let makeApp: (@Sendable (EventsService) -> any AppTransport)?
    private let app = Mutex<(any AppTransport)?>(nil)
    /// Whether the menu bar's item is in a tray, and whether any shortcut is pinned there: the
    /// service then stays, as the menu extra does.
    let isShowingMenuBar = Atomic(false)
    let hasPinnedShortcuts = Atomic(false)
    /// What desktop search finds, kept until the library, its settings or the apps change.
    let catalogCache = Mutex<(fingerprint: [String], catalog: DesktopCatalog)?>(nil)
    /// The automations the service runs itself, where no systemd does (started by the daemon).
    private let automations = Mutex<AutomationWatcher?>(nil)
    /// What every socket connection's unfinished request lines may hold together.
    let lineBudget: LineBudget

    public init(
        configuration: ServiceConfiguration, log: ServiceLog = ServiceLog(),
        app: (@Sendable (EventsService) -> any AppTransport)? = nil
    ) {
        makeApp = app
        self.configuration = configuration
        self.log = log
        policy = AccessPolicy(allowedClients: configuration.allowedClients, log: log)
        lineBudget = LineBudget(limit: configuration.maximumBufferedBytes)
        registry = RunRegistry(maximumRunning: configuration.maximumRuns, maximumQueued: configuration.maximumQueuedRuns)
        // Every connection's reader, and a request for each run going or queued, may wait at once.
        workers = WorkerPool(
            name: "shortcutsd.worker",
            maximumThreads: configuration.maximumConnectionsPerClient * 2 + configuration.maximumRuns + configuration.maximumQueuedRuns)
        setup = RunSetup(
            environment: configuration.environment, caller: .service, library: configuration.library,
            warn: { log.write($0.replacingOccurrences(of: "Warning: ", with: "warning: ")) })
        liveApps = LiveApps(log: log)
        // A registered app performs its own intents: the host calls it over its connection
        // until it goes away, then starts its extension again.
        let host = apps.host
        liveApps.onChange = { bundleIdentifier, app in
            if let app {
                host.attach(bundleIdentifier: bundleIdentifier, channel: app.channel, processIdentifier: app.processIdentifier)
            } else {
                host.detach(bundleIdentifier: bundleIdentifier)
            }
        }
    }

    var library: ShortcutLibrary { configuration.library }

    // MARK: Listing

    /// Every shortcut with its details, sorted by name.
    public func listShortcuts() throws(ServiceError) -> [EventsProtocol.ShortcutInfo] {
        registry.touch()
        do {
            return try library.summaries().map { summary in
                EventsProtocol.ShortcutInfo(
                    name: summary.entry.name, identifier: summary.entry.identifier, folder: summary.entry.folder,
                    color: summary.color, actionCount: summary.actionCount ?? 0, acceptsInput: summary.acceptsInput)
            }
        } catch {
            throw ServiceError(.invalidShortcut, error.message)
        }
    }

    /// Adds a shortcut file or an iCloud link's shortcut to the library, checking a signed
    /// file's signer as `shortcuts import` does: one Apple doesn't vouch for is refused unless
    /// the client says `allowUnverified`. The file is read by the service, so it must be one
    /// this user may read.
    public func importShortcut(_ params: EventsProtocol.ImportParams, client: ClientIdentity) throws(ServiceError)
        -> EventsProtocol.ImportResult
    {
        let imported: ImportedShortcut
        do {
            imported = try setup.importShortcut(
                from: params.source, name: params.name, folder: params.folder, replacing: params.replace ?? false,
                ignoringSignature: params.ignoreSignature ?? false, allowsUnverified: params.allowUnverified ?? false,
                allowHint: "give allowUnverified")
        } catch let error as LibraryError {
            switch error.code {
            case .alreadyExists, .invalidName: throw ServiceError(.invalidArguments, error.message)
            case .notFound: throw ServiceError(.notFound, error.message)
            case .unapprovedSigner: throw ServiceError(.denied, error.message)
            default: throw ServiceError(.invalidShortcut, error.message)
            }
        } catch let error as ShortcutSource.Failure where error.isMissing {
            throw ServiceError(.notFound, error.message)
        } catch {
            throw ServiceError(.invalidShortcut, "\(error)")
        }
        log.write("\(client) imported \(imported.entry.name) from \(params.source)\(imported.signer.map { " (\($0))" } ?? "")")
        return EventsProtocol.ImportResult(name: imported.entry.name, identifier: imported.entry.identifier, signer: imported.signer)
    }

    /// The folders with how many shortcuts each holds.
    public func listFolders() -> [EventsProtocol.FolderInfo] {
        registry.touch()
        let counts = Dictionary(grouping: library.locations().compactMap(\.folder), by: { $0 }).mapValues(\.count)
        return library.folders().map { EventsProtocol.FolderInfo(name: $0, shortcutCount: counts[$0] ?? 0) }
    }

    /// The runs in progress.
    public func listRuns() -> [EventsProtocol.RunInfo] { registry.runs }

    // MARK: The run history

    /// Past runs from every entry point, newest first (the history `shortcuts runs` reads).
    ///
    /// - Throws: ``ServiceError`` for a filter it can't read, or when the history can't be read.
    public func history(_ params: EventsProtocol.HistoryParams) throws(ServiceError) -> [RunRecord] {
        registry.touch()
        var query = RunQuery(shortcut: params.shortcut?.isEmpty == false ? params.shortcut : nil, limit: params.limit ?? 50)
        if let status = params.status, !status.isEmpty {
            guard let known = RunRecord.Status(rawValue: status) else {
                throw ServiceError(.invalidArguments, "status \(status): give succeeded, failed, cancelled or running")
            }
            query.status = known
        }
        if let since = params.since, !since.isEmpty {
            guard let date = HistoryDates.parse(since) else {
                throw ServiceError(
                    .invalidArguments, "since \(since): give an ISO 8601 date or time, today, yesterday, or a span such as 2h")
            }
            query.since = date
        }
        guard query.limit > 0 else { throw ServiceError(.invalidArguments, "limit \(query.limit): give a whole number above 0") }
        setup.historyWriter.flush()
        let history = setup.history
        guard FileManager.default.fileExists(atPath: history.path) else { return [] }
        do {
            return try history.runs(query)
        } catch {
            throw ServiceError(.failed, error.message)
        }
    }

    /// Waits until the runs so far are written to the history (before the service exits).
    public func flushHistory() { setup.historyWriter.flush() }

    /// One past run with its trace and profile.
    public func runDetails(_ params: EventsProtocol.RunIDParams) throws(ServiceError) -> RunDetails {
        registry.touch()
        setup.historyWriter.flush()
        do {
            return try setup.history.details(of: params.runID)
        } catch {
            switch error.kind {
            case .notFound: throw ServiceError(.notFound, error.message)
            case .ambiguous: throw ServiceError(.invalidArguments, error.message)
            case .unavailable: throw ServiceError(.failed, error.message)
            }
        }
    }

    /// What `service.status` reports.
    public func status() -> EventsProtocol.StatusResult {
        EventsProtocol.StatusResult(
            version: EventsProtocol.version, processIdentifier: getpid(), runningRuns: registry.count,
            registeredApps: liveApps.bundleIdentifiers)
    }

    // MARK: Running

    /// Runs a shortcut on the calling thread and returns its output.
    ///
    /// - Parameter owner: the connection that asked, so its runs can be cancelled when it goes away.
    /// - Throws: ``ServiceError``: not found, cancelled, or failed naming the action.
    ///   - front: how the run asks questions and shows its progress (the app's page); a run with
    ///     none asks nothing.
    public func run(
        _ params: EventsProtocol.RunParams, client: ClientIdentity, owner: ObjectIdentifier? = nil,
        front: RunFront = RunFront()
    ) throws(ServiceError) -> EventsProtocol.RunResult {
        if isShuttingDown.load(ordering: .acquiring) {
            throw ServiceError(.shuttingDown, "shortcutsd is shutting down and takes no new runs; try again")
        }
        let location = try locate(params.shortcut)
        let input = try Self.input(params)
        let (program, fileHash) = try programs.program(at: location, library: library, engine: setup.engine)
        let runID = params.runID ?? UUID().uuidString
        let identifier = (try? library.identifier(of: location)) ?? location.name
        if let seconds = params.timeoutSeconds {
            guard seconds > 0, seconds.isFinite else {
                throw ServiceError(.invalidArguments, "timeoutSeconds must be a positive number of seconds")
            }
            let cancellation = front.cancellation
            DispatchQueue.global().asyncAfter(deadline: .now() + min(seconds, 1e9)) { cancellation.cancel() }
        }
        let output = try admitAndRun(
            program, running: RunningShortcut(name: location.name, identifier: identifier, fileHash: fileHash), input: input,
            runID: runID, client: client, owner: owner, front: front)
        front.finished(output)
        if params.inputPaths != nil {
            // The folder's name is the service's own, whatever the client called the run.
            let folder = configuration.outputDirectory + "/" + UUID().uuidString
            let paths = try RunFiles.write(output, to: folder)
            if let owner { outputFolders.withLock { $0[owner, default: []].append(folder) } }
            return EventsProtocol.RunResult(output: RunFiles.text(of: output), outputPaths: paths, runID: runID)
        }
        return EventsProtocol.RunResult(output: RunFiles.text(of: output), runID: runID)
    }

    /// Runs a workflow that isn't in the library (an App Shortcut found by search) on the calling
    /// thread, admitted and cancellable as a shortcut's run is.
    public func run(
        _ workflow: Workflow, named name: String, input: Content, client: ClientIdentity, front: RunFront = RunFront()
    ) throws(ServiceError) -> Content {
        if isShuttingDown.load(ordering: .acquiring) {
            throw ServiceError(.shuttingDown, "shortcutsd is shutting down and takes no new runs; try again")
        }
        let program: Program
        do {
            program = try setup.compile(workflow, name: name)
        } catch {
            throw ServiceError(error)
        }
        let output = try admitAndRun(
            program, running: RunningShortcut(name: name, identifier: nil, workflow: workflow), input: input,
            runID: UUID().uuidString, client: client, owner: nil, front: front)
        front.finished(output)
        return output
    }

    /// Admits a run to the registry (refusing it when the service is full), runs it and removes it.
    private func admitAndRun(
        _ program: Program, running: RunningShortcut, input: Content, runID: String, client: ClientIdentity, owner: ObjectIdentifier?,
        front: RunFront
    ) throws(ServiceError) -> Content {
        let cancellation = front.cancellation
        let info = EventsProtocol.RunInfo(runID: runID, shortcut: running.name, clientProcess: client.processIdentifier)
        do {
            try registry.admit(
                RunRegistry.Entry(info: info, identifier: running.identifier ?? running.name, cancellation: cancellation, owner: owner))
        } catch {
            switch error {
            case .duplicateID:
                throw ServiceError(.invalidArguments, "a run with the id \(runID) is already going; pick another runID")
            case .busy(let running, let queued):
                throw ServiceError(
                    .busy,
                    "shortcutsd is busy: \(running) runs are going and \(queued) waiting, as many as it allows (SHORTCUTS_SERVICE_MAX_RUNS, SHORTCUTS_SERVICE_MAX_QUEUED); try again later"
                )
            case .cancelledWhileQueued:
                throw ServiceError(.cancelled, "the run of \(running.name) was cancelled while it waited for its turn")
            }
        }
        defer { registry.remove(runID) }
        do {
            return try setup.run(
                program, input: input, prompter: front.prompter, running: running, cancellation: cancellation, observer: front.observer,
                show: front.show, trigger: front.trigger, runID: runID, partialAnswer: front.partialAnswer)
        } catch {
            throw ServiceError(error)
        }
    }

    /// Cancels one run by id, or every run of a shortcut by name or identifier.
    @discardableResult
    public func cancel(_ params: EventsProtocol.CancelParams) -> Int {
        registry.touch()
        if let runID = params.runID {
            return registry.cancel { $0.info.runID == runID }
        }
        guard let shortcut = params.shortcut else { return 0 }
        return registry.cancel {
            $0.info.shortcut.caseInsensitiveCompare(shortcut) == .orderedSame
                || $0.identifier.caseInsensitiveCompare(shortcut) == .orderedSame
        }
    }

    /// Cancels every run (the menu bar's Stop); returns how many.
    @discardableResult
    public func cancelAll() -> Int {
        registry.touch()
        return registry.cancel { _ in true }
    }

    /// Brackets answering one request, so shutdown waits until its answer is out.
    func answering<Result>(_ body: () -> Result) -> Result {
        registry.beginRequest()
        defer { registry.endRequest() }
        return body()
    }

    /// Cancels the runs a connection started (it went away), and removes its runs' output
    /// folders once it has had time to read them (``ServiceConfiguration/outputRetentionSeconds``).
    func cancelRuns(of owner: ObjectIdentifier) {
        let count = registry.cancel { $0.owner == owner }
        if count > 0 { log.write("a client went away; cancelled its \(count) run(s)") }
        guard let folders = outputFolders.withLock({ $0.removeValue(forKey: owner) }) else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + configuration.outputRetentionSeconds) {
            for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    // MARK: The app

    /// Starts serving the Shortcuts app, if it isn't yet, and gives its address.
    public func openApp() throws(ServiceError) -> EventsProtocol.AppResult {
        registry.touch()
        guard let makeApp else { throw ServiceError(.unknownMethod, "this shortcutsd doesn't serve the Shortcuts app") }
        let transport = app.withLock { app in
            if let app { return app }
            let made = makeApp(self)
            app = made
            return made
        }
        return EventsProtocol.AppResult(address: try transport.open())
    }

    /// Stops the app's web server, if it was started.
    public func stopApp() { app.withLock { $0 }?.stop() }

    /// Keeps the service from idling out while a page is open.
    public func noteActivity() { registry.touch() }

    // MARK: Lifetime

    /// Seconds since anything happened; 0 while runs are going, apps are registered or a page
    /// of the app is open.
    public var idleSeconds: Double {
        guard liveApps.isEmpty, !(app.withLock { $0 }?.isInUse ?? false), !(automations.withLock { $0 }?.isKeeping ?? false),
            !(isShowingMenuBar.load(ordering: .acquiring) && hasPinnedShortcuts.load(ordering: .acquiring))
        else {
            return 0
        }
        return registry.idleSeconds
    }

    /// Runs the library's event automations (network, power), and its time and folder ones where
    /// no systemd user manager runs (or `SHORTCUTS_SERVICE_AUTOMATIONS=1`); see docs/AUTOMATIONS.md.
    public func startAutomations() {
        let watcher = AutomationWatcher(home: setup.library.home, environment: configuration.environment, log: log)
        automations.withLock { $0 = watcher }
        watcher.start()
    }

    /// Stops taking runs, lets the runs in progress finish for `grace` seconds (none by
    /// default), then cancels them and waits a little more for them to stop: a cancelled run
    /// stops within 100 ms. Returns how many were still going at the end.
    @discardableResult
    public func drain(grace: Double) -> Int {
        isShuttingDown.store(true, ordering: .releasing)
        if registry.waitUntilEmpty(before: Date().addingTimeInterval(grace)) { return 0 }
        let cancelled = registry.cancel { _ in true }
        log.write(grace > 0 ? "cancelled \(cancelled) run(s) still going after \(grace) s" : "cancelled \(cancelled) run(s)")
        _ = registry.waitUntilEmpty(before: Date().addingTimeInterval(2))
        return registry.count
    }

    // MARK: Helpers

    private func locate(_ shortcut: String) throws(ServiceError) -> ShortcutLocation {
        let found: ShortcutLocation?
        do {
            found = try library.find(shortcut)
        } catch {
            throw ServiceError(.invalidShortcut, error.message)
        }
        guard let found else { throw ServiceError(.notFound, "Couldn't find shortcut \"\(shortcut)\"") }
        return found
    }

    private static func input(_ params: EventsProtocol.RunParams) throws(ServiceError) -> Content {
        if let paths = params.inputPaths {
            var items: [Content] = []
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw ServiceError(.invalidArguments, "can't read the input file \(path): no such file, or it is not readable")
                }
                items.append(.file(FileContent(name: (path as NSString).lastPathComponent, data: data, path: path)))
            }
            return Content(items: items)
        }
        guard let text = params.input, !text.isEmpty else { return .nothing }
        return .text(text)
    }
}
