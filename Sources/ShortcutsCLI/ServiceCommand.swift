import Foundation
import ShortcutsContent
import ShortcutsEvents
import ShortcutsLibrary

#if canImport(Glibc)
    import Glibc
#endif

/// `shortcuts service`: installs the files that start `shortcutsd` on demand, and starts,
/// stops or reports on the running service.
enum ServiceCommand {
    static let spec = CommandSpec(
        name: "service", abstract: "Install, start, stop or check the Shortcuts Events service (shortcutsd).",
        discussion: """
            install writes the D-Bus activation file to $XDG_DATA_HOME/dbus-1/services (default \
            ~/.local/share) and the systemd user unit to $XDG_CONFIG_HOME/systemd/user (default \
            ~/.config), both starting the shortcutsd beside this shortcuts (or --executable), and \
            the Shortcuts app's entry in the app menu ($XDG_DATA_HOME/applications) with its icon. \
            uninstall removes them. start starts the service if it isn't running; stop stops it, cancelling \
            the runs in progress; status says whether it runs.
            """,
        arguments: [ArgumentSpec("subcommand", help: "install, uninstall, start, stop or status.")],
        options: options,
        subcommands: [
            CommandSpec(
                name: "install", abstract: "Install D-Bus activation, the systemd user unit and the app's menu entry for you.",
                options: [executable]),
            CommandSpec(name: "uninstall", abstract: "Remove what install wrote."),
            CommandSpec(name: "start", abstract: "Start shortcutsd if it isn't running."),
            CommandSpec(name: "stop", abstract: "Stop shortcutsd; the runs in progress are cancelled."),
            CommandSpec(name: "status", abstract: "Say whether shortcutsd runs (exit status 1 when it doesn't)."),
        ])

    static let options: [any OptionDeclaration] = [executable]
    static let executable = Option("executable", value: "path", help: "The shortcutsd the installed files start.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        switch arguments.positionals[0] {
        case "install": return try install(arguments, environment: environment)
        case "uninstall": return uninstall(environment: environment)
        case "start": return try start(environment: environment)
        case "stop": return try stop(environment: environment)
        case "status": return status(environment: environment)
        case let other:
            throw UsageError("Unknown action '\(other)'; use install, uninstall, start, stop or status", command: spec.name)
        }
    }

    /// Where the files go for this user.
    struct Destinations {
        var activation: String
        var unit: String
        var desktopEntry: String
        var icon: String
        var all: [String] { [activation, unit, desktopEntry, icon] }
    }

    static func destinations(environment: [String: String]) -> Destinations {
        let data = UserFolders.dataHome(in: environment)
        let config = UserFolders.configHome(in: environment)
        return Destinations(
            activation: data + "/dbus-1/services/" + ServiceFiles.activationFileName,
            unit: config + "/systemd/user/" + ServiceFiles.unitFileName,
            desktopEntry: data + "/applications/" + ServiceFiles.desktopFileName,
            icon: data + "/icons/hicolor/scalable/apps/" + ServiceFiles.iconFileName)
    }

    private static func install(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let executable = arguments[Self.executable].map(absolute) ?? besideThisProgram()
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw CommandFailure("\(executable) is not an executable shortcutsd; build it or give --executable")
        }
        let paths = destinations(environment: environment)
        let shortcuts = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        for (path, text) in [
            (paths.activation, ServiceFiles.activation(executable: executable)), (paths.unit, ServiceFiles.unit(executable: executable)),
            (paths.desktopEntry, ServiceFiles.desktopEntry(shortcuts: shortcuts)), (paths.icon, ServiceFiles.icon),
        ] {
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write(Data(text.utf8), to: path, replacing: true)
            } catch let error as LibraryError {
                throw CommandFailure("Couldn't write \(path): \(error.message)")
            }
            Console.out("Wrote \(path)\n")
        }
        if arguments[Self.executable] == nil { DevelopmentBuild.warnAboutBuildFolderPaths(in: "these files") }
        Console.out(
            "shortcutsd (\(executable)) now starts when a program calls org.swiftshortcuts.Events; run `systemctl --user daemon-reload` if systemd runs your session. Shortcuts is in your desktop's app menu.\n"
        )
        return 0
    }

    private static func uninstall(environment: [String: String]) -> Int32 {
        for path in destinations(environment: environment).all where FileManager.default.fileExists(atPath: path) {
            unlink(path)
            Console.out("Removed \(path)\n")
        }
        return 0
    }

    private static func start(environment: [String: String]) throws -> Int32 {
        let status = try ShortcutsEvents(environment: environment).status()
        Console.out("shortcutsd is running (pid \(status.processIdentifier))\n")
        return 0
    }

    private static func stop(environment: [String: String]) throws -> Int32 {
        let events = ShortcutsEvents(startsService: false, environment: environment)
        guard let status = try? events.status() else {
            Console.out("shortcutsd is not running\n")
            return 0
        }
        kill(status.processIdentifier, SIGTERM)
        // It finishes its runs first; wait as long as its unit would.
        let deadline = Date().addingTimeInterval(20)
        while kill(status.processIdentifier, 0) == 0, Date() < deadline { usleep(20_000) }
        Console.out("shortcutsd (pid \(status.processIdentifier)) stopped\n")
        return 0
    }

    private static func status(environment: [String: String]) -> Int32 {
        let events = ShortcutsEvents(startsService: false, environment: environment)
        guard let status = try? events.status() else {
            Console.out("shortcutsd is not running (nothing answers on \(events.socketPath))\n")
            return 1
        }
        let apps = status.registeredApps.isEmpty ? "none" : status.registeredApps.joined(separator: ", ")
        Console.out(
            "shortcutsd is running (pid \(status.processIdentifier)) on \(events.socketPath): \(status.runningRuns) run(s) in progress; apps handling their own intents: \(apps)\n"
        )
        return 0
    }

    private static func besideThisProgram() -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (own as NSString).deletingLastPathComponent + "/shortcutsd"
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
