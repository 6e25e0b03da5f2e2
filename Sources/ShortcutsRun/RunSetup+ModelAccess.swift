import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import Synchronization

extension RunSetup {
    /// `SHORTCUTS_ALLOW_REMOTE_MODELS` (1/on/yes/true) when set: every endpoint allowed for this process.
    public static func remoteModelsOverride(in variables: [String: String]) -> Bool {
        guard let value = variables["SHORTCUTS_ALLOW_REMOTE_MODELS"]?.lowercased() else { return false }
        return ["1", "on", "yes", "true"].contains(value)
    }

    /// Whether a shortcut may send prompts to an endpoint that isn't on this machine: when the
    /// person allowed it (`shortcuts settings --allow-model`, or "Always Allow"), for this process
    /// (`SHORTCUTS_ALLOW_REMOTE_MODELS`), or when they answer yes now, which only the command line
    /// on a terminal asks. Endpoints on this machine need nothing.
    func modelAccess(
        for running: RunningShortcut, settings: LibrarySettings?, prompter: (any Prompter)?
    ) -> @Sendable (ModelEndpoint) throws -> Void {
        let granted = Set((settings?.modelAccess ?? []).filter { $0.identifier == running.identifier }.map(\.url))
        let allowsAll = Self.remoteModelsOverride(in: variables)
        let library = self.library
        let allowedOnce = OnceGrants()
        return { endpoint in
            guard !endpoint.isLocal, !allowsAll, !granted.contains(endpoint.url), !allowedOnce.contains(endpoint.url) else { return }
            let shortcut = running.name
            guard let prompter else {
                throw ActionFailure(
                    "“\(shortcut)” may not send prompts to \(endpoint.host) (the model endpoint “\(endpoint.name)”, not on this machine): allow it with shortcuts settings --allow-model '\(shortcut)=\(endpoint.name)', answer when a run on a terminal asks, or set SHORTCUTS_ALLOW_REMOTE_MODELS=1 for one run",
                    code: .notPermitted)
            }
            let answers = running.identifier == nil ? ["Allow Once", "Don't Allow"] : ["Allow Once", "Always Allow", "Don't Allow"]
            let chosen = try prompter.choose(
                "Allow “\(shortcut)” to send prompts to \(endpoint.host) (the model endpoint “\(endpoint.name)”)?", options: answers,
                multiple: false)
            switch chosen.first.map({ answers[$0] }) {
            case "Allow Once":
                allowedOnce.insert(endpoint.url)
            case "Always Allow":
                allowedOnce.insert(endpoint.url)
                if let identifier = running.identifier {
                    let access = ModelAccess(identifier: identifier, name: shortcut, url: endpoint.url)
                    try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
                        if !settings.modelAccess.contains(access) { settings.modelAccess.append(access) }
                    }
                }
            default:
                throw ActionFailure("“\(shortcut)” was not allowed to send prompts to \(endpoint.host)", code: .notPermitted)
            }
        }
    }
}

/// The endpoints a run was allowed once.
private final class OnceGrants: Sendable {
    private let urls = Mutex<Set<String>>([])
    func contains(_ url: String) -> Bool { urls.withLock { $0.contains(url) } }
    func insert(_ url: String) { urls.withLock { _ = $0.insert(url) } }
}
