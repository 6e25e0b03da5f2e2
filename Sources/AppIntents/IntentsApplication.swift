import Foundation
import ShortcutsContent
import ShortcutsRPC

/// An app that offers App Intents on Linux: it lists its intents, and its provided `main()`
/// publishes them and serves them to `shortcuts`.
///
/// Apple's build tools find intents at build time; here the app names them:
///
/// ```swift
/// @main
/// struct SouperTaskApp: IntentsApplication {
///     static let bundleIdentifier = "com.example.SouperTask"
///     static let name = "SouperTask"
///     static let intents: [any AppIntent.Type] = [CreateTaskIntent.self, FindTasksIntent.self]
///     static let appShortcuts: (any AppShortcutsProvider.Type)? = SouperTaskShortcuts.self
///     static func run(arguments: [String]) async throws { … the app's own behaviour … }
/// }
/// ```
///
/// `main()` looks at the first argument:
/// - `--serve-intents`: serves the extension protocol on stdin/stdout until stdin closes.
/// - `--print-manifest`: prints the app's manifest (JSON) for packagers and exits.
/// - `--continue-intent <file>`: `shortcuts` opened the app to continue an intent; calls
///   ``continueInApp(_:)`` with it, then ``run(arguments:)``.
/// - anything else: writes the manifest to `$SHORTCUTS_HOME/Apps/<bundle id>.json`, so
///   the app's actions appear in `shortcuts` once it has run, then calls ``run(arguments:)``.
///   Meanwhile, when the Shortcuts Events service (`shortcutsd`) is running, the app registers
///   with it and performs the intents the service runs while the app is running, in this
///   process, as `application(_:handlerFor:)` does on a Mac.
public protocol IntentsApplication: Sendable {
    /// The reverse-DNS identifier, the prefix of every action identifier.
    static var bundleIdentifier: String { get }
    /// The app's name as people see it (`\(.applicationName)` in phrases).
    static var name: String { get }
    /// The app's intents.
    static var intents: [any AppIntent.Type] { get }
    /// The app's App Shortcuts, if it has any.
    static var appShortcuts: (any AppShortcutsProvider.Type)? { get }
    /// The app's normal behaviour, given the command-line arguments without the program name.
    static func run(arguments: [String]) async throws
    /// Continues an intent in the app, as a user activity does on Apple's systems: the app was
    /// opened for a `.foreground` intent or a result that opens it. The default shows the
    /// intent's dialog; the app then goes on with ``run(arguments:)`` (with no arguments).
    static func continueInApp(_ continuation: IntentContinuation) async throws
}

extension IntentsApplication {
    public static var appShortcuts: (any AppShortcutsProvider.Type)? { nil }

    public static func continueInApp(_ continuation: IntentContinuation) async throws {
        if let dialog = continuation.result.dialog {
            try FileHandle.standardOutput.write(contentsOf: Data((dialog + "\n").utf8))
        }
    }

    /// Serves intents, prints the manifest, or publishes it and runs the app, by the first argument.
    public static func main() async {
        CurrentApp.set(bundleIdentifier)
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "--serve-intents":
                let server = await IntentServer(bundleIdentifier: bundleIdentifier, intents: intents)
                await server.serve(LineChannel(input: STDIN_FILENO, output: STDOUT_FILENO))
            case "--continue-intent":
                guard arguments.count > 1 else {
                    throw AppIntentContinuationError(message: "--continue-intent needs the continuation file")
                }
                let continuation = try IntentContinuation.read(from: arguments[1])
                try? FileManager.default.removeItem(atPath: arguments[1])
                try await continueInApp(continuation)
                try await run(arguments: [])
            case "--print-manifest":
                var text = try ManifestFile.encode(try await manifest())
                text.append(0x0A)
                try FileHandle.standardOutput.write(contentsOf: text)
            default:
                try ManifestFile.write(try await manifest(), environment: ProcessInfo.processInfo.environment)
                // While the app runs, the Shortcuts Events service (when it runs) sends its
                // intents here, to be performed with the app's live state.
                let (bundleIdentifier, intents) = (bundleIdentifier, intents)
                let continueHere: @Sendable (IntentContinuation) async throws -> Void = { try await continueInApp($0) }
                LiveAppRegistration.start(bundleIdentifier: bundleIdentifier, name: name) { channel in
                    await IntentServer(bundleIdentifier: bundleIdentifier, intents: intents, continueInApp: continueHere)
                        .serve(channel)
                }
                try await run(arguments: arguments)
            }
        } catch {
            let text = "\(name): \(IntentPerformer.message(of: error))\n"
            try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
            exit(1)
        }
    }

    /// The app's manifest, with this process's executable as the one to start.
    ///
    /// - Throws: ``AppManifestError`` when an App Shortcut phrase doesn't name the app exactly once.
    public static func manifest(executable: String = ManifestFile.currentExecutable) async throws -> AppManifest {
        let catalog = await IntentCatalog(bundleIdentifier: bundleIdentifier, intents: intents)
        return try await catalog.manifest(name: name, executable: executable, appShortcuts: appShortcuts)
    }
}
