import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The accessibility switches of macOS (`com.apple.UniversalAccess.UASettingsShortcuts.*`) and
/// iOS (`com.apple.AccessibilityUtilities.AXSettingsShortcuts.*`), as GNOME's accessibility
/// settings (gsettings): each takes `operation` (`turn` or `toggle`) and `state` (on or off), as
/// Apple's intents do.
enum AccessibilityToggles {
    /// One switch: Apple's intent name and title, and the GNOME key (`inverted` when the key
    /// means the opposite, as `enable-animations` does for Reduce Motion).
    struct Switch {
        var name: String
        var title: String
        var schema: String
        var key: String
        var inverted = false
    }

    static let a11y = "org.gnome.desktop.a11y"

    static let mac: [Switch] = [
        Switch(name: "UAToggleContrastIntent", title: "Toggle Contrast", schema: a11y + ".interface", key: "high-contrast"),
        Switch(
            name: "UAToggleReduceMotionIntent", title: "Toggle Reduce Motion", schema: "org.gnome.desktop.interface",
            key: "enable-animations",
            inverted: true),
        Switch(name: "UAToggleZoomIntent", title: "Toggle Zoom", schema: a11y + ".applications", key: "screen-magnifier-enabled"),
        Switch(name: "UAToggleClassicInvertIntent", title: "Toggle Classic Invert", schema: a11y + ".magnifier", key: "invert-lightness"),
        Switch(name: "UAToggleVoiceOverIntent", title: "Toggle VoiceOver", schema: a11y + ".applications", key: "screen-reader-enabled"),
        Switch(
            name: "UAToggleAccessibilityKeyboardIntent", title: "Toggle Accessibility Keyboard", schema: a11y + ".applications",
            key: "screen-keyboard-enabled"),
        Switch(name: "UAToggleMouseKeysIntent", title: "Toggle Mouse Keys", schema: a11y + ".keyboard", key: "mousekeys-enable"),
        Switch(name: "UAToggleSlowKeysIntent", title: "Toggle Slow Keys", schema: a11y + ".keyboard", key: "slowkeys-enable"),
        Switch(name: "UAToggleStickyKeysIntent", title: "Toggle Sticky Keys", schema: a11y + ".keyboard", key: "stickykeys-enable"),
    ]

    static let mobile: [Switch] = [
        Switch(name: "AXToggleContrastIntent", title: "Set Contrast", schema: a11y + ".interface", key: "high-contrast"),
        Switch(
            name: "AXToggleReduceMotionIntent", title: "Set Reduce Motion", schema: "org.gnome.desktop.interface", key: "enable-animations",
            inverted: true),
        Switch(name: "AXToggleZoomIntent", title: "Set Zoom", schema: a11y + ".applications", key: "screen-magnifier-enabled"),
        Switch(name: "AXToggleClassicInvertIntent", title: "Set Classic Invert", schema: a11y + ".magnifier", key: "invert-lightness"),
    ]

    static var all: [ActionDefinition] {
        mac.map { definition($0, prefix: "com.apple.UniversalAccess.UASettingsShortcuts.") }
            + mobile.map { definition($0, prefix: "com.apple.AccessibilityUtilities.AXSettingsShortcuts.") }
    }

    /// `state` as Apple writes it (`on`/`off`, or its numbers 1 and 2) or as a Boolean.
    static func state(_ value: Content, parameter: String) throws -> Bool {
        switch value.text.lowercased() {
        case "", "on", "1", "true", "yes": return true
        case "off", "2", "0", "false", "no": return false
        default: throw ActionFailure("“\(value.text.prefix(40))” is not a state; use on or off", parameter: parameter)
        }
    }

    static func definition(_ item: Switch, prefix: String) -> ActionDefinition {
        var metadata = ActionMetadata(
            identifier: prefix + item.name, title: item.title,
            description:
                "Turns GNOME's \(item.key) (\(item.schema)) \(item.inverted ? "off for on, as it means the opposite, " : "")on or off, or toggles it.",
            parameters: [
                .option("operation", title: "Operation", default: SwitchOperation.turn),
                ParameterMetadata(key: "state", title: "State", type: .enumeration, options: ["on", "off"], defaultValue: "on"),
            ],
            isReadOnly: false, keywords: ["accessibility", "a11y"])
        metadata.app = prefix.hasPrefix("com.apple.UniversalAccess") ? "System Settings" : "Settings"
        return ActionDefinition(metadata: metadata, passesInputThrough: true) { parameters in
            let operation = OptionParameter(parameters, "operation", default: SwitchOperation.turn)
            return { input, run in
                let settings = DesktopSettingsActions.GNOMESettings.self
                let on: Bool
                switch try operation.value(in: run) {
                case .toggle: on = !((try settings.get(item.schema, item.key, doing: item.title, run: run) == "true") != item.inverted)
                case .turn: on = try state(try run.content(parameters["state"]), parameter: "state")
                }
                try settings.set(item.schema, item.key, to: on != item.inverted ? "true" : "false", doing: item.title, run: run)
                return input
            }
        }
    }
}
