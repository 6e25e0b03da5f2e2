import Foundation
import ShortcutsEvents
import ShortcutsRPC
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `shortcuts app`: the Shortcuts app in the browser, served by `shortcutsd`.
///
/// Prints the page's address as the first line of standard output and opens it with
/// `xdg-open` unless `--no-browser`. When this command started the service, it stays until
/// interrupted and then stops the service; when the service was already running, it returns.
enum AppCommand {
    static let spec = CommandSpec(
        name: "app", abstract: "Open the Shortcuts app in your browser.",
        discussion: """
            The app is a page served by shortcutsd on 127.0.0.1 (port SHORTCUTS_APP_PORT, or a free one, \
            remembered). The address printed first carries a secret: only a browser that opened it can use \
            the app. See docs/APP.md.
            """,
        options: [noBrowser])

    static let noBrowser = Flag("no-browser", help: "Print the address without opening a browser.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let running = try? ShortcutsEvents(startsService: false, environment: environment).status()
        if running == nil, ShortcutsEvents.serviceExecutable(environment: environment) == nil {
            try DevelopmentBuild.buildIfMissing("shortcutsd", environment: environment)
        }
        let events = ShortcutsEvents(environment: environment)
        let address: String
        do {
            address = try events.openApp()
        } catch {
            throw CommandFailure("Couldn't open the app: \(error.message)")
        }
        Console.out(address + "\n")
        if !arguments[noBrowser] { openBrowser(address, environment: environment) }
        guard running == nil, let started = try? events.status() else { return 0 }
        Console.err("shortcutsd (pid \(started.processIdentifier)) serves the app until you press Ctrl-C.\n")
        return waitForInterruption(service: started.processIdentifier)
    }

    /// Opens the address in the default browser. `xdg-open` may stay for as long as the browser it
    /// started, so it is waited for only a few seconds: when it fails in that time (no browser,
    /// no desktop), the address above is what the person has, and this says so and why.
    private static func openBrowser(_ address: String, environment: [String: String]) {
        let pid: pid_t
        do {
            pid = try ProcessSpawn.launch(
                "/usr/bin/env", arguments: ["xdg-open", address], environment: environment, streams: (.null, .null, .null),
                newSession: true)
        } catch {
            Console.err("Couldn't start xdg-open (\(error)); open the address above in your browser.\n")
            return
        }
        let ended = DispatchSemaphore(value: 0)
        let status = Mutex<Int32>(0)
        Thread.detachNewThread {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
            status.withLock { $0 = raw }
            ended.signal()
        }
        guard ended.wait(timeout: .now() + 3) == .success else { return }
        let raw = status.withLock { $0 }
        let exited = raw & 0x7f == 0
        let code = (raw >> 8) & 0xff
        guard !exited || code != 0 else { return }
        let why =
            !exited
            ? "xdg-open was stopped by signal \(raw & 0x7f)"
            : code == 127
                ? "xdg-open isn't installed (Debian's xdg-utils)"
                : code == 3
                    ? "xdg-open found no browser (exit status 3)"
                    : "xdg-open exited with status \(code)\(environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil ? ", and there is no desktop session (DISPLAY and WAYLAND_DISPLAY are unset)" : "")"
        Console.err("Couldn't open a browser: \(why). Open the address above in your browser.\n")
    }

    /// Waits for Ctrl-C, SIGTERM or SIGHUP, then stops the service it started; returns early
    /// if the service ends by itself.
    private static func waitForInterruption(service pid: Int32) -> Int32 {
        let cancellation = Interruption.install()
        while !cancellation.isCancelled {
            if kill(pid, 0) != 0 { return 0 }
            usleep(50_000)
        }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(20)
        while kill(pid, 0) == 0, Date() < deadline { usleep(20_000) }
        return 0
    }
}
