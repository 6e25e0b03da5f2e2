import ActionTestSupport
import Foundation
import PlatformFakes
import ShortcutsContent
import ShortcutsEngine
import Testing

/// Every program an action runs starts through the run's program launcher: scripted here, so
/// these tests start no process; a run without one starts nothing and says so.
struct ProgramSeamTests {
    typealias T = SystemTest

    func environment(_ programs: (any ProgramLauncher)?, variables: [String: String] = ["PATH": "/usr/bin:/bin"]) -> RunEnvironment {
        var environment = RunEnvironment(allowsRunningScripts: true, workingDirectory: "/srv/work", variables: variables)
        environment.programs = programs
        return environment
    }

    @Test func runShellScriptRunsTheShellThroughTheLauncher() throws {
        let programs = ScriptedPrograms([
            "sh": { request in ProgramOutcome(status: 0, standardOutput: Data("from \(request.arguments[1])\n".utf8)) }
        ])
        let output = try T.run(
            "runshellscript", ["Script": T.text("echo hi"), "Shell": T.text("/bin/sh")], input: .text("piped"),
            environment: environment(programs, variables: ["PATH": "/usr/bin:/bin", "GREETING": "hello"]))
        #expect(output == .text("from echo hi"))
        let request = try #require(programs.requests.first)
        #expect(programs.requests.count == 1)
        #expect(request.executable == "/bin/sh" && request.arguments == ["-c", "echo hi", "shortcuts"])
        #expect(request.input == Data("piped".utf8))
        #expect(request.environment == ["PATH": "/usr/bin:/bin", "GREETING": "hello"], "a script sees the run's variables, only those")
        #expect(request.workingDirectory == "/srv/work")
    }

    @Test func aScriptsFailureNamesItsStatusAndWhatItSaid() {
        let programs = ScriptedPrograms(["sh": { _ in ProgramOutcome(status: 3, standardError: Data("no such file\n".utf8)) }])
        let error = T.failure {
            try T.run("runshellscript", ["Script": T.text("cat x"), "Shell": T.text("/bin/sh")], environment: environment(programs))
        }
        #expect(error?.parameter == "Script")
        #expect(error?.message.contains("exited with status 3: no such file") == true, "\(error?.message ?? "")")
    }

    @Test func aRunWithoutALauncherStartsNothing() {
        let error = T.failure {
            try T.run("runshellscript", ["Script": T.text("echo hi"), "Shell": T.text("/bin/sh")], environment: environment(nil))
        }
        #expect(error?.parameter == "Shell")
        #expect(error?.message.contains("/bin/sh is not installed here") == true, "\(error?.message ?? "")")
    }

    @Test func aProgramStoppedWithItsRunEndsTheRunAsCancelled() {
        // The launcher reports the program ended because the run was stopped.
        let programs = ScriptedPrograms(["sh": { _ in ProgramOutcome(status: 15, wasSignalled: true, wasCancelled: true) }])
        let error = T.failure {
            try T.run("runshellscript", ["Script": T.text("sleep 60"), "Shell": T.text("/bin/sh")], environment: environment(programs))
        }
        #expect(error?.code == .cancelled, "\(String(describing: error))")
    }
}
