import Foundation
import ShortcutsContent
import ShortcutsPlatform

/// An automation as systemd user units, in `$XDG_CONFIG_HOME/systemd/user` (default
/// `~/.config/systemd/user`): a oneshot service that runs `shortcuts automation run --triggered`,
/// and what starts it — a timer (`at`, `every`, `calendar`; `Persistent=true`, so a run missed
/// while the machine was off happens after it boots), a path unit (folder triggers), or the
/// service itself at login.
///
/// Enabling links the starting unit into its target's `.wants` folder, as `systemctl --user
/// enable` does, so it takes effect even where no systemd runs now; where a user manager runs,
/// it is also reloaded and the unit started or stopped. Disabling and removing touch exactly the
/// automation's own files.
public struct SystemdUnits: Sendable {
    /// Where the units go.
    public let folder: String
    /// The `shortcuts` the service runs.
    public let shortcuts: String
    /// Variables the runs need set as they are now (`SHORTCUTS_HOME`, `XDG_STATE_HOME`…).
    public let variables: [(String, String)]
    /// Whether a systemd user manager runs for this user (its private socket exists).
    public let managerIsRunning: Bool

    /// The variables passed to the units when they are set.
    public static let passedVariables = ["SHORTCUTS_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "TZ", "LANG"]

    public init(environment: [String: String], shortcuts: String) {
        folder = UserFolders.configHome(in: environment) + "/systemd/user"
        self.shortcuts = shortcuts
        variables = Self.passedVariables.compactMap { key in environment[key].flatMap { $0.isEmpty ? nil : (key, $0) } }
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        managerIsRunning = FileManager.default.fileExists(atPath: runtime + "/systemd/private")
    }

    /// The unit that starts the automation's service, and the target that wants it.
    public func starter(of automation: Automation) -> (unit: String, target: String) {
        switch automation.trigger {
        case .at, .every, .calendar: (automation.unitName + ".timer", "timers.target")
        case .fileAdded, .fileChanged: (automation.unitName + ".path", "paths.target")
        case .atLogin, .networkChange, .powerChange: (automation.unitName + ".service", "default.target")
        }
    }

    /// The automation's unit files, by file name; none for an event automation, which shortcutsd keeps.
    public func files(for automation: Automation) -> [(name: String, contents: String)] {
        guard !automation.trigger.isEvent else { return [] }
        let service = automation.unitName + ".service"
        let description = SystemdText.escaped(
            "Shortcuts automation \"\(automation.name)\": runs \"\(automation.shortcut)\" \(automation.trigger.summary)")
        var serviceText = """
            [Unit]
            Description=\(description)

            [Service]
            Type=oneshot

            """
        for (key, value) in variables {
            serviceText += "Environment=\(SystemdText.quoted("\(key)=\(value)"))\n"
        }
        serviceText +=
            "ExecStart=" + [shortcuts, "automation", "run", "--triggered", automation.name].map(SystemdText.quoted).joined(separator: " ")
            + "\n"
        let (starter, target) = starter(of: automation)
        var files: [(String, String)] = []
        switch automation.trigger {
        case .atLogin:
            serviceText += "\n[Install]\nWantedBy=\(target)\n"
        case .at, .every, .calendar:
            var timer = "[Unit]\nDescription=\(description)\n\n[Timer]\n"
            switch automation.trigger {
            case .at(let hour, let minute, let days):
                let day = days.isEmpty ? "" : days.map(\.title).joined(separator: ",") + " "
                timer += "OnCalendar=\(day)*-*-* " + String(format: "%02d:%02d:00", hour, minute) + "\nPersistent=true\nAccuracySec=1s\n"
            case .every(let seconds):
                timer += "OnActiveSec=\(seconds)s\nOnUnitActiveSec=\(seconds)s\nAccuracySec=1s\n"
            case .calendar(let spec):
                timer += "OnCalendar=\(SystemdText.escaped(spec))\nPersistent=true\n"
            default: break
            }
            timer += "Unit=\(service)\n\n[Install]\nWantedBy=\(target)\n"
            files.append((starter, timer))
        case .networkChange, .powerChange:
            break
        case .fileAdded(let folder), .fileChanged(let folder):
            let watch = automation.trigger == .fileAdded(folder: folder) ? "PathChanged" : "PathModified"
            files.append(
                (
                    starter,
                    "[Unit]\nDescription=\(description)\n\n[Path]\n\(watch)=\(SystemdText.escaped(folder))\nUnit=\(service)\n\n[Install]\nWantedBy=\(target)\n"
                ))
        }
        return [(service, serviceText)] + files
    }

    /// The paths of the automation's files and its `.wants` link.
    public func paths(of automation: Automation) -> [String] {
        guard !automation.trigger.isEvent else { return [] }
        let (unit, target) = starter(of: automation)
        return files(for: automation).map { folder + "/" + $0.name } + [folder + "/\(target).wants/\(unit)"]
    }

    /// Writes the automation's units and, when it is enabled, links its starter; gives what it
    /// did, line by line.
    @discardableResult
    public func install(_ automation: Automation) throws(AutomationError) -> [String] {
        guard !automation.trigger.isEvent else { return try startServiceAtLogin() }
        var said: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in files(for: automation) {
                try AtomicWrite.write(Data(file.contents.utf8), to: folder + "/" + file.name)
                said.append("wrote \(folder)/\(file.name)")
            }
        } catch let error as AtomicWrite.Failure {
            throw AutomationError("can't write the units of \"\(automation.name)\": \(error)")
        } catch {
            throw AutomationError("can't write the units of \"\(automation.name)\" in \(folder): \(error.localizedDescription)")
        }
        said += try setEnabled(automation, automation.isEnabled)
        return said
    }

