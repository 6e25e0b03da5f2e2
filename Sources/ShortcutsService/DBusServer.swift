import CSDBusLoader
import DesktopBus
import Foundation
import ShortcutsRPC
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The service on the session bus as `org.swiftshortcuts.Events`, through sd-bus.
///
/// An sd-bus connection is single-threaded, so one thread owns it: it polls the bus and a
/// wake-up pipe, reads each call's arguments and the caller's credentials, and hands the work
/// to a thread of its own. Finished work posts its reply back to the bus thread, which sends it.
///
/// Unchecked `Sendable`: the bus, `isStopped` and `identities` belong to the bus thread alone; other threads touch only ``shared``.
public final class DBusServer: @unchecked Sendable {
    let service: EventsService
    private var wake: [Int32] = [-1, -1]
    /// What callers' threads and the bus thread share: work posted to the bus thread, and
    /// whether the bus thread is running.
    private let shared = Mutex(Shared())
    private struct Shared {
        var posted: [@Sendable () -> Void] = []
        var isRunning = false
    }
    /// Set on the bus thread only.
    private var isStopped = false
    private let finished = DispatchSemaphore(value: 0)
    /// Callers seen on this bus by unique name; names are never reused while the bus lives.
    /// The bus thread's alone.
    private var identities: [String: ClientIdentity] = [:]
    /// A token per caller that has runs going, by unique name: the runs' owner, so they are
    /// cancelled when that connection leaves the bus. The bus thread's alone.
    private var callers: [String: Caller] = [:]

    /// Stands for one connection on the bus; only its identity matters.
    private final class Caller {}

    /// The objects served, by path; set once before the bus thread starts.
    private let objects: [String: any DBusObject]
    /// The tray item's menu, checked for changes once a second.
    private let menuBar: MenuBar
    /// Whether a check of the menu is under way (they run off the bus thread, one at a time).
    private let isCheckingMenu = Atomic(false)
    /// Keyboard shortcuts through the desktop portal, where the service binds them.
    private let portal: GlobalShortcutsPortal?
    /// The keys last handed to the portal (read and written by the menu's checks, one at a time).
    private let boundKeys = Mutex<[GlobalShortcutsPortal.Binding]>([])
    /// The tray's watcher, which the item registers with when it appears.
    static let watcher = "org.kde.StatusNotifierWatcher"

    public init(service: EventsService) {
        self.service = service
        menuBar = MenuBar(service: service)
        portal = GlobalShortcutsPortal.isWanted(in: service.configuration.environment) ? GlobalShortcutsPortal(service: service) : nil
        let served: [any DBusObject] = [
            EventsBusObject(service: service), SearchProviderObject(service: service), KRunnerObject(service: service),
            StatusNotifierItemObject(menuBar: menuBar, service: service), DBusMenuObject(menuBar: menuBar, service: service),
        ]
        objects = Dictionary(uniqueKeysWithValues: served.map { ($0.path, $0) })
    }

