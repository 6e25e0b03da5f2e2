import Foundation

/// The history as text for people: `shortcuts runs` and `shortcuts runs show`, and MCP's tools.
public enum HistoryText {
    /// A table of runs, newest first, with each failure's place and message under its run.
    public static func list(_ runs: [RunRecord], timeZone: TimeZone = .current) -> String {
        guard !runs.isEmpty else { return "No runs recorded.\n" }
        var rows = [["RUN", "STARTED", "STATUS", "TIME", "TRIGGER", "SHORTCUT"]]
        var notes: [Int: String] = [:]
        for run in runs {
            rows.append([
                String(run.id.prefix(8)), localTime(run.start, timeZone: timeZone, milliseconds: false), run.status.rawValue,
                run.end.map { seconds($0.timeIntervalSince(run.start)) } ?? "—", run.trigger, run.shortcut,
            ])
            if let failure = run.failure { notes[rows.count - 1] = "    " + place(failure) }
        }
        return table(rows, rightAligned: [3], notes: notes)
    }

    /// One run: how it went, its trace with the failing step marked, and its profile.
    public static func details(_ details: RunDetails, timeZone: TimeZone = .current) -> String {
        let run = details.run
        var text = "Run \(run.id) of \"\(run.shortcut)\"" + (run.identifier.map { " (\($0))" } ?? "") + "\n"
        text += "Started \(localTime(run.start, timeZone: timeZone, milliseconds: true)) from \(run.trigger), pid \(run.processID)"
        if let end = run.end {
            text += "; \(run.status.rawValue) after \(seconds(end.timeIntervalSince(run.start)))\n"
        } else {
            text += "; still running\n"
        }
        if let input = run.input { text += "Input: \(summary(input))\n" }
        if let output = run.output { text += "Output: \(summary(output))\n" }
        if let failure = run.failure { text += "Error: \(place(failure))\n" }
        if let fileHash = run.fileHash { text += "File hash: \(fileHash)\n" }
        guard !details.steps.isEmpty || !details.profile.isEmpty else { return text }

        let total = run.steps ?? details.steps.count
        text +=
            "\nTrace ("
            + (details.steps.count < total
                ? "the first \(details.steps.count) of \(total) steps" : total == 1 ? "1 step" : "\(total) steps") + "):\n"
        var rows = [["STEP", "ACTION", "IDENTIFIER", "START", "TIME", "OUTPUT"]]
        var notes: [Int: String] = [:]
        for step in details.steps {
            rows.append([
                String(step.position), String(step.actionIndex), shortIdentifier(step.identifier),
                milliseconds(step.startNanoseconds), milliseconds(step.durationNanoseconds), step.output.map(summary) ?? "",
            ])
        }
        // The last kept step is where a failed run stopped, when all its steps were kept.
        if let failure = run.failure, let last = details.steps.last, details.steps.count == total,
            failure.actionIndex == last.actionIndex
        {
            notes[rows.count - 1] = "       ✗ failed here: " + (failure.parameter.map { "\($0): " } ?? "") + failure.message
        }
        text += table(rows, rightAligned: [0, 1, 3, 4], notes: notes, indent: "  ")
        text += "\nProfile (every action that ran: how often, and for how long in all):\n"
        var profile = [["ACTION", "IDENTIFIER", "COUNT", "TOTAL", "MEAN"]]
        for action in details.profile {
            profile.append([
                String(action.actionIndex), shortIdentifier(action.identifier), String(action.count),
                milliseconds(action.totalNanoseconds),
                milliseconds(action.count > 0 ? action.totalNanoseconds / Int64(action.count) : 0),
            ])
        }
        text += table(profile, rightAligned: [0, 2, 3, 4], indent: "  ")
        return text
    }

    /// "action 3 (is.workflow.actions.math), parameter WFMathOperand: expected a number".
    public static func place(_ failure: RunRecord.Failure) -> String {
        var text = ""
        if let index = failure.actionIndex {
            text += "action \(index)" + (failure.identifier.map { " (\($0))" } ?? "")
            if let parameter = failure.parameter { text += ", parameter \(parameter)" }
            text += ": "
        }
        return text + failure.message
    }

    private static func summary(_ summary: RunRecord.Summary) -> String {
        guard let preview = summary.preview, !preview.isEmpty else { return summary.type }
        return "\(summary.type) \"\(preview)\""
    }

    private static func shortIdentifier(_ identifier: String) -> String {
        identifier.hasPrefix("is.workflow.actions.") ? String(identifier.dropFirst("is.workflow.actions.".count)) : identifier
    }

    static func seconds(_ interval: TimeInterval) -> String {
        interval < 10 ? String(format: "%.3f s", interval) : String(format: "%.1f s", interval)
    }

    static func milliseconds(_ nanoseconds: Int64) -> String { String(format: "%.3f ms", Double(nanoseconds) / 1e6) }

    static func localTime(_ date: Date, timeZone: TimeZone, milliseconds: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        var text = String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0)
        if milliseconds { text += String(format: ".%03d", (parts.nanosecond ?? 0) / 1_000_000) }
        return text
    }

    /// Columns padded to their widest cell; `notes` are lines printed under the row they key.
    private static func table(_ rows: [[String]], rightAligned: Set<Int>, notes: [Int: String] = [:], indent: String = "") -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for (number, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == row.count - 1 && !rightAligned.contains(column)
                    ? cell : rightAligned.contains(column) ? padding + cell : cell + padding
            }
            text += indent + cells.joined(separator: "  ") + "\n"
            if let note = notes[number] { text += indent + note + "\n" }
        }
        return text
    }
}
