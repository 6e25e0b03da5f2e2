import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsPlatform
import Synchronization
import Testing

@testable import BuiltinActions

/// Run Shell Script with real shells and interpreters.
@Suite struct ScriptActionsTests {
    typealias T = SystemTest

    func runScript(
        _ script: String, shell: String? = "/bin/sh", input: ParameterValue? = nil, mode: String? = nil,
        allowed: Bool = true
    ) throws -> Content {
        var parameters: [String: ParameterValue] = ["Script": T.text(script)]
        parameters["Shell"] = shell.map(T.text)
        parameters["Input"] = input
        parameters["InputMode"] = mode.map(T.text)
        return try T.run("runshellscript", parameters, environment: T.environment(allowsRunningScripts: allowed))
    }

    @Test func refusedUnlessScriptsAreAllowed() {
        let error = T.failure { try runScript("echo hi", allowed: false) }
        #expect(error?.code == .scriptsNotAllowed)
        #expect(error?.message.contains("shortcuts settings --allow-running-scripts") == true)
        #expect(error?.message.contains("SHORTCUTS_ALLOW_RUNNING_SCRIPTS=1") == true)
        #expect(error?.actionIdentifier == "is.workflow.actions.runshellscript")
    }

    @Test func inputGoesToStandardInput() throws {
        #expect(try runScript("tr a-z A-Z", input: T.text("hello\nworld")) == .text("HELLO\nWORLD"))
        #expect(try runScript("wc -c | tr -d ' '", input: T.text("12345"), mode: "to stdin") == .text("5"))
    }

    @Test func inputAsArguments() throws {
        let list = ParameterValue.array([T.text("a b"), T.text("c")])
        #expect(try runScript("printf '%s|' \"$#\" \"$@\"", input: list, mode: "as arguments") == .text("2|a b|c|"))
    }

    @Test func nonZeroExitQuotesStandardError() {
        let error = T.failure { try runScript("echo partial; echo 'disk is full' >&2; exit 3") }
        #expect(error?.message.contains("status 3") == true)
        #expect(error?.message.contains("disk is full") == true)
        #expect(error?.parameter == "Script")
    }

    @Test func pythonReadsStandardInput() throws {
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let script = "import sys\nprint(sys.stdin.read()[::-1])"
        #expect(try runScript(script, shell: python, input: T.text("abc")) == .text("cba"))
    }

    @Test func zshFallsBackToAnotherShellWhereMissing() throws {
        // The macOS default; on machines without zsh it runs with bash.
        #expect(try runScript("echo $((6 * 7))", shell: nil) == .text("42"))
        #expect(try runScript("echo $((6 * 7))", shell: "/bin/zsh") == .text("42"))
    }

    @Test func largeOutputAndInputDoNotDeadlock() throws {
        let big = String(repeating: "x", count: 300_000)
        let output = try runScript("cat; head -c 200000 /dev/zero | tr '\\0' y", input: T.text(big))
        #expect(output.text.count == 500_000)
    }

    @Test func scriptsStartWithNoSignalsBlocked() throws {
        // Threads of the test runner and of Dispatch block signals; a script must not inherit that,
        // or it could never be interrupted or terminated.
        #expect(try runScript("grep SigBlk /proc/self/status") == .text("SigBlk:\t0000000000000000"))
    }

    @Test func missingShellIsAClearError() {
        let error = T.failure { try runScript("true", shell: "/bin/no-such-shell") }
        #expect(error?.parameter == "Shell")
        #expect(error?.message.contains("no-such-shell") == true)
    }

    @Test func appleScriptIsUnavailable() {
        let error = T.failure { try T.run("runapplescript", ["Script": T.text("beep")]) }
        #expect(error?.code == .unsupportedAction)
        #expect(error?.message.contains("macOS") == true)
    }
}

