import CSDBusLoader
import Foundation

/// Which bus a desktop service is on.
public enum BusKind: String, Sendable {
    case session, system

    /// The bus's address, found the standard way: `DBUS_SESSION_BUS_ADDRESS` /
    /// `DBUS_SYSTEM_BUS_ADDRESS` from `environment`, else the well-known sockets
    /// (`$XDG_RUNTIME_DIR/bus`, `/run/dbus/system_bus_socket`).
    public func address(in environment: [String: String]) -> String? {
        switch self {
        case .system:
            if let address = environment["DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty { return address }
            return "unix:path=/run/dbus/system_bus_socket"
        case .session:
            if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
            guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
            return "unix:path=\(runtime)/bus"
        }
    }
}

/// Why a bus call failed: no bus, the service isn't on it, it did not answer in time, or it
/// answered with a D-Bus error (`name` is that error's name, `message` its text).
public struct DBusFailure: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable { case noBus, serviceMissing, timedOut, refused }
    public var kind: Kind
    public var name: String
    public var message: String

    public init(_ kind: Kind, name: String = "", message: String) {
        self.kind = kind
        self.name = name
        self.message = message
    }

    public var description: String { message }

    /// The failure sd-bus's result and error text describe.
    static func from(code: Int32, error: String) -> DBusFailure {
        let name = error.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        let text = error.isEmpty ? String(cString: strerror(-code)) : error
        switch name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return DBusFailure(.serviceMissing, name: name, message: text)
        case "org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.NoReply":
            return DBusFailure(.timedOut, name: name, message: text)
        default:
            if code == -ETIMEDOUT { return DBusFailure(.timedOut, name: name, message: text) }
            return DBusFailure(.refused, name: name, message: text)
        }
    }
}

/// A signal a watch caught: where it came from and its arguments.
public struct DBusSignal: Sendable {
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [DBusValue]
}

/// A client's connection to one bus, for the actions that call desktop and system services.
/// It belongs to the thread that opened it; every call waits at most its timeout.
public final class DBusConnection {
    private let bus: UnsafeMutableRawPointer
    public let kind: BusKind
    public let address: String

    /// Connects to `kind`'s bus as `environment` gives it.
    public init(_ kind: BusKind, environment: [String: String]) throws(DBusFailure) {
        self.kind = kind
        guard let address = kind.address(in: environment) else {
            throw DBusFailure(.noBus, message: "there is no \(kind.rawValue) bus (DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are unset)")
        }
        self.address = address
        var loadError = [CChar](repeating: 0, count: 256)
        guard ssd_load(&loadError, loadError.count) == 0 else {
            throw DBusFailure(.noBus, message: String(decoding: loadError.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        var opened: UnsafeMutableRawPointer?
        let result = ssd_open_address(address, &opened)
        guard result >= 0, let opened else {
            throw DBusFailure(
                .noBus, message: "can't connect to the \(kind.rawValue) bus at \(address): \(String(cString: strerror(-result)))")
        }
        bus = opened
    }

    deinit { ssd_close(bus) }

    /// Calls a method and returns its reply's values.
    public func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [],
        timeout: Duration = .seconds(5)
    ) throws(DBusFailure) -> [DBusValue] {
        var message: UnsafeMutableRawPointer?
        var result = ssd_new_method_call(bus, destination, path, interface, member, &message)
        guard result >= 0, let message else { throw DBusFailure.from(code: result, error: "") }
        result = DBusValue.append(arguments, to: message)
        guard result >= 0 else {
            ssd_message_unref(message)
            throw DBusFailure(
                .refused, message: "can't write the arguments of \(interface).\(member): \(String(cString: strerror(-result)))")
        }
        var reply: UnsafeMutableRawPointer?
        var error = [CChar](repeating: 0, count: 512)
        let microseconds = UInt64(timeout.components.seconds) * 1_000_000 + UInt64(timeout.components.attoseconds / 1_000_000_000_000)
        result = ssd_call(bus, message, microseconds, &reply, &error, error.count)
        guard result >= 0, let reply else {
            let text = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var failure = DBusFailure.from(code: result, error: text)
            if failure.kind == .timedOut { failure.message = "\(destination) did not answer \(member) within \(timeout)" }
            throw failure
        }
        defer { ssd_message_unref(reply) }
        guard let values = DBusValue.readAll(from: reply) else {
            throw DBusFailure(.refused, message: "\(destination) answered \(member) with a reply that can't be read")
        }
        return values
    }

    /// Whether a connection owns `name` now.
    public func hasOwner(_ name: String) -> Bool {
        let answer = try? call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", [.string(name)])
        return answer?.first?.bool == true
    }

    /// The names the bus can start on demand.
    public func activatableNames() throws(DBusFailure) -> [String] {
        try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListActivatableNames").first?.textElements ?? []
    }

    /// This connection's unique name (`:1.42`).
    public var uniqueName: String { ssd_unique_name(bus).map { String(cString: $0) } ?? "" }

    /// Starts catching the signals `rule` matches (`type='signal',…`); add it before the call
    /// whose answer comes as a signal.
    public func watch(_ rule: String) throws(DBusFailure) -> SignalWatch {
        var watch: UnsafeMutableRawPointer?
        let result = ssd_watch_begin(bus, rule, &watch)
        guard result >= 0, let watch else { throw DBusFailure.from(code: result, error: "") }
        return SignalWatch(watch: watch, connection: self)
    }

    /// Signals caught by one match rule, taken one at a time.
    public final class SignalWatch {
        private let watch: UnsafeMutableRawPointer
        /// Kept so the bus outlives the watch.
        private let connection: DBusConnection

        fileprivate init(watch: UnsafeMutableRawPointer, connection: DBusConnection) {
            self.watch = watch
            self.connection = connection
        }

        deinit { ssd_watch_end(watch) }

        /// The next signal, or `nil` when none came before `deadline`.
        public func next(before deadline: ContinuousClock.Instant) throws(DBusFailure) -> DBusSignal? {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let current = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
            let remaining = ContinuousClock.now.duration(to: deadline)
            let micro =
                remaining <= .zero
                ? 0 : UInt64(remaining.components.seconds) * 1_000_000 + UInt64(remaining.components.attoseconds / 1_000_000_000_000)
            var message: UnsafeMutableRawPointer?
            let result = ssd_watch_next(watch, current + micro, &message)
            guard result >= 0 else { throw DBusFailure.from(code: result, error: "") }
            guard result > 0, let message else { return nil }
            defer { ssd_message_unref(message) }
            return DBusSignal(
                path: ssd_message_path(message).map { String(cString: $0) } ?? "",
                interface: ssd_message_interface(message).map { String(cString: $0) } ?? "",
                member: ssd_message_member(message).map { String(cString: $0) } ?? "",
                arguments: DBusValue.readAll(from: message) ?? [])
        }
    }
}
