import Foundation

/// A keyboard shortcut such as Ctrl+Alt+H, read from the ways people and desktops write it and
/// written the way each desktop wants it.
///
/// ```swift
/// let keys = try KeyboardShortcut("ctrl+alt+h")
/// keys.trigger    // "CTRL+ALT+h"          (the XDG shortcuts syntax the portal takes)
/// keys.gnome      // "<Control><Alt>h"      (gsettings custom keybindings)
/// keys.kde        // "Ctrl+Alt+H"           (X-KDE-Shortcuts)
/// keys.sway       // "Ctrl+Mod1+h"          (sway and i3 bindsym)
/// keys.hyprland   // "CTRL ALT, h"          (Hyprland bind)
/// ```
public struct KeyboardShortcut: Sendable, Hashable, CustomStringConvertible {
    public enum Modifier: Int, Sendable, Hashable, CaseIterable, Comparable {
        case control, alt, shift, logo

        public static func < (lhs: Modifier, rhs: Modifier) -> Bool { lhs.rawValue < rhs.rawValue }

        static let names: [String: Modifier] = [
            "ctrl": .control, "control": .control, "primary": .control, "alt": .alt, "mod1": .alt, "shift": .shift, "logo": .logo,
            "super": .logo, "meta": .logo, "win": .logo, "mod4": .logo, "cmd": .logo, "command": .logo,
        ]
    }

    public var modifiers: Set<Modifier>
    /// The key as an X keysym name: a lower-case letter or digit, `F5`, `Return`, `space`…
    public var key: String

    /// Why a keyboard shortcut can't be read.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads `CTRL+ALT+h`, `Ctrl+Alt+H`, `<Control><Alt>h` or `Super+Shift+F5`.
    ///
    /// - Throws: ``Problem`` for an unknown modifier or key, or a key without Ctrl, Alt or the logo
    ///   key (it would take that key from typing), function keys excepted.
    public init(_ text: String) throws(Problem) {
        var rest = text.trimmingCharacters(in: .whitespaces)
        var modifiers: Set<Modifier> = []
        while rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            let name = rest[rest.index(after: rest.startIndex)..<close].lowercased()
            guard let modifier = Modifier.names[name] else { throw Problem(description: "\(text): <\(name)> is not a modifier") }
            modifiers.insert(modifier)
            rest = String(rest[rest.index(after: close)...])
        }
        var parts = rest.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        // "Ctrl++" names the plus key.
        if parts.count >= 2, parts.suffix(2) == ["", ""] { parts = parts.dropLast(2) + ["plus"] }
        guard let last = parts.last, !last.isEmpty else {
            throw Problem(description: "\(text): give a key after the modifiers, e.g. CTRL+ALT+h")
        }
        for part in parts.dropLast() {
            guard let modifier = Modifier.names[part.lowercased()] else {
                throw Problem(description: "\(text): \(part) is not a modifier (use CTRL, ALT, SHIFT or LOGO)")
            }
            modifiers.insert(modifier)
        }
        guard let key = Self.keysym(last) else {
            throw Problem(
                description: "\(text): \(last) is not a key (use a letter, a digit, F1–F24, or a name such as Return, space, Escape)")
        }
        let isFunctionKey = key.first == "F" && Int(key.dropFirst()) != nil
        guard isFunctionKey || !modifiers.isDisjoint(with: [.control, .alt, .logo]) else {
            throw Problem(description: "\(text): add CTRL, ALT or LOGO, or the shortcut would take \(last) away from typing")
        }
        self.modifiers = modifiers
        self.key = key
    }

    /// A key's keysym name, or nil for something that isn't one.
    static func keysym(_ text: String) -> String? {
        if text.count == 1, let character = text.first, character.isASCII, character.isLetter || character.isNumber {
            return text.lowercased()
        }
        let lowered = text.lowercased()
        if lowered.first == "f", let number = Int(lowered.dropFirst()), (1...24).contains(number) { return "F\(number)" }
        let named: [String: String] = [
            "return": "Return", "enter": "Return", "space": "space", "escape": "Escape", "esc": "Escape", "tab": "Tab",
            "backspace": "BackSpace", "delete": "Delete", "del": "Delete", "insert": "Insert", "home": "Home", "end": "End",
            "pageup": "Page_Up", "page_up": "Page_Up", "pagedown": "Page_Down", "page_down": "Page_Down", "up": "Up", "down": "Down",
            "left": "Left", "right": "Right", "print": "Print", "plus": "plus", "minus": "minus", "comma": "comma", "period": "period",
            "slash": "slash",
        ]
        return named[lowered]
    }

    private var ordered: [Modifier] { modifiers.sorted() }

    /// The XDG shortcuts syntax (`CTRL+ALT+h`), as the GlobalShortcuts portal takes it.
    public var trigger: String {
        (ordered.map { ["CTRL", "ALT", "SHIFT", "LOGO"][$0.rawValue] } + [key]).joined(separator: "+")
    }

    /// GNOME's accelerator syntax (`<Control><Alt>h`).
    public var gnome: String {
        ordered.map { ["<Control>", "<Alt>", "<Shift>", "<Super>"][$0.rawValue] }.joined() + key
    }

    /// KDE's (`Ctrl+Alt+H`).
    public var kde: String {
        let key = self.key.count == 1 ? self.key.uppercased() : self.key.replacingOccurrences(of: "_", with: "")
        return (ordered.map { ["Ctrl", "Alt", "Shift", "Meta"][$0.rawValue] } + [key]).joined(separator: "+")
    }

    /// sway's and i3's `bindsym` (`Ctrl+Mod1+h`).
    public var sway: String {
        (ordered.map { ["Ctrl", "Mod1", "Shift", "Mod4"][$0.rawValue] } + [key]).joined(separator: "+")
    }

    /// Hyprland's `bind` modifiers and key (`CTRL ALT, h`).
    public var hyprland: String {
        ordered.map { ["CTRL", "ALT", "SHIFT", "SUPER"][$0.rawValue] }.joined(separator: " ") + ", " + key
    }

    public var description: String { trigger }
}
