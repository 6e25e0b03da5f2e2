import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The freedesktop services the device, desktop and media actions call over D-Bus.
extension RequiredService {
    package static let upower = RequiredService(title: "UPower", busName: "org.freedesktop.UPower", bus: "system", package: "upower")
    package static let powerProfiles = RequiredService(
        title: "power-profiles-daemon", busName: "net.hadess.PowerProfiles", bus: "system", package: "power-profiles-daemon")
    package static let networkManager = RequiredService(
        title: "NetworkManager", busName: "org.freedesktop.NetworkManager", bus: "system", package: "network-manager")
    package static let bluez = RequiredService(title: "BlueZ", busName: "org.bluez", bus: "system", package: "bluez")
    package static let logind = RequiredService(
        title: "systemd-logind", busName: "org.freedesktop.login1", bus: "system", package: "systemd")
    package static let notifications = RequiredService(
        title: "a notification server", busName: "org.freedesktop.Notifications", bus: "session",
        package: "your desktop's notifications, or notification-daemon")
    package static let screenSaver = RequiredService(
        title: "the screen saver", busName: "org.freedesktop.ScreenSaver", bus: "session", package: "your desktop's screen locker")
    package static let mediaPlayer = RequiredService(
        title: "a media player", busName: "org.mpris.MediaPlayer2.", bus: "session",
        package: "a player that speaks MPRIS, e.g. vlc, rhythmbox, or mpv with mpv-mpris")
    package static let fileManager = RequiredService(
        title: "a file manager", busName: "org.freedesktop.FileManager1", bus: "session",
        package: "nautilus, dolphin or another file manager")
    package static let portal = RequiredService(
        title: "the XDG desktop portal", busName: "org.freedesktop.portal.Desktop", bus: "session", package: "xdg-desktop-portal")
    package static let geoclue = RequiredService(
        title: "GeoClue", busName: "org.freedesktop.GeoClue2", bus: "system", package: "geoclue-2.0")

    package var busKind: BusKind { bus == "system" ? .system : .session }
}

/// One action's conversation with one service: a connection to its bus, and failures turned
/// into errors that name the service, its bus and its Debian package. Every call has a timeout.
package struct ServiceClient {
    package let service: RequiredService
    package let connection: DBusConnection

    /// Connects to the bus `service` is on, as the run's environment gives it.
    package init(_ service: RequiredService, for run: RunContext) throws {
        self.service = service
        do {
            connection = try DBusConnection(service.busKind, environment: run.environment.variables)
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
        let watch: DBusConnection.SignalWatch
        do {
            watch = try connection.watch(
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

/// Which of the services actions need are on this machine's buses now, for `shortcuts actions`.
public struct ServicePresence {
    private var names: [String: [String]] = [:]

    /// Asks each bus once for the names it has and can start; a bus that can't be reached has none.
    public init(environment: [String: String]) {
        for kind in [BusKind.session, .system] {
            guard let bus = try? DBusConnection(kind, environment: environment) else {
                names[kind.rawValue] = []
                continue
            }
            names[kind.rawValue] = ((try? bus.names()) ?? []) + ((try? bus.activatableNames()) ?? [])
        }
    }

    /// Whether `service` is running, or can be started, on its bus.
    public func has(_ service: RequiredService) -> Bool {
        let listed = names[service.bus] ?? []
        return service.busName.hasSuffix(".") ? listed.contains { $0.hasPrefix(service.busName) } : listed.contains(service.busName)
    }
}
