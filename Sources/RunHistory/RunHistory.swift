import Foundation
import ShortcutsContent
import ShortcutsEngine
import Synchronization

/// The history of runs: one SQLite database (WAL mode, so many processes write at once) at
/// `$XDG_STATE_HOME/shortcuts/runs.sqlite`, readable by its owner alone.
///
/// A run is written twice: a row when it starts (status `running`) and its end, trace and
/// profile when it ends. A run whose process died in between is marked failed ("unfinished")
/// by the next process that opens the history.
///
/// ```swift
/// let history = RunHistory(path: RunHistory.defaultPath(in: ProcessInfo.processInfo.environment))
/// try history.begin(RunRecord(id: id, shortcut: "Hello", identifier: nil, fileHash: nil, trigger: "command line", start: Date()))
/// try history.finish(RunEnding(id: id, status: .succeeded, trace: trace, identifier: program.actionIdentifier(at:)))
/// let recent = try history.runs(RunQuery(shortcut: "Hello"))
/// ```
public struct RunHistory: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// `$XDG_STATE_HOME/shortcuts/runs.sqlite`, or `~/.local/state/shortcuts/runs.sqlite`.
    public static func defaultPath(in environment: [String: String]) -> String {
        UserFolders.stateHome(in: environment) + "/shortcuts/runs.sqlite"
    }

    // MARK: Writing

    /// Records that a run started.
    public func begin(_ run: RunRecord) throws(HistoryError) { try write([.begin(run)]) }

    /// Records how a run ended, with its trace, pruning its shortcut's runs past the retention.
    public func finish(_ ending: RunEnding) throws(HistoryError) { try write([.finish(ending)]) }

    /// Writes changes in one transaction, in their order (``HistoryWriter`` batches a process's).
    public func write(_ changes: [HistoryChange]) throws(HistoryError) {
        guard !changes.isEmpty else { return }
        let lease = try open()
        let database = lease.database
        try database.transaction { () throws(HistoryError) in
            for change in changes {
                switch change {
                case .begin(let run): try insert(run, into: database)
                case .finish(let ending): try record(ending, in: database)
                }
            }
        }
    }

    private func insert(_ run: RunRecord, into database: SQLiteDatabase) throws(HistoryError) {
        try database.run(
            """
            INSERT INTO runs (id, shortcut, identifier, file_hash, trigger, started, status, input_type, input_preview,
                              pid, process_start)
            VALUES (?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?)
            """,
            [
                .text(run.id), .text(run.shortcut), .optional(run.identifier), .optional(run.fileHash), .text(run.trigger),
                .real(run.start.timeIntervalSince1970), .optional(run.input?.type), .optional(run.input?.preview),
                .integer(Int64(run.processID)), .optional(ProcessStart.of(run.processID, cachingOwn: true).map { Int64($0) }),
            ])
    }

    private func record(_ ending: RunEnding, in database: SQLiteDatabase) throws(HistoryError) {
        let id = ending.id
        let failure = ending.failure
        try database.run(
            """
            UPDATE runs SET ended = ?, status = ?, error_index = ?, error_identifier = ?, error_parameter = ?,
                            error_message = ?, error_code = ?, output_type = ?, output_preview = ?, steps = ?
            WHERE id = ?
            """,
            [
                .real(ending.end.timeIntervalSince1970), .text(ending.status.rawValue),
                .optional(failure?.actionIndex.map { Int64($0) }), .optional(failure?.identifier), .optional(failure?.parameter),
                .optional(failure?.message), .optional(failure?.code), .optional(ending.output?.type),
                .optional(ending.output?.preview), .optional(ending.totalSteps.map { Int64($0) }), .text(id),
            ])
        for (position, step) in ending.steps.enumerated() {
            try database.run(
                """
                INSERT INTO steps (run_id, position, action_index, identifier, start_ns, duration_ns, output_type, output_preview)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(id), .integer(Int64(position + 1)), .integer(Int64(step.index + 1)),
                    .text(ending.identifiers[step.index] ?? ""), .integer(Int64(clamping: step.startNanoseconds)),
                    .integer(Int64(clamping: step.durationNanoseconds)), .optional(step.outputType), .optional(step.outputPreview),
                ])
        }
        for action in ending.profile {
            try database.run(
                "INSERT INTO profile (run_id, action_index, identifier, count, total_ns) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(id), .integer(Int64(action.index + 1)), .text(ending.identifiers[action.index] ?? ""),
                    .integer(Int64(action.count)), .integer(Int64(clamping: action.totalNanoseconds)),
                ])
        }
        if let retention = ending.retention {
            // Old runs are looked for on a process's first run and every 100th after.
            let byAge = Self.finishedRuns.add(1, ordering: .relaxed).oldValue % 100 == 0
            _ = try prune(
                in: database, keepPerShortcut: retention.keepPerShortcut, keepDays: byAge ? retention.keepDays : 0,
                keys: [retention.shortcutKey], now: ending.end)
        }
    }

    private static let finishedRuns = Atomic<Int>(0)

    /// Deletes the runs past the retention: all but the newest `keepPerShortcut` of each
    /// shortcut (only `shortcut`'s when given, as after one of its runs), and those older than
    /// `keepDays`. Returns how many went. Runs still going are kept.
    @discardableResult
    public func prune(
        keepPerShortcut: Int, keepDays: Int, shortcut: (name: String, identifier: String?)? = nil, now: Date = Date()
    ) throws(HistoryError) -> Int {
        let lease = try open()
        let database = lease.database
        let keys: [String]
        if let shortcut {
            keys = [shortcut.identifier ?? shortcut.name]
        } else {
            keys = try database.rows("SELECT DISTINCT shortcut_key FROM runs").compactMap { $0.first?.text }
        }
        return try database.transaction { () throws(HistoryError) -> Int in
            try prune(in: database, keepPerShortcut: keepPerShortcut, keepDays: keepDays, keys: keys, now: now)
        }
    }

    fileprivate func prune(
        in database: SQLiteDatabase, keepPerShortcut: Int, keepDays: Int, keys: [String], now: Date
    ) throws(HistoryError) -> Int {
        var removed = 0
        if keepDays > 0 {
            let cutoff = now.timeIntervalSince1970 - Double(keepDays) * 86_400
            removed += try database.run("DELETE FROM runs WHERE started < ? AND status != 'running'", [.real(cutoff)])
        }
        guard keepPerShortcut > 0 else { return removed }
        for key in keys {
            removed += try database.run(
                """
                DELETE FROM runs WHERE shortcut_key = ?1 AND status != 'running' AND started <=
                    (SELECT started FROM runs WHERE shortcut_key = ?1 ORDER BY started DESC LIMIT 1 OFFSET ?2)
                """,
                [.text(key), .integer(Int64(keepPerShortcut))])
        }
        return removed
    }

    /// Marks failed the runs whose process ended without saying how they ended (killed,
    /// crashed, the machine went down), and returns how many. Every process that opens the
    /// history to write does this first.
    @discardableResult
    public func sweepUnfinished() throws(HistoryError) -> Int {
        try sweepUnfinished(in: open().database)
    }

    @discardableResult
    private func sweepUnfinished(in database: SQLiteDatabase) throws(HistoryError) -> Int {
        let running = try database.rows("SELECT id, pid, process_start FROM runs WHERE status = 'running'")
        var swept = 0
        for row in running {
            guard row.count == 3, let id = row[0].text, let pid = row[1].integer else { continue }
            if ProcessStart.isAlive(Int32(clamping: pid), startedAt: row[2].integer.map { UInt64($0) }) { continue }
            swept += try database.run(
                """
                UPDATE runs SET status = 'failed', ended = COALESCE(ended, ?), error_code = 'unfinished',
                    error_message = 'the run did not finish: its process (pid ' || pid || ') ended while it ran'
                WHERE id = ? AND status = 'running'
                """,
                [.real(Date().timeIntervalSince1970), .text(id)])
        }
        return swept
    }

    // MARK: Reading

    /// The runs that match, newest first.
    public func runs(_ query: RunQuery) throws(HistoryError) -> [RunRecord] {
        let lease = try open()
        let database = lease.database
        try sweepUnfinished(in: database)
        var conditions: [String] = []
        var values: [SQLiteDatabase.Value] = []
        if let shortcut = query.shortcut {
            conditions.append("(shortcut = ? COLLATE NOCASE OR identifier = ? COLLATE NOCASE)")
            values += [.text(shortcut), .text(shortcut)]
        }
        if let status = query.status {
            conditions.append("status = ?")
            values.append(.text(status.rawValue))
        }
        if let since = query.since {
            conditions.append("started >= ?")
            values.append(.real(since.timeIntervalSince1970))
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        values.append(.integer(Int64(max(0, query.limit))))
        return try database.rows("SELECT \(Self.runColumns) FROM runs \(filter) ORDER BY started DESC, rowid DESC LIMIT ?", values)
            .map(Self.record)
    }

    /// A run and its trace, by its id or an unambiguous start of it (as git takes a commit's).
    ///
    /// - Throws: ``HistoryError`` when no run or several runs match.
    public func details(of id: String) throws(HistoryError) -> RunDetails {
        let lease = try open()
        let database = lease.database
        try sweepUnfinished(in: database)
        let matches = try database.rows(
            "SELECT \(Self.runColumns) FROM runs WHERE substr(id, 1, length(?1)) = ?1 ORDER BY started DESC LIMIT 5",
            [.text(id)])
        guard !id.isEmpty, let first = matches.first else {
            throw HistoryError("no run has the id \(id); `shortcuts runs` lists them", kind: .notFound)
        }
        guard matches.count == 1 else {
            let ids = matches.compactMap { $0.first?.text }.joined(separator: ", ")
            throw HistoryError("\(id) starts the ids of several runs (\(ids)); give more of it", kind: .ambiguous)
        }
        let run = Self.record(first)
        let steps = try database.rows(
            """
            SELECT position, action_index, identifier, start_ns, duration_ns, output_type, output_preview
            FROM steps WHERE run_id = ? ORDER BY position
            """, [.text(run.id)]
        ).map { row in
            RunDetails.Step(
                position: Int(row[0].integer ?? 0), actionIndex: Int(row[1].integer ?? 0), identifier: row[2].text ?? "",
                startNanoseconds: row[3].integer ?? 0, durationNanoseconds: row[4].integer ?? 0,
                output: row[5].text.map { RunRecord.Summary(type: $0, preview: row[6].text) })
        }
        let profile = try database.rows(
            "SELECT action_index, identifier, count, total_ns FROM profile WHERE run_id = ? ORDER BY action_index", [.text(run.id)]
        ).map { row in
            RunDetails.Profile(
                actionIndex: Int(row[0].integer ?? 0), identifier: row[1].text ?? "", count: Int(row[2].integer ?? 0),
                totalNanoseconds: row[3].integer ?? 0)
        }
        return RunDetails(run: run, steps: steps, profile: profile)
    }

    /// How many runs the history holds.
    public func count() throws(HistoryError) -> Int {
        Int(try open().database.rows("SELECT count(*) FROM runs").first?.first?.integer ?? 0)
    }

    private static let runColumns = """
        id, shortcut, identifier, file_hash, trigger, started, ended, status, error_index, error_identifier,
        error_parameter, error_message, error_code, input_type, input_preview, output_type, output_preview, steps, pid
        """

    private static func record(_ row: [SQLiteDatabase.Value]) -> RunRecord {
        func text(_ column: Int) -> String? { row.indices.contains(column) ? row[column].text : nil }
        func integer(_ column: Int) -> Int64? { row.indices.contains(column) ? row[column].integer : nil }
        func real(_ column: Int) -> Double? { row.indices.contains(column) ? row[column].real : nil }
        let failure = text(11).map { message in
            RunRecord.Failure(
                actionIndex: integer(8).map { Int($0) }, identifier: text(9), parameter: text(10), message: message,
                code: text(12) ?? "actionFailed")
        }
        return RunRecord(
            id: text(0) ?? "", shortcut: text(1) ?? "", identifier: text(2), fileHash: text(3), trigger: text(4) ?? "",
            start: Date(timeIntervalSince1970: real(5) ?? 0), end: real(6).map { Date(timeIntervalSince1970: $0) },
            status: text(7).flatMap(RunRecord.Status.init(rawValue:)) ?? .failed, failure: failure,
            input: text(13).map { RunRecord.Summary(type: $0, preview: text(14)) },
            output: text(15).map { RunRecord.Summary(type: $0, preview: text(16)) }, steps: integer(17).map { Int($0) },
            processID: Int32(clamping: integer(18) ?? 0))
    }

    // MARK: Opening

    /// A connection to the database for one call: one kept open from an earlier call of this
    /// process when there is one (so a run costs its statements, not an open and a checkpoint),
    /// otherwise a new one. It goes back to the pool when the lease ends.
    func open() throws(HistoryError) -> SQLiteDatabase.Lease {
        // A kept connection is used while the schema is still the one it was migrated to.
        if let kept = SQLiteDatabase.Lease.reuse(path) {
            if (try? HistorySchema.version(of: kept.database)) == HistorySchema.currentVersion { return kept }
            kept.returnsToPool = false
        }
        return SQLiteDatabase.Lease(try connect())
    }

    /// Makes a folder and those above it (0700), as `mkdir -p` does: another process making the
    /// same folder at the same moment is no error.
    static func makeFolder(_ folder: String) throws(HistoryError) {
        var made = ""
        for component in folder.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0, errno != EEXIST {
                throw HistoryError("can't make \(made) for the run history: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Opens the database (``connectOnce()``); a file that isn't a database, or is damaged, is
    /// set aside beside it (`runs.sqlite.damaged-<time>`, with its `-wal` and `-shm`) and a new
    /// history started, saying so on standard error. The old file is kept for whoever wants to
    /// recover it; nothing is deleted.
    private func connect() throws(HistoryError) -> SQLiteDatabase {
        do {
            return try connectOnce()
        } catch  where error.isDamaged {
            // Another process may have set it aside and started a new one meanwhile: looked at
            // again, the file is damaged still before it is moved.
            do {
                return try connectOnce()
            } catch  where !error.isDamaged {
                throw error
            } catch {}
            let aside = try setAside(because: error)
            let database = try connectOnce()
            let notice =
                "Notice: the run history \(path) was damaged (\(error.message.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")); it was moved to \(aside) and a new history was started\n"
            FileHandle.standardError.write(Data(notice.utf8))
            return database
        }
    }

    /// Moves the damaged database and its WAL files aside; the new name.
    private func setAside(because error: HistoryError) throws(HistoryError) -> String {
        let stamp = HistoryDates.text(Date()).replacingOccurrences(of: ":", with: "")
        let aside = path + ".damaged-" + stamp
        // Another process may have set it aside and started a new one since: then that one is used.
        guard rename(path, aside) == 0 else {
            if errno == ENOENT { return aside }
            throw HistoryError("\(error.message), and it can't be moved aside: \(String(cString: strerror(errno)))")
        }
        for suffix in ["-wal", "-shm"] { _ = rename(path + suffix, aside + suffix) }
        return aside
    }

    /// Opens the database, making its folder (0700) and file (0600) when they don't exist, in
    /// WAL mode, migrated to the current schema; runs left unfinished by a dead process are
    /// marked failed.
    private func connectOnce() throws(HistoryError) -> SQLiteDatabase {
        let folder = (path as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: path) {
            try Self.makeFolder(folder)
            // Made here, so SQLite's own files (-wal, -shm) take its mode.
            let descriptor = Foundation.open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw HistoryError("can't make \(path): \(String(cString: strerror(errno)))") }
            close(descriptor)
        }
        let database = try SQLiteDatabase(path: path)
        // Several processes may open a new database at once. Until one has switched it to WAL,
        // SQLite answers "locked" at once rather than wait (so two lock upgrades can't deadlock);
        // such a moment passes, so the setup is tried again for as long as the busy timeout.
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                // A small WAL: each process that opens the history first reads the whole WAL back
                // (a command-line run is a process of its own), so it is folded into the
                // database every 128 pages instead of SQLite's 1,000.
                try database.execute(
                    """
                    PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;
                    PRAGMA wal_autocheckpoint = 128; PRAGMA journal_size_limit = 1048576
                    """)
                try HistorySchema.migrate(database)
                try sweepUnfinished(in: database)
                return database
            } catch  where error.isBusy && ContinuousClock.now < deadline {
                usleep(UInt32.random(in: 2_000...20_000))
            }
        }
    }
}

extension SQLiteDatabase.Value {
    static func optional(_ text: String?) -> Self { text.map { .text($0) } ?? .null }
    static func optional(_ number: Int64?) -> Self { number.map { .integer($0) } ?? .null }
}

/// When a process started (`/proc/<pid>/stat`'s start time, in clock ticks since boot), so a
/// later process that got the same pid isn't taken for the one that wrote a run.
enum ProcessStart {
    /// This process's start, read once.
    private static let own = of(getpid())

    static func of(_ pid: Int32, cachingOwn: Bool) -> UInt64? {
        pid == getpid() ? own : of(pid)
    }

    static func of(_ pid: Int32) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: state is field 3, start time field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// Whether the process runs still (a zombie doesn't), and is the one that started at `start`.
    static func isAlive(_ pid: Int32, startedAt start: UInt64?) -> Bool {
        guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return start == nil }
        if let close = stat.lastIndex(of: ")"), stat[stat.index(after: close)...].split(separator: " ").first == "Z" { return false }
        guard let start else { return true }
        return of(pid) == start
    }
}
