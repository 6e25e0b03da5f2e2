import Foundation
import ShortcutsEngine
import ShortcutsTestSupport
import Testing

@testable import RunHistory

/// The history database itself: its schema's migrations, retention, unfinished runs, ids.
struct RunHistoryTests {
    private func history(_ home: TemporaryHome) -> RunHistory { RunHistory(path: home.directory.path + "/state/runs.sqlite") }

    private func record(_ id: String, shortcut: String = "Hello", start: Date = Date(), pid: Int32 = getpid()) -> RunRecord {
        RunRecord(
            id: id, shortcut: shortcut, identifier: nil, fileHash: nil, trigger: "test", start: start, processID: pid)
    }

    @Test func aNewDatabaseHasTheCurrentSchemaInWALMode() throws {
        let home = try TemporaryHome()
        let history = history(home)
        try history.begin(record("A"))
        let database = try SQLiteDatabase(path: history.path)
        #expect(try HistorySchema.version(of: database) == HistorySchema.currentVersion)
        #expect(try database.rows("PRAGMA journal_mode").first?.first?.text == "wal")
        let tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.first?.text }
        #expect(tables == ["profile", "runs", "steps"])
    }

    @Test func aDatabaseOfTheFirstVersionIsMigratedKeepingItsRuns() throws {
        let home = try TemporaryHome()
        let history = history(home)
        try FileManager.default.createDirectory(atPath: home.directory.path + "/state", withIntermediateDirectories: true)
        do {
            let old = try SQLiteDatabase(path: history.path)
            try HistorySchema.migrate(old, upTo: 1)
            try old.run(
                "INSERT INTO runs (id, shortcut, trigger, started, ended, status, pid) VALUES ('old', 'Hello', 'test', 1, 2, 'succeeded', 1)"
            )
            #expect(try HistorySchema.version(of: old) == 1)
        }
        let runs = try history.runs(RunQuery())
        #expect(runs.map(\.id) == ["old"])
        #expect(try HistorySchema.version(of: SQLiteDatabase(path: history.path)) == HistorySchema.currentVersion)
        let trace = RunTrace()
        try history.begin(record("new"))
        try history.finish(RunEnding(id: "new", status: .succeeded, trace: trace, identifier: { _ in nil }))
        #expect(try history.count() == 2)
    }

    @Test func aDatabaseOfALaterVersionIsRefusedUntouched() throws {
        let home = try TemporaryHome()
        let history = history(home)
        try history.begin(record("A"))
        try SQLiteDatabase(path: history.path).execute("PRAGMA user_version = 99")
        #expect(throws: HistoryError.self) { try history.runs(RunQuery()) }
        do {
            _ = try history.runs(RunQuery())
        } catch {
            #expect(error.message.contains("is version 99 of the run history"), "\(error.message)")
        }
        #expect(try HistorySchema.version(of: SQLiteDatabase(path: history.path)) == 99)
    }

    @Test func oldRunsAndRunsPastTheCountArePruned() throws {
        let home = try TemporaryHome()
        let history = history(home)
        let now = Date()
        for day in 0..<5 {
            let id = "day\(day)"
            try history.begin(record(id, start: now.addingTimeInterval(-Double(day) * 86_400 - 60)))
            try history.finish(RunEnding(id: id, status: .succeeded, trace: nil, identifier: { _ in nil }))
        }
        // Still going: never pruned, however old.
        try history.begin(record("going", start: now.addingTimeInterval(-40 * 86_400)))
        #expect(try history.prune(keepPerShortcut: 100, keepDays: 3, now: now) == 2)
        #expect(Set(try history.runs(RunQuery()).map(\.id)) == ["day0", "day1", "day2", "going"])
        #expect(try history.prune(keepPerShortcut: 1, keepDays: 30, shortcut: ("Hello", nil), now: now) == 2)
        #expect(Set(try history.runs(RunQuery()).map(\.id)) == ["day0", "going"])
    }

    @Test func aRunWhoseProcessIsGoneIsMarkedUnfinished() throws {
        let home = try TemporaryHome()
        let history = history(home)
        // A process that has ended: its pid is free (or another process's, whose start time differs).
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        try history.begin(record("mine"))
        try history.begin(record("gone", pid: ended.processIdentifier))
        let runs = try history.runs(RunQuery())
        #expect(runs.first { $0.id == "mine" }?.status == .running)
        let gone = try #require(runs.first { $0.id == "gone" })
        #expect(gone.status == .failed)
        #expect(gone.failure?.code == "unfinished")
    }

    @Test func theWriterWritesEverythingHandedInByFlush() throws {
        let home = try TemporaryHome()
        let history = history(home)
        let writer = HistoryWriter.shared(for: history, warn: { Issue.record("the writer warned: \($0)") })
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for number in 0..<250 {
                let id = "\(thread)-\(number)"
                writer.submit(.begin(record(id, shortcut: "S\(thread)")))
                writer.submit(.finish(RunEnding(id: id, status: .succeeded, trace: nil, identifier: { _ in nil })))
            }
        }
        writer.flush()
        let runs = try history.runs(RunQuery(limit: 5_000))
        #expect(runs.count == 1_000)
        #expect(runs.allSatisfy { $0.status == .succeeded })
    }

    @Test func idsAreFoundByAnUnambiguousStart() throws {
        let home = try TemporaryHome()
        let history = history(home)
        for id in ["abc123", "abd456"] { try history.begin(record(id)) }
        #expect(try history.details(of: "abc").run.id == "abc123")
        #expect(throws: HistoryError.self) { try history.details(of: "ab") }
        #expect(throws: HistoryError.self) { try history.details(of: "zzz") }
        #expect(throws: HistoryError.self) { try history.details(of: "") }
        do {
            _ = try history.details(of: "ab")
        } catch {
            #expect(error.kind == .ambiguous)
        }
    }

    @Test func sinceTakesDatesTimesAndSpans() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(HistoryDates.parse("2h", now: now) == now.addingTimeInterval(-7_200))
        #expect(HistoryDates.parse("7d", now: now) == now.addingTimeInterval(-7 * 86_400))
        #expect(HistoryDates.parse("2026-12-01T10:00:00Z") == Date(timeIntervalSince1970: 1_796_119_200))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        #expect(HistoryDates.parse("2026-12-01", calendar: calendar) == Date(timeIntervalSince1970: 1_796_050_800))
        #expect(HistoryDates.parse("someday") == nil)
    }
}