    /// Connects to the session bus, takes the name, and starts the bus thread.
    ///
    /// - Throws: ``ServiceError`` when libsystemd is missing, there is no session bus, or
    ///   another connection owns the name.
    public func start() throws(ServiceError) {
        var reason = [CChar](repeating: 0, count: 256)
        guard ssd_load(&reason, reason.count) == 0 else {
            throw ServiceError(.invalidArguments, String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        // A service the bus activated may only be told the bus's address as the starter's.
        if getenv("DBUS_SESSION_BUS_ADDRESS") == nil, let starter = getenv("DBUS_STARTER_ADDRESS") {
            setenv("DBUS_SESSION_BUS_ADDRESS", starter, 0)
        }
        var connection: UnsafeMutableRawPointer?
        var result = ssd_open_user(&connection)
        guard result >= 0, let connection else { throw Self.failure("can't connect to the session bus", result) }
        for object in objects.values.sorted(by: { $0.path < $1.path }) where result >= 0 {
            result = ssd_add_object(connection, object.path, object.introspection, dbusHandler, Unmanaged.passUnretained(self).toOpaque())
        }
        if result >= 0 { result = ssd_watch_departures(connection, dbusDeparture, Unmanaged.passUnretained(self).toOpaque()) }
        if result >= 0 { result = ssd_request_name(connection, DBusInterface.busName) }
        if result >= 0 {
            let rule = "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.watcher)'"
            result = ssd_match(connection, rule, dbusWatcherChanged, Unmanaged.passUnretained(self).toOpaque())
        }
        guard result >= 0 else {
            ssd_close(connection)
            throw Self.failure(
                result == -EEXIST ? "another program owns \(DBusInterface.busName)" : "can't serve \(DBusInterface.busName)", result)
        }
        guard pipe(&wake) == 0 else {
            ssd_close(connection)
            throw UnixSocket.systemError("can't make the bus thread's wake-up pipe")
        }
        for end in wake {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        shared.withLock { $0.isRunning = true }
        let owned = BusPointer(raw: connection)
        let thread = Thread { [self] in loop(owned.raw) }
        thread.name = "shortcutsd.dbus"
        thread.start()
    }

    /// Sends the replies already posted, leaves the bus and waits for the bus thread to end.
    public func stop() {
        guard shared.withLock({ $0.isRunning }) else { return }
        post { [self] in isStopped = true }
        finished.wait()
    }

    /// Runs `work` on the bus thread; false (and nothing runs) once it has ended.
    @discardableResult
    private func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        guard
            shared.withLock({ shared in
                guard shared.isRunning else { return false }
                shared.posted.append(work)
                return true
            })
        else { return false }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        return true
    }

    private func loop(_ bus: UnsafeMutableRawPointer) {
        let busDescriptor = ssd_get_fd(bus)
        menuBar.refresh()
        registerWithWatcher(bus)
        if let portal {
            portal.start(bus, context: Unmanaged.passUnretained(portal).toOpaque())
            let keys = GlobalShortcutsPortal.bindings(of: service.library)
            boundKeys.withLock { $0 = keys }
            portal.bind(keys, bus: bus)
        }
        var nextCheck = Date().addingTimeInterval(1)
        while !isStopped {
            if Date() >= nextCheck {
                nextCheck = Date().addingTimeInterval(1)
                checkMenu(bus)
            }
            var result: Int32
            repeat { result = ssd_process(bus) } while result > 0
            if result < 0 {
                service.log.write("lost the session bus: \(String(cString: strerror(-result))); serving the socket only")
                break
            }
            var deadline: UInt64 = .max
            _ = ssd_get_timeout(bus, &deadline)
            var descriptors = [
                pollfd(fd: busDescriptor, events: Int16(ssd_get_events(bus)), revents: 0),
                pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
            ]
            let untilCheck = Int32(max(0, nextCheck.timeIntervalSinceNow * 1000).rounded(.up))
            let wait = Self.milliseconds(until: deadline)
            let ready = poll(&descriptors, 2, wait < 0 ? untilCheck : min(wait, untilCheck))
            if ready < 0, errno != EINTR { break }
            if descriptors[1].revents != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                while read(wake[0], &drained, drained.count) > 0 {}
            }
            for work in shared.withLock({ shared in
                defer { shared.posted = [] }
                return shared.posted
            }) { work() }
        }
        _ = ssd_flush(bus)
        ssd_close(bus)
        // Work posted from now on is dropped, and a later stop() returns at once.
        let stranded = shared.withLock { shared in
            shared.isRunning = false
            defer { shared.posted = [] }
            return shared.posted.count
        }
        if stranded > 0 { service.log.write("the session bus went away with \(stranded) answer(s) unsent") }
        finished.signal()
    }

    /// A poll timeout for an absolute CLOCK_MONOTONIC deadline in microseconds.
    private static func milliseconds(until deadline: UInt64) -> Int32 {
        guard deadline != .max else { return -1 }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let current = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec / 1000)
        guard deadline > current else { return 0 }
        return Int32(min((deadline - current + 999) / 1000, UInt64(Int32.max)))
    }

    // MARK: The tray

    /// Tells the tray's watcher about the item, when there is one on the bus (on the bus thread).
    fileprivate func registerWithWatcher(_ bus: UnsafeMutableRawPointer) {
        var call: UnsafeMutableRawPointer?
        guard
            ssd_new_method_call(bus, Self.watcher, "/StatusNotifierWatcher", Self.watcher, "RegisterStatusNotifierItem", &call) >= 0,
            let call, DBusValue.string(DBusInterface.busName).append(to: call) >= 0
        else { return }
        var reply: UnsafeMutableRawPointer?
        var error = [CChar](repeating: 0, count: 256)
        let result = ssd_call(bus, call, 2_000_000, &reply, &error, error.count)
        if let reply { ssd_message_unref(reply) }
        let registered = result >= 0
        service.isShowingMenuBar.store(registered, ordering: .releasing)
        if registered { service.log.write("the menu bar's item is registered with \(Self.watcher)") }
    }

    /// Rebuilds the menu off the bus thread if something changed, then tells the tray; binds the
    /// keyboard shortcuts again when their settings changed.
    private func checkMenu(_ bus: UnsafeMutableRawPointer) {
        guard !isCheckingMenu.exchange(true, ordering: .acquiring) else { return }
        let before = menuBar.layout
        let owned = BusPointer(raw: bus)
        DispatchQueue.global().async { [self] in
            defer { isCheckingMenu.store(false, ordering: .releasing) }
            if let portal {
                let keys = GlobalShortcutsPortal.bindings(of: service.library)
                if boundKeys.withLock({ $0 }) != keys {
                    boundKeys.withLock { $0 = keys }
                    post { portal.bind(keys, bus: owned.raw) }
                }
            }
            guard menuBar.refresh() else { return }
            let after = menuBar.layout
            post { [self] in
                emit(owned.raw, DBusMenuObject.path, "com.canonical.dbusmenu", "LayoutUpdated", [.uint32(after.revision), .int32(0)])
                let item = "org.kde.StatusNotifierItem"
                if StatusNotifierItemObject.status(after) != StatusNotifierItemObject.status(before) {
                    emit(owned.raw, StatusNotifierItemObject.path, item, "NewStatus", [.string(StatusNotifierItemObject.status(after))])
                }
                if StatusNotifierItemObject.toolTip(after) != StatusNotifierItemObject.toolTip(before) {
                    emit(owned.raw, StatusNotifierItemObject.path, item, "NewToolTip", [])
                }
            }
        }
    }

