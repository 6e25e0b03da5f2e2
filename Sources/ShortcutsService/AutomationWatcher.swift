import Automations
import CSDBusLoader
import Foundation
import ShortcutsContent
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The library's automations that the service runs itself: always those started by the
/// system's events (NetworkManager's state, UPower's power and battery, followed on the system
/// bus), and, where no systemd user manager runs to start their units (a container, a desktop
/// without systemd), the time automations by its own clock and the folder ones by an inotify
/// watch. Each fires as its unit would, by starting `shortcuts automation run --triggered
/// <name>`, so a run is the same whoever starts it.
///
/// One thread: it waits on the inotify descriptor and the system bus until the next
/// automation's moment (or a second, to notice `automations.json` changing), then fires what is
/// due. While it has automations to keep, the service doesn't idle out.
final class AutomationWatcher: Sendable {
    private let store: AutomationStore
    private let shortcuts: String
    private let environment: [String: String]
    private let log: ServiceLog
    /// How many enabled automations it keeps (the service stays while there are any).
    private let kept = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    /// Whether the time and folder automations are the service's: `SHORTCUTS_SERVICE_AUTOMATIONS`
    /// (1 or 0) when set, otherwise when no systemd user manager runs.
    private let runsTimers: Bool

    static func runsTimers(in environment: [String: String]) -> Bool {
        if let value = environment["SHORTCUTS_SERVICE_AUTOMATIONS"], !value.isEmpty { return value != "0" }
        return !SystemdUnits(environment: environment, shortcuts: "").managerIsRunning
    }

    /// The time the schedule keeps: the machine's, or a test's.
    private let now: @Sendable () -> Date

    init(home: String, environment: [String: String], log: ServiceLog, now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
        runsTimers = Self.runsTimers(in: environment)
        store = AutomationStore(home: home)
        self.environment = environment
        self.log = log
        shortcuts =
            environment["SHORTCUTS_EXECUTABLE"] ?? ((ManifestFile.currentExecutable as NSString).deletingLastPathComponent + "/shortcuts")
    }

    /// Whether it keeps any automation now.
    var isKeeping: Bool { kept.load(ordering: .relaxed) > 0 }

    func start() {
        Thread.detachNewThread { [self] in watch() }
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    // MARK: The thread

    private func watch() {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            log.write("automations: can't watch folders (inotify: \(String(cString: strerror(errno)))); folder automations won't run")
            return
        }
        defer { close(descriptor) }
        let clock = AutomationClock(
            start: now(), calendar: Calendar.current,
            calendarExpression: { [environment] in SystemdCalendar.next($0, after: $1, timeZone: environment["TZ"]) })
        var loaded: (modified: Double?, automations: [Automation])?
        var watches: [Int32: [Automation]] = [:]
        var pending: [String: (automation: Automation, since: Date)] = [:]
        var told = false
        let events = SystemEvents(log: log)
        while !stopped.load(ordering: .relaxed) {
            let modified = Self.modified(store.path)
            if loaded?.modified != modified {
                let automations = (try? store.load()) ?? loaded?.automations ?? []
                loaded = (modified, automations)
                let enabled = automations.filter { $0.isEnabled && (runsTimers || $0.trigger.isEvent) }
                clock.update(enabled, now: now())
                watches = rewatch(descriptor, enabled.filter { $0.trigger.folder != nil }, replacing: watches)
                kept.store(enabled.count, ordering: .relaxed)
                events.follow(enabled.filter(\.trigger.isEvent))
                let timed = enabled.count(where: { !$0.trigger.isEvent })
                if timed > 0, !told {
                    log.write("no systemd user manager runs here: shortcutsd runs the \(timed) automation(s) itself")
                    told = true
                }
                for automation in enabled where !SystemdCalendar.isAvailable {
                    if case .calendar = automation.trigger {
                        log.write(
                            "automation \"\(automation.name)\": a --calendar trigger needs systemd-analyze (apt-get install systemd) to be worked out"
                        )
                    }
                }
            }
            let now = self.now()
            let (due, next) = clock.due(at: now)
            for automation in due { fire(automation, because: automation.trigger.summary) }
            // Folder events settle for a moment first, so a file copied in pieces is one run.
            for (name, entry) in pending where Date().timeIntervalSince(entry.since) >= 0.3 {
                pending[name] = nil
                fire(entry.automation, because: entry.automation.trigger.summary)
            }
            // At most a second, so a test's clock (or a changed file) is noticed soon.
            var wait = min(next.map { $0.timeIntervalSince(now) } ?? 1, 1)
            if !pending.isEmpty { wait = min(wait, 0.1) }
            var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            if let bus = events.pollTarget { pollers.append(bus) }
            if poll(&pollers, nfds_t(pollers.count), Int32(max(0, wait) * 1000) + 1) > 0 {
                for watch in Self.readEvents(descriptor) {
                    for automation in watches[watch] ?? [] where pending[automation.name] == nil {
                        pending[automation.name] = (automation, Date())
                    }
                }
            }
            for (automation, input) in events.process() { fire(automation, because: automation.trigger.summary, input: input) }
        }
    }

