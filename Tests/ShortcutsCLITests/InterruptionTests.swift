import Foundation
import ShortcutsTestSupport
import Testing

/// Ctrl-C and SIGTERM during `shortcuts run` stop the run and the script it is running: the
/// script runs in a process group of its own, which the terminal's signal doesn't reach.
struct InterruptionTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsTheRunAndItsScript(signal number: Int32) throws {
        let shell = try CommandRunner()
        shell.extraEnvironment["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] = "1"
        let pidFile = shell.directory.path + "/script.pid"
        let script = try shell.write(
            Data(#"RunShellScript script: "echo $$ > \#(pidFile); exec sleep 60", shell: "/bin/sh""#.utf8), to: "Sleep.sct")
        let run = try shell.start(["run", script])
        let deadline = Date().addingTimeInterval(30)
        var scriptPID: Int32?
        while scriptPID == nil, Date() < deadline {
            scriptPID = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if scriptPID == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let pid = try #require(scriptPID, "the script never started")
        kill(run.processIdentifier, number)
        run.waitUntilExit()
        #expect(run.terminationStatus == 128 + number)
        // The script's process is gone too (it would sleep a minute).
        let gone = Date().addingTimeInterval(10)
        while kill(pid, 0) == 0, Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        #expect(kill(pid, 0) != 0, "the script (pid \(pid)) outlived the run")
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }

    /// Ctrl-C while Get Contents of URL waits on a server that never answers: the run stops at
    /// once (the request is stopped within 100 ms; the process then records the run and exits).
    @Test func ctrlCStopsARunWaitingOnTheNetwork() throws {
        let server = try SilentServer()
        let shell = try CommandRunner()
        let script = try shell.write(Data("GetContentsOfURL \"http://127.0.0.1:\(server.port)/never\"\n".utf8), to: "Wait.sct")
        let run = try shell.start(["run", script])
        // The program has started and is sending its request once it has connected.
        #expect(server.waitForConnection(seconds: 20), "the run never connected")
        #expect(run.isRunning, "the run ended before it was interrupted")
        let interrupted = Date()
        kill(run.processIdentifier, SIGINT)
        run.waitUntilExit()
        let delay = Date().timeIntervalSince(interrupted)
        #expect(run.terminationStatus == 128 + SIGINT)
        #expect(delay < 0.5, "the run exited \(Int(delay * 1000)) ms after Ctrl-C")
    }
}