/// A script's environment is the run's, never the test process's.
@Suite struct ScriptEnvironmentTests {
    @Test func aScriptSeesTheVariablesTheRunWasGiven() throws {
        let script: [String: ParameterValue] = [
            "Script": SystemTest.text("echo \"${GREETING-none} ${HOME-unset}\""), "Shell": SystemTest.text("/bin/sh"),
        ]
        var given = RunEnvironment(allowsRunningScripts: true, variables: ["GREETING": "from the run"])
        given.programs = LocalPrograms()
        #expect(try SystemTest.run("runshellscript", script, environment: given) == .text("from the run unset"))
        // A run given no variables passes none on, though this process has HOME.
        #expect(ProcessInfo.processInfo.environment["HOME"] != nil)
        var bare = RunEnvironment(allowsRunningScripts: true)
        bare.programs = LocalPrograms()
        #expect(try SystemTest.run("runshellscript", script, environment: bare) == .text("none unset"))
    }
}

/// Cancelling a run reaches the script it is running: its process group gets SIGTERM, then
/// SIGKILL 50 ms later when it ignores that.
@Suite struct ScriptCancellationTests {
    /// Runs `script` (which must write its background child's pid to `$CHILD_FILE`) on a thread,
    /// cancels the run once the child is there, and returns the run's error and the child's pid.
    func cancelled(_ script: String) throws -> (error: RunError?, child: Int32, seconds: Double, afterCancel: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cancel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let childFile = folder.appendingPathComponent("child").path
        var live = RunEnvironment(allowsRunningScripts: true, variables: ["PATH": "/usr/bin:/bin", "CHILD_FILE": childFile])
        live.programs = LocalPrograms()
        let environment = live
        let cancellation = Cancellation()
        let outcome = Mutex<RunError??>(nil)
        let started = Date()
        let thread = Thread {
            let parameters: [String: ParameterValue] = ["Script": SystemTest.text(script), "Shell": SystemTest.text("/bin/sh")]
            let result: RunError?
            do {
                _ = try SystemTest.run(
                    [SystemTest.action("runshellscript", parameters)], environment: environment, cancellation: cancellation)
                result = nil
            } catch let failure as RunError {
                result = failure
            } catch {
                result = RunError(.actionFailed, "\(error)")
            }
            outcome.withLock { $0 = .some(result) }
        }
        thread.start()
        let deadline = Date().addingTimeInterval(20)
        var child: Int32 = 0
        while child == 0, Date() < deadline {
            usleep(1000)
            child =
                (try? String(contentsOfFile: childFile, encoding: .utf8)).flatMap {
                    Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
                } ?? 0
        }
        let cancelled = Date()
        cancellation.cancel()
        while outcome.withLock({ $0 }) == nil, Date() < deadline { usleep(1000) }
        return (outcome.withLock { $0 } ?? nil, child, Date().timeIntervalSince(started), Date().timeIntervalSince(cancelled))
    }

    /// Whether a process is gone (it may take a moment for init to reap an orphan).
    func isGone(_ pid: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if kill(pid, 0) != 0 && errno == ESRCH { return true }
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
            if state == "Z" { return true }
            usleep(1000)
        }
        return false
    }

    @Test func aCancelledRunStopsItsScriptAndItsChildren() throws {
        let (error, child, seconds, _) = try cancelled("sleep 60 & echo $! > \"$CHILD_FILE\"; wait")
        #expect(error?.code == .cancelled, "\(String(describing: error))")
        #expect(child > 0)
        #expect(seconds < 15, "the script ran on for \(seconds) s after the cancel")
        #expect(isGone(child), "the script's child \(child) outlived the cancelled run")
    }

    /// The bound only tells the 50 ms grace from the old 2 s; the 100 ms target is
    /// `shortcuts-benchmarks --only cancel`'s.
    @Test func aScriptIgnoringSIGTERMIsKilledAfterTheGracePeriod() throws {
        let (error, child, _, afterCancel) = try cancelled("trap '' TERM; sleep 60 & echo $! > \"$CHILD_FILE\"; wait")
        #expect(error?.code == .cancelled)
        #expect(afterCancel < 1.5, "the run stopped \(afterCancel) s after the cancel")
        #expect(isGone(child))
    }
}
