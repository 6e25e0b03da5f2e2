import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Alerts for runs with no terminal (the service, automations, a launcher): Show Alert becomes a
/// desktop notification with OK and Cancel buttons when the session's notification server shows
/// buttons (`actions` among its capabilities), and the run waits for the click. Questions that
/// need typed answers still go to `fallback`.
public struct DesktopPrompter: Prompter {
    package let fallback: any Prompter
    package let variables: [String: String]
    /// How long an alert waits for its answer before the run stops.
    package let timeout: Duration

    public init(fallback: any Prompter, variables: [String: String], timeout: Duration = .seconds(600)) {
        self.fallback = fallback
        self.variables = variables
        self.timeout = timeout
    }

    public func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String {
        try fallback.ask(prompt, defaultAnswer: defaultAnswer, inputType: inputType)
    }

    public func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        try fallback.choose(prompt, options: options, multiple: multiple)
    }

    package static let path = "/org/freedesktop/Notifications"
    package static let interface = "org.freedesktop.Notifications"

    public func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool {
        guard let bus = try? DBusConnection(.session, environment: variables),
            let capabilities = try? bus.call(RequiredService.notifications.busName, Self.path, Self.interface, "GetCapabilities").first,
            capabilities.textElements.contains("actions")
        else {
            return try fallback.confirm(title: title, message: message, allowsCancel: allowsCancel)
        }
        let buttons = allowsCancel ? ["ok", "OK", "cancel", "Cancel"] : ["ok", "OK"]
        let watch = try? bus.watch("type='signal',interface='\(Self.interface)',path='\(Self.path)'")
        let hints: DBusValue = .dictionary([("urgency", .byte(2)), ("resident", .bool(allowsCancel))])
        guard
            let id = try? bus.call(
                RequiredService.notifications.busName, Self.path, Self.interface, "Notify",
                [
                    .string("Shortcuts"), .uint32(0), .string("org.swiftshortcuts.Shortcuts"), .string(title.isEmpty ? "Shortcuts" : title),
                    .string(message), .strings(buttons), hints, .int32(0),
                ]
            ).first?.integer
        else {
            return try fallback.confirm(title: title, message: message, allowsCancel: allowsCancel)
        }
        // An alert with only OK can't change the run; it is shown and the run goes on.
        guard allowsCancel, let watch else { return true }
        let deadline = ContinuousClock.now + timeout
        while let signal = try? watch.next(before: deadline) {
            guard signal.arguments.first?.integer == id else { continue }
            switch signal.member {
            case "ActionInvoked": return signal.arguments.count > 1 && signal.arguments[1].text == "ok"
            // Dismissed without a button: Cancel, as closing Apple's alert is.
            case "NotificationClosed": return false
            default: continue
            }
        }
        _ = try? bus.call(RequiredService.notifications.busName, Self.path, Self.interface, "CloseNotification", [.uint32(UInt32(id))])
        throw ActionFailure("the alert \"\(title.isEmpty ? message : title)\" got no answer within \(timeout)", code: .cancelled)
    }
}
