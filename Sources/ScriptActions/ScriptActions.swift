import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Run Shell Script, and the macOS-only Run AppleScript and Run JavaScript for Automation.
///
/// Scripts run only when the run allows it (`RunEnvironment.allowsRunningScripts`), as on macOS
/// where "Allow Running Scripts" is off until the person turns it on.
enum ScriptActions {
    static let all: [ActionDefinition] = [
        runShellScript, macOnly("runapplescript", "Run AppleScript", "AppleScript"),
        macOnly("runjavascriptforautomation", "Run JavaScript for Automation", "JavaScript for Automation"),
    ]

    /// How the script gets its input (`InputMode`).
    enum InputMode: String, ParameterOption {
        case toStandardInput = "to stdin", asArguments = "as arguments"
        static var aliases: [String: InputMode] { ["stdin": .toStandardInput, "arguments": .asArguments] }
    }

    /// What the refusal says, naming both ways to allow scripts.
    static let notAllowedMessage =
        "Running scripts is off. Turn it on with `shortcuts settings --allow-running-scripts` or SHORTCUTS_ALLOW_RUNNING_SCRIPTS=1"

    static let runShellScript = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.runshellscript", title: "Run Shell Script",
            description:
                "Runs a script with a shell or interpreter and outputs what it writes to standard output. A non-zero exit status is an error that quotes standard error. Needs Allow Running Scripts.",
            parameters: [
                ParameterMetadata(key: "Script", title: "Script", type: .text, isRequired: true),
                ParameterMetadata(key: "Input", title: "Input", type: .content),
                ParameterMetadata(
                    key: "Shell", title: "Shell",
                    description: "/bin/zsh runs with zsh when it is installed, otherwise /bin/bash.", type: .enumeration,
                    options: [
                        "/bin/zsh", "/bin/bash", "/bin/sh", "/bin/csh", "/bin/ksh", "/bin/tcsh", "/bin/dash",
                        "/usr/bin/python3", "/usr/bin/perl", "/usr/bin/ruby",
                    ],
                    defaultValue: "/bin/zsh"),
                .option("InputMode", title: "Pass Input", default: InputMode.toStandardInput),
            ],
            inputParameter: "Input", outputType: "Text", outputName: "Shell Script Result", isReadOnly: false,
            keywords: ["bash", "zsh", "terminal", "command", "python"],
            summary: "Run ${Shell} script ${Script}")
    ) { parameters in
        let script = parameters["Script"]
        let shell = parameters["Shell"]
        let mode = OptionParameter(parameters, "InputMode", default: InputMode.toStandardInput)
        return { input, run in
            guard run.environment.allowsRunningScripts else {
                throw ActionFailure(notAllowedMessage, code: .scriptsNotAllowed)
            }
            let source = try run.text(script) ?? ""
            let interpreter = try interpreter(for: try run.text(shell) ?? "/bin/zsh", run: run)
            var arguments: [String]
            let standardInput: Data?
            switch try mode.value(in: run) {
            case .toStandardInput:
                arguments = []
                standardInput = input.isNothing ? nil : Data(input.file(named: "Input").data)
            case .asArguments:
                arguments = input.items.map(\.text)
                standardInput = nil
            }
            // Shells take a script with -c and then $0; interpreters such as python take it with -c too.
            let isShell = ["sh", "bash", "zsh", "dash", "ksh", "csh", "tcsh", "fish"].contains(
                URL(fileURLWithPath: interpreter).lastPathComponent)
            arguments = ["-c", source] + (isShell ? ["shortcuts"] : []) + arguments
            let outcome: ProgramOutcome
            do {
                outcome = try run.runProgram(
                    interpreter, arguments: arguments, input: standardInput, environment: run.environment.variables,
                    workingDirectory: run.environment.workingDirectory)
            } catch {
                throw ActionFailure("can't start \(interpreter): \(error.localizedDescription)", parameter: "Shell", underlying: error)
            }
            if outcome.wasCancelled { throw ActionFailure("the run was cancelled while the script ran", code: .cancelled) }
            guard outcome.status == 0, !outcome.wasSignalled else {
                let how = outcome.wasSignalled ? "was killed by signal \(outcome.status)" : "exited with status \(outcome.status)"
                let errorText = outcome.errorText
                throw ActionFailure(
                    "the script \(how)" + (errorText.isEmpty ? " and wrote nothing to standard error" : ": \(errorText.prefix(2000))"),
                    parameter: "Script")
            }
            var text = String(decoding: outcome.standardOutput, as: UTF8.self)
            // Shortcuts drops the one newline a command ends its output with.
            if text.hasSuffix("\n") { text.removeLast() }
            return .text(text)
        }
    }

    /// The program for a `Shell` value: the path when it exists, else the same name on `PATH`.
    /// `/bin/zsh` (macOS's default) falls back to bash where zsh is not installed.
    static func interpreter(for shell: String, run: RunContext) throws -> String {
        let path = run.environment.variables["PATH"]
        let name = URL(fileURLWithPath: shell).lastPathComponent
        if let found = run.findProgram(shell) ?? run.findProgram(name, path: path) { return found }
        if name == "zsh", let bash = run.findProgram("/bin/bash") ?? run.findProgram("bash", path: path) { return bash }
        throw ActionFailure("\(shell) is not installed here, and no \(name) is on PATH", parameter: "Shell")
    }

    /// An action that only macOS can run, failing with a clear message here.
    static func macOnly(_ identifier: String, _ title: String, _ language: String) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "is.workflow.actions." + identifier, title: title,
                description: "Runs \(language) on macOS. Not available on Linux; use Run Shell Script instead.",
                parameters: [
                    ParameterMetadata(key: "Script", title: "Script", type: .text, isRequired: true),
                    ParameterMetadata(key: "Input", title: "Input", type: .content),
                ],
                inputParameter: "Input", outputType: "Content", isReadOnly: false, isAvailable: false)
        ) { _ in
            { _, _ in
                throw ActionFailure("\(language) needs macOS; on Linux use Run Shell Script", code: .unsupportedAction)
            }
        }
    }
}
