import Foundation

/// How far one run may go: a run past a limit fails naming the action and the limit, and
/// whatever runs it (the service, other runs) goes on. A run started with Run Shortcut counts
/// towards the run that started it.
///
/// | Limit | Default | Variable | `settings.json` |
/// | --- | --- | --- | --- |
/// | actions executed | 100,000,000 | `SHORTCUTS_MAX_ACTIONS` | `limits.actions` |
/// | wall time | 1 hour | `SHORTCUTS_MAX_RUN_SECONDS` | `limits.seconds` |
/// | one value: bytes of text or a file | 256 MiB | `SHORTCUTS_MAX_VALUE_BYTES` | `limits.valueBytes` |
/// | one value: items of a list | 10,000,000 | `SHORTCUTS_MAX_LIST_ITEMS` | `limits.listItems` |
/// | every value the run holds | 1 GiB | `SHORTCUTS_MAX_RUN_BYTES` | `limits.runBytes` |
///
/// Zero turns a limit off.
public struct RunLimits: Codable, Equatable, Sendable {
    public var actions: Int
    public var seconds: Double
    public var valueBytes: Int
    public var listItems: Int
    public var runBytes: Int

    public init(
        actions: Int = 100_000_000, seconds: Double = 3600, valueBytes: Int = 256 << 20, listItems: Int = 10_000_000,
        runBytes: Int = 1 << 30
    ) {
        self.actions = actions
        self.seconds = seconds
        self.valueBytes = valueBytes
        self.listItems = listItems
        self.runBytes = runBytes
    }

    /// The defaults in the table above.
    public static let standard = RunLimits()
    /// No limit at all.
    public static let unlimited = RunLimits(actions: 0, seconds: 0, valueBytes: 0, listItems: 0, runBytes: 0)

    enum CodingKeys: String, CodingKey {
        case actions, seconds, valueBytes, listItems, runBytes
    }

    /// Only the limits that differ from the defaults are written.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let standard = RunLimits.standard
        if actions != standard.actions { try container.encode(actions, forKey: .actions) }
        if seconds != standard.seconds { try container.encode(seconds, forKey: .seconds) }
        if valueBytes != standard.valueBytes { try container.encode(valueBytes, forKey: .valueBytes) }
        if listItems != standard.listItems { try container.encode(listItems, forKey: .listItems) }
        if runBytes != standard.runBytes { try container.encode(runBytes, forKey: .runBytes) }
    }

    /// The limits as people read them: `actions 100000000, seconds 3600, …`, 0 shown as none.
    public var summary: String {
        Self.all.map { limit in
            let value = self[limit]
            return "\(limit.key) \(value == 0 ? "none" : NumberText.format(value))"
        }.joined(separator: ", ")
    }

    /// Settings may name only some limits; the others keep their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let standard = RunLimits.standard
        actions = try container.decodeIfPresent(Int.self, forKey: .actions) ?? standard.actions
        seconds = try container.decodeIfPresent(Double.self, forKey: .seconds) ?? standard.seconds
        valueBytes = try container.decodeIfPresent(Int.self, forKey: .valueBytes) ?? standard.valueBytes
        listItems = try container.decodeIfPresent(Int.self, forKey: .listItems) ?? standard.listItems
        runBytes = try container.decodeIfPresent(Int.self, forKey: .runBytes) ?? standard.runBytes
    }

    /// One limit: its settings key, the variable that overrides it, and where it is kept.
    public struct Limit: Sendable {
        public var key: String
        public var variable: String
        /// A count or size (whole numbers), or the seconds (which may have a fraction).
        let field: Field

        enum Field: Sendable {
            case whole(WritableKeyPath<RunLimits, Int> & Sendable)
            case seconds(WritableKeyPath<RunLimits, Double> & Sendable)
        }
    }

    /// The limits, each with its key and variable, for settings and their errors.
    public static let all: [Limit] = [
        Limit(key: "actions", variable: "SHORTCUTS_MAX_ACTIONS", field: .whole(\.actions)),
        Limit(key: "seconds", variable: "SHORTCUTS_MAX_RUN_SECONDS", field: .seconds(\.seconds)),
        Limit(key: "valueBytes", variable: "SHORTCUTS_MAX_VALUE_BYTES", field: .whole(\.valueBytes)),
        Limit(key: "listItems", variable: "SHORTCUTS_MAX_LIST_ITEMS", field: .whole(\.listItems)),
        Limit(key: "runBytes", variable: "SHORTCUTS_MAX_RUN_BYTES", field: .whole(\.runBytes)),
    ]

    /// One limit's value, as a number.
    public subscript(limit: Limit) -> Double {
        get {
            switch limit.field {
            case .whole(let path): Double(self[keyPath: path])
            case .seconds(let path): self[keyPath: path]
            }
        }
        set {
            switch limit.field {
            case .whole(let path): self[keyPath: path] = Int(newValue)
            case .seconds(let path): self[keyPath: path] = newValue
            }
        }
    }

    /// A limit's value read from text: a whole number of at least zero (seconds may have a
    /// fraction), up to 2⁶²; `nil` otherwise.
    public static func value(_ text: String, for limit: Limit) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0, value < 0x1p62 else {
            return nil
        }
        if case .seconds = limit.field { return value }
        return value == value.rounded(.towardZero) ? value : nil
    }

    /// These limits with the variables set in `variables` taking their place; a value that
    /// isn't a number is reported through `warn` and ignored.
    public func overridden(by variables: [String: String], warn: (String) -> Void = { _ in }) -> RunLimits {
        var limits = self
        for limit in Self.all {
            guard let text = variables[limit.variable], !text.isEmpty else { continue }
            guard let value = Self.value(text, for: limit) else {
                warn("\(limit.variable)=\(text) is not a limit (a number, 0 for none); it is ignored")
                continue
            }
            limits[limit] = value
        }
        return limits
    }
}
