/// The history database's tables, versioned by SQLite's `user_version`: each migration takes
/// the schema one version up, in one transaction, so a database of any earlier version is
/// brought up to date when it is opened and one of a later version is refused untouched.
enum HistorySchema {
    /// The migrations in order; the schema's version is how many have run.
    static let migrations: [String] = [
        // 1: the runs.
        """
        CREATE TABLE runs (
            id TEXT PRIMARY KEY,
            shortcut TEXT NOT NULL,
            identifier TEXT,
            shortcut_key TEXT GENERATED ALWAYS AS (COALESCE(identifier, shortcut)) VIRTUAL,
            file_hash TEXT,
            trigger TEXT NOT NULL,
            started REAL NOT NULL,
            ended REAL,
            status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled')),
            error_index INTEGER,
            error_identifier TEXT,
            error_parameter TEXT,
            error_message TEXT,
            error_code TEXT,
            input_type TEXT,
            input_preview TEXT,
            output_type TEXT,
            output_preview TEXT,
            steps INTEGER,
            pid INTEGER NOT NULL,
            process_start INTEGER
        );
        CREATE INDEX runs_by_start ON runs (started);
        CREATE INDEX runs_by_shortcut ON runs (shortcut_key, started);
        CREATE INDEX runs_going ON runs (status) WHERE status = 'running';
        """,
        // 2: each run's trace (its first steps) and profile (every action's count and time).
        """
        CREATE TABLE steps (
            run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            action_index INTEGER NOT NULL,
            identifier TEXT NOT NULL,
            start_ns INTEGER NOT NULL,
            duration_ns INTEGER NOT NULL,
            output_type TEXT,
            output_preview TEXT,
            PRIMARY KEY (run_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE profile (
            run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            action_index INTEGER NOT NULL,
            identifier TEXT NOT NULL,
            count INTEGER NOT NULL,
            total_ns INTEGER NOT NULL,
            PRIMARY KEY (run_id, action_index)
        ) WITHOUT ROWID;
        """,
    ]

    static var currentVersion: Int { migrations.count }

    /// Brings the database up to ``currentVersion``.
    ///
    /// - Throws: ``HistoryError`` when it is of a later version (a newer swift-shortcuts made it).
    static func migrate(_ database: SQLiteDatabase, upTo target: Int = currentVersion) throws(HistoryError) {
        guard try version(of: database) != target else { return }
        try database.transaction { () throws(HistoryError) in
            // Read again inside the write lock: another process may have migrated meanwhile.
            let version = try version(of: database)
            guard version <= currentVersion else {
                throw HistoryError(
                    "\(database.path) is version \(version) of the run history; this shortcuts reads versions up to \(currentVersion), so update shortcuts"
                )
            }
            for migration in migrations[version..<target] {
                try database.execute(migration)
            }
            if version < target { try database.execute("PRAGMA user_version = \(target)") }
        }
    }

    static func version(of database: SQLiteDatabase) throws(HistoryError) -> Int {
        Int(try database.rows("PRAGMA user_version").first?.first?.integer ?? 0)
    }
}
