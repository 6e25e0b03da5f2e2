import Foundation
import ShortcutFormat
import ShortcutsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `soupertask serve` as a running app: its standard input to send commands, and
/// everything it prints collected as it comes.
final class RunningApp: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let printed = Locked("")

    /// Starts the app in the harness's environment and waits until it serves.
    init(_ harness: ServiceHarness) throws {
        process.executableURL = URL(fileURLWithPath: try BuiltProducts.path(of: "soupertask"))
        process.arguments = ["serve"]
        process.environment = harness.environment
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let reading = output.fileHandleForReading
        Thread.detachNewThread { [printed] in
            // `availableData` returns what has arrived; `read(upToCount:)` would wait for the count.
            while case let chunk = reading.availableData, !chunk.isEmpty {
                printed.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }
        try waitFor("serving", harness: harness)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    var pid: Int32 { process.processIdentifier }
    /// Everything the app printed so far.
    var output: String { printed.withLock { $0 } }

    /// Sends one command line.
    func send(_ command: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
    }

    /// Waits until the app has printed `text`.
    func waitFor(_ text: String, harness: ServiceHarness) throws {
        try harness.waitUntil("soupertask prints “\(text)” (it printed: \(output))") { output.contains(text) }
    }

    /// Ends the app with `signal` and waits for it.
    func end(signal number: Int32) {
        kill(process.processIdentifier, number)
        process.waitUntilExit()
    }
}

extension ServiceHarness {
    /// The `--serve-intents` processes the service started (its children).
    func extensionProcesses() -> [Int32] {
        guard let service = service?.processIdentifier,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc")
        else { return [] }
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // After "pid (name)": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == service else { return false }
            let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: arguments, as: UTF8.self).contains("--serve-intents")
        }
    }

    /// Adds "Add Task" to the library: SouperTask's Create Task with the input as its title.
    func writeAddTaskShortcut() throws {
        var workflow = Workflow(actions: [
            WorkflowAction(
                identifier: "com.example.SouperTask.CreateTaskIntent",
                parameters: [
                    "dueDate": .plain(.string("2031-05-05T09:00:00Z"))
                ])
        ])
        workflow.inputContentClasses = ["WFStringContentItem"]
        workflow.settings["WFWorkflowHasShortcutInputVariables"] = true
        try ShortcutFile.write(workflow, format: .binary).write(to: URL(fileURLWithPath: home + "/Shortcuts/Add Task.shortcut"))
    }

    /// "Open Task": SouperTask's foreground Open Task on the task named by the input.
    func writeOpenTaskShortcut() throws {
        var workflow = Workflow(actions: [WorkflowAction(identifier: "com.example.SouperTask.OpenTaskIntent")])
        workflow.inputContentClasses = ["WFStringContentItem"]
        workflow.settings["WFWorkflowHasShortcutInputVariables"] = true
        try ShortcutFile.write(workflow, format: .binary).write(to: URL(fileURLWithPath: home + "/Shortcuts/Open Task.shortcut"))
    }

    /// The tasks SouperTask and its extension share, as `soupertask list` prints them (it reads
    /// the database they write).
    var tasks: String { (try? run(try BuiltProducts.path(of: "soupertask"), ["list"]).output) ?? "" }
}
