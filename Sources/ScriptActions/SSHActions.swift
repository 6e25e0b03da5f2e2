import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Run Script Over SSH through the OpenSSH client, behind Allow Running Scripts as Run Shell
/// Script is. Shortcuts keeps its own SSH key and known hosts, as it does on Apple's: the key at
/// `$SHORTCUTS_HOME/ssh/id_ed25519` (when there is one; else the person's own keys and agent),
/// and the hosts it has met in `$SHORTCUTS_HOME/ssh/known_hosts` — a new host is trusted the
/// first time, a host whose key changed is refused. A password is handed to `ssh` through an
/// askpass program of the run's own, never on a command line.
enum SSHActions {
    static let all: [ActionDefinition] = [runOverSSH]

    enum Authentication: String, ParameterOption {
        case password = "Password", key = "SSH Key"
        static let aliases: [String: Authentication] = ["ssh key": .key, "key": .key, "public key": .key]
    }

    /// Where Shortcuts keeps its SSH key and known hosts.
    static func folder(_ run: RunContext) -> String { ShortcutsHome.path(in: run.environment.variables) + "/ssh" }

    static let runOverSSH = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.runsshscript", title: "Run Script Over SSH",
            description:
                "Runs a script on another computer over SSH (OpenSSH's client) with the input on its standard input, and outputs what it writes. A password, or Shortcuts' SSH key ($SHORTCUTS_HOME/ssh/id_ed25519) or your own. Needs Allow Running Scripts.",
            parameters: [
                ParameterMetadata(key: "WFSSHScript", title: "Script", type: .text, isRequired: true),
                ParameterMetadata(key: "WFSSHHost", title: "Host", type: .text, isRequired: true),
                ParameterMetadata(key: "WFSSHPort", title: "Port", type: .text, defaultValue: "22"),
                ParameterMetadata(key: "WFSSHUser", title: "User", type: .text),
                .option("WFSSHAuthenticationType", title: "Authentication", default: Authentication.password),
                ParameterMetadata(key: "WFSSHPassword", title: "Password", type: .text),
                ParameterMetadata(key: "WFInput", title: "Input", type: .content),
            ],
            inputParameter: "WFInput", outputType: "Text", outputName: "Shell Script Result", isReadOnly: false,
            keywords: ["ssh", "remote", "server", "terminal"])
    ) { parameters in
        let (script, host, port, user, password) = (
            parameters["WFSSHScript"], parameters["WFSSHHost"], parameters["WFSSHPort"], parameters["WFSSHUser"],
            parameters["WFSSHPassword"]
        )
        let authentication = OptionParameter(parameters, "WFSSHAuthenticationType", default: Authentication.password)
        return { input, run in
            guard run.environment.allowsRunningScripts else {
                throw ActionFailure(ScriptActions.notAllowedMessage, code: .scriptsNotAllowed)
            }
            let source = try run.text(script) ?? ""
            guard !source.isEmpty else { throw ActionFailure("give the script to run", parameter: "WFSSHScript") }
            let server = (try run.text(host) ?? "").trimmingCharacters(in: .whitespaces)
            guard !server.isEmpty, !server.hasPrefix("-"), !server.contains(where: { $0.isWhitespace || $0 == "@" }) else {
                throw ActionFailure("\"\(server.prefix(60))\" is not a host name or address", parameter: "WFSSHHost")
            }
            let portText = (try run.text(port) ?? "").trimmingCharacters(in: .whitespaces)
            guard let portNumber = portText.isEmpty ? 22 : Int(portText), (1...65_535).contains(portNumber) else {
                throw ActionFailure("\"\(portText.prefix(20))\" is not a port (1 to 65535)", parameter: "WFSSHPort")
            }
            let login = (try run.text(user) ?? "").trimmingCharacters(in: .whitespaces)
            guard !login.hasPrefix("-"), !login.contains(where: { $0.isWhitespace || $0 == "@" }) else {
                throw ActionFailure("\"\(login.prefix(60))\" is not a user name", parameter: "WFSSHUser")
            }
            guard let ssh = run.findProgram("/usr/bin/ssh") ?? run.findProgram("ssh", path: run.environment.variables["PATH"]) else {
                throw ActionFailure("the OpenSSH client is not installed (apt-get install openssh-client)")
            }
            let keys = folder(run)
            try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var arguments = [
                "-p", String(portNumber), "-o", "StrictHostKeyChecking=accept-new", "-o", "UserKnownHostsFile=\(keys)/known_hosts",
                "-o", "ConnectTimeout=15", "-o", "LogLevel=ERROR",
            ]
            var environment = run.environment.variables
            var askpass: String?
            defer { if let askpass { try? FileManager.default.removeItem(atPath: askpass) } }
            switch try authentication.value(in: run) {
            case .key:
                arguments += ["-o", "BatchMode=yes"]
                if FileManager.default.fileExists(atPath: keys + "/id_ed25519") { arguments += ["-i", keys + "/id_ed25519"] }
            case .password:
                let secret = try run.text(password) ?? ""
                guard !secret.isEmpty else { throw ActionFailure("give the password, or choose SSH Key", parameter: "WFSSHPassword") }
                // An askpass program only this user may run, printing the password it finds in
                // its environment: ssh asks it instead of a terminal.
                let program = NSTemporaryDirectory() + "shortcuts-askpass-\(UUID().uuidString)"
                try Data("#!/bin/sh\nprintf '%s\\n' \"$SHORTCUTS_SSH_PASSWORD\"\n".utf8).write(to: URL(fileURLWithPath: program))
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: program)
                askpass = program
                environment["SSH_ASKPASS"] = program
                environment["SSH_ASKPASS_REQUIRE"] = "force"
                environment["SHORTCUTS_SSH_PASSWORD"] = secret
                arguments += ["-o", "PreferredAuthentications=password,keyboard-interactive", "-o", "NumberOfPasswordPrompts=1"]
            }
            arguments += [login.isEmpty ? server : "\(login)@\(server)", "--", source]
            let outcome: ProgramOutcome
            do {
                outcome = try run.runProgram(
                    ssh, arguments: arguments, input: input.isNothing ? Data() : input.file(named: "Input").data, environment: environment,
                    workingDirectory: run.environment.workingDirectory)
            } catch {
                throw ActionFailure("can't start ssh: \(error.localizedDescription)", underlying: error)
            }
            if outcome.wasCancelled { throw ActionFailure("the run was cancelled while the script ran", code: .cancelled) }
            let errorText = outcome.errorText
            // ssh's own failures (can't connect, refused authentication, a changed host key) exit with 255.
            if outcome.status == 255, !outcome.wasSignalled {
                throw ActionFailure(
                    "ssh couldn't run the script on \(server):\(portNumber)" + (errorText.isEmpty ? "" : ": \(errorText.prefix(1000))"),
                    parameter: "WFSSHHost")
            }
            guard outcome.status == 0, !outcome.wasSignalled else {
                let how = outcome.wasSignalled ? "was killed by signal \(outcome.status)" : "exited with status \(outcome.status)"
                throw ActionFailure(
                    "the script on \(server) \(how)" + (errorText.isEmpty ? "" : ": \(errorText.prefix(2000))"), parameter: "WFSSHScript")
            }
            var text = String(decoding: outcome.standardOutput, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            return .text(text)
        }
    }
}
