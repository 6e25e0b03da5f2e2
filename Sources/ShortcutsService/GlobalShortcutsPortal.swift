import CSDBusLoader
import DesktopBus
import Foundation
import ShortcutsDesktop
import ShortcutsLibrary

/// Keyboard shortcuts through the XDG desktop portal's `GlobalShortcuts` (KDE Plasma ≥ 5.27,
/// GNOME ≥ 48, Hyprland): the service keeps one session, binds the keys the library's settings
/// give, binds again when they change, and runs a shortcut when the portal says its key was
/// pressed.
///
/// Every method runs on the bus thread. The portal answers through `Request.Response` signals;
/// each request's path is known before the call (its handle token), so its answer is awaited
/// by path.
///
/// Unchecked `Sendable` because its state belongs to the bus thread alone.
final class GlobalShortcutsPortal: @unchecked Sendable {
    static let name = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.GlobalShortcuts"
    /// The session's handle token: the same every time, so a desktop that remembers bindings
    /// by it (KDE) keeps the person's changes to them.
    static let sessionToken = "swiftshortcuts"

    /// One key bound to one shortcut.
    struct Binding: Equatable, Sendable {
        var identifier: String
        var name: String
        var trigger: String
    }

    private let service: EventsService
    /// The session and what it has bound; `nil` before one is made or after the portal went.
    private var session: String?
    private var bound: [Binding] = []
    /// What the library wants bound now.
    private var wanted: [Binding] = []
    /// Requests awaiting their Response, by path.
    private var pending: [String: (UInt32, DBusValue) -> Void] = [:]
    private var requests = 0
    /// Whether a session is being made.
    private var isCreating = false
    /// Whether this app was registered with the running portal.
    private var isRegistered = false

    init(service: EventsService) {
        self.service = service
    }

    /// Whether the service binds keys through the portal: `SHORTCUTS_GLOBAL_SHORTCUTS=portal`
    /// or `off` decides; otherwise yes, except on GNOME and KDE, whose own settings
    /// `shortcuts desktop install` writes (binding both would run a shortcut twice).
    static func isWanted(in environment: [String: String]) -> Bool {
        switch environment["SHORTCUTS_GLOBAL_SHORTCUTS"]?.lowercased() {
        case "portal", "on", "1": return true
        case "off", "0", "none": return false
        default:
            let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").lowercased().split(separator: ":")
            return !desktops.contains { ["gnome", "kde", "unity", "budgie", "pantheon"].contains($0) }
        }
    }

    /// The keys the library's settings give, for shortcuts that are still there.
    static func bindings(of library: ShortcutLibrary) -> [Binding] {
        guard let settings = try? LibrarySettings.read(from: library.settingsPath) else { return [] }
        return settings.desktop.compactMap { preference in
            guard let keys = preference.keyboardShortcut, let trigger = try? KeyboardShortcut(keys).trigger,
                (try? library.find(preference.identifier)) != nil
            else { return nil }
            return Binding(identifier: preference.identifier, name: preference.name, trigger: trigger)
        }.sorted { $0.identifier < $1.identifier }
    }

    /// Listens for the portal's answers and key presses.
    func start(_ bus: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer) {
        _ = ssd_match(
            bus, "type='signal',sender='\(Self.name)',interface='org.freedesktop.portal.Request',member='Response'", portalSignal, context)
        _ = ssd_match(bus, "type='signal',sender='\(Self.name)',interface='\(Self.interface)',member='Activated'", portalSignal, context)
        _ = ssd_match(
            bus, "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.name)'", portalSignal, context)
    }

    /// Binds `bindings`, in a new session when they differ from what is bound.
    func bind(_ bindings: [Binding], bus: UnsafeMutableRawPointer) {
        wanted = bindings
        guard !isCreating, bindings != bound || (session == nil && !bindings.isEmpty) else { return }
        // A session binds once: close it and make another. Its path is known from the token, so
        // one left from an earlier attempt the portal still holds is closed too.
        if let own = sessionPath(bus) {
            call(bus, path: session ?? own, interface: "org.freedesktop.portal.Session", member: "Close", [], quietly: true)
        }
        session = nil
        bound = []
        guard !bindings.isEmpty else { return }
        isCreating = true
        // Where the portal registers host apps (x-d-p ≥ 1.19.3), say which app this is, once
        // to each portal and before its first session.
        if !isRegistered {
            isRegistered = true
            _ = call(
                bus, path: Self.path, interface: "org.freedesktop.host.portal.Registry", member: "Register",
                [.string(DesktopNames.appID), .dictionary([])], quietly: true)
        }
        request(bus, member: "CreateSession", [.dictionary([("session_handle_token", .string(Self.sessionToken))])]) {
            [self] code, results in
            isCreating = false
            guard code == 0, let handle = results["session_handle"]?.text else {
                service.log.write("the desktop portal made no GlobalShortcuts session (response \(code)); keyboard shortcuts are off")
                return
            }
            session = handle
            let wanted = self.wanted
            let shortcuts = wanted.map { binding in
                DBusValue.structure([
                    .string(binding.identifier),
                    .dictionary([("description", .string("Run “\(binding.name)”")), ("preferred_trigger", .string(binding.trigger))]),
                ])
            }
            request(bus, member: "BindShortcuts", [.objectPath(handle), .array(element: "(sa{sv})", shortcuts), .string("")]) {
                [self] code, results in
                guard code == 0 else {
                    service.log.write("the desktop portal didn't bind the keyboard shortcuts (response \(code): refused or cancelled)")
                    return
                }
                bound = wanted
                let given = Set(
                    results["shortcuts"]?.elements.compactMap { element -> String? in
                        if case .structure(let fields) = element { return fields.first?.text }
                        return nil
                    } ?? [])
                for binding in wanted where !given.contains(binding.identifier) {
                    service.log.write("the desktop didn't bind \(binding.trigger) for “\(binding.name)” (taken, or refused)")
                }
                service.log.write("bound \(given.count) keyboard shortcut(s) through the desktop portal")
                if self.wanted != wanted { bind(self.wanted, bus: bus) }
            }
        }
    }

