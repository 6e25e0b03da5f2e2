import Foundation

/// A shortcut that runs by itself: when, what with, and what to do when it is still running.
///
/// Stored in `$SHORTCUTS_HOME/automations.json` (``AutomationStore``), so automations travel with
/// the library; each becomes systemd user units (``SystemdUnits``).
public struct Automation: Codable, Equatable, Sendable {
    /// What starts it.
    public enum Trigger: Equatable, Sendable {
        /// Every day, or on the given days, at a time of day (local time).
        case at(hour: Int, minute: Int, days: [Weekday])
        /// Every so many seconds, from when it was enabled (and from each boot).
        case every(seconds: Int)
        /// A systemd calendar expression (`Mon..Fri *-*-* 09:00`, `hourly`…).
        case calendar(String)
        /// When the user logs in (their systemd manager starts).
        case atLogin
        /// When a file arrives in a folder; the run's input is the new files.
        case fileAdded(folder: String)
        /// When a file in a folder is written; the run's input is the changed files.
        case fileChanged(folder: String)
        /// When NetworkManager's state changes (connected, disconnected…); the input says to what.
        case networkChange
        /// When power is plugged in or out (UPower's OnBattery), or, with a level, when the battery
        /// falls below it; the input says what happened.
        case powerChange(batteryBelow: Int?)

        /// Whether shortcutsd keeps it (it follows the system's D-Bus signals), not a systemd unit.
        public var isEvent: Bool {
            switch self {
            case .networkChange, .powerChange: true
            default: false
            }
        }

        /// Whether the trigger watches a folder.
        public var folder: String? {
            switch self {
            case .fileAdded(let folder), .fileChanged(let folder): folder
            default: nil
            }
        }

        /// "at 07:30 on Mon, Tue", "every 15 min", "when a file is added to ~/Inbox"…
        public var summary: String {
            switch self {
            case .at(let hour, let minute, let days):
                let time = String(format: "%02d:%02d", hour, minute)
                return days.isEmpty ? "every day at \(time)" : "at \(time) on " + days.map(\.title).joined(separator: ", ")
            case .every(let seconds): return "every " + TimeSpan.text(seconds)
            case .calendar(let spec): return "on the calendar \(spec)"
            case .atLogin: return "at login"
            case .fileAdded(let folder): return "when a file is added to \(folder)"
            case .fileChanged(let folder): return "when a file changes in \(folder)"
            case .networkChange: return "when the network changes"
            case .powerChange(let level?): return "when the battery falls below \(level)%"
            case .powerChange(nil): return "when power is plugged in or out"
            }
        }
    }

    /// What to do when the trigger fires while the last run is still going (Home Assistant's run modes).
    public enum IfRunning: String, Codable, Sendable, CaseIterable {
        /// Don't start another run.
        case skip
        /// Start it once the running one ends.
        case queue
    }

    public enum Weekday: String, Codable, Sendable, CaseIterable {
        case mon, tue, wed, thu, fri, sat, sun

        var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    public var name: String
    /// The shortcut it runs: a name or identifier in the library.
    public var shortcut: String
    public var trigger: Trigger
    /// Text the run gets as input (a folder trigger's runs get the files instead).
    public var input: String?
    public var isEnabled: Bool
    public var ifRunning: IfRunning
    /// The systemd units' name, without suffix, chosen when it was added.
    public var unitName: String

    public init(
        name: String, shortcut: String, trigger: Trigger, input: String? = nil, isEnabled: Bool = true,
        ifRunning: IfRunning = .skip, unitName: String
    ) {
        self.name = name
        self.shortcut = shortcut
        self.trigger = trigger
        self.input = input
        self.isEnabled = isEnabled
        self.ifRunning = ifRunning
        self.unitName = unitName
    }

    enum CodingKeys: String, CodingKey { case name, shortcut, trigger, input, enabled, ifRunning, unitName }

