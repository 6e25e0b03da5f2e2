import DesktopBus
import Foundation
import ShortcutsContent

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
