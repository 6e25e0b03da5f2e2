import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC

#if canImport(Glibc)
    import Glibc
#endif

/// Opens an app to continue an intent, as a user activity does on Apple's systems: for
/// `.foreground` intents and results that open the app (`OpensIntent`, "continue in app").
///
/// The app's executable starts detached (its own session, standard streams on `/dev/null`) with
/// `--continue-intent <file>`, where the file holds a ``Continuation`` as JSON. An app that
/// ignores the argument simply starts; a launch that fails never fails the run.
/// `SHORTCUTS_NO_APP_LAUNCH=1` turns launching off (headless machines, tests).
struct AppLauncher {
    let manifest: AppManifest
    let environment: [String: String]

    /// The argument that hands the app the continuation file.
    static let continueArgument = "--continue-intent"

    /// What the app receives: which intent ran, with what, and its result.
    struct Continuation: Codable, Sendable {
        /// The version of this JSON form.
        var formatVersion = 1
        var bundleIdentifier: String
        var intent: String
        var parameters: [String: Content]
        var result: ExtensionProtocol.PerformResult
    }

    /// Whether a performed intent continues in its app: the result asks for it, or the intent
    /// runs only in the foreground.
    static func shouldOpenApp(for metadata: ActionMetadata, result: ExtensionProtocol.PerformResult) -> Bool {
        if result.opensApp == true { return true }
        let modes = (metadata.supportedModes ?? []).map { $0.lowercased() }
        return modes.contains { $0.hasPrefix("foreground") } && !modes.contains("background")
    }

    /// Starts the app with the continuation; returns what went wrong, or `nil`.
    func continueInApp(intent: String, parameters: [String: Content], result: ExtensionProtocol.PerformResult) -> String? {
        if let off = environment["SHORTCUTS_NO_APP_LAUNCH"], ["1", "true", "yes"].contains(off.lowercased()) { return nil }
        let continuation = Continuation(bundleIdentifier: manifest.bundleIdentifier, intent: intent, parameters: parameters, result: result)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shortcuts-continue-\(UUID().uuidString).json").path
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(continuation).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            return "couldn't write \(path): \(error.localizedDescription)"
        }
        do {
            let pid = try ProcessSpawn.launch(
                manifest.executable, arguments: [Self.continueArgument, path], environment: environment,
                streams: (.null, .null, .null), newSession: true)
            // Reap it when it exits, so a long-lived host collects no zombies.
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
            return nil
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            return "couldn't start \(manifest.executable): \(error)"
        }
    }
}