    /// Watches the folders of these automations, dropping the watches no longer needed.
    private func rewatch(_ descriptor: Int32, _ automations: [Automation], replacing old: [Int32: [Automation]]) -> [Int32: [Automation]] {
        for watch in old.keys { inotify_rm_watch(descriptor, watch) }
        var watches: [Int32: [Automation]] = [:]
        for automation in automations {
            guard let folder = automation.trigger.folder else { continue }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) | (automation.trigger == .fileChanged(folder: folder) ? UInt32(IN_MODIFY) : 0)
            let watch = inotify_add_watch(descriptor, folder, mask)
            guard watch >= 0 else {
                log.write("automation \"\(automation.name)\": can't watch \(folder): \(String(cString: strerror(errno)))")
                continue
            }
            watches[watch, default: []].append(automation)
        }
        return watches
    }

    /// The watches that saw events, read off the descriptor.
    private static func readEvents(_ descriptor: Int32) -> Set<Int32> {
        var seen: Set<Int32> = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return seen }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                seen.insert(event.wd)
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }

    /// Starts the automation's run as its unit would, and logs how it ended.
    private func fire(_ automation: Automation, because reason: String, input: String? = nil) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shortcuts)
        process.arguments = ["automation", "run", "--triggered", automation.name] + (input.map { ["--input", $0] } ?? [])
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        // What the run says on standard error (a failure, a warning) goes to the service's log,
        // as a unit's would go to the journal.
        let errors = Pipe()
        process.standardError = errors
        let said = Mutex(Data())
        errors.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            said.withLock { if $0.count < 16_384 { $0.append(chunk.prefix(16_384 - $0.count)) } }
        }
        let log = self.log
        process.terminationHandler = { finished in
            errors.fileHandleForReading.readabilityHandler = nil
            // Foundation keeps a Process with a termination handler, and its pipes, alive after
            // it ends: close the read end here, or each run leaves a descriptor open.
            try? errors.fileHandleForReading.close()
            let text = String(decoding: said.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            log.write(
                "automation \"\(automation.name)\" (\(reason)) ended with status \(finished.terminationStatus)"
                    + (text.isEmpty ? "" : ": " + text.replacingOccurrences(of: "\n", with: " | ")))
        }
        do {
            try process.run()
        } catch {
            log.write("automation \"\(automation.name)\": can't start \(shortcuts): \(error.localizedDescription)")
        }
    }

    private static func modified(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 + Double(info.st_size) * 1e-12
    }
}

/// The system's events the event automations follow, on the system bus: NetworkManager's
/// `StateChanged`, and UPower's `PropertiesChanged` (OnBattery on the daemon, Percentage on the
/// display device). Used by the watcher's thread alone; the bus is opened when an event
/// automation first needs it.
private final class SystemEvents {
    private let log: ServiceLog
    private var bus: UnsafeMutableRawPointer?
    private var failed = false
    private var automations: [Automation] = []
    /// What the signals said since the last ``process()``, in order.
    fileprivate var inbox: [(kind: Kind, text: String, level: Double?)] = []
    private var lastLevel: Double?

