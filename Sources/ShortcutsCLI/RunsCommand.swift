import Foundation
import RunHistory
import ShortcutsLibrary
import ShortcutsRPC
import ShortcutsRun

/// `shortcuts runs`: the run history — the runs of every shortcut from every entry point, and
/// one run's trace and profile.
enum RunsCommand {
    static let spec = CommandSpec(
        name: "runs", abstract: "List recent runs, or show one run's steps with their timings.",
        discussion: """
            Every run is recorded, from the command line, the service, the app and MCP, in \
            $XDG_STATE_HOME/shortcuts/runs.sqlite (default ~/.local/state). `runs show <id>` prints a \
            run's first steps (1,000 by default) with their timings and outputs, the failing step, and \
            for every action how often it ran and for how long in all; an id may be shortened to any \
            unambiguous start. `shortcuts settings --history off` stops recording; SHORTCUTS_HISTORY=0 \
            stops it for one process. See docs/HISTORY.md.
            """,
        arguments: [
            ArgumentSpec("shortcut-or-show", help: "Only this shortcut's runs (name or identifier), or `show`.", isOptional: true),
            ArgumentSpec("run-id", help: "With show: the run to show.", isOptional: true),
        ],
        options: options,
        subcommands: [
            CommandSpec(
                name: "show", abstract: "Show one run: its steps with their timings and outputs, and each action's count and time.",
                arguments: [ArgumentSpec("run-id", help: "The run, or any unambiguous start of its id.")], options: [json])
        ])

    static let options: [any OptionDeclaration] = [failed, since, limit, json]
    static let failed = Flag("failed", help: "Only runs that failed.")
    static let since = Option("since", value: "date", help: "Only runs since: 2026-12-01, an ISO 8601 time, today, yesterday, or 2h, 7d…")
    static let limit = Option("limit", value: "count", help: "The most runs to list, newest first (default 50).")
    static let json = Flag("json", help: "Print JSON for scripts.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let history = RunHistory(path: RunHistory.defaultPath(in: environment))
        let positionals = arguments.positionals
        if positionals.first == "show" {
            guard positionals.count == 2 else { throw UsageError("Give the run to show: shortcuts runs show <run-id>", command: spec.name) }
            guard FileManager.default.fileExists(atPath: history.path) else {
                throw CommandFailure("No runs are recorded yet (\(history.path) doesn't exist)")
            }
            let details = try historyCall { () throws(HistoryError) in try history.details(of: positionals[1]) }
            Console.out(arguments[json] ? details.json.text + "\n" : HistoryText.details(details))
            return 0
        }
        guard positionals.count <= 1 else {
            throw UsageError(
                "Unexpected argument '\(positionals[1])'; to show a run, give: shortcuts runs show <run-id>", command: spec.name)
        }
        let query = try query(arguments, shortcut: positionals.first)
        let runs: [RunRecord]
        if FileManager.default.fileExists(atPath: history.path) {
            runs = try historyCall { () throws(HistoryError) in try history.runs(query) }
        } else {
            runs = []
        }
        Console.out(arguments[json] ? JSONValue.array(runs.map(\.json)).text + "\n" : HistoryText.list(runs))
        return 0
    }

    static func query(_ arguments: ParsedArguments, shortcut: String?) throws(UsageError) -> RunQuery {
        var query = RunQuery(shortcut: shortcut, status: arguments[failed] ? .failed : nil)
        if let since = arguments[Self.since] {
            guard let date = HistoryDates.parse(since) else {
                throw UsageError(
                    "--since \(since): give a date (2026-12-01), an ISO 8601 time, today, yesterday, or a span such as 2h or 7d",
                    command: spec.name)
            }
            query.since = date
        }
        if let limit = arguments[Self.limit] {
            guard let count = Int(limit), count > 0 else {
                throw UsageError("--limit \(limit): give a whole number above 0", command: spec.name)
            }
            query.limit = count
        }
        return query
    }

    private static func historyCall<Result>(_ body: () throws(HistoryError) -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw CommandFailure(error.message)
        }
    }
}
