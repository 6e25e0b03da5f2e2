import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `shortcutsd`: the per-user Shortcuts Events service, serving one ``EventsService`` on the
/// Unix socket and on the session bus until SIGTERM or an idle period.
///
/// On SIGTERM (or SIGINT) it stops taking runs, cancels the runs in progress (after the grace
/// period, when one is set), and exits. With nothing to do for the idle period (no runs, no
/// registered app) it exits the same way; D-Bus activation or a client starts it again.
public enum ServiceDaemon {
    /// Runs the service; never returns.
    ///
    /// - Parameter app: makes the Shortcuts app's web server when a client first asks for it.
    public static func main(app: (@Sendable (EventsService) -> any AppTransport)? = nil) -> Never {
        signal(SIGPIPE, SIG_IGN)
        keepLargeBuffersOutOfTheHeap()
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            try? FileHandle.standardOutput.write(contentsOf: Data(usage.utf8))
            exit(0)
        }
        let log = ServiceLog()
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration()
        } catch {
            log.write(error.message)
            exit(1)
        }
        let daemon = RunningDaemon(service: EventsService(configuration: configuration, log: log, app: app))
        daemon.start()
        dispatchMain()
    }

    /// Gives a large request's memory back to the system as soon as it is freed.
    ///
    /// glibc serves a block of 128 KiB or more with its own mapping, unmapped when freed, but
    /// after the first such free it raises that threshold to the block's size, so later large
    /// buffers come from the thread's arena and stay resident once freed: forty connections
    /// that each had a few megabytes of an unfinished request kept 10 MB apiece after the
    /// request was dropped. A fixed threshold (setting it turns the raising off) keeps the
    /// service's memory at what it holds now.
    /// (`mallopt` is found at run time: Swift's Glibc module doesn't include `malloc.h`.)
    static func keepLargeBuffersOutOfTheHeap() {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        _ = mallopt(mmapThreshold, 256 << 10)
        _ = mallopt(trimThreshold, 1 << 20)
    }

    static let usage = """
        USAGE: shortcutsd

        The Shortcuts Events service: lists and runs your shortcuts for other programs, on the
        Unix socket $XDG_RUNTIME_DIR/shortcuts/events.sock (JSON-RPC) and on the session bus as
        org.swiftshortcuts.Events. It starts on demand and exits when idle; see docs/SERVICE.md.

        ENVIRONMENT:
          SHORTCUTS_SERVICE_IDLE_SECONDS     exit after this long with nothing to do (default 300; 0 never)
          SHORTCUTS_SERVICE_GRACE_SECONDS    on SIGTERM, how long runs may finish (default 0: cancelled at once)
          SHORTCUTS_SERVICE_ALLOWED_CLIENTS  ':'-separated programs allowed to call (default: any of yours)
          SHORTCUTS_SERVICE_SOCKET           the socket path
          SHORTCUTS_SERVICE_NO_DBUS=1        serve only the socket
          SHORTCUTS_SERVICE_MAX_LINE_BYTES   the longest request one connection may send (default 16 MiB)
          SHORTCUTS_SERVICE_MAX_BUFFERED_BYTES  what all connections may hold of requests still arriving (default 3 x the longest)
          SHORTCUTS_SERVICE_AUTOMATIONS      1: run the automations here; 0: leave them to systemd (default: 1 when no systemd user manager runs)
          SHORTCUTS_APP_PORT                 the Shortcuts app's port on 127.0.0.1, once asked for (default: a free one, remembered)

        """
}

/// The daemon's transports, signal handlers and idle timer.
/// Unchecked `Sendable`: owns signal sources and the transports, set up once before any thread reads them.
final class RunningDaemon: @unchecked Sendable {
    let service: EventsService
    let socket: SocketServer
    let bus: DBusServer
    private let queue = DispatchQueue(label: "shortcutsd.lifetime")
    private var sources: [any DispatchSourceProtocol] = []
    private var isEnding = false
    private var servesBus = false

    init(service: EventsService) {
        self.service = service
        socket = SocketServer(service: service, path: service.configuration.socketPath)
        bus = DBusServer(service: service)
    }

    func start() {
        let log = service.log
        do {
            try socket.start()
        } catch {
            log.write(error.message)
            exit(1)
        }
        if service.configuration.servesDBus {
            do {
                try bus.start()
                servesBus = true
            } catch {
                log.write("not on D-Bus: \(error.message); serving \(service.configuration.socketPath) only")
            }
        }
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in end(because: number == SIGTERM ? "SIGTERM" : "SIGINT") }
            source.resume()
            sources.append(source)
        }
        service.startAutomations()
        let idle = service.configuration.idleSeconds
        if idle > 0 {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            let interval = min(max(idle / 4, 0.05), 5)
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler { [self] in
                if service.idleSeconds >= idle { end(because: "idle for \(Self.format(idle)) s") }
            }
            timer.resume()
            sources.append(timer)
        }
        log.write(
            "serving \(service.configuration.socketPath)\(servesBus ? " and \(DBusInterface.busName) on the session bus" : "") (pid \(getpid()))"
        )
    }

    /// Drains and exits, once.
    private func end(because reason: String) {
        guard !isEnding else { return }
        isEnding = true
        let log = service.log
        log.write("\(reason): finishing")
        socket.stop()
        let left = service.drain(grace: service.configuration.shutdownGraceSeconds)
        service.stopApp()
        if servesBus { bus.stop() }
        // The runs' ends are in the history before the process goes.
        service.flushHistory()
        log.write(left == 0 ? "stopped" : "stopped with \(left) run(s) that didn't end")
        exit(0)
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
