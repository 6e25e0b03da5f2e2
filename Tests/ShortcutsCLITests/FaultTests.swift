import Foundation
import ShortcutsTestSupport
import Testing

/// Faults from below: a full disk and a read-only library give a clear error naming the file
/// and leave what was there intact; a damaged run history is set aside and a new one started.
///
/// The full and read-only disks are a small tmpfs mounted over `$SHORTCUTS_HOME` in a mount
/// namespace of the test's own (`unshare --map-root-user --mount`), so no root is needed and
/// nothing outside the test sees it.
@Suite struct FaultTests {
    /// Whether this machine lets a process mount a tmpfs in a namespace of its own.
    static let canMount: Bool = {
        guard
            let result = try? ProcessRun.run(
                "/usr/bin/unshare", ["--map-root-user", "--mount", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"])
        else { return false }
        return result.status == 0
    }()

    /// Runs `script` with `sh` in a namespace where `$SHORTCUTS_HOME` is a tmpfs of `size`;
    /// `$shortcuts` is the built program and `$examples` the examples folder.
    private func inSmallDisk(_ home: TemporaryHome, size: String, _ script: String) throws -> ProcessOutput {
        try FileManager.default.createDirectory(atPath: home.home, withIntermediateDirectories: true)
        var environment = home.environment
        environment["shortcuts"] = try BuiltProducts.path(of: "shortcuts")
        environment["examples"] = BuiltProducts.packageRoot.path + "/Examples"
        let whole = "set -u\nmount -t tmpfs -o size=\(size) tmpfs \"$SHORTCUTS_HOME\" || exit 90\n" + script
        return try ProcessRun.run(
            "/usr/bin/unshare", ["--map-root-user", "--mount", "sh", "-c", whole], environment: environment, directory: home.directory)
    }

    @Test(.enabled(if: FaultTests.canMount, "this machine doesn't let a namespace mount a tmpfs"))
    func aFullDiskGivesAClearErrorAndKeepsWhatWasThere() throws {
        let home = try TemporaryHome(prefix: "fault-full")
        let result = try inSmallDisk(
            home, size: "512k",
            """
            "$shortcuts" import "$examples/Hello.shortcut" >/dev/null || exit 91
            printf 'AddNewReminder "first"\\n' > first.sct
            "$shortcuts" run first.sct >/dev/null || exit 92
            cp "$SHORTCUTS_HOME/settings.json" settings.before 2>/dev/null || echo '{}' > settings.before
            cp "$SHORTCUTS_HOME/library.json" library.before
            dd if=/dev/zero of="$SHORTCUTS_HOME/filler" bs=4k 2>/dev/null
            echo "import: $( ("$shortcuts" import "$examples/WordLengths.shortcut" 2>&1; echo "exit $?") | paste -sd" " -)"
            echo "settings: $( ("$shortcuts" settings --allow-running-scripts 2>&1; echo "exit $?") | paste -sd" " -)"
            printf 'AddNewReminder "second"\\n' > second.sct
            echo "reminder: $( ("$shortcuts" run second.sct 2>&1; echo "exit $?") | paste -sd" " -)"
            echo "hello: $(echo Ada | "$shortcuts" run Hello 2>&1)"
            echo "list: $("$shortcuts" list | tr '\\n' ,)"
            cmp -s library.before "$SHORTCUTS_HOME/library.json" && echo "library.json kept"
            ls "$SHORTCUTS_HOME/Reminders/Reminders" | wc -l | sed 's/^/reminders: /'
            cat "$SHORTCUTS_HOME"/Reminders/Reminders/*.ics | grep -c '^END:VCALENDAR' | sed 's/^/whole: /'
            ls -A "$SHORTCUTS_HOME" "$SHORTCUTS_HOME/Shortcuts" "$SHORTCUTS_HOME/Reminders/Reminders" | grep '\\.tmp$\\|nosync' | sed 's/^/left: /'
            """)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        func line(_ prefix: String) -> String { lines.first { $0.hasPrefix(prefix) } ?? "" }
        #expect(line("import:").contains("No space left on device") && line("import:").hasSuffix("exit 1"), "\(result.output)")
        #expect(line("import:").contains("WordLengths"), "the error names the file: \(result.output)")
        #expect(line("settings:").contains("/settings.json: No space left on device"), "\(result.output)")
        #expect(line("settings:").hasSuffix("exit 1"), "\(result.output)")
        #expect(line("reminder:").contains("action 1 (is.workflow.actions.addnewreminder"), "\(result.output)")
        #expect(line("reminder:").contains("No space left on device") && line("reminder:").hasSuffix("exit 1"), "\(result.output)")
        #expect(line("hello:") == "hello: Hello, Ada!", "\(result.output)")
        #expect(line("list:") == "list: Hello,", "\(result.output)")
        #expect(lines.contains("library.json kept"), "\(result.output)")
        #expect(line("reminders:") == "reminders: 1" && line("whole:") == "whole: 1", "\(result.output)")
        #expect(!lines.contains { $0.hasPrefix("left:") }, "\(result.output)")
    }

    @Test(.enabled(if: FaultTests.canMount, "this machine doesn't let a namespace mount a tmpfs"))
    func aReadOnlyLibraryIsReadAndRefusesChangesByName() throws {
        let home = try TemporaryHome(prefix: "fault-readonly")
        let result = try inSmallDisk(
            home, size: "4m",
            """
            "$shortcuts" import "$examples/Hello.shortcut" >/dev/null || exit 91
            mount -o remount,ro "$SHORTCUTS_HOME" || exit 93
            echo "import: $( ("$shortcuts" import "$examples/WordLengths.shortcut" 2>&1; echo "exit $?") | paste -sd" " -)"
            echo "settings: $( ("$shortcuts" settings --allow-running-scripts 2>&1; echo "exit $?") | paste -sd" " -)"
            echo "hello: $(echo Ada | "$shortcuts" run Hello 2>&1)"
            echo "list: $("$shortcuts" list | tr '\\n' ,)"
            """)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        func line(_ prefix: String) -> String { lines.first { $0.hasPrefix(prefix) } ?? "" }
        #expect(line("import:").contains("Read-only file system") && line("import:").hasSuffix("exit 1"), "\(result.output)")
        #expect(line("settings:").contains("Read-only file system") && line("settings:").hasSuffix("exit 1"), "\(result.output)")
        #expect(line("hello:") == "hello: Hello, Ada!", "\(result.output)")
        #expect(line("list:") == "list: Hello,", "\(result.output)")
    }

    /// A history file that isn't a database (or is damaged) is moved aside, kept, and a new one
    /// started; the run is recorded in it and the person is told where the old one went.
    @Test(arguments: ["random", "header"])
    func aDamagedHistoryIsSetAsideAndANewOneStarted(_ damage: String) throws {
        let home = try TemporaryHome(prefix: "fault-history")
        let folder = (home.historyDatabase as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var generator = SeededGenerator(seed: 7)
        var bytes = damage == "header" ? Array("SQLite format 3\0".utf8) : []
        bytes += (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: URL(fileURLWithPath: home.historyDatabase))
        let hello = BuiltProducts.packageRoot.path + "/Examples/Hello.shortcut"
        let ran = try home.run("shortcuts", ["run", hello], input: Data("Ada".utf8))
        #expect(ran.status == 0 && ran.output == "Hello, Ada!\n", "\(ran.error)")
        #expect(ran.error.contains("Notice: the run history \(home.historyDatabase) was damaged"), "\(ran.error)")
        #expect(ran.error.contains("a new history was started"), "\(ran.error)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasPrefix("runs.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
        }
        #expect(aside.count == 1, "\(aside)")
        if let name = aside.first {
            #expect(FileManager.default.contents(atPath: folder + "/" + name) == Data(bytes), "the old file is kept as it was")
        }
        let listed = try home.run("shortcuts", ["runs", "--json"])
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.contains("\"status\":\"succeeded\""), "\(listed.output)")
        #expect(!listed.error.contains("Notice"), "told once: \(listed.error)")
    }
}
