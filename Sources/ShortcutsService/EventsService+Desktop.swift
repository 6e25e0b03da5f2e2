import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsDesktop
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsPlatform
import ShortcutsRPC

/// Desktop search (GNOME Shell, KRunner) over the service's library and apps.
extension EventsService {
    /// What search and phrases can find now. Built again only when a shortcut file, the
    /// settings or the installed apps changed, so a search per keystroke reads no shortcut.
    public func desktopCatalog() -> DesktopCatalog {
        registry.touch()
        let fingerprint = libraryFingerprint()
        if let cached = catalogCache.withLock({ $0 }), cached.fingerprint == fingerprint { return cached.catalog }
        let settings = (try? LibrarySettings.read(from: library.settingsPath)) ?? LibrarySettings()
        let catalog = DesktopCatalog(shortcuts: (try? library.summaries()) ?? [], settings: settings, apps: apps.manifests)
        catalogCache.withLock { $0 = (fingerprint, catalog) }
        return catalog
    }

    /// Each shortcut file's path, size and time of change, the settings' time, and the apps.
    func libraryFingerprint() -> [String] {
        func stamp(_ path: String) -> String {
            var status = stat()
            guard stat(path, &status) == 0 else { return path + " -" }
            return "\(path) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        return library.locations().map { stamp($0.path) } + [stamp(library.settingsPath), stamp(library.home + "/library.json")]
            + apps.manifests.map { "\($0.bundleIdentifier) \($0.appShortcuts.count)" }
    }

    /// Runs what a search result names, in the background: a shortcut with the text typed after
    /// its name as input, or an App Shortcut. The run is in the history like any other; a
    /// failure is logged there and here.
    ///
    /// - Returns: false when the id names nothing the catalog has (any more).
    @discardableResult
    public func activate(
        _ id: String, input: String?, parameters: [String: String] = [:], client: ClientIdentity, trigger: String
    ) -> Bool {
        guard let entry = desktopCatalog().entry(id: id) else { return false }
        runInBackground(entry.target, title: entry.title, input: input, parameters: parameters, client: client, trigger: trigger)
        return true
    }

    /// Runs a library shortcut, or an App Shortcut's action, on a thread of its own; a failure
    /// is in the history like any run's, and logged.
    func runInBackground(
        _ target: DesktopCatalog.Entry.Target, title: String, input: String? = nil, parameters: [String: String] = [:],
        client: ClientIdentity, trigger: String
    ) {
        // Launched from the desktop, a run's alerts are the desktop's notifications with buttons.
        let front = RunFront(prompter: DesktopPrompter(fallback: NoInteraction(), variables: configuration.environment), trigger: trigger)
        registry.beginRequest()
        Thread.detachNewThread { [self] in
            defer { registry.endRequest() }
            do throws(ServiceError) {
                switch target {
                case .shortcut(let identifier):
                    _ = try run(EventsProtocol.RunParams(shortcut: identifier, input: input ?? ""), client: client, front: front)
                case .appShortcut:
                    let workflow = target.appWorkflow(named: title, parameters: parameters) ?? Workflow()
                    _ = try run(workflow, named: title, input: input.map(Content.text) ?? .nothing, client: client, front: front)
                }
            } catch {
                log.write("\(trigger) ran “\(title)”, which failed: \(error.message)")
            }
        }
    }
}

extension EventsService {
    /// Serves the app and opens it in the desktop's browser (search's "show more").
    func openAppInBrowser() throws(ServiceError) -> String {
        let address = try openApp().address
        guard let url = URL(string: address) else { throw ServiceError(.failed, "the app's address \(address) is not a URL") }
        do {
            try setup.environment(prompter: NoInteraction()).openURL(url)
        } catch {
            throw ServiceError(.failed, "can't open \(address): \(error)")
        }
        return address
    }
}
