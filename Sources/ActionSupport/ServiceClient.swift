import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

extension RequiredService {
    public var busKind: BusKind { bus == "system" ? .system : .session }
}

/// One action's conversation with one service: a connection to its bus, and failures turned
/// into errors that name the service, its bus and its Debian package. Every call has a timeout.
package struct ServiceClient {
    package let service: RequiredService
    package let connection: any BusConnection

    /// Connects to the bus `service` is on, as the run's environment gives it.
    package init(_ service: RequiredService, for run: RunContext) throws {
        self.service = service
        guard let buses = run.environment.buses else {
            throw ActionFailure("needs \(service.description), but this run reaches no desktop service (its environment opens no bus)")
        }
        do {
            connection = try buses.open(service.busKind, environment: run.environment.variables)
        } catch {
            throw ActionFailure("needs \(service.description), but \(error.message)", underlying: error)
        }
    }

    /// The error for a failed call to the service.
    package func failure(_ error: DBusFailure, doing what: String) -> ActionFailure {
        switch error.kind {
        case .serviceMissing, .noBus:
            ActionFailure("needs \(service.description), which isn't running here", underlying: error)
        case .timedOut:
            ActionFailure("\(service.title) is running but did not answer in time: \(error.message)", underlying: error)
        case .refused:
            ActionFailure("\(service.title) refused to \(what): \(error.message)", underlying: error)
        }
    }

    /// Calls a method of the service's own bus name (or `destination`).
    package func call(
        _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [], destination: String? = nil,
        timeout: Duration = .seconds(5)
    ) throws -> [DBusValue] {
        do {
            return try connection.call(destination ?? service.busName, path, interface, member, arguments, timeout: timeout)
        } catch {
            throw failure(error, doing: member)
        }
    }

    package func property(_ path: String, _ interface: String, _ name: String, destination: String? = nil) throws -> DBusValue {
        do {
            return try connection.property(destination ?? service.busName, path, interface, name)
        } catch {
            throw failure(error, doing: "read \(name)")
        }
    }

    package func properties(_ path: String, _ interface: String, destination: String? = nil) throws -> DBusValue {
        do {
            return try connection.properties(destination ?? service.busName, path, interface)
        } catch {
            throw failure(error, doing: "read \(interface)")
        }
    }

    package func setProperty(_ path: String, _ interface: String, _ name: String, to value: DBusValue, destination: String? = nil) throws {
        do {
            try connection.setProperty(destination ?? service.busName, path, interface, name, to: value)
        } catch {
            throw failure(error, doing: "set \(name)")
        }
    }

    /// The bus names that start with the service's prefix (a family such as MPRIS players).
    package func namesInFamily() throws -> [String] {
        do {
            return try connection.names().filter { $0.hasPrefix(service.busName) }.sorted()
        } catch {
            throw failure(error, doing: "list its names")
        }
    }

    /// Calls a portal method that answers through a `Request.Response` signal, and returns the
    /// response's results; the request's path is known from its handle token before the call,
    /// so the signal can't be missed. A person may take a while to answer a portal dialog.
    package func portalRequest(
        _ interface: String, _ member: String, _ arguments: (_ token: String) -> [DBusValue], timeout: Duration = .seconds(300)
    ) throws -> DBusValue {
        let token = "shortcuts\(UInt32.random(in: 0...UInt32.max))"
        let sender = connection.uniqueName.dropFirst().replacingOccurrences(of: ".", with: "_")
        let path = "/org/freedesktop/portal/desktop/request/\(sender)/\(token)"
        let watch: any SignalSource
        do {
            watch = try connection.watchSignals(
                "type='signal',sender='\(service.busName)',interface='org.freedesktop.portal.Request',member='Response',path='\(path)'")
        } catch {
            throw failure(error, doing: member)
        }
        _ = try call("/org/freedesktop/portal/desktop", interface, member, arguments(token), timeout: .seconds(30))
        let deadline = ContinuousClock.now + timeout
        do {
            while let signal = try watch.next(before: deadline) {
                guard signal.path == path, let code = signal.arguments.first?.integer else { continue }
                switch code {
                case 0: return signal.arguments.count > 1 ? signal.arguments[1] : .dictionary([])
                case 1: throw ActionFailure("the request was cancelled", code: .cancelled)
                default: throw ActionFailure("\(service.title) could not \(member) (response \(code))")
                }
            }
        } catch let error as DBusFailure {
            throw failure(error, doing: member)
        }
        throw ActionFailure("\(service.title) gave no answer to \(member) within \(timeout)")
    }
}

extension ServiceClient {
    /// Asks the desktop's file manager (this client's service being
    /// ``RequiredService/fileManager``) to show items by URI: `ShowItems` selects them in their
    /// folders, `ShowFolders` opens folders, `ShowItemProperties` shows their properties.
    package func showInFileManager(_ uris: [String], method: String = "ShowItems") throws {
        _ = try call("/org/freedesktop/FileManager1", "org.freedesktop.FileManager1", method, [.strings(uris), .string("")])
    }
}
