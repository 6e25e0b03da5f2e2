import Foundation
import ShortcutsEvents
import ShortcutsRPC

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
        options: [OptionSpec("no-browser", help: "Print the address without opening a browser.")])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let running = try? ShortcutsEvents(startsService: false, environment: environment).status()
        let events = ShortcutsEvents(environment: environment)
        let address: String
        do {
            address = try events.openApp()
        } catch {
            throw CommandFailure("Couldn't open the app: \(error.message)")
        }
        Console.out(address + "\n")
        if !arguments.flag("no-browser") { openBrowser(address, environment: environment) }
        guard running == nil, let started = try? events.status() else { return 0 }
        Console.err("shortcutsd (pid \(started.processIdentifier)) serves the app until you press Ctrl-C.\n")
        return waitForInterruption(service: started.processIdentifier)
    }

    /// Opens the address in the default browser, without waiting for it.
    private static func openBrowser(_ address: String, environment: [String: String]) {
        do {
            let pid = try ProcessSpawn.launch(
                "/usr/bin/env", arguments: ["xdg-open", address], environment: environment, streams: (.null, .null, .null),
                newSession: true)
            DispatchQueue.global().async {
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        } catch {
            Console.err("Couldn't start xdg-open (\(error)); open the address above in your browser.\n")
        }
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
