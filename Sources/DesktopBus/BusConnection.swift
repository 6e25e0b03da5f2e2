import Foundation

/// A connection to a message bus as the actions use it: calls, properties, names, signal
/// watches. ``DBusConnection`` is the machine's (sd-bus); tests may give another.
public protocol BusConnection: AnyObject {
    /// The connection's unique name on its bus (`:1.42`).
    var uniqueName: String { get }
    /// Calls a method and returns its reply's values.
    func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue], timeout: Duration
    ) throws(DBusFailure) -> [DBusValue]
    /// Whether a name has an owner on the bus.
    func hasOwner(_ name: String) -> Bool
    /// Starts watching the signals a match rule selects.
    func watchSignals(_ rule: String) throws(DBusFailure) -> any SignalSource
}

/// Signals a watch has received, in order.
public protocol SignalSource: AnyObject {
    /// The next signal, or `nil` when none came before `deadline`.
    func next(before deadline: ContinuousClock.Instant) throws(DBusFailure) -> DBusSignal?
}

extension BusConnection {
    /// Calls a method with the default timeout (5 seconds).
    public func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []
    ) throws(DBusFailure) -> [DBusValue] {
        try call(destination, path, interface, member, arguments, timeout: .seconds(5))
    }

    /// A property's value (`org.freedesktop.DBus.Properties.Get`).
    public func property(_ destination: String, _ path: String, _ interface: String, _ name: String) throws(DBusFailure) -> DBusValue {
        let values = try call(destination, path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)])
        guard case .variant(let inner)? = values.first else {
            throw DBusFailure(.refused, message: "\(destination) gave no value for \(interface).\(name)")
        }
        return inner
    }

    /// Every property of an interface (`GetAll`), as a dictionary.
    public func properties(_ destination: String, _ path: String, _ interface: String) throws(DBusFailure) -> DBusValue {
        try call(destination, path, "org.freedesktop.DBus.Properties", "GetAll", [.string(interface)]).first ?? .dictionary([])
    }

    /// Sets a property (`org.freedesktop.DBus.Properties.Set`).
    public func setProperty(_ destination: String, _ path: String, _ interface: String, _ name: String, to value: DBusValue)
        throws(DBusFailure)
    {
        _ = try call(destination, path, "org.freedesktop.DBus.Properties", "Set", [.string(interface), .string(name), .variant(value)])
    }

    /// The names on the bus (`ListNames`).
    public func names() throws(DBusFailure) -> [String] {
        try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames").first?.textElements ?? []
    }
}

/// Opens a run's bus connections: the machine's (``SystemBuses``) in every front end.
public protocol BusOpener: Sendable {
    /// A connection to the session or system bus the environment's variables name.
    func open(_ kind: BusKind, environment: [String: String]) throws(DBusFailure) -> any BusConnection
}

/// The machine's buses, through sd-bus.
public struct SystemBuses: BusOpener {
    public init() {}

    public func open(_ kind: BusKind, environment: [String: String]) throws(DBusFailure) -> any BusConnection {
        try DBusConnection(kind, environment: environment)
    }
}

extension DBusConnection: BusConnection {
    public func watchSignals(_ rule: String) throws(DBusFailure) -> any SignalSource {
        try watch(rule)
    }
}

extension DBusConnection.SignalWatch: SignalSource {}
