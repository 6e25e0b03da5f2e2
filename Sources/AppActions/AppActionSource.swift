import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Synchronization

/// Actions that installed apps provide, found through their manifests and run by their
/// extensions: the engine's third source of actions, after its own and the built-in ones.
///
/// Reading manifests waits until someone asks for an identifier that isn't built in
/// (`is.workflow.actions.…`), so a shortcut without app actions never pays for it. An app
/// action's identifier is `<bundle id>.<intent type name>`; an action whose identifier no app
/// has is matched by its `AppIntentDescriptor` (`BundleIdentifier` and `AppIntentIdentifier`).
///
/// ```swift
/// let apps = AppActionSource(home: ShortcutLibrary.home(in: environment), environment: environment)
/// let engine = Engine(sources: [Builtins.catalog, apps])
/// ```
public final class AppActionSource: ActionSource, Sendable {
    /// The host that runs the apps' extensions.
    public let host: ExtensionHost
    private let store: AppManifestStore
    private let environment: [String: String]
    private let warn: (@Sendable (String) -> Void)?
    /// The manifests, once read.
    private let loaded = Mutex<Catalog?>(nil)

    /// What the manifests hold, indexed.
    private struct Catalog: Sendable {
        var manifests: [AppManifest]
        var warnings: [String]
        /// Each action identifier's app (an index into `manifests`) and metadata.
        var actions: [String: (app: Int, metadata: ActionMetadata)]
    }

    /// A source reading the given folders.
    ///
    /// - Parameters:
    ///   - environment: settings (`SHORTCUTS_EXTENSION_…`, `SHORTCUTS_NO_APP_LAUNCH`) and the
    ///     environment extensions start with.
    ///   - warn: called once with each warning when the manifests are read (a skipped file).
    public init(
        store: AppManifestStore, environment: [String: String] = ProcessInfo.processInfo.environment,
        host: ExtensionHost? = nil, warn: (@Sendable (String) -> Void)? = nil
    ) {
        self.store = store
        self.environment = environment
        self.host = host ?? ExtensionHost(configuration: ExtensionHost.Configuration(environment: environment))
        self.warn = warn
    }

    /// A source for the library at `home` (`$SHORTCUTS_HOME`) and the system-wide folders.
    public convenience init(
        home: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        host: ExtensionHost? = nil, warn: (@Sendable (String) -> Void)? = nil
    ) {
        self.init(store: AppManifestStore(home: home, environment: environment), environment: environment, host: host, warn: warn)
    }

    private var catalog: Catalog {
        var newWarnings: [String] = []
        let catalog = loaded.withLock { loaded -> Catalog in
            if let loaded { return loaded }
            // Read while holding the lock, so callers at the same time wait for one reading.
            let contents = store.load()
            var actions: [String: (Int, ActionMetadata)] = [:]
            for (index, manifest) in contents.manifests.enumerated() {
                for action in manifest.actions where actions[action.identifier] == nil { actions[action.identifier] = (index, action) }
            }
            let catalog = Catalog(manifests: contents.manifests, warnings: contents.warnings, actions: actions)
            loaded = catalog
            newWarnings = contents.warnings
            return catalog
        }
        if let warn { for warning in newWarnings { warn(warning) } }
        return catalog
    }

    /// Forgets the manifests read so far, so the next look-up reads them again (an app was
    /// installed or updated since).
    public func reload() {
        loaded.withLock { $0 = nil }
    }

    /// The installed apps' manifests, the user's first.
    public var manifests: [AppManifest] { catalog.manifests }

    /// Why manifest files were skipped.
    public var warnings: [String] { catalog.warnings }

    /// The manifest of an installed app.
    public func manifest(bundleIdentifier: String) -> AppManifest? {
        catalog.manifests.first { $0.bundleIdentifier == bundleIdentifier }
    }

    /// The app and metadata of an action identifier, if an installed app provides it.
    public func action(_ identifier: String) -> (manifest: AppManifest, metadata: ActionMetadata)? {
        guard !identifier.hasPrefix(WorkflowAction.builtinPrefix) else { return nil }
        let catalog = self.catalog
        return catalog.actions[identifier].map { (catalog.manifests[$0.app], $0.metadata) }
    }

    public func definition(for identifier: String) -> ActionDefinition? {
        guard !identifier.hasPrefix(WorkflowAction.builtinPrefix), identifier.contains(".") else { return nil }
        if let (manifest, metadata) = action(identifier) {
            return AppIntentAction(manifest: manifest, metadata: metadata, host: host, environment: environment).definition
        }
        guard !catalog.manifests.isEmpty else { return nil }
        return descriptorDefinition(for: identifier)
    }

    public var allMetadata: [ActionMetadata] {
        catalog.manifests.flatMap(\.actions).sorted { $0.identifier < $1.identifier }
    }

    /// For an identifier no app has: an action that looks at the file's `AppIntentDescriptor`
    /// when it is prepared, and runs the app intent it names if that app is installed.
    private func descriptorDefinition(for identifier: String) -> ActionDefinition {
        let name = identifier.split(separator: ".").last.map(String.init) ?? identifier
        let metadata = ActionMetadata(
            identifier: identifier, title: name,
            description:
                "An app action no installed app provides by this identifier; it runs when its AppIntentDescriptor names an installed app's intent.",
            isAvailable: false)
        return ActionDefinition(metadata: metadata) { [self] parameters in
            if case .record(let descriptor)? = parameters.raw["AppIntentDescriptor"],
                let bundle = descriptor["BundleIdentifier"]?.stringValue,
                let intent = descriptor["AppIntentIdentifier"]?.stringValue,
                let (manifest, metadata) = action(bundle + "." + intent)
            {
                let action = AppIntentAction(manifest: manifest, metadata: metadata, host: host, environment: environment)
                return action.prepareFromDescriptor(parameters)
            }
            return { _, _ in
                throw ActionFailure("this app action isn't available: no installed app provides \(identifier)", code: .unsupportedAction)
            }
        }
    }
}
