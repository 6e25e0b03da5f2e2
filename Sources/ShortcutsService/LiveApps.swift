import Foundation
import ShortcutsRPC
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Running apps that registered to perform their own intents, each with the connection on
/// which the service, as host, sends them extension-protocol requests.
///
/// An app registers with `apps.register` on the socket (see ``SocketServer``); the service
/// checks that the caller's executable is the one its manifest names. When the app quits, its
/// connection closes, a watcher notices, and the app is forgotten, so later calls go to its
/// extension process again.
///
/// Several processes of one app may register (the app serving in a window, and a short command
/// of the same app, such as `soupertask list`): the newest performs the intents, and when it
/// goes away the one before it that is still there takes them again.
public final class LiveApps: Sendable {
    /// One registered app.
    public struct App: Sendable {
        public var bundleIdentifier: String
        public var processIdentifier: Int32
        /// The connection, carrying the extension protocol with the service as host.
        public var channel: LineChannel
    }

    /// Each app's registered processes, oldest first; the last performs the intents.
    private let apps = Mutex<[String: [App]]>([:])
    private let log: ServiceLog
    private let changeHandler = Mutex<(@Sendable (_ bundleIdentifier: String, _ app: App?) -> Void)?>(nil)
    /// Called when an app registers and when it goes away, so a host can route calls to it.
    public var onChange: (@Sendable (_ bundleIdentifier: String, _ app: App?) -> Void)? {
        get { changeHandler.withLock { $0 } }
        set { changeHandler.withLock { $0 = newValue } }
    }

    init(log: ServiceLog) { self.log = log }

    /// The bundle identifiers of the registered apps.
    public var bundleIdentifiers: [String] { apps.withLock { $0.keys.sorted() } }
    public var isEmpty: Bool { apps.withLock { $0.isEmpty } }

    /// The registered process of the app that performs its intents.
    public func app(_ bundleIdentifier: String) -> App? { apps.withLock { $0[bundleIdentifier]?.last } }

    /// Keeps a registered app until its connection closes; the newest registration of an app
    /// performs its intents, and when it closes the newest one left takes over.
    func register(_ app: App, closing descriptor: Int32) {
        apps.withLock { $0[app.bundleIdentifier, default: []].append(app) }
        log.write("\(app.bundleIdentifier) (pid \(app.processIdentifier)) registered; its intents run inside it")
        onChange?(app.bundleIdentifier, app)
        Thread.detachNewThread { [self] in
            Self.waitForHangUp(descriptor)
            // Whether the app that left was the one performing intents, and who does now.
            let (wasCurrent, next) = apps.withLock { apps -> (Bool, App?) in
                var registered = apps[app.bundleIdentifier] ?? []
                let wasCurrent = registered.last?.channel === app.channel
                registered.removeAll { $0.channel === app.channel }
                apps[app.bundleIdentifier] = registered.isEmpty ? nil : registered
                return (wasCurrent, registered.last)
            }
            if wasCurrent {
                if let next {
                    log.write(
                        "\(app.bundleIdentifier) (pid \(app.processIdentifier)) went away; pid \(next.processIdentifier) performs its intents again"
                    )
                } else {
                    log.write("\(app.bundleIdentifier) (pid \(app.processIdentifier)) went away; its extension takes over")
                }
                onChange?(app.bundleIdentifier, next)
            }
            close(descriptor)
        }
    }

    /// Blocks until the peer closes the socket, without reading what it sends.
    private static func waitForHangUp(_ descriptor: Int32) {
        // POLLRDHUP (0x2000) reports the peer's close without consuming data meant for the host.
        var watched = pollfd(fd: descriptor, events: Int16(0x2000), revents: 0)
        while true {
            let ready = poll(&watched, 1, -1)
            if ready < 0, errno == EINTR { continue }
            return
        }
    }
}
