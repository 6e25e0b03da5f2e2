import Foundation
import ShortcutsRPC

/// The history as JSON, the same for `shortcuts runs --json`, the service and MCP: dates in
/// ISO 8601 with milliseconds, action indices counting from 1, absent values left out.
extension RunRecord {
    public var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id),
            "shortcut": ["name": .string(shortcut), "identifier": identifier.map(JSONValue.string) ?? .null],
            "trigger": .string(trigger),
            "start": .string(HistoryDates.text(start)),
        ]
        if let end { object["end"] = .string(HistoryDates.text(end)) }
        object["status"] = .string(status.rawValue)
        if let end { object["durationSeconds"] = .number((end.timeIntervalSince(start) * 1000).rounded() / 1000) }
        if let failure { object["error"] = failure.json }
        if let input { object["input"] = input.json }
        if let output { object["output"] = output.json }
        if let steps { object["steps"] = .number(Double(steps)) }
        if let fileHash { object["fileHash"] = .string(fileHash) }
        object["pid"] = .number(Double(processID))
        return .object(object)
    }
}

extension RunRecord.Failure {
    public var json: JSONValue {
        var object: JSONObject = [:]
        if let actionIndex { object["actionIndex"] = .number(Double(actionIndex)) }
        if let identifier { object["identifier"] = .string(identifier) }
        if let parameter { object["parameter"] = .string(parameter) }
        object["message"] = .string(message)
        object["code"] = .string(code)
        return .object(object)
    }
}

extension RunRecord.Summary {
    public var json: JSONValue {
        var object: JSONObject = ["type": .string(type)]
        if let preview { object["preview"] = .string(preview) }
        return .object(object)
    }
}

extension RunDetails {
    /// The run's object with its `trace` (the kept steps) and `profile` (every action that ran).
    public var json: JSONValue {
        guard case .object(var object) = run.json else { return run.json }
        object["trace"] = .array(
            steps.map { step in
                var entry: JSONObject = [
                    "step": .number(Double(step.position)), "actionIndex": .number(Double(step.actionIndex)),
                    "identifier": .string(step.identifier), "startMilliseconds": .number(Self.milliseconds(step.startNanoseconds)),
                    "durationMilliseconds": .number(Self.milliseconds(step.durationNanoseconds)),
                ]
                if let output = step.output { entry["output"] = output.json }
                return .object(entry)
            })
        object["profile"] = .array(
            profile.map { action in
                [
                    "actionIndex": .number(Double(action.actionIndex)), "identifier": .string(action.identifier),
                    "count": .number(Double(action.count)), "totalMilliseconds": .number(Self.milliseconds(action.totalNanoseconds)),
                ]
            })
        return .object(object)
    }

    /// Nanoseconds as milliseconds to the microsecond.
    static func milliseconds(_ nanoseconds: Int64) -> Double { (Double(nanoseconds) / 1000).rounded() / 1000 }
}

/// The history's dates as text: ISO 8601 in UTC with milliseconds, and the dates `--since` takes.
public enum HistoryDates {
    public static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// A date for `--since`: an ISO 8601 date (`2026-12-01`, local midnight) or date and time,
    /// `today`, `yesterday`, or a span back from now (`30m`, `2h`, `7d`).
    public static func parse(_ text: String, now: Date = Date(), calendar: Calendar = .current) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "today": return calendar.startOfDay(for: now)
        case "yesterday": return calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now))
        default: break
        }
        if let unit = trimmed.last, let amount = Double(trimmed.dropLast()), amount >= 0 {
            let seconds: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
            if let scale = seconds[unit] { return now.addingTimeInterval(-amount * scale) }
        }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        let parts = trimmed.split(separator: "-").compactMap { Int($0) }
        if parts.count == 3, trimmed.count == 10 {
            return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
        }
        return nil
    }
}
