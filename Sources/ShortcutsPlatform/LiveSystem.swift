import DesktopBus
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine

/// The real system behind a run on this machine: clipboard, notifications, opening URLs.
public enum LiveSystem {
    /// An environment that uses this machine's clipboard, notifications and URL handler.
    ///
    /// - The clipboard is ``LiveClipboard`` (wl-clipboard, xclip or xsel).
    /// - Notifications go to the session bus's notification server (`org.freedesktop.Notifications`),
    ///   else through `notify-send` when it is installed, otherwise they are a line
    ///   `Notification: title — body` on standard error.
    /// - URLs open with `xdg-open`.
    /// - Show Result and Quick Look write their text to **standard error**, so standard output
    ///   carries only the shortcut's output, as `shortcuts run` on macOS prints only that.
    /// - Get Device Details reads the host name, `uname` and `/etc/os-release`.
    /// - HTTP goes through libcurl (``CurlTransport``), for the web actions and the content graph.
    /// - Programs start on this machine (``LocalPrograms``), each in its own process group.
    /// - The desktop services are reached on this machine's session and system buses (`SystemBuses`).
    /// - Parameter variables: the run's environment variables, which scripts see and the
    ///   clipboard tools start with.
    public static func environment(
        prompter: any Prompter, allowsRunningScripts: Bool, variables: [String: String],
        findShortcut: @escaping @Sendable (String) -> Workflow?
    ) -> RunEnvironment {
        var environment = RunEnvironment(
            prompter: prompter, clipboard: LiveClipboard(environment: variables), notify: { notify($0, $1, variables: variables) },
            show: show,
            openURL: open,
            findShortcut: findShortcut, allowsRunningScripts: allowsRunningScripts, variables: variables,
            deviceDetails: deviceDetails)
        environment.http = CurlTransport()
        environment.programs = LocalPrograms()
        environment.buses = SystemBuses()
        return environment
    }

    /// This machine's details by name (`Device Name`, `System Version`…), read from the system;
    /// nothing for a detail it doesn't know (the screen's size).
    public static let deviceDetails: @Sendable (String) -> Content = { name in
        guard let detail = DeviceDetails.detail(named: name) else { return .nothing }
        return (try? DeviceDetails.value(of: detail)) ?? .nothing
    }

    /// Writes a line to standard error, unbuffered.
    package static func writeToStandardError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Shows text on standard error, keeping standard output for the shortcut's output.
    @Sendable public static func show(_ text: String) {
        writeToStandardError(text)
    }

    /// Sends a desktop notification to the session bus's notification server, else with
    /// `notify-send`, else writes it to standard error.
    @Sendable public static func notify(_ title: String, _ body: String, variables: [String: String] = [:]) {
        let summary = title.isEmpty ? "Shortcuts" : title
        if let bus = try? DBusConnection(.session, environment: variables) {
            let sent = try? bus.call(
                "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "Notify",
                [
                    .string("Shortcuts"), .uint32(0), .string("org.swiftshortcuts.Shortcuts"), .string(summary), .string(body),
                    .strings([]),
                    .dictionary([("desktop-entry", .string("org.swiftshortcuts.Shortcuts"))]), .int32(-1),
                ])
            if sent != nil { return }
        }
        if let program = ProcessRunner.find("notify-send", path: variables["PATH"] ?? ProcessInfo.processInfo.environment["PATH"]) {
            let arguments = ["--app-name=Shortcuts", "--", summary] + (body.isEmpty ? [] : [body])
            if let outcome = try? ProcessRunner.run(program, arguments: arguments, timeout: 10, capturesOutput: false), outcome.status == 0
            {
                return
            }
        }
        writeToStandardError("Notification: " + [title, body].filter { !$0.isEmpty }.joined(separator: " — "))
    }

    /// Opens a URL with `xdg-open`.
    @Sendable package static func open(_ url: URL) throws {
        guard let program = ProcessRunner.find("xdg-open") else {
            throw ActionFailure("can't open \(url.absoluteString): xdg-open is not installed (install xdg-utils)")
        }
        let outcome = try ProcessRunner.run(program, arguments: [url.absoluteString], timeout: 30, capturesOutput: false)
        guard outcome.status == 0 else {
            throw ActionFailure("xdg-open couldn't open \(url.absoluteString) (status \(outcome.status)); is a desktop session running?")
        }
    }
}