    /// Links or unlinks the automation's starter, and starts or stops it where systemd runs.
    @discardableResult
    public func setEnabled(_ automation: Automation, _ enabled: Bool) throws(AutomationError) -> [String] {
        guard !automation.trigger.isEvent else { return [] }
        let (unit, target) = starter(of: automation)
        let wants = folder + "/\(target).wants"
        let link = wants + "/" + unit
        var said: [String] = []
        if enabled {
            do {
                try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil {
                    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../" + unit)
                    said.append("linked \(link)")
                }
            } catch {
                throw AutomationError("can't enable \"\(automation.name)\" (\(link)): \(error.localizedDescription)")
            }
        } else if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil {
            try? FileManager.default.removeItem(atPath: link)
            said.append("unlinked \(link)")
            rmdir(wants)  // only when it is empty: another automation may be linked there
        }
        said += systemctl(["daemon-reload"]) + systemctl([enabled ? "start" : "stop", unit])
        return said
    }

    /// The service's unit, as `shortcuts service install` writes it.
    static let serviceUnit = "shortcutsd.service"

    /// An event automation is kept by shortcutsd while it runs, so shortcutsd is made to start at
    /// login (its unit linked into `default.target.wants`, as `systemctl --user enable` does) and
    /// started now where systemd runs. The link stays when the automation goes: shortcutsd exits
    /// when idle, and other automations may need it.
    private func startServiceAtLogin() throws(AutomationError) -> [String] {
        var said = ["shortcutsd keeps it, following the system's D-Bus signals while it runs"]
        guard FileManager.default.fileExists(atPath: folder + "/" + Self.serviceUnit) else {
            return said + ["\(folder)/\(Self.serviceUnit) isn't there: run `shortcuts service install` so shortcutsd starts at login"]
        }
        let wants = folder + "/default.target.wants"
        let link = wants + "/" + Self.serviceUnit
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil {
            do {
                try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../" + Self.serviceUnit)
            } catch {
                throw AutomationError("can't make shortcutsd start at login (\(link)): \(error.localizedDescription)")
            }
            said.append("linked \(link), so shortcutsd starts at login")
        }
        return said + systemctl(["daemon-reload"]) + systemctl(["start", Self.serviceUnit])
    }

    /// Stops the automation and deletes exactly its files.
    @discardableResult
    public func uninstall(_ automation: Automation) -> [String] {
        var said = (try? setEnabled(automation, false)) ?? []
        for file in files(for: automation) where FileManager.default.fileExists(atPath: folder + "/" + file.name) {
            try? FileManager.default.removeItem(atPath: folder + "/" + file.name)
            said.append("removed \(folder)/\(file.name)")
        }
        said += systemctl(["daemon-reload"])
        return said
    }

    /// Runs `systemctl --user` when a user manager runs; says what it did or that none runs.
    private func systemctl(_ arguments: [String]) -> [String] {
        guard managerIsRunning else { return [] }
        let command = "systemctl --user " + arguments.joined(separator: " ")
        guard
            let outcome = try? ProcessRunner.run(
                "/usr/bin/systemctl", arguments: ["--user"] + arguments, timeout: 60, capturesOutput: false)
        else { return ["couldn't run \(command)"] }
        return outcome.status == 0 && !outcome.wasSignalled ? (arguments == ["daemon-reload"] ? [] : [command]) : ["\(command) failed"]
    }
}
