import Foundation
import ShortcutsContent
import ShortcutsRPC

/// An app that offers SiriKit custom intents on Linux: it names its generated definitions and who
/// handles them, and its provided `main()` publishes its manifest and serves the intents.
///
/// ```swift
/// @main
/// struct PizzaApp: IntentDefinitionApplication {
///     static let bundleIdentifier = "com.example.Pizza"
///     static let name = "Pizza"
///     static let intentDefinitions = [IntentsIntentDefinition.schema]
///     static func makeDispatch() -> INIntentDispatch { .intentsExtension(IntentHandler()) }
///     static func run(arguments: [String]) async throws { print("Order pizza from Shortcuts.") }
/// }
/// ```
///
/// `main()` looks at the first argument: `--serve-intents` serves the extension protocol on
/// stdin/stdout; `--print-manifest` prints the manifest; `--continue-intent <file>` hands the
/// activity of a response that continued in the app to ``continueUserActivity(_:)``; anything
/// else writes the manifest to `$SHORTCUTS_HOME/Apps/<bundle id>.json` and calls ``run(arguments:)``,
/// while registering with the Shortcuts Events service, when it runs, to perform intents in this process.
public protocol IntentDefinitionApplication {
    /// The reverse-DNS identifier, the prefix of every action identifier.
    static var bundleIdentifier: String { get }
    /// The app's name as people see it.
    static var name: String { get }
    /// The generated schemas of the app's `.intentdefinition` files.
    static var intentDefinitions: [INIntentDefinitionSchema] { get }
    /// Where intents go: an Intents extension's principal object or the app delegate.
    static func makeDispatch() -> INIntentDispatch
    /// The app's normal behaviour, given the command-line arguments without the program name.
    static func run(arguments: [String]) async throws
    /// Receives the activity of a response that continues in the app (`.continueInApp`).
    /// The default hands it to the app delegate's `application(_:continue:restorationHandler:)`.
    static func continueUserActivity(_ activity: NSUserActivity) async throws
}

extension IntentDefinitionApplication {
    public static func continueUserActivity(_ activity: NSUserActivity) async throws {
        if case .applicationDelegate(let delegate) = makeDispatch() {
            _ = delegate.application(INApplication.shared, continue: activity) { _ in }
        }
    }

    /// Serves intents, prints the manifest, continues an activity, or runs the app, by the first argument.
    public static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "--serve-intents":
                // Only the registration's task uses it, one request at a time.
                nonisolated(unsafe) let server = INIntentServer(
                    bundleIdentifier: bundleIdentifier, definitions: intentDefinitions, dispatch: makeDispatch())
                await server.serve(LineChannel(input: STDIN_FILENO, output: STDOUT_FILENO))
            case "--print-manifest":
                try FileHandle.standardOutput.write(contentsOf: try ManifestFile.encode(manifest()) + Data([0x0A]))
            case "--continue-intent":
                guard arguments.count > 1 else { throw INApplicationError(message: "--continue-intent needs a file") }
                try await continueUserActivity(try INContinuation.activity(fromFile: arguments[1], definitions: intentDefinitions))
            default:
                try ManifestFile.write(manifest(), environment: ProcessInfo.processInfo.environment)
                // While the app runs, the Shortcuts Events service (when it runs) sends its intents here.
                // Only the registration's task uses it, one request at a time.
                nonisolated(unsafe) let server = INIntentServer(
                    bundleIdentifier: bundleIdentifier, definitions: intentDefinitions, dispatch: makeDispatch())
                LiveAppRegistration.start(bundleIdentifier: bundleIdentifier, name: name) { channel in await server.serve(channel) }
                try await run(arguments: arguments)
            }
        } catch {
            try? FileHandle.standardError.write(contentsOf: Data("\(name): \(error)\n".utf8))
            exit(1)
        }
    }

    /// The app's manifest, with this process's executable as the one to start.
    public static func manifest(executable: String = currentExecutable) -> AppManifest {
        INIntentDefinitionSchema.manifest(of: intentDefinitions, bundleIdentifier: bundleIdentifier, name: name, executable: executable)
    }

    /// The absolute path of the running executable.
    public static var currentExecutable: String { ManifestFile.currentExecutable }
}

/// A problem starting the app the way it was asked.
public struct INApplicationError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// The continuation file the host writes when a response continues in the app.
enum INContinuation {
    private struct File: Decodable {
        var formatVersion: Int
        var intent: String
        var parameters: [String: Content]
        var result: ExtensionProtocol.PerformResult
    }

    static func activity(fromFile path: String, definitions: [INIntentDefinitionSchema]) throws -> NSUserActivity {
        let file = try JSONDecoder().decode(File.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
        try? FileManager.default.removeItem(atPath: path)
        guard file.formatVersion <= 1 else {
            throw INApplicationError(
                message: "\(path): continuation format \(file.formatVersion) is newer than 1, the highest this app reads")
        }
        guard let schema = definitions.flatMap(\.intents).first(where: { $0.className == file.intent }) else {
            throw INApplicationError(message: "\(path): this app has no intent named '\(file.intent)'")
        }
        let coding = INValueCoding(definitions: definitions)
        let intent = schema.makeIntent()
        for parameter in schema.parameters {
            guard let content = file.parameters[parameter.name] else { continue }
            intent.setStoredValue(try? coding.value(from: content, for: parameter), forKey: parameter.name)
        }
        let response = INResponseCoding.response(from: file.result.value, schema: schema, coding: coding)
        let activity = response.userActivity ?? NSUserActivity(activityType: schema.className)
        activity.interaction = INInteraction(intent: intent, response: response)
        return activity
    }
}