    enum Kind { case network, power, battery }

    init(log: ServiceLog) { self.log = log }

    deinit { if let bus { ssd_close(bus) } }

    /// Follows these automations' events (opening the bus the first time there are any).
    func follow(_ automations: [Automation]) {
        self.automations = automations
        guard !automations.isEmpty, bus == nil, !failed else { return }
        var message = [CChar](repeating: 0, count: 256)
        var opened: UnsafeMutableRawPointer?
        guard ssd_load(&message, message.count) == 0, ssd_open_system(&opened) >= 0, let opened else {
            failed = true
            log.write("automations: can't reach the system bus, so network and power automations won't run")
            return
        }
        bus = opened
        let context = Unmanaged.passUnretained(self).toOpaque()
        let network =
            "type='signal',sender='org.freedesktop.NetworkManager',path='/org/freedesktop/NetworkManager',interface='org.freedesktop.NetworkManager',member='StateChanged'"
        let power =
            "type='signal',sender='org.freedesktop.UPower',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path_namespace='/org/freedesktop/UPower'"
        _ = ssd_match(
            opened, network,
            { message, context in
                guard let message, let context else { return }
                let events = Unmanaged<SystemEvents>.fromOpaque(context).takeUnretainedValue()
                var state: UInt32 = 0
                guard ssd_read_uint32(message, &state) > 0 else { return }
                events.inbox.append((.network, "network \(SystemEvents.networkState(state))", nil))
            }, context)
        _ = ssd_match(
            opened, power,
            { message, context in
                guard let message, let context else { return }
                let events = Unmanaged<SystemEvents>.fromOpaque(context).takeUnretainedValue()
                let path = ssd_message_path(message).map { String(cString: $0) } ?? ""
                let isDisplay = path.hasSuffix("/DisplayDevice")
                var changes: [(String, Double)] = []
                withUnsafeMutablePointer(to: &changes) { pointer in
                    _ = ssd_read_changed_properties(
                        message,
                        { name, _, value, context in
                            guard let name, let context else { return }
                            context.assumingMemoryBound(to: [(String, Double)].self).pointee.append((String(cString: name), value))
                        }, pointer)
                }
                for (name, value) in changes {
                    if name == "OnBattery", path == "/org/freedesktop/UPower" {
                        events.inbox.append((.power, value != 0 ? "on battery" : "plugged in", nil))
                    } else if name == "Percentage", isDisplay {
                        events.inbox.append((.battery, "battery at \(Int(value.rounded()))%", value))
                    }
                }
            }, context)
        log.write("automations: following NetworkManager and UPower on the system bus")
    }

    /// The bus's descriptor to wait on, when it is open.
    var pollTarget: pollfd? {
        guard let bus else { return nil }
        return pollfd(fd: ssd_get_fd(bus), events: Int16(ssd_get_events(bus)), revents: 0)
    }

    /// Reads what came on the bus and gives the automations to fire, with their input.
    func process() -> [(Automation, String)] {
        guard let bus else { return [] }
        while ssd_process(bus) > 0 {}
        let said = inbox
        inbox.removeAll()
        var fired: [(Automation, String)] = []
        for event in said {
            for automation in automations {
                switch (automation.trigger, event.kind) {
                case (.networkChange, .network), (.powerChange(nil), .power):
                    fired.append((automation, event.text))
                case (.powerChange(let threshold?), .battery):
                    if let level = event.level, let before = lastLevel, before >= Double(threshold), level < Double(threshold) {
                        fired.append((automation, event.text))
                    }
                default: break
                }
            }
            if event.kind == .battery { lastLevel = event.level }
        }
        return fired
    }

    static func networkState(_ state: UInt32) -> String {
        switch state {
        case 10: "asleep"
        case 20: "disconnected"
        case 30: "disconnecting"
        case 40: "connecting"
        case 50: "connected (local only)"
        case 60: "connected (site only)"
        case 70: "connected"
        default: "in state \(state)"
        }
    }
}
