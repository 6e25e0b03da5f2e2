import Foundation
import RunHistory
import ShortcutsRPC

/// The run history as two read-only tools: the recent runs, and one run's trace, so an agent
/// can see what its calls (and the person's runs) did and where one failed.
enum HistoryTool: String, CaseIterable, Sendable {
    case listRuns = "history.list_runs"
    case showRun = "history.show_run"

    func definition(name: String) -> JSONValue {
        switch self {
        case .listRuns:
            return [
                "name": .string(name), "title": "Recent runs",
                "description": """
                Lists recent runs of shortcuts from every entry point (command line, service, app, MCP), newest \
                first: id, shortcut, what started it, start and end, status, and for a failed run the action \
                (1-based index and identifier), parameter and message.
                """,
                "inputSchema": [
                    "type": "object",
                    "properties": [
                        "shortcut": ["type": "string", "description": "Only this shortcut's runs (name or identifier)."],
                        "status": [
                            "type": "string", "enum": ["succeeded", "failed", "cancelled", "running"],
                            "description": "Only runs that ended so.",
                        ],
                        "since": ["type": "string", "description": "Only runs since: an ISO 8601 date or time, today, yesterday, 2h, 7d…"],
                        "limit": ["type": "integer", "minimum": 1, "maximum": 500, "description": "The most runs (default 20)."],
                    ],
                    "additionalProperties": false,
                ],
                "annotations": ["title": "Recent runs", "readOnlyHint": true],
            ]
        case .showRun:
            return [
                "name": .string(name), "title": "Show a run",
                "description": """
                Shows one run: how it ended, its first steps with their timings and outputs (the failing step \
                last), and for every action how often it ran and for how long in all.
                """,
                "inputSchema": [
                    "type": "object",
                    "properties": ["runID": ["type": "string", "description": "The run's id, or an unambiguous start of it."]],
                    "required": ["runID"], "additionalProperties": false,
                ],
                "annotations": ["title": "Show a run", "readOnlyHint": true],
            ]
        }
    }

    /// The tool's result: the history as text for the agent, and as `structuredContent`.
    func answer(_ arguments: JSONObject, history: RunHistory, tool: Tool) throws -> JSONValue {
        func string(_ key: String) throws -> String? {
            guard let value = arguments[key], !value.isNull else { return nil }
            guard let text = value.stringValue else { throw ToolArguments.Problem("`\(key)` takes text, got \(value.text)") }
            return text
        }
        let known: Set<String> = self == .listRuns ? ["shortcut", "status", "since", "limit"] : ["runID"]
        if let unknown = arguments.keys.first(where: { !known.contains($0) }) {
            throw ToolArguments.Problem(
                "\(tool.name) has no argument named `\(unknown)`; its arguments are "
                    + known.sorted().map { "`\($0)`" }.joined(separator: ", "))
        }
        switch self {
        case .listRuns:
            var query = RunQuery(shortcut: try string("shortcut"), limit: 20)
            if let status = try string("status") {
                guard let known = RunRecord.Status(rawValue: status) else {
                    throw ToolArguments.Problem("`status` takes succeeded, failed, cancelled or running, got \(status)")
                }
                query.status = known
            }
            if let since = try string("since") {
                guard let date = HistoryDates.parse(since) else {
                    throw ToolArguments.Problem(
                        "`since` takes an ISO 8601 date or time, today, yesterday or a span such as 2h, got \(since)")
                }
                query.since = date
            }
            if let limit = arguments["limit"], !limit.isNull {
                guard let number = limit.numberValue, number >= 1, number <= 500, number == number.rounded() else {
                    throw ToolArguments.Problem("`limit` takes a whole number from 1 to 500, got \(limit.text)")
                }
                query.limit = Int(number)
            }
            let runs = FileManager.default.fileExists(atPath: history.path) ? try history.runs(query) : []
            return result(text: HistoryText.list(runs), structured: ["runs": .array(runs.map(\.json))])
        case .showRun:
            guard let id = try string("runID"), !id.isEmpty else { throw ToolArguments.Problem("give `runID`: the run to show") }
            guard FileManager.default.fileExists(atPath: history.path) else {
                throw ToolArguments.Problem("no runs are recorded yet")
            }
            let details: RunDetails
            do {
                details = try history.details(of: id)
            } catch {
                throw ToolArguments.Problem(error.message)
            }
            return result(text: HistoryText.details(details, timeZone: .current), structured: details.json)
        }
    }

    private func result(text: String, structured: JSONValue) -> JSONValue {
        ["content": [["type": "text", "text": .string(text)]], "structuredContent": structured, "isError": false]
    }
}