    private enum TriggerKeys: String, CodingKey { case kind, time, days, seconds, calendar, folder, batteryBelow }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        shortcut = try container.decode(String.self, forKey: .shortcut)
        input = try container.decodeIfPresent(String.self, forKey: .input)
        isEnabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        ifRunning = try container.decodeIfPresent(IfRunning.self, forKey: .ifRunning) ?? .skip
        unitName = try container.decode(String.self, forKey: .unitName)
        let trigger = try container.nestedContainer(keyedBy: TriggerKeys.self, forKey: .trigger)
        let kind = try trigger.decode(String.self, forKey: .kind)
        switch kind {
        case "at":
            let time = try trigger.decode(String.self, forKey: .time)
            guard let (hour, minute) = Self.time(time) else {
                throw DecodingError.dataCorruptedError(forKey: .time, in: trigger, debugDescription: "\(time) is not HH:MM")
            }
            self.trigger = .at(hour: hour, minute: minute, days: try trigger.decodeIfPresent([Weekday].self, forKey: .days) ?? [])
        case "every": self.trigger = .every(seconds: try trigger.decode(Int.self, forKey: .seconds))
        case "calendar": self.trigger = .calendar(try trigger.decode(String.self, forKey: .calendar))
        case "login": self.trigger = .atLogin
        case "fileAdded": self.trigger = .fileAdded(folder: try trigger.decode(String.self, forKey: .folder))
        case "fileChanged": self.trigger = .fileChanged(folder: try trigger.decode(String.self, forKey: .folder))
        case "network": self.trigger = .networkChange
        case "power": self.trigger = .powerChange(batteryBelow: try trigger.decodeIfPresent(Int.self, forKey: .batteryBelow))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: trigger, debugDescription: "\(kind) is not a trigger this shortcuts knows; update shortcuts")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(shortcut, forKey: .shortcut)
        var trigger = container.nestedContainer(keyedBy: TriggerKeys.self, forKey: .trigger)
        switch self.trigger {
        case .at(let hour, let minute, let days):
            try trigger.encode("at", forKey: .kind)
            try trigger.encode(String(format: "%02d:%02d", hour, minute), forKey: .time)
            if !days.isEmpty { try trigger.encode(days, forKey: .days) }
        case .every(let seconds):
            try trigger.encode("every", forKey: .kind)
            try trigger.encode(seconds, forKey: .seconds)
        case .calendar(let spec):
            try trigger.encode("calendar", forKey: .kind)
            try trigger.encode(spec, forKey: .calendar)
        case .atLogin: try trigger.encode("login", forKey: .kind)
        case .fileAdded(let folder):
            try trigger.encode("fileAdded", forKey: .kind)
            try trigger.encode(folder, forKey: .folder)
        case .fileChanged(let folder):
            try trigger.encode("fileChanged", forKey: .kind)
            try trigger.encode(folder, forKey: .folder)
        case .networkChange: try trigger.encode("network", forKey: .kind)
        case .powerChange(let level):
            try trigger.encode("power", forKey: .kind)
            try trigger.encodeIfPresent(level, forKey: .batteryBelow)
        }
        try container.encodeIfPresent(input, forKey: .input)
        try container.encode(isEnabled, forKey: .enabled)
        try container.encode(ifRunning, forKey: .ifRunning)
        try container.encode(unitName, forKey: .unitName)
    }

    /// `HH:MM` (24-hour) as hour and minute.
    public static func time(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return (hour, minute)
    }
}

/// Durations as `--every` takes them: `90s`, `15m`, `2h`, `1d`, or combined (`1h30m`).
public enum TimeSpan {
    public static func seconds(_ text: String) -> Int? {
        var total = 0
        var number = ""
        for character in text.lowercased() {
            if character.isNumber {
                number.append(character)
                continue
            }
            let scale: [Character: Int] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
            guard let unit = scale[character], let amount = Int(number) else { return nil }
            total += amount * unit
            number = ""
        }
        if !number.isEmpty { return nil }
        return total > 0 ? total : nil
    }

    /// "15 min", "1 h 30 min", "45 s".
    public static func text(_ seconds: Int) -> String {
        var parts: [String] = []
        var rest = seconds
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("min", 60), ("s", 1)] where rest >= size {
            parts.append("\(rest / size) \(unit)")
            rest %= size
        }
        return parts.joined(separator: " ")
    }
}
