import Foundation
import ShortcutsRPC

extension EventsService {
    /// Accepts a running app's registration after checking it is who it says it is: the same
    /// user, and the executable its installed manifest names.
    ///
    /// - Throws: ``ServiceError``: denied when the caller isn't the app; not found when no app
    ///   with that bundle identifier is installed; invalid when it speaks another protocol version.
    func registerApp(
        _ params: EventsProtocol.RegisterParams, client: ClientIdentity, channel: LineChannel
    ) throws(ServiceError) -> LiveApps.App {
        let request = "\(EventsProtocol.Method.registerApp) \(params.bundleIdentifier)"
        guard client.userIdentifier == policy.ownerUserIdentifier else {
            log.write("refused \(request) from \(client): another user")
            throw ServiceError(.denied, "shortcutsd refused \(request): the caller runs as another user")
        }
        guard params.protocolVersion == ExtensionProtocol.version else {
            throw ServiceError(
                .invalidArguments,
                "\(params.bundleIdentifier) speaks extension protocol version \(params.protocolVersion); this shortcutsd speaks version \(ExtensionProtocol.version)"
            )
        }
        // An app that has just been installed or moved wrote its manifest after the service read them.
        if apps.manifest(bundleIdentifier: params.bundleIdentifier).map({ AccessPolicy.resolved($0.executable) }) != client.executable {
            apps.reload()
        }
        guard let manifest = apps.manifest(bundleIdentifier: params.bundleIdentifier) else {
            throw ServiceError(.notFound, "no installed app is \(params.bundleIdentifier); run the app once so it writes its manifest")
        }
        let expected = AccessPolicy.resolved(manifest.executable)
        guard client.executable == expected else {
            log.write("refused \(request) from \(client): the manifest names \(expected)")
            throw ServiceError(
                .denied,
                "shortcutsd refused \(request): the caller is \(client.executable ?? "unknown"), but the app's manifest names \(expected)")
        }
        return LiveApps.App(bundleIdentifier: params.bundleIdentifier, processIdentifier: client.processIdentifier, channel: channel)
    }
}