    /// A portal signal: a request's answer, or a key press.
    func received(_ message: UnsafeMutableRawPointer) {
        guard let member = ssd_message_member(message).map(String.init(cString:)),
            let path = ssd_message_path(message).map(String.init(cString:)), let values = DBusValue.readAll(from: message)
        else { return }
        switch member {
        case "NameOwnerChanged":
            guard values.count == 3, let old = values[1].text, let new = values[2].text else { return }
            // A portal that appears where none was is the one this service's own calls started
            // (or one started later): what was asked of the bus went to it, so an answer that is
            // awaited still comes. One that went or was replaced took what it knew along: bind anew.
            if !old.isEmpty {
                isRegistered = false
                session = nil
                bound = []
                pending = [:]
                isCreating = false
            }
            if !new.isEmpty, session == nil, !isCreating, let bus = ssd_message_bus(message) { bind(wanted, bus: bus) }
        case "Response":
            guard let answer = pending.removeValue(forKey: path), values.count == 2, let code = values[0].integer else { return }
            answer(UInt32(code), values[1])
        case "Activated":
            guard values.count >= 2, values[0].text == session, let identifier = values[1].text,
                let binding = bound.first(where: { $0.identifier == identifier })
            else { return }
            service.runInBackground(
                .shortcut(identifier: identifier), title: binding.name,
                client: ClientIdentity(processIdentifier: 0, userIdentifier: getuid(), executable: nil), trigger: "Keyboard shortcut")
        default:
            return
        }
    }

    /// Calls a portal method that answers with a request, and hands its Response to `answer`.
    private func request(
        _ bus: UnsafeMutableRawPointer, member: String, _ arguments: [DBusValue], answer: @escaping (UInt32, DBusValue) -> Void
    ) {
        requests += 1
        let token = "swiftshortcuts\(requests)"
        guard let sender = sender(bus) else { return }
        let requestPath = "\(Self.path)/request/\(sender)/\(token)"
        pending[requestPath] = answer
        var options = [(String, DBusValue)]()
        options.append(("handle_token", .string(token)))
        var values = arguments
        // The options are the last argument: the given ones with the handle token added.
        if case .array(_, let given)? = values.last, values.last?.signature == "a{sv}" {
            values[values.count - 1] = .array(element: "{sv}", given + options.map { .entry(.string($0.0), .variant($0.1)) })
        } else {
            values.append(.dictionary(options))
        }
        if call(bus, path: Self.path, interface: Self.interface, member: member, values) == nil {
            pending[requestPath] = nil
            if member == "CreateSession" { isCreating = false }
        }
    }

    /// This connection's name as the portal's object paths write it (":1.42" → "1_42").
    private func sender(_ bus: UnsafeMutableRawPointer) -> String? {
        ssd_unique_name(bus).map { String(cString: $0).dropFirst().replacingOccurrences(of: ".", with: "_") }
    }

    /// Where the portal puts this connection's session.
    private func sessionPath(_ bus: UnsafeMutableRawPointer) -> String? {
        sender(bus).map { "\(Self.path)/session/\($0)/\(Self.sessionToken)" }
    }

    /// A method call to the portal, waited for; nil when it failed, which is logged unless `quietly`.
    @discardableResult
    private func call(
        _ bus: UnsafeMutableRawPointer, path: String, interface: String, member: String, _ arguments: [DBusValue], quietly: Bool = false
    ) -> [DBusValue]? {
        var message: UnsafeMutableRawPointer?
        guard ssd_new_method_call(bus, Self.name, path, interface, member, &message) >= 0, let message else { return nil }
        guard DBusValue.append(arguments, to: message) >= 0 else {
            ssd_message_unref(message)
            return nil
        }
        var reply: UnsafeMutableRawPointer?
        var error = [CChar](repeating: 0, count: 512)
        let result = ssd_call(bus, message, 5_000_000, &reply, &error, error.count)
        guard result >= 0, let reply else {
            if !quietly {
                let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                service.log.write("the desktop portal's \(member) failed: \(reason); keyboard shortcuts need a portal with GlobalShortcuts")
            }
            return nil
        }
        defer { ssd_message_unref(reply) }
        return DBusValue.readAll(from: reply)
    }
}

/// sd-bus's callback for the portal's signals: back to the portal on the bus thread.
private func portalSignal(_ message: UnsafeMutableRawPointer?, _ userdata: UnsafeMutableRawPointer?) {
    guard let message, let userdata else { return }
    Unmanaged<GlobalShortcutsPortal>.fromOpaque(userdata).takeUnretainedValue().received(message)
}