    /// Sends a signal (on the bus thread).
    private func emit(_ bus: UnsafeMutableRawPointer, _ path: String, _ interface: String, _ member: String, _ values: [DBusValue]) {
        var signal: UnsafeMutableRawPointer?
        guard ssd_new_signal(bus, path, interface, member, &signal) >= 0, let signal else { return }
        guard DBusValue.append(values, to: signal) >= 0 else {
            ssd_message_unref(signal)
            return
        }
        _ = ssd_send(signal)
    }

    // MARK: Calls

    /// Handles one call on the bus thread; returns 1 when it is (or will be) answered.
    fileprivate func handle(_ message: UnsafeMutableRawPointer) -> Int32 {
        guard let path = ssd_message_path(message).map(String.init(cString:)), let object = objects[path],
            let interface = ssd_message_interface(message).map(String.init(cString:)),
            interface == object.interface || interface == Self.propertiesInterface,
            let member = ssd_message_member(message).map(String.init(cString:))
        else { return 0 }
        guard let arguments = DBusValue.readAll(from: message) else {
            DBusReply.error(name: ServiceError(.invalidArguments, "").dbusName, message: "can't read the arguments of \(member)")
                .send(to: message)
            return 1
        }
        let sender = ssd_message_sender(message).map(String.init(cString:)) ?? ""
        let caller = callers[sender] ?? Caller()
        if !sender.isEmpty { callers[sender] = caller }
        let call = DBusIncomingCall(
            member: member, signature: ssd_message_signature(message).map(String.init(cString:)) ?? "", arguments: arguments,
            client: identity(of: message), owner: ObjectIdentifier(caller))
        let pending = BusPointer(raw: ssd_message_ref(message))
        let service = self.service
        service.registry.beginRequest()
        Thread.detachNewThread { [self] in
            let reply = interface == Self.propertiesInterface ? object.answerProperties(call) : object.answer(call)
            let posted = post {
                reply.send(to: pending.raw)
                ssd_message_unref(pending.raw)
                service.registry.endRequest()
            }
            // The bus went away meanwhile: nobody is there to answer, but shutdown mustn't wait for it.
            if !posted { service.registry.endRequest() }
        }
        return 1
    }

    /// A connection left the bus: its runs are cancelled, as a socket client's are when it
    /// disconnects, and what was known about it is forgotten.
    fileprivate func departed(_ name: String) {
        identities[name] = nil
        guard let caller = callers.removeValue(forKey: name) else { return }
        service.cancelRuns(of: ObjectIdentifier(caller))
    }

    /// The caller's process and user, asked of the bus once per caller.
    private func identity(of message: UnsafeMutableRawPointer) -> ClientIdentity {
        let sender = ssd_message_sender(message).map(String.init(cString:)) ?? ""
        if let known = identities[sender] { return known }
        var pid: Int32 = 0
        var uid: UInt32 = .max
        guard ssd_sender_credentials(message, &pid, &uid) >= 0 else {
            return ClientIdentity(processIdentifier: 0, userIdentifier: .max, executable: nil)
        }
        let identity = ClientIdentity.process(pid, user: uid)
        if identities.count > 4096 { identities.removeAll() }
        identities[sender] = identity
        return identity
    }

    static let propertiesInterface = "org.freedesktop.DBus.Properties"

    private static func failure(_ what: String, _ result: Int32) -> ServiceError {
        ServiceError(.invalidArguments, "\(what): \(String(cString: strerror(-result)))")
    }
}

/// An sd-bus object pointer handed between threads; only the bus thread uses it.
private struct BusPointer: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
}

/// sd-bus's callback for the object: back to the server on the bus thread.
private func dbusHandler(_ message: UnsafeMutableRawPointer?, _ userdata: UnsafeMutableRawPointer?) -> Int32 {
    guard let message, let userdata else { return 0 }
    return Unmanaged<DBusServer>.fromOpaque(userdata).takeUnretainedValue().handle(message)
}

/// sd-bus's callback when the tray's watcher comes or goes: the item registers with a new one.
private func dbusWatcherChanged(_ message: UnsafeMutableRawPointer?, _ userdata: UnsafeMutableRawPointer?) {
    guard let message, let userdata, let values = DBusValue.readAll(from: message), values.count == 3, values[2].text?.isEmpty == false,
        let bus = ssd_message_bus(message)
    else { return }
    Unmanaged<DBusServer>.fromOpaque(userdata).takeUnretainedValue().registerWithWatcher(bus)
}

/// sd-bus's callback for a connection leaving the bus: back to the server on the bus thread.
private func dbusDeparture(_ name: UnsafePointer<CChar>?, _ userdata: UnsafeMutableRawPointer?) {
    guard let name, let userdata else { return }
    Unmanaged<DBusServer>.fromOpaque(userdata).takeUnretainedValue().departed(String(cString: name))
}
