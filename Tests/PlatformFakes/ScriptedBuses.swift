import DesktopBus
import Foundation
import Synchronization

/// Buses in memory: each method a service has answers from a script, every call is recorded,
/// and a method nobody scripted fails as a missing service does, so an action that calls a
/// desktop service is tested in-process with no bus.
///
/// ```swift
/// let buses = ScriptedBuses()
/// buses.answer("org.freedesktop.DBus.Properties", "GetAll") { _ in [.dictionary([("Percentage", .variant(.double(80)))])] }
/// environment.buses = buses
/// ```
public final class ScriptedBuses: BusOpener, BusConnection {
    public typealias Answer = @Sendable (_ arguments: [DBusValue]) throws(DBusFailure) -> [DBusValue]

    /// One call an action made.
    public struct Call: Sendable {
        public var destination: String
        public var path: String
        public var interface: String
        public var member: String
        public var arguments: [DBusValue]
    }

    private let state = Mutex<(answers: [String: Answer], calls: [Call], owners: Set<String>)>(([:], [], []))

    public init(owners: Set<String> = []) { state.withLock { $0.owners = owners } }

    /// How `interface.member` answers, whatever the destination and path.
    public func answer(_ interface: String, _ member: String, _ answer: @escaping Answer) {
        state.withLock { $0.answers[interface + "." + member] = answer }
    }

    /// The calls made so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    public func open(_ kind: BusKind, environment: [String: String]) throws(DBusFailure) -> any BusConnection { self }

    public var uniqueName: String { ":1.1" }

    public func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue], timeout: Duration
    ) throws(DBusFailure) -> [DBusValue] {
        let answer = state.withLock { state in
            state.calls.append(Call(destination: destination, path: path, interface: interface, member: member, arguments: arguments))
            return state.answers[interface + "." + member]
        }
        guard let answer else {
            throw DBusFailure(.serviceMissing, name: destination, message: "\(destination) is not on the scripted bus")
        }
        return try answer(arguments)
    }

    public func hasOwner(_ name: String) -> Bool { state.withLock { $0.owners.contains(name) } }

    public func watchSignals(_ rule: String) throws(DBusFailure) -> any SignalSource { NoSignals() }

    /// A watch that never receives a signal.
    final class NoSignals: SignalSource {
        func next(before deadline: ContinuousClock.Instant) throws(DBusFailure) -> DBusSignal? { nil }
    }
}
